.grid 1
.block 32
.include "/dev/zero"
        exit
