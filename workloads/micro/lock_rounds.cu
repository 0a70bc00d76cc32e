// lock_rounds.cu - what one round of seed 002's atomicCAS mutex costs when
// the threads of one warp contend, and which piece of it costs what. Every
// contending thread stores, after its release, the cycles since it started
// (clock64); the threads of a warp win in lane order (on the H100 and here),
// so (out[31] - out[0]) / 31 is a round. Each variant takes one piece out.

__device__ unsigned int lock_rounds_word = 0;

// seed 002's lock and release
__device__ void acquire()
{
	while (atomicCAS(&lock_rounds_word, 0u, 1u) == 1u)
		;
}

__device__ void release() { atomicCAS(&lock_rounds_word, 1u, 0u); }

// The seed's mutex (workloads/cuda/spinlock.cu), every thread contending.
__global__ void lock_rounds(unsigned *counter, unsigned *out)
{
	long long t0 = clock64();
	acquire();
	(*counter)++;
	__threadfence();
	release();
	out[threadIdx.x] = (unsigned)(clock64() - t0);
}

// The same without __threadfence().
__global__ void lock_rounds_nofence(unsigned *counter, unsigned *out)
{
	long long t0 = clock64();
	acquire();
	(*counter)++;
	release();
	out[threadIdx.x] = (unsigned)(clock64() - t0);
}

// The fence and no counter.
__global__ void lock_rounds_fence_only(unsigned *counter, unsigned *out)
{
	long long t0 = clock64();
	acquire();
	__threadfence();
	release();
	out[threadIdx.x] = (unsigned)(clock64() - t0);
}

// Lock and release, nothing between.
__global__ void lock_rounds_bare(unsigned *counter, unsigned *out)
{
	long long t0 = clock64();
	acquire();
	release();
	out[threadIdx.x] = (unsigned)(clock64() - t0);
}

// The seed's mutex taken by lane 0 of every warp: contention between warps,
// no warp split. The warps win in no fixed order: the round is the spread
// of out[0..31] over 31.
__global__ void lock_rounds_warps(unsigned *counter, unsigned *out)
{
	if (threadIdx.x % 32)
		return;
	long long t0 = clock64();
	acquire();
	(*counter)++;
	__threadfence();
	release();
	out[threadIdx.x / 32] = (unsigned)(clock64() - t0);
}

__device__ unsigned int flag_word = 0;

// The lanes of one warp take turns through a volatile flag: lane i waits
// until it is i, then sets it to i + 1. No atomics, no fence.
__global__ void flag_warp(unsigned *counter, unsigned *out)
{
	long long t0 = clock64();
	volatile unsigned *f = &flag_word;
	while (*f != threadIdx.x)
		;
	*f = threadIdx.x + 1;
	out[threadIdx.x] = (unsigned)(clock64() - t0);
}
