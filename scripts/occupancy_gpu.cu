// occupancy_gpu.cu - the GPU's own answer for kernels that opt in to more
// shared memory: cudaOccupancyMaxActiveBlocksPerMultiprocessor after
// cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize,
// sharedMemPerBlockOptin), for a kernel with an extern __shared__ array, at
// several block sizes and dynamic shared memory sizes. Prints
// "threads regs smem blocks" lines (regs: what ptxas gave the kernel), the
// format of tests/data/occupancy_h100_optin.txt; tests/test_occupancy.c
// replays the stored answer (tests/data/occupancy_h100_optin_gpu.txt).
//
//   nvcc -O2 -arch=sm_90 scripts/occupancy_gpu.cu -o occupancy_gpu   (on a machine with the GPU)
//   ./occupancy_gpu > tests/data/occupancy_h100_optin_gpu.txt
#include <cstdio>

__global__ void k(int *out)
{
	extern __shared__ int s[];
	s[threadIdx.x] = threadIdx.x;
	__syncthreads();
	out[blockIdx.x * blockDim.x + threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

int main()
{
	cudaDeviceProp p;
	if (cudaGetDeviceProperties(&p, 0) != cudaSuccess) {
		fprintf(stderr, "occupancy_gpu: no GPU\n");
		return 1;
	}
	cudaFuncAttributes fa;
	cudaFuncGetAttributes(&fa, k);
	if (cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)p.sharedMemPerBlockOptin) !=
	    cudaSuccess) {
		fprintf(stderr, "occupancy_gpu: cudaFuncSetAttribute failed\n");
		return 1;
	}
	printf("# threads regs smem blocks_per_sm   (%s, cudaOccupancyMaxActiveBlocksPerMultiprocessor, "
	       "opted in to %zu bytes, smem dynamic)\n", p.name, p.sharedMemPerBlockOptin);
	const int threads[] = {32, 128, 256, 512, 1024};
	const int smem[] = {49152, 49153, 65536, 77824, 98296, 116736, 116737, 155648, 200000, 231424, 232448};
	for (int t : threads)
		for (int s : smem) {
			int n = -1;
			if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, k, t, (size_t)s) != cudaSuccess)
				n = -1;
			printf("%d %d %d %d\n", t, fa.numRegs, s, n);
		}
	return 0;
}
