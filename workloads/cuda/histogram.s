; histogram.s - a 256-bin histogram with shared-memory atomics
; (histogram.cu). data[i] = i, so bin b counts the i < N with i % 256 = b.
.cuda "histogram.cu" histogram
.param N 10000
.buffer data u32 N iota
.buffer hist u32 256 zero
.arg data
.arg hist
.arg n N
.grid 4
.block 256
.check hist expr(N / 256 + (i < N % 256))
