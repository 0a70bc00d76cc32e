// sync_costs.cu - what the atomicCAS mutex of seed 002 costs, piece by piece:
// the latency of one global atomicCAS, of 32 lanes' atomicCAS on one address
// (serialised where atomics execute), of __threadfence(), and of the mutex's
// critical section ((*counter)++; __threadfence();). One warp times itself
// with clock64 around ITERS dependent repetitions and reports cycles per
// repetition in out[0]; the same kernels run on the GPU (simt-gpu) and on
// simt-sim (the PTX front end), so each figure is compared like for like.

// One thread: ITERS atomicCAS in a chain, each comparing against what the
// previous one returned (so each waits for the previous one's answer).
__global__ void cas_latency(unsigned *x, float *out, int iters)
{
	unsigned v = 0;
	atomicCAS(x, 0u, 0u); // the line into the L2
	long long t0 = clock64();
	for (int i = 0; i < iters; i++)
		v = atomicCAS(x, v, v + 1) + 1;
	long long t1 = clock64();
	out[0] = (float)(unsigned)(t1 - t0) / iters;
	out[1] = (float)v;
}

// One warp: every lane's atomicCAS on the same address, ITERS times, each
// time comparing against a value that depends on the last answer (x stays
// 0, every compare fails, nothing is written).
__global__ void cas_warp(unsigned *x, float *out, int iters)
{
	unsigned acc = 0;
	atomicCAS(x, 1u, 1u);
	long long t0 = clock64();
	for (int i = 0; i < iters; i++)
		acc += atomicCAS(x, acc + 1, 1u);
	long long t1 = clock64();
	if (threadIdx.x == 0) {
		out[0] = (float)(unsigned)(t1 - t0) / iters;
		out[1] = (float)acc;
	}
}

// One thread: ITERS fences with nothing outstanding.
__global__ void fence(float *out, int iters)
{
	long long t0 = clock64();
	for (int i = 0; i < iters; i++)
		__threadfence();
	long long t1 = clock64();
	out[0] = (float)(unsigned)(t1 - t0) / iters;
}

// One thread: the mutex's critical section, ITERS times.
__global__ void critical(unsigned *counter, float *out, int iters)
{
	(*counter)++;
	__threadfence();
	long long t0 = clock64();
	for (int i = 0; i < iters; i++) {
		(*counter)++;
		__threadfence();
	}
	long long t1 = clock64();
	out[0] = (float)(unsigned)(t1 - t0) / iters;
}

// One thread: ITERS block-scope fences with nothing outstanding.
__global__ void fence_block(float *out, int iters)
{
	long long t0 = clock64();
	for (int i = 0; i < iters; i++)
		__threadfence_block();
	long long t1 = clock64();
	out[0] = (float)(unsigned)(t1 - t0) / iters;
}

// One thread: ITERS system-scope fences with nothing outstanding.
__global__ void fence_system(float *out, int iters)
{
	long long t0 = clock64();
	for (int i = 0; i < iters; i++)
		__threadfence_system();
	long long t1 = clock64();
	out[0] = (float)(unsigned)(t1 - t0) / iters;
}

// One thread: ITERS __nanosleep(ns), the back-off of seed 002's Volta mutex.
__global__ void sleep_ns(float *out, unsigned ns, int iters)
{
	long long t0 = clock64();
	for (int i = 0; i < iters; i++)
		__nanosleep(ns);
	long long t1 = clock64();
	out[0] = (float)(unsigned)(t1 - t0) / iters;
}

// Seed 002's mutex with two other releases, to see what a round of the
// lock costs beyond its pieces: atomicExch (an atomic whose answer is not
// used, as the seed's atomicCAS release) and a plain volatile store.
__device__ unsigned int lock_word = 0;

__global__ void lock_exch(unsigned *counter)
{
	while (atomicCAS(&lock_word, 0u, 1u) == 1u)
		;
	(*counter)++;
	__threadfence();
	atomicExch(&lock_word, 0u);
}

__global__ void lock_store(unsigned *counter)
{
	while (atomicCAS(&lock_word, 0u, 1u) == 1u)
		;
	(*counter)++;
	__threadfence();
	*(volatile unsigned *)&lock_word = 0u;
}
