; printf_simt.s - printf written in simt ISA (the instruction the CUDA front
; end makes of nvcc's vprintf call, docs/ISA.md): each thread stores its
; arguments in its local memory as nvcc lays them out (block and thread as
; ints at 0 and 4, a string's address as 8 bytes at 8) and prints them; odd
; threads print a second line from a divergent branch. The format and the
; string are buffers holding their bytes.
.buffer FMT u32 6 {1668246626, 1680154731, 1919448096, 543449445, 540697637, 684837}
.buffer ODD u32 2 {543450223, 680997}
.buffer WORD u32 2 {1819043176, 111}
.local 16
.arg FMT
.arg ODD
.arg WORD
.grid 3
.block 48
        ldc     r1, FMT
        ldc     r2, ODD
        ldc     r3, WORD
        s2r     r4, %ctaid.x
        s2r     r5, %tid.x
        stl     [rz], r4
        stl     [rz+4], r5
        stl     [rz+8], r3
        stl     [rz+12], rz
        printf  [rz], r1, 16
        and     r6, r5, 1
        isetp.eq.s32 p0, r6, 0
   @p0  bra     done
        stl     [rz], r5
        printf  [rz], r2, 4
done:
        exit
