.block 32
        exit
