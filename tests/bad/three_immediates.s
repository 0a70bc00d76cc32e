.grid 1
.block 32
        imad r1, 2, 3, 4
        exit
