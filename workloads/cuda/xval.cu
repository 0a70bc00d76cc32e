// xval.cu - the CUDA twins of the workloads, run on a real GPU for
// cross-validation (simt-xval). One program, one command per twin:
//
//   simt-cuda info
//   simt-cuda mm tiled|naive M N K TILE OUT.bin
//   simt-cuda micro pointer_chase SIZE STRIDE WARM ITERS
//   simt-cuda micro cold_chase STRIDE ITERS BLOCKS FLUSH
//   simt-cuda micro gmem_rows ROWS COLS PITCH OFFSET WARPS ITERS SPREAD [STORE]
//   simt-cuda micro l2_sides N STRIDE LAUNCHES [FLUSH]
//   simt-cuda micro ldg_issue WARPS SPREAD
//   simt-cuda micro lsu_share SPACE WARPS ONE STRIDE ITERS
//   simt-cuda micro smem_stride STRIDE ITERS
//   simt-cuda micro gmem_stride STRIDE ITERS
//   simt-cuda micro stream_copy N THREADS
//   simt-cuda micro fma_chain ITERS
//   simt-cuda micro syncthreads THREADS ITERS
//
// Each prints one line of key=value pairs on stdout. Exit codes: 0 done,
// 2 bad usage, 3 no CUDA device (simt-xval then skips), 4 a CUDA error.
//
// The matmul kernels are the seed's (seed 000 and seed 004, lecture 2.8),
// with the boundary checks, on the inputs of the deterministic-input
// contract (random(1) for A, random(2) for B), in the launch geometry of
// workloads/tiled_mm.s and naive_mm.s (TILE x TILE blocks), as the seed
// writes them: nvcc -O3 unrolls their loops, and the .s kernels are written
// in the shape it compiles them in (until 2026-11-25 both were kept rolled
// with #pragma unroll 1); nvcc contracts Cvalue += a * b into one FFMA,
// which is why the result equals sequential fmaf bit for bit. Thread 0 of
// every block records clock64, %globaltimer and %smid when the block
// starts and after a __syncthreads that follows the kernel's own code.
//
// The microbenchmarks are the twins of workloads/micro/*.s; each times
// itself with clock64 exactly where the .s reads %clock.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CK(x)                                                                             \
	do {                                                                              \
		cudaError_t e_ = (x);                                                     \
		if (e_ != cudaSuccess) {                                                  \
			fprintf(stderr, "simt-cuda: %s: %s\n", #x, cudaGetErrorString(e_)); \
			exit(4);                                                          \
		}                                                                         \
	} while (0)

struct block_time {
	unsigned long long c0, c1; // clock64 at start and end (SM cycles)
	unsigned long long g0, g1; // %globaltimer (ns)
	unsigned smid;
	unsigned pad;
};

__device__ __forceinline__ unsigned long long gtimer()
{
	unsigned long long t;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
	return t;
}

__device__ __forceinline__ unsigned smid()
{
	unsigned s;
	asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
	return s;
}

// Every twin records, per block, clock64 and %globaltimer at its start and
// end and the SM it ran on (thread 0 writes bt[block]).
struct rec {
	unsigned long long c0, g0;
};

__device__ __forceinline__ rec rec_start()
{
	rec r;
	r.c0 = clock64();
	r.g0 = gtimer();
	return r;
}

__device__ __forceinline__ void rec_end(block_time *bt, rec r)
{
	if (threadIdx.x == 0 && threadIdx.y == 0) {
		block_time *b = &bt[blockIdx.y * gridDim.x + blockIdx.x];
		b->c0 = r.c0;
		b->g0 = r.g0;
		b->c1 = clock64();
		b->g1 = gtimer();
		b->smid = smid();
	}
}

// ---- the deterministic-input contract (docs/WORKLOADS.md) ----------------------
// written again here (frontend/workload.c has the simulator's copy): the
// twin stays a self-contained CUDA program that links nothing of simt-sim
static uint32_t lowbias32(uint32_t x)
{
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	x ^= x >> 16;
	return x;
}

static float random_f32(uint32_t seed, uint32_t i)
{
	return (float)(lowbias32(i ^ (seed * 0x9e3779b9u)) >> 8) * 0x1p-23f - 1.0f;
}

// ---- matmul ----------------------------------------------------------------------
template <int TILE>
__global__ void tiled_mm(const float *A, const float *B, float *C, int m, int n, int k, block_time *bt)
{
	__shared__ float ds_A[TILE][TILE], ds_B[TILE][TILE];
	unsigned long long c0 = clock64(), g0 = gtimer();
	int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
	int Row = by * blockDim.y + ty, Col = bx * blockDim.x + tx;
	float Cvalue = 0;
	for (int t = 0; t < (n - 1) / TILE + 1; ++t) {
		if (Row < m && t * TILE + tx < n)
			ds_A[ty][tx] = A[Row * n + t * TILE + tx];
		else
			ds_A[ty][tx] = 0.0f;
		if (t * TILE + ty < n && Col < k)
			ds_B[ty][tx] = B[(t * TILE + ty) * k + Col];
		else
			ds_B[ty][tx] = 0.0f;
		__syncthreads();
		for (int i = 0; i < TILE; ++i)
			Cvalue += ds_A[ty][i] * ds_B[i][tx];
		__syncthreads();
	}
	if (Row < m && Col < k)
		C[Row * k + Col] = Cvalue;
	__syncthreads();
	if (tx == 0 && ty == 0) {
		block_time *b = &bt[by * gridDim.x + bx];
		b->c0 = c0;
		b->g0 = g0;
		b->c1 = clock64();
		b->g1 = gtimer();
		b->smid = smid();
	}
}

__global__ void naive_mm(const float *A, const float *B, float *C, int m, int n, int k, block_time *bt)
{
	unsigned long long c0 = clock64(), g0 = gtimer();
	int Row = blockIdx.y * blockDim.y + threadIdx.y, Col = blockIdx.x * blockDim.x + threadIdx.x;
	if (Row < m && Col < k) {
		float Cvalue = 0;
		for (int i = 0; i < n; ++i)
			Cvalue += A[Row * n + i] * B[i * k + Col];
		C[Row * k + Col] = Cvalue;
	}
	__syncthreads();
	if (threadIdx.x == 0 && threadIdx.y == 0) {
		block_time *b = &bt[blockIdx.y * gridDim.x + blockIdx.x];
		b->c0 = c0;
		b->g0 = g0;
		b->c1 = clock64();
		b->g1 = gtimer();
		b->smid = smid();
	}
}

// A buffer twice the L2's size (*bytes): writing it leaves the L2 cold for
// the next launch, as the simulator starts.
static float *flush_buffer(size_t *bytes)
{
	int l2 = 0;
	CK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, 0));
	*bytes = (size_t)l2 * 2;
	float *f = nullptr;
	CK(cudaMalloc(&f, *bytes));
	return f;
}

