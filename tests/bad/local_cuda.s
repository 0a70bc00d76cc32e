; a CUDA kernel's local memory comes from its PTX
.ptx "../../workloads/cuda/thread_hist.ptx" thread_hist
.local 64
.buffer data u32 64 iota
.buffer counts u32 16 zero
.arg data
.arg counts
.arg n 64
.arg shift 0
.grid 1
.block 1
