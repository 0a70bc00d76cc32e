// reduce.cu - three tree reductions of one block's elements (ints), each
// block writing its partial sum to out[blockIdx.x].

// Interleaved addressing with the divergent tid % (2*s) test: half the
// threads of every warp idle from the first step.
__global__ void reduce_interleaved(const int *in, int *out)
{
	extern __shared__ int sdata[];
	unsigned tid = threadIdx.x;
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	sdata[tid] = in[i];
	__syncthreads();
	for (unsigned s = 1; s < blockDim.x; s *= 2) {
		if (tid % (2 * s) == 0)
			sdata[tid] += sdata[tid + s];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = sdata[0];
}

// Sequential addressing: the active threads stay contiguous.
__global__ void reduce_sequential(const int *in, int *out)
{
	extern __shared__ int sdata[];
	unsigned tid = threadIdx.x;
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	sdata[tid] = in[i];
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
		if (tid < s)
			sdata[tid] += sdata[tid + s];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = sdata[0];
}

// Warp shuffles: each warp sums its values with __shfl_down_sync, warp
// leaders meet in shared memory, and the first warp sums their results.
__global__ void reduce_shfl(const int *in, int *out)
{
	__shared__ int warp_sums[32];
	unsigned tid = threadIdx.x;
	int v = in[blockIdx.x * blockDim.x + tid];
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(0xffffffffu, v, offset);
	if (tid % 32 == 0)
		warp_sums[tid / 32] = v;
	__syncthreads();
	if (tid < 32) {
		v = tid < blockDim.x / 32 ? warp_sums[tid] : 0;
		for (int offset = 16; offset > 0; offset /= 2)
			v += __shfl_down_sync(0xffffffffu, v, offset);
		if (tid == 0)
			out[blockIdx.x] = v;
	}
}