static int mm(bool tiled, int m, int n, int k, int tile, const char *out)
{
	if (tile != 8 && tile != 16 && tile != 32) {
		fprintf(stderr, "simt-cuda: TILE must be 8, 16 or 32\n");
		return 2;
	}
	std::vector<float> a((size_t)m * n), b((size_t)n * k), c((size_t)m * k);
	for (size_t i = 0; i < a.size(); i++)
		a[i] = random_f32(1, (uint32_t)i);
	for (size_t i = 0; i < b.size(); i++)
		b[i] = random_f32(2, (uint32_t)i);
	float *dA, *dB, *dC;
	block_time *dT;
	dim3 block(tile, tile), grid((k - 1) / tile + 1, (m - 1) / tile + 1);
	size_t nb = (size_t)grid.x * grid.y;
	CK(cudaMalloc(&dA, a.size() * 4));
	CK(cudaMalloc(&dB, b.size() * 4));
	CK(cudaMalloc(&dC, c.size() * 4));
	CK(cudaMalloc(&dT, nb * sizeof(block_time)));
	CK(cudaMemcpy(dA, a.data(), a.size() * 4, cudaMemcpyHostToDevice));
	CK(cudaMemcpy(dB, b.data(), b.size() * 4, cudaMemcpyHostToDevice));
	// one warm-up launch (code and TLB), then REPS timed launches; the
	// median by globaltimer span is reported
	const int REPS = 5;
	std::vector<std::vector<block_time>> runs;
	std::vector<double> spans;
	size_t flush_bytes;
	float *flush = flush_buffer(&flush_bytes);
	for (int r = 0; r <= REPS; r++) {
		CK(cudaMemset(dC, 0, c.size() * 4));
		// write a buffer twice the L2's size so that every launch starts with
		// a cold L2, as the simulator does
		CK(cudaMemset(flush, r, flush_bytes));
		CK(cudaDeviceSynchronize());
		if (tiled) {
			if (tile == 8)
				tiled_mm<8><<<grid, block>>>(dA, dB, dC, m, n, k, dT);
			else if (tile == 16)
				tiled_mm<16><<<grid, block>>>(dA, dB, dC, m, n, k, dT);
			else
				tiled_mm<32><<<grid, block>>>(dA, dB, dC, m, n, k, dT);
		} else {
			naive_mm<<<grid, block>>>(dA, dB, dC, m, n, k, dT);
		}
		CK(cudaGetLastError());
		CK(cudaDeviceSynchronize());
		if (!r)
			continue; /* the warm-up launch */
		std::vector<block_time> bt(nb);
		CK(cudaMemcpy(bt.data(), dT, nb * sizeof(block_time), cudaMemcpyDeviceToHost));
		unsigned long long g0 = ~0ull, g1 = 0;
		for (auto &x : bt) {
			g0 = std::min(g0, x.g0);
			g1 = std::max(g1, x.g1);
		}
		spans.push_back((double)(g1 - g0));
		runs.push_back(bt);
	}
	cudaFree(flush);
	std::vector<size_t> order(spans.size());
	for (size_t i = 0; i < order.size(); i++)
		order[i] = i;
	std::sort(order.begin(), order.end(), [&](size_t x, size_t y) { return spans[x] < spans[y]; });
	const std::vector<block_time> &best = runs[order[order.size() / 2]];
	double best_span = spans[order[order.size() / 2]], min_span = spans[order[0]];
	CK(cudaMemcpy(c.data(), dC, c.size() * 4, cudaMemcpyDeviceToHost));
	FILE *f = fopen(out, "wb");
	if (!f || fwrite(c.data(), 4, c.size(), f) != c.size() || fclose(f)) {
		fprintf(stderr, "simt-cuda: cannot write %s\n", out);
		return 4;
	}
	// per SM: the span from its first block's start to its last block's end
	// in that SM's own clock64; the kernel's cycles are the longest of them
	std::vector<unsigned long long> lo(1024, ~0ull), hi(1024, 0);
	double block_sum = 0;
	unsigned long long block_max = 0;
	for (auto &x : best) {
		unsigned s = x.smid & 1023;
		lo[s] = std::min(lo[s], x.c0);
		hi[s] = std::max(hi[s], x.c1);
		block_sum += (double)(x.c1 - x.c0);
		block_max = std::max(block_max, x.c1 - x.c0);
	}
	unsigned long long sm_cycles = 0;
	unsigned sms = 0;
	for (int s = 0; s < 1024; s++)
		if (hi[s]) {
			sms++;
			sm_cycles = std::max(sm_cycles, hi[s] - lo[s]);
		}
	printf("kernel=%s M=%d N=%d K=%d TILE=%d blocks=%zu sms=%u span_ns=%.0f span_ns_min=%.0f "
	       "sm_cycles=%llu block_cycles_mean=%.1f block_cycles_max=%llu\n",
	       tiled ? "tiled_mm" : "naive_mm", m, n, k, tile, nb, sms, best_span, min_span, sm_cycles,
	       block_sum / (double)nb, block_max);
	cudaFree(dA);
	cudaFree(dB);
	cudaFree(dC);
	cudaFree(dT);
	return 0;
}

