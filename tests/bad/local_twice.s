; .local given twice
.kernel k
.local 16
.local 32
.grid 1
.block 32
    exit
