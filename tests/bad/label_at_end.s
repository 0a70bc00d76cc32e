.grid 1
.block 32
        bra done
        exit
done:
