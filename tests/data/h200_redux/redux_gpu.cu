// redux_gpu.cu - tests/ptx/redux.cu on the GPU, in[l] = 0x9e3779b9 * (l + 1) as the test
// ptx/redux_as_h200 gives it (redux.txt: nvcc -O3 -arch=sm_90, an NVIDIA H200, 2026-11-29)
#include <cstdio>
#include "../../ptx/redux.cu"
int main()
{
	unsigned in[32], o[9 * 32], *da, *dout;
	for (unsigned l = 0; l < 32; l++)
		in[l] = 0x9e3779b9u * (l + 1);
	cudaMalloc(&da, sizeof in);
	cudaMalloc(&dout, sizeof o);
	cudaMemcpy(da, in, sizeof in, cudaMemcpyHostToDevice);
	redux<<<1, 32>>>(da, dout);
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	printf("# %s, %s; rows: add, min.u32, max.u32, min.s32, max.s32, and, or, xor, add over lanes 0-15\n", p.name,
	       cudaGetErrorString(cudaGetLastError()));
	for (int r = 0; r < 9; r++) {
		for (int l = 0; l < 32; l++)
			printf("%s%08x", l ? " " : "", o[r * 32 + l]);
		printf("\n");
	}
	return 0;
}
