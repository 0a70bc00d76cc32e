; an .endif with no .if
.grid 1
.block 1
        exit
.endif
