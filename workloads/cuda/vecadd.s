; vecadd.s - vector addition (vecadd.cu), one thread per element.
.cuda "vecadd.cu" vecAdd
.param N 10000
.param THREADS 256
.buffer A f32 N random(1)
.buffer B f32 N random(2)
.buffer C f32 N zero
.arg A
.arg B
.arg C
.arg n N
.grid (N + THREADS - 1) / THREADS
.block THREADS
.check C expr(A[i] + B[i])
