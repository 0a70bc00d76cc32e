// printf_turns.cu - what a printf costs a warp: each warp of the grid
// times one printf of `lanes` of its lanes (clock64 before and after) into
// out[its index]. Many warps printing at once wait for one another: the
// GPU's printfs take turns (configs/h100.ini, sm.printf_turn_cycles; the
// H200's figures in docs/CUDA.md, "printf").
#include <cstdio>

__global__ void printf_turns(int *out, int lanes)
{
	__syncthreads();
	long long t0 = clock64();
	if (threadIdx.x % 32 < lanes)
		printf("%d\n", threadIdx.x);
	__syncwarp();
	long long t1 = clock64();
	if (threadIdx.x % 32 == 0)
		out[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = (int)(t1 - t0);
}
