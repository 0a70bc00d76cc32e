; reduce_interleaved.s - a tree reduction (reduce.cu, reduce_interleaved): each block sums
; its THREADS ints into out[block]. in[i] = i, so block b's sum is
; THREADS*(THREADS*b + (THREADS-1)/2) computed as below.
.cuda "reduce.cu" reduce_interleaved
.param BLOCKS 8
.param THREADS 256
.buffer in s32 BLOCKS*THREADS iota
.buffer out s32 BLOCKS zero
.arg in
.arg out
.grid BLOCKS
.block THREADS
.dynshared THREADS*4                   ; extern __shared__ int sdata[]
.check out expr(THREADS * THREADS * i + THREADS * (THREADS - 1) / 2)