// ---- microbenchmarks (twins of workloads/micro/*.s) -------------------------------

// p = *p over a chain of 64-bit pointers: a pure load-to-load dependency, as
// ldg r1, [r1] in the .s (whose chain holds 32-bit addresses).
__global__ void pointer_chase(void **start, int warm, int iters, float *out, block_time *bt)
{
	rec r = rec_start();
	void **p = start;
	for (int i = 0; i < warm; i++)
		p = (void **)*p;
	if ((uintptr_t)p == 1) // wait until p is here (the .s: iadd r5, r1, 0)
		out[1] = 0;
	unsigned long long t0 = clock64();
#pragma unroll 4
	for (int i = 0; i < iters; i++)
		p = (void **)*p;
	if ((uintptr_t)p == 1)
		out[1] = 0;
	unsigned long long t1 = clock64();
	out[0] = (float)(t1 - t0) / (float)iters;
	out[1] = (float)(uintptr_t)p;
	rec_end(bt, r);
}

// Each block's one thread follows its own stretch of a chain of 64-bit
// pointers STRIDE bytes apart (block b starts ITERS * STRIDE * b bytes in),
// ITERS loads, every one the first touch of its line since the L2 was
// flushed (the matmul twins' cold start): the first load alone, then the
// other ITERS - 1, each timed with clock64. res[b]: first-load cycles and
// cycles per later load. As workloads/micro/cold_chase.s.
__global__ void cold_chase(void **chain, long per_block, int iters, unsigned *res)
{
	void **p = chain + (size_t)blockIdx.x * per_block;
	unsigned long long t0 = clock64();
	p = (void **)*p;
	if ((uintptr_t)p == 1) // wait until p is here (the .s: iadd r5, r1, 0)
		res[0] = 0;
	unsigned long long t1 = clock64();
	for (int i = 1; i < iters; i++)
		p = (void **)*p;
	if ((uintptr_t)p == 1)
		res[0] = 0;
	unsigned long long t2 = clock64();
	res[3 * blockIdx.x] = (unsigned)(t1 - t0);
	res[3 * blockIdx.x + 1] = (unsigned)(t2 - t1);
	res[3 * blockIdx.x + 2] = (unsigned)(uintptr_t)p;
}

// l2_sides: which L2 lines are near or far for each SM. Every block (one
// thread; as many as SMs) follows the same chain of N lines STRIDE bytes
// apart that a cudaMemcpy left in the L2, loading at the L2 (ld.global.cg,
// past the L1), twice, and records each load's own cycles: lat[(b * 2 +
// pass) * N + i]; sm[b] its SM. With FLUSH 1 every launch after the first
// starts with the L2 cold (a buffer twice its size written first), so that
// its first pass reads each line from DRAM: launch 0 tells which lines are
// far for each SM, launch 1 what a far line costs when it misses.
__global__ void l2_sides(const unsigned long long *chain, int n, unsigned *lat, unsigned *sm)
{
	const unsigned long long *p;
	for (int pass = 0; pass < 2; pass++) {
		p = chain;
		for (int i = 0; i < n; i++) {
			unsigned long long t0 = clock64();
			unsigned long long v = __ldcg(p);
			if (v == 1) // wait until it is here
				lat[0] = 0;
			unsigned long long t1 = clock64();
			lat[((size_t)blockIdx.x * 2 + pass) * n + i] = (unsigned)(t1 - t0);
			p = (const unsigned long long *)v;
		}
	}
	if (p == nullptr)
		lat[1] = 0;
	sm[blockIdx.x] = smid();
}

// Each shared word holds its own byte offset: j = shared[j] stays put.
__global__ void smem_stride(int stride, int iters, float *out, block_time *bt)
{
	__shared__ unsigned words[1024];
	rec r = rec_start();
	unsigned tid = threadIdx.x;
	unsigned off = ((tid * (unsigned)stride) & 1023) * 4;
	*(unsigned *)((char *)words + off) = off;
	__syncthreads();
	unsigned j = *(volatile unsigned *)((char *)words + off);
	if (j == 1 || iters == 0x7fffffff) // j is here and the argument read
		out[1] = 0;
	unsigned long long t0 = clock64();
#pragma unroll 4
	for (int i = 0; i < iters; i++)
		j = *(volatile unsigned *)((char *)words + j);
	if (j == 1)
		out[1] = 0;
	unsigned long long t1 = clock64();
	if (tid == 0)
		out[0] = (float)(t1 - t0) / (float)iters;
	rec_end(bt, r);
}

__device__ __forceinline__ unsigned ldca(const unsigned *p)
{
	unsigned v;
	asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(v) : "l"(p));
	return v;
}

// The 16 load addresses of warp w: p each (spread 0; computed so that ptxas
// cannot prove them equal, or it keeps one load), or 128 * (16 w + u) bytes
// further for load u (spread 1: each load on lines of its own).
template <typename T> __device__ __forceinline__ void spread16(T *p, int w, int spread, T *q[16])
{
#pragma unroll
	for (int u = 0; u < 16; u++)
		q[u] = p + (w * 16 + u) * 32 * spread;
}

// This lane's word of a warp spread over rows matrix rows pitch bytes apart:
// row l / (32 / rows), at byte offset + 4 * (l % (32 / rows)) of it (cols 1)
// or at offset for every lane of the row (cols 0, a broadcast).
__device__ __forceinline__ unsigned *row_word(unsigned *data, int rows, int cols, int pitch, int offset)
{
	int lane = threadIdx.x % 32, per = 32 / rows;
	return data + (offset + (lane / per) * pitch + (cols ? 4 * (lane % per) : 0)) / 4;
}

