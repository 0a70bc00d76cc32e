; a line ended by CR alone (old Mac endings) runs into the next
.kernel x.grid 1
.block 32
    exit
