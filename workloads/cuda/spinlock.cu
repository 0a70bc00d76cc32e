// spinlock.cu - the seed's atomicCAS mutex (seed 002): every thread takes the
// lock, increments a counter and releases it. Before Volta the lock winner
// waits at the reconvergence point for the losers, which spin forever; with
// independent thread scheduling it goes on. The mutex is passed as a pointer
// (the seed declares it __device__; module-scope variables are not
// supported yet). spinlock_sleep backs off with __nanosleep between tries.
__device__ void acquire(unsigned *mutex)
{
	while (atomicCAS(mutex, 0, 1) == 1)
		;
}

__device__ void acquire_sleep(unsigned *mutex)
{
	while (atomicCAS(mutex, 0, 1) == 1)
		__nanosleep(100);
}

__device__ void release(unsigned *mutex) { atomicCAS(mutex, 1, 0); }

__global__ void spinlock(unsigned *mutex, unsigned *counter)
{
	acquire(mutex);
	(*counter)++;
	__threadfence();
	release(mutex);
}

__global__ void spinlock_sleep(unsigned *mutex, unsigned *counter)
{
	acquire_sleep(mutex);
	(*counter)++;
	__threadfence();
	release(mutex);
}