// Loads q[0..15] once each (bringing their lines into the L1), summed.
__device__ __forceinline__ unsigned load16(const unsigned *const q[16])
{
	unsigned acc = 0;
#pragma unroll
	for (int u = 0; u < 16; u++)
		acc += ldca(q[u]);
	return acc;
}

// iters loads of q[0..15] in turn, 16 independent ones an iteration, then
// their sum: acc plus it. The store is never taken (the data are 0), but
// the loads may alias it, or ptxas hoists them out of the loop and loads once.
__device__ __forceinline__ unsigned load16_loop(const unsigned *const q[16], int iters, unsigned *data,
						 unsigned acc)
{
	for (int i = 0; i < iters; i += 16) {
		unsigned v[16];
#pragma unroll
		for (int u = 0; u < 16; u++)
			v[u] = ldca(q[u]);
#pragma unroll
		for (int u = 0; u < 16; u++)
			acc += v[u];
		if (acc == 0x9e3779b9u)
			data[0] = acc;
	}
	return acc;
}

__global__ void gmem_stride(unsigned *data, int stride, int zero, int iters, float *out, block_time *bt)
{
	rec r = rec_start();
	const unsigned *p = data + threadIdx.x * stride;
	// 16 pointers equal to p that ptxas cannot prove equal (zero is 0 at run
	// time): given one address 16 times, it keeps one load, and it moves
	// loop-invariant loads out of the loop (until 2026-11-26 this twin timed
	// no load at all)
	const unsigned *q[16];
#pragma unroll
	for (int u = 0; u < 16; u++)
		q[u] = p + u * zero;
	unsigned acc = ldca(p); // bring the line in first
	if (acc == 0xffffffffu)
		out[1] = 0;
	unsigned long long t0 = clock64();
	acc = load16_loop(q, iters, data, acc);
	unsigned long long t1 = clock64();
	if (threadIdx.x == 0) {
		out[0] = (float)(t1 - t0) / (float)iters;
		out[1] = (float)acc;
	}
	rec_end(bt, r);
}

// WARPS warps of one block load, ITERS times, the same L1-resident words:
// lane l reads row l / (32 / ROWS) of a matrix PITCH bytes a row, at byte
// OFFSET + 4 * (l % (32 / ROWS)) of the row (COLS 1) or at OFFSET for every
// lane of the row (COLS 0, a broadcast, as the naive matmul's A load). The
// time per request, all warps together, is the L1's throughput for that
// shape: how many wavefronts it takes in the data pipe. As
// workloads/micro/gmem_rows.s.
__global__ void gmem_rows(unsigned *data, int rows, int cols, int pitch, int offset, int spread, int iters,
			  float *out, block_time *bt)
{
	rec r = rec_start();
	const unsigned *q[16];
	spread16<const unsigned>(row_word(data, rows, cols, pitch, offset), threadIdx.x / 32, spread, q);
	unsigned acc = load16(q); // bring the lines in first
	if (acc == 0xffffffffu)
		out[1] = 0;
	__syncthreads();
	unsigned long long t0 = clock64();
	acc = load16_loop(q, iters, data, acc);
	__syncthreads();
	unsigned long long t1 = clock64();
	if (threadIdx.x == 0) {
		out[0] = (float)(t1 - t0) / (float)iters / (float)(blockDim.x / 32);
		out[1] = (float)acc;
	}
	rec_end(bt, r);
}

// gmem_rows_st: the same shapes stored to instead of loaded (STORE 1):
// each warp writes its words 16 times an iteration, ITERS in all.
__global__ void gmem_rows_st(unsigned *data, int rows, int cols, int pitch, int offset, int spread, int iters,
			     float *out, block_time *bt)
{
	rec r = rec_start();
	unsigned *q[16];
	spread16<unsigned>(row_word(data, rows, cols, pitch, offset), threadIdx.x / 32, spread, q);
	__syncthreads();
	unsigned long long t0 = clock64();
	for (int i = 0; i < iters; i += 16) {
#pragma unroll
		for (int u = 0; u < 16; u++)
			*q[u] = (unsigned)(i + u);
	}
	__syncthreads();
	unsigned long long t1 = clock64();
	if (threadIdx.x == 0)
		out[0] = (float)(t1 - t0) / (float)iters / (float)(blockDim.x / 32);
	rec_end(bt, r);
}

// lsu_share: how the L1's passes are shared between warps and sub-partitions.
// WARPS warps of one block; those that load (every warp, or with ONE 1 only
// warps 0, 4, 8, .., which share sub-partition 0) issue ITERS loads each,
// 16 independent ones an iteration: load u of lane l reads word
// (l * STRIDE + u) mod 1024 of a 4 KB array in shared memory (SPACE 0) or
// in global memory, L1-resident (SPACE 1). STRIDE 32 puts every lane of a
// load on one bank (32 passes), STRIDE 1 on 32 (one). out[0]: clock64 of
// warp 0 around every warp's loads / (ITERS * loading warps). As
// workloads/micro/lds_share.s and ldg_share.s.
__device__ __forceinline__ unsigned lds_u32(const unsigned *p)
{
	unsigned v;
	asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(v) : "r"((unsigned)__cvta_generic_to_shared(p)));
	return v;
}

