; a CUDA kernel is named by its entry: .kernel beside .ptx would name it wrongly
.ptx "../ptx/ops.ptx" fops
.kernel other
.grid 1
.block 32
