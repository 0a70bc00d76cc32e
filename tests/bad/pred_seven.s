.grid 1
.block 1
.kernel k
    isetp.eq.s32 p7, r1, 1
    exit