// one kernel per space, so that ptxas cannot if-convert the two kinds of load
// into one loop of both, predicated (the predicated-off half still issues)
template <int SPACE>
__global__ void __launch_bounds__(1024) lsu_share(unsigned *data, int one, int stride, int iters, float *out,
						  block_time *bt)
{
	__shared__ unsigned words[1024];
	rec r = rec_start();
	unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
	for (unsigned i = threadIdx.x; i < 1024; i += blockDim.x)
		words[i] = i;
	const unsigned *base = SPACE ? data : words;
	const unsigned *q[16];
#pragma unroll
	for (int u = 0; u < 16; u++)
		q[u] = base + ((lane * (unsigned)stride + (unsigned)u) & 1023);
	bool loads = !one || warp % 4 == 0;
	unsigned acc = 0;
	if (SPACE && loads)
		acc = load16(q); // bring the lines in first
	__syncthreads();
	unsigned long long t0 = clock64();
	if (loads) {
		for (int i = 0; i < iters; i += 16) {
			unsigned v[16];
#pragma unroll
			for (int u = 0; u < 16; u++)
				v[u] = SPACE ? ldca(q[u]) : lds_u32(q[u]);
#pragma unroll
			for (int u = 0; u < 16; u++)
				acc += v[u];
			if (acc == 0x9e3779b9u)
				data[0] = acc;
		}
	}
	__syncthreads();
	unsigned long long t1 = clock64();
	unsigned n = one ? (blockDim.x / 32 + 3) / 4 : blockDim.x / 32;
	if (threadIdx.x == 0) {
		out[0] = (float)(t1 - t0) / (float)iters / (float)n;
		out[1] = (float)acc;
	}
	rec_end(bt, r);
}

// ldg_issue: how fast a warp issues loads it does not wait for. WARPS warps
// of one block; each issues 16 independent L1-hit loads (each lane its own
// word of one line) between two clock64 reads, then uses them. res[w]: warp
// w's cycles for the 16 issues; res[WARPS + w]: the cycles until their data
// is there.
__global__ void ldg_issue(unsigned *data, int spread, unsigned *res)
{
	int lane = threadIdx.x % 32, w = threadIdx.x / 32;
	const unsigned *q[16];
	spread16<const unsigned>(data + lane, w, spread, q);
	unsigned acc = load16(q); // bring the lines in first
	if (acc == 0x9e3779b9u)
		data[0] = acc;
	__syncthreads();
	unsigned v[16];
	unsigned long long t0 = clock64();
#pragma unroll
	for (int u = 0; u < 16; u++)
		v[u] = ldca(q[u]);
	unsigned long long t1 = clock64();
#pragma unroll
	for (int u = 0; u < 16; u++)
		acc += v[u];
	if (acc == 0x9e3779b9u)
		data[0] = acc;
	unsigned long long t2 = clock64();
	if (lane == 0) {
		res[w] = (unsigned)(t1 - t0);
		res[blockDim.x / 32 + w] = (unsigned)(t2 - t0);
	}
}

// bt (when not null) gets each block's %globaltimer at its start and end:
// plain stores, so that timing does not contend like an atomic would
__global__ void stream_copy(const unsigned *src, unsigned *dst, unsigned n, block_time *bt)
{
	rec r = {0, 0};
	if (bt)
		r = rec_start();
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		dst[i] = src[i];
	if (bt) {
		__syncthreads();
		rec_end(bt, r);
	}
}

__global__ void fma_chain(int iters, float *out, block_time *bt)
{
	rec r = rec_start();
	float x = (float)threadIdx.x, a = 0.5f, b = 1.0f;
	if (iters == 0x7fffffff) // read the argument before the clock starts
		out[1] = 0;
	unsigned long long t0 = clock64();
#pragma unroll 16
	for (int i = 0; i < iters; i++)
		x = fmaf(x, a, b);
	if (x == -1.0f) // wait for the last result
		out[1] = 0;
	unsigned long long t1 = clock64();
	if (threadIdx.x == 0) {
		out[0] = (float)(t1 - t0) / (float)iters;
		out[1] = x;
	}
	rec_end(bt, r);
}

__global__ void syncthreads(int iters, float *out, block_time *bt)
{
	rec r = rec_start();
	if (iters == 0x7fffffff) // read the argument before the clock starts
		out[1] = 0;
	__syncthreads();
	unsigned long long t0 = clock64();
#pragma unroll 4
	for (int i = 0; i < iters; i++)
		__syncthreads();
	unsigned long long t1 = clock64();
	if (threadIdx.x == 0)
		out[0] = (float)(t1 - t0) / (float)iters;
	rec_end(bt, r);
}

// A single-block microbenchmark's result and its block record.
static block_time *micro_bt;
static char rec_text[160];

static float *out_buf()
{
	float *o;
	CK(cudaMalloc(&o, 8));
	CK(cudaMemset(o, 0, 8));
	CK(cudaMalloc(&micro_bt, sizeof(block_time)));
	CK(cudaMemset(micro_bt, 0, sizeof(block_time)));
	return o;
}

static float read_out(float *o)
{
	float h[2];
	block_time b;
	CK(cudaDeviceSynchronize());
	CK(cudaGetLastError());
	CK(cudaMemcpy(h, o, 8, cudaMemcpyDeviceToHost));
	CK(cudaMemcpy(&b, micro_bt, sizeof b, cudaMemcpyDeviceToHost));
	cudaFree(o);
	cudaFree(micro_bt);
	snprintf(rec_text, sizeof rec_text, " block_cycles=%llu block_ns=%llu smid=%u", b.c1 - b.c0, b.g1 - b.g0,
		 b.smid);
	return h[0];
}

