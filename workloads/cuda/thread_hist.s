; thread_hist.s - each thread's 16 counters in local memory (thread_hist.cu):
; thread t counts data[t*N .. t*N+N-1] % 16. data[j] = j, so its N values
; are consecutive: every bin gets N / 16, and the N % 16 bins from
; (t*N) % 16 on one more (bin b: (b - t*N) % 16 < N % 16; -t*N = 15*t*N
; mod 16).
.cuda "thread_hist.cu" thread_hist
.param N 50
.param BLOCKS 4
.param THREADS 64
.buffer data u32 BLOCKS*THREADS*N iota
.buffer counts u32 BLOCKS*THREADS*16 zero
.arg data
.arg counts
.arg n N
.arg shift 0
.grid BLOCKS
.block THREADS
.check counts expr(N / 16 + ((i % 16 + 15 * N * (i / 16)) % 16 < N % 16))
