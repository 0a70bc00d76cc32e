; shared_uninit.s - a planted bug for --initcheck: a block-wide sum that
; reads its neighbour's slot of shared memory before any thread wrote it.
;
;   __shared__ int s[64];
;   s[tid] = in[tid];                 // threads 0..31 write s[0..31] only
;   __syncthreads();
;   out[tid] = s[tid] + s[tid + 32];  // s[32..63]: never written
;
; and a read of global memory that nothing wrote: the buffer scratch is
; left as cudaMalloc leaves it (fill uninit) and read before any store.
; On a GPU both reads return whatever the memory held; the simulator holds
; zeros there, so the result check passes, and --initcheck reports both.
;
;   simt-sim configs/g80.ini workloads/bugs/shared_uninit.s --initcheck   (exit 6)

.kernel shared_uninit
.buffer in s32 32 iota
.buffer scratch s32 32 uninit
.buffer out s32 32 zero
.arg in
.arg scratch
.arg out
.shared s 64*4
.grid 1
.block 32
.check out expr(i)

        s2r     r0, %tid.x
        shl     r1, r0, 2               ; tid * 4
        ldc     r2, in
        iadd    r2, r2, r1
        ldg     r3, [r2]
        sts     [r1+s], r3              ; s[tid] = in[tid]
        bar.sync                        ; __syncthreads()
        lds     r4, [r1+s]              ; s[tid]
        lds     r5, [r1+s+128]          ; s[tid + 32]: never written
        iadd    r4, r4, r5
        ldc     r6, scratch
        iadd    r6, r6, r1
        ldg     r7, [r6]                ; scratch[tid]: never written
        iadd    r4, r4, r7
        ldc     r8, out
        iadd    r8, r8, r1
        stg     [r8], r4                ; out[tid] = ...
        exit
