; more local memory than CUDA allows a thread (512 KB)
.kernel k
.local 524289
.grid 1
.block 32
    exit