static int micro(int argc, char **argv)
{
	if (argc < 1)
		return 2;
	const char *name = argv[0];
	auto arg = [&](int i) { return i < argc ? atol(argv[i]) : 0L; };
	if (!strcmp(name, "pointer_chase") && argc == 5) {
		long size = arg(1), stride = arg(2), warm = arg(3), iters = arg(4);
		// 8-byte elements; the same SIZE and STRIDE in bytes as the .s chain
		size_t n = (size_t)size / 8;
		if (stride < 8 || stride % 8 || (size_t)stride > n * 8) {
			fprintf(stderr, "simt-cuda: pointer_chase needs STRIDE a multiple of 8 up to SIZE\n");
			return 2;
		}
		void **chain;
		CK(cudaMalloc(&chain, n * 8));
		std::vector<void *> h(n);
		for (size_t i = 0; i < n; i++)
			h[i] = (char *)chain + (i * 8 + (size_t)stride) % (n * 8);
		CK(cudaMemcpy(chain, h.data(), n * 8, cudaMemcpyHostToDevice));
		CK(cudaDeviceSynchronize());
		float *o = out_buf();
		int warm_loads = (int)(warm * size / stride);
		pointer_chase<<<1, 1>>>(chain, warm_loads, (int)iters, o, micro_bt);
		float v = read_out(o);
		cudaFree(chain);
		printf("micro=pointer_chase SIZE=%ld STRIDE=%ld WARM=%ld ITERS=%ld cycles_per_load=%.3f%s\n", size, stride,
		       warm, iters, v, rec_text);
		return 0;
	}
	if (!strcmp(name, "cold_chase") && argc == 5) {
		long stride = arg(1), iters = arg(2), blocks = arg(3), flush = arg(4);
		if (stride < 8 || stride % 8 || iters < 2 || blocks < 1 || blocks > 65535) {
			fprintf(stderr, "simt-cuda: cold_chase needs STRIDE a multiple of 8, ITERS >= 2, 1..65535 BLOCKS\n");
			return 2;
		}
		size_t n = (size_t)(stride / 8) * iters * blocks;
		void **chain;
		unsigned *res;
		CK(cudaMalloc(&chain, n * 8));
		CK(cudaMalloc(&res, blocks * 12));
		std::vector<void *> h(n);
		for (size_t i = 0; i < n; i++)
			h[i] = (char *)chain + (i * 8 + (size_t)stride) % (n * 8);
		CK(cudaMemcpy(chain, h.data(), n * 8, cudaMemcpyHostToDevice));
		size_t fl_bytes;
		float *fl = flush_buffer(&fl_bytes);
		// FLUSH 1: write a buffer twice the L2's size first, as the matmul
		// twins do before each timed launch; 0: the chain as the copy left it
		if (flush)
			CK(cudaMemset(fl, 1, fl_bytes));
		CK(cudaDeviceSynchronize());
		cold_chase<<<(unsigned)blocks, 1>>>(chain, (stride / 8) * iters, (int)iters, res);
		CK(cudaGetLastError());
		CK(cudaDeviceSynchronize());
		std::vector<unsigned> r(blocks * 3);
		CK(cudaMemcpy(r.data(), res, blocks * 12, cudaMemcpyDeviceToHost));
		double first = 0, rest = 0, worst = 0;
		for (long b = 0; b < blocks; b++) {
			first += r[3 * b];
			rest += r[3 * b + 1];
			worst = std::max(worst, (double)r[3 * b + 1] / (double)(iters - 1));
		}
		printf("micro=cold_chase STRIDE=%ld ITERS=%ld BLOCKS=%ld FLUSH=%ld first_load=%.1f cycles_per_load=%.3f "
		       "slowest_block=%.3f\n",
		       stride, iters, blocks, flush, first / (double)blocks, rest / (double)blocks / (double)(iters - 1),
		       worst);
		cudaFree(fl);
		cudaFree(res);
		cudaFree(chain);
		return 0;
	}
	if (!strcmp(name, "gmem_rows") && (argc == 8 || argc == 9)) {
		long rows = arg(1), cols = arg(2), pitch = arg(3), offset = arg(4), warps = arg(5), iters = arg(6),
		     spread = arg(7) != 0, store = arg(8) != 0;
		if ((rows != 1 && rows != 2 && rows != 4 && rows != 8 && rows != 16 && rows != 32) || pitch < 0 ||
		    pitch % 4 || offset < 0 || offset % 4 || warps < 1 || warps > 32 || iters < 16 || iters % 16) {
			fprintf(stderr, "simt-cuda: gmem_rows needs ROWS 1..32 (a power of two), PITCH and OFFSET "
					"multiples of 4, WARPS 1..32, ITERS a multiple of 16\n");
			return 2;
		}
		size_t bytes = (size_t)(offset + rows * pitch + 128 + 4 + spread * 128 * 16 * warps);
		unsigned *d;
		CK(cudaMalloc(&d, bytes));
		CK(cudaMemset(d, 0, bytes));
		float *o = out_buf();
		if (store)
			gmem_rows_st<<<1, 32 * (unsigned)warps>>>(d, (int)rows, (int)cols, (int)pitch, (int)offset,
								  (int)spread, (int)iters, o, micro_bt);
		else
			gmem_rows<<<1, 32 * (unsigned)warps>>>(d, (int)rows, (int)cols, (int)pitch, (int)offset, (int)spread,
						       (int)iters,
						       o, micro_bt);
		float v = read_out(o);
		printf("micro=gmem_rows ROWS=%ld COLS=%ld PITCH=%ld OFFSET=%ld WARPS=%ld ITERS=%ld SPREAD=%ld STORE=%ld "
		       "cycles_per_request=%.3f%s\n",
		       rows, cols, pitch, offset, warps, iters, spread, store, v, rec_text);
		cudaFree(d);
		return 0;
	}
	if (!strcmp(name, "l2_sides") && (argc == 4 || argc == 5)) {
		long n = arg(1), stride = arg(2), launches = arg(3), flush = argc == 5 ? arg(4) : 0;
		int sms = 0;
		CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
		if (n < 2 || n > 4096 || stride < 128 || stride % 8 || launches < 1 || launches > 4 || flush < 0 ||
		    flush > 1) {
			fprintf(stderr, "simt-cuda: l2_sides needs N 2..4096, STRIDE >= 128 (a multiple of 8), LAUNCHES 1..4, FLUSH 0 or 1\n");
			return 2;
		}
		size_t words = (size_t)n * stride / 8;
		unsigned long long *chain;
		unsigned *lat, *sm;
		CK(cudaMalloc(&chain, words * 8));
		CK(cudaMalloc(&lat, (size_t)sms * 2 * n * 4));
		CK(cudaMalloc(&sm, (size_t)sms * 4));
		std::vector<unsigned long long> h(words, 0);
		for (long i = 0; i < n; i++)
			h[(size_t)i * stride / 8] = (unsigned long long)(uintptr_t)((char *)chain + ((i + 1) % n) * stride);
		CK(cudaMemcpy(chain, h.data(), words * 8, cudaMemcpyHostToDevice));
		std::vector<unsigned> l((size_t)sms * 2 * n), s2(sms);
		size_t fl_bytes = 0;
		float *fl = flush ? flush_buffer(&fl_bytes) : nullptr;
		for (long k = 0; k < launches; k++) {
			if (fl && k > 0) {
				CK(cudaMemset(fl, (int)k, fl_bytes));
				CK(cudaDeviceSynchronize());
			}
			l2_sides<<<(unsigned)sms, 1>>>(chain, (int)n, lat, sm);
			CK(cudaGetLastError());
			CK(cudaDeviceSynchronize());
			CK(cudaMemcpy(l.data(), lat, l.size() * 4, cudaMemcpyDeviceToHost));
			CK(cudaMemcpy(s2.data(), sm, s2.size() * 4, cudaMemcpyDeviceToHost));
			// per block: its SM, then pass 1's and pass 2's latencies
			for (int b = 0; b < sms; b++) {
				printf("micro=l2_sides N=%ld STRIDE=%ld FLUSH=%ld launch=%ld block=%d sm=%u", n, stride, flush, k, b,
				       s2[b]);
				for (int pass = 0; pass < 2; pass++) {
					printf(pass ? " | " : " : ");
					for (long i = 0; i < n; i++)
						printf("%u ", l[((size_t)b * 2 + pass) * n + i]);
				}
				printf("\n");
			}
		}
		cudaFree(chain);
		cudaFree(lat);
		cudaFree(sm);
		cudaFree(fl);
		return 0;
	}
	if (!strcmp(name, "lsu_share") && argc == 6) {
		long space = arg(1) != 0, warps = arg(2), one = arg(3) != 0, stride = arg(4), iters = arg(5);
		if (warps < 1 || warps > 32 || stride < 0 || stride > 1024 || iters < 16 || iters % 16) {
			fprintf(stderr, "simt-cuda: lsu_share needs WARPS 1..32, STRIDE 0..1024, ITERS a multiple of 16\n");
			return 2;
		}
		unsigned *d;
		CK(cudaMalloc(&d, 4096));
		CK(cudaMemset(d, 0, 4096));
		float *o = out_buf();
		if (space)
			lsu_share<1><<<1, 32 * (unsigned)warps>>>(d, (int)one, (int)stride, (int)iters, o, micro_bt);
		else
			lsu_share<0><<<1, 32 * (unsigned)warps>>>(d, (int)one, (int)stride, (int)iters, o, micro_bt);
		float v = read_out(o);
		printf("micro=lsu_share SPACE=%ld WARPS=%ld ONE=%ld STRIDE=%ld ITERS=%ld cycles_per_request=%.3f%s\n", space,
		       warps, one, stride, iters, v, rec_text);
		cudaFree(d);
		return 0;
	}
	if (!strcmp(name, "ldg_issue") && argc == 3) {
		long warps = arg(1), spread = arg(2) != 0;
		if (warps < 1 || warps > 32) {
			fprintf(stderr, "simt-cuda: ldg_issue needs WARPS 1..32\n");
			return 2;
		}
		unsigned *d, *res;
		size_t bytes = (size_t)(32 * 16 * 128) * 4 + 128;
		CK(cudaMalloc(&d, bytes));
		CK(cudaMemset(d, 0, bytes));
		CK(cudaMalloc(&res, 2 * warps * 4));
		ldg_issue<<<1, 32 * (unsigned)warps>>>(d, (int)spread, res);
		CK(cudaGetLastError());
		CK(cudaDeviceSynchronize());
		std::vector<unsigned> r(2 * warps);
		CK(cudaMemcpy(r.data(), res, r.size() * 4, cudaMemcpyDeviceToHost));
		printf("micro=ldg_issue WARPS=%ld SPREAD=%ld issue:", warps, spread);
		for (long w = 0; w < warps; w++)
			printf(" %u", r[w]);
		printf(" data:");
		for (long w = 0; w < warps; w++)
			printf(" %u", r[warps + w]);
		printf("\n");
		cudaFree(d);
		cudaFree(res);
		return 0;
	}
	if (!strcmp(name, "smem_stride") && argc == 3) {
		float *o = out_buf();
		smem_stride<<<1, 32>>>((int)arg(1), (int)arg(2), o, micro_bt);
		float v = read_out(o);
		printf("micro=smem_stride STRIDE=%ld ITERS=%ld cycles_per_access=%.3f%s\n", arg(1), arg(2), v, rec_text);
		return 0;
	}
	if (!strcmp(name, "gmem_stride") && argc == 3) {
		long stride = arg(1), iters = arg(2);
		unsigned *d;
		CK(cudaMalloc(&d, (32 * stride + 1) * 4));
		CK(cudaMemset(d, 0, (32 * stride + 1) * 4));
		float *o = out_buf();
		gmem_stride<<<1, 32>>>(d, (int)stride, 0, (int)iters, o, micro_bt);
		float v = read_out(o);
		printf("micro=gmem_stride STRIDE=%ld ITERS=%ld cycles_per_request=%.3f%s\n", stride, iters, v, rec_text);
		cudaFree(d);
		return 0;
	}
	if (!strcmp(name, "stream_copy") && argc == 3) {
		unsigned n = (unsigned)arg(1), threads = (unsigned)arg(2);
		unsigned *s, *d;
		CK(cudaMalloc(&s, (size_t)n * 4));
		CK(cudaMalloc(&d, (size_t)n * 4));
		CK(cudaMemset(s, 1, (size_t)n * 4));
		CK(cudaMemset(d, 0, (size_t)n * 4));
		cudaEvent_t e0, e1;
		CK(cudaEventCreate(&e0));
		CK(cudaEventCreate(&e1));
		// small copies are timed inside the kernel (the launch would dominate
		// the event time); large ones (bandwidth) by events, uninstrumented
		unsigned nb = (n + threads - 1) / threads;
		block_time *bt = nullptr;
		if (n <= (1u << 24))
			CK(cudaMalloc(&bt, (size_t)nb * sizeof(block_time)));
		std::vector<block_time> h(bt ? nb : 0);
		std::vector<float> ms;
		std::vector<double> spans;
		for (int r = 0; r < 6; r++) {
			CK(cudaEventRecord(e0));
			stream_copy<<<nb, threads>>>(s, d, n, bt);
			CK(cudaEventRecord(e1));
			CK(cudaEventSynchronize(e1));
			CK(cudaGetLastError());
			float t;
			CK(cudaEventElapsedTime(&t, e0, e1));
			if (!r)
				continue;
			ms.push_back(t);
			if (bt) {
				CK(cudaMemcpy(h.data(), bt, (size_t)nb * sizeof(block_time), cudaMemcpyDeviceToHost));
				unsigned long long g0 = ~0ull, g1 = 0;
				for (auto &x : h) {
					g0 = std::min(g0, x.g0);
					g1 = std::max(g1, x.g1);
				}
				spans.push_back((double)(g1 - g0));
			}
		}
		std::sort(ms.begin(), ms.end());
		std::sort(spans.begin(), spans.end());
		double t = ms[ms.size() / 2] * 1e-3, sp = spans.empty() ? 0 : spans[spans.size() / 2];
		printf("micro=stream_copy N=%u THREADS=%u seconds=%.9f span_ns=%.0f gb_per_s=%.1f\n", n, threads, t, sp,
		       2.0 * n * 4 / t / 1e9);
		if (bt)
			cudaFree(bt);
		cudaFree(s);
		cudaFree(d);
		return 0;
	}
	if (!strcmp(name, "fma_chain") && argc == 2) {
		float *o = out_buf();
		fma_chain<<<1, 32>>>((int)arg(1), o, micro_bt);
		float v = read_out(o);
		printf("micro=fma_chain ITERS=%ld cycles_per_fma=%.3f%s\n", arg(1), v, rec_text);
		return 0;
	}
	if (!strcmp(name, "syncthreads") && argc == 3) {
		float *o = out_buf();
		syncthreads<<<1, (unsigned)arg(1)>>>((int)arg(2), o, micro_bt);
		float v = read_out(o);
		printf("micro=syncthreads THREADS=%ld ITERS=%ld cycles_per_barrier=%.3f%s\n", arg(1), arg(2), v, rec_text);
		return 0;
	}
	fprintf(stderr, "simt-cuda: unknown micro '%s' or wrong argument count\n", name);
	return 2;
}

