; a const buffer left uninit: no kernel can write constant memory
.kernel k
.buffer c u32 4 uninit const
.grid 1
.block 32
    exit
