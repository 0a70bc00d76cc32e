; a word after const on a .buffer line
.kernel k
.buffer c u32 4 zero const extra
.grid 1
.block 32
    exit
