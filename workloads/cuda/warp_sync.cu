// warp_sync.cu - the seed's warp-level primitives (seed 002).
#define FULL_MASK 0xffffffffu

// The shared-memory warp reduction made safe with __syncwarp. shmem holds
// the input in its first 32 ints and zeros after; thread 0 ends with the sum.
__global__ void warp_reduce_syncwarp(const int *input, int *out)
{
	__shared__ int shmem[64];
	unsigned tid = threadIdx.x;
	shmem[tid] = input[tid];
	shmem[tid + 32] = 0;
	__syncwarp();
	int v = shmem[tid];
	v += shmem[tid + 16]; __syncwarp(); shmem[tid] = v; __syncwarp();
	v += shmem[tid + 8];  __syncwarp(); shmem[tid] = v; __syncwarp();
	v += shmem[tid + 4];  __syncwarp(); shmem[tid] = v; __syncwarp();
	v += shmem[tid + 2];  __syncwarp(); shmem[tid] = v; __syncwarp();
	v += shmem[tid + 1];  __syncwarp(); shmem[tid] = v; __syncwarp();
	if (tid == 0)
		out[0] = v;
}

// A warp sum with __shfl_down_sync: lane 0 ends with the sum.
__global__ void shfl_reduce(const int *input, int *out)
{
	int val = input[threadIdx.x];
	for (int offset = 16; offset > 0; offset /= 2)
		val += __shfl_down_sync(FULL_MASK, val, offset);
	if (threadIdx.x == 0)
		out[0] = val;
}

// __ballot_sync before a divergent branch, then __shfl_down_sync inside it
// with the ballot's mask; __activemask() inside the branch names the same
// lanes, and each lane records whether it does. A lane only adds what it
// read from a lane inside the branch: the others' values are undefined.
__global__ void ballot_mask(const int *input, int *out, unsigned *masks, int num_elements)
{
	unsigned mask = __ballot_sync(FULL_MASK, threadIdx.x < num_elements);
	if (threadIdx.x < num_elements) {
		int val = input[threadIdx.x];
		for (int offset = 16; offset > 0; offset /= 2) {
			int other = __shfl_down_sync(mask, val, offset);
			if (threadIdx.x + offset < num_elements)
				val += other;
		}
		masks[threadIdx.x] = __activemask() == mask;
		if (threadIdx.x == 0)
			out[0] = val;
	}
}

// The seed's atomicAggInc: threads that increment the same counter combine
// into one atomic per group found by __match_any_sync.
__device__ int atomicAggInc(int *ptr)
{
	int mask = __match_any_sync(__activemask(), (unsigned long long)ptr);
	int leader = __ffs(mask) - 1;
	int change = __popc(mask);
	int lane = threadIdx.x % 32;
	int res;
	if (lane == leader)
		res = atomicAdd(ptr, change);
	res = __shfl_sync(mask, res, leader);
	return res + __popc(mask & ((1 << lane) - 1));
}

__global__ void warp_aggregated_atomic(int *counters, int *out)
{
	unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
	out[tid] = atomicAggInc(&counters[tid % 3]);
}
