// histogram.cu - a histogram of byte values (0..255) held one per int: each
// block counts into shared memory with atomics, then adds its counts to the
// global histogram.
#define BINS 256

__global__ void histogram(const unsigned *data, unsigned *hist, int n)
{
	__shared__ unsigned local[BINS];
	for (int b = threadIdx.x; b < BINS; b += blockDim.x)
		local[b] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		atomicAdd(&local[data[i] % BINS], 1u);
	__syncthreads();
	for (int b = threadIdx.x; b < BINS; b += blockDim.x)
		atomicAdd(&hist[b], local[b]);
}
