; fault_shared.s - thread 40 stores one word past the block's 128 bytes of
; shared memory (threads 0..31 write inside it).
.grid 1
.block 64
.shared buf 128
        s2r     r0, %tid.x
        isetp.lt.s32 p0, r0, 32
        @p0 and r1, r0, 31
        @!p0 mov r1, 32
        shl     r1, r1, 2
        sts     [r1+buf], r0
        exit
