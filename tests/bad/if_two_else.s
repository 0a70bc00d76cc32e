; two .else for one .if
.grid 1
.block 1
.if 1
        exit
.else
        exit
.else
        exit
.endif
