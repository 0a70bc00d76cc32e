// spinlock.cu - the seed's atomicCAS mutex (seed 002), as the seed writes
// it: every thread takes the lock, increments a counter and releases it.
// Before Volta the lock winner waits at the reconvergence point for the
// losers, which spin forever; with independent thread scheduling it goes
// on. spinlock_sleep backs off with __nanosleep between tries, doubling the
// wait from 8 ns up to 256 ns, as the seed's Volta version does.
__device__ unsigned int mutex = 0;

__device__ void acquire()
{
	while (atomicCAS(&mutex, 0, 1) == 1)
		;
}

__device__ void acquire_sleep()
{
	unsigned int ns = 8;
	while (atomicCAS(&mutex, 0, 1) == 1) {
		__nanosleep(ns);
		if (ns < 256)
			ns *= 2;
	}
}

__device__ void release() { atomicCAS(&mutex, 1, 0); }

__global__ void spinlock(unsigned *counter)
{
	acquire();
	(*counter)++;
	__threadfence();
	release();
}

__global__ void spinlock_sleep(unsigned *counter)
{
	acquire_sleep();
	(*counter)++;
	__threadfence();
	release();
}
