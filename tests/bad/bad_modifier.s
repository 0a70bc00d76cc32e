.grid 1
.block 32
        isetp.lt.f32 p0, r1, r2
        exit
