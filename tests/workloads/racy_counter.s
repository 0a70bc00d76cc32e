; racy_counter.s - the warps of the grid race on one global word with plain
; stores and loads (no atomic: a race, on purpose), four roles by warp
; number mod 4 (an SM sub-partition's, where blocks fill SMs' warp slots in
; order): 0 loads it and walks a chain of pointers (p = *p: a load whose
; destination is its address), 1 runs block-scope fences, 2 stores
; multiples of its warp number plus one, 3 loads it after a fence. The
; loading warps fold every value they load into a hash and, at the end,
; run one more
; instruction where the hash is odd: the warp instructions counted tell
; whether every load saw the stores that SMs before its own made in its
; cycle, as one thread orders them (tests/jobs.py: --jobs N against one
; thread; sim/sm.c sm_finish_global: beside other SMs a load made at issue
; loads again after a global write of its cycle, whether deferred or made
; by an SM finishing its cycle after a fence paused it).
.param BLOCKS 264
.param THREADS 256
.param ITERS 40
.buffer word u32 1 zero
.buffer chain u32 BLOCKS*THREADS zero
.arg word
.arg chain
.grid BLOCKS
.block THREADS

        s2r     r2, %tid.x
        s2r     r3, %ctaid.x
        iadd    r9, r2, 1
        and     r9, r9, THREADS - 1     ; the next thread's, around the block
        imad    r9, r3, THREADS, r9
        shl     r9, r9, 2
        ldc     r8, chain
        iadd    r9, r8, r9              ; &chain[the next thread's]
        imad    r10, r3, THREADS, r2
        shl     r10, r10, 2
        iadd    r8, r8, r10             ; p = &chain[mine]
        stg     [r8], r9                ; chain[mine] = &chain[the next thread's]
        bar.sync
        ldc     r1, word
        s2r     r2, %tid.x
        shr.u32 r2, r2, 5               ; warp in block
        s2r     r3, %ctaid.x
        imad    r4, r3, THREADS / 32, r2
        iadd    r4, r4, 1               ; warp number + 1: what a storing warp adds
        mov     r5, 0
        mov     r6, 0                   ; hash
        mov     r7, 0                   ; iterations
        and     r2, r2, 3
        isetp.eq.u32 p1, r2, 1
        @p1 bra fencer
        isetp.eq.u32 p1, r2, 2
        @p1 bra writer
        isetp.eq.u32 p1, r2, 3
        @p1 bra fenced
reader:
        ldg     r5, [r1]
        imad    r6, r6, 31, r5
        ldg     r8, [r8]                ; p = *p
        imad    r6, r6, 31, r8
        iadd    r7, r7, 1
        isetp.lt.u32 p0, r7, ITERS
        @p0 bra reader
        bra     done
fencer:
        membar.cta                      ; __threadfence_block()
        iadd    r7, r7, 1
        isetp.lt.u32 p0, r7, ITERS
        @p0 bra fencer
        exit
writer:
        iadd    r5, r5, r4
        stg     [r1], r5
        iadd    r7, r7, 1
        isetp.lt.u32 p0, r7, ITERS
        @p0 bra writer
        exit
fenced:
        membar.cta
        ldg     r5, [r1]
        imad    r6, r6, 31, r5
        iadd    r7, r7, 1
        isetp.lt.u32 p0, r7, ITERS
        @p0 bra fenced
done:
        and     r6, r6, 1
        isetp.eq.u32 p2, r6, 0
        @p2 exit
        iadd    r7, r7, 1
        exit