// ---- the GPU and its clock -------------------------------------------------------

// Spin for a number of SM cycles and time it with the globaltimer: the SM
// clock while busy, which the boost decides (not the attribute's maximum).
__global__ void spin(unsigned long long cycles, unsigned long long *out)
{
	unsigned long long g0 = gtimer(), c0 = clock64();
	while (clock64() - c0 < cycles) {
	}
	unsigned long long c1 = clock64(), g1 = gtimer();
	out[0] = c1 - c0;
	out[1] = g1 - g0;
}

static int info()
{
	cudaDeviceProp p;
	CK(cudaGetDeviceProperties(&p, 0));
	int drv = 0, rt = 0, clk = 0, mclk = 0, bus = 0;
	CK(cudaDriverGetVersion(&drv));
	CK(cudaRuntimeGetVersion(&rt));
	CK(cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, 0));
	CK(cudaDeviceGetAttribute(&mclk, cudaDevAttrMemoryClockRate, 0));
	CK(cudaDeviceGetAttribute(&bus, cudaDevAttrGlobalMemoryBusWidth, 0));
	unsigned long long *d, h[2];
	CK(cudaMalloc(&d, 16));
	spin<<<1, 1>>>(20000000ull, d); // warm the clock up
	CK(cudaDeviceSynchronize());
	spin<<<1, 1>>>(200000000ull, d);
	CK(cudaDeviceSynchronize());
	CK(cudaMemcpy(h, d, 16, cudaMemcpyDeviceToHost));
	cudaFree(d);
	char name[256];
	snprintf(name, sizeof name, "%s", p.name);
	for (char *c = name; *c; c++)
		if (*c == ' ')
			*c = '_';
	printf("device=%s cc=%d.%d sms=%d clock_attr_mhz=%.0f clock_measured_mhz=%.1f l2_bytes=%d "
	       "smem_per_sm=%zu mem_clock_mhz=%.0f bus_bits=%d driver=%d runtime=%d\n",
	       name, p.major, p.minor, p.multiProcessorCount, clk / 1000.0, (double)h[0] / (double)h[1] * 1000.0,
	       p.l2CacheSize, p.sharedMemPerMultiprocessor, mclk / 1000.0, bus, drv, rt);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: simt-cuda info | mm tiled|naive M N K TILE OUT | micro NAME ARGS...\n");
		return 2;
	}
	int n = 0;
	if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0) {
		fprintf(stderr, "simt-cuda: no CUDA device\n");
		return 3;
	}
	if (!strcmp(argv[1], "info"))
		return info();
	if (!strcmp(argv[1], "mm") && argc == 8)
		return mm(!strcmp(argv[2], "tiled"), atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), atoi(argv[6]),
			  argv[7]);
	if (!strcmp(argv[1], "micro"))
		return micro(argc - 2, argv + 2);
	fprintf(stderr, "simt-cuda: unknown command '%s'\n", argv[1]);
	return 2;
}
