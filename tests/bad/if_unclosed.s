; .if never closed
.grid 1
.block 1
.if SM >= 20
        exit
