// bitops_gpu.cu - tests/ptx/bitops.cu on the GPU, on the inputs of the test
// ptx/bitops_as_h200 (bitops.txt: nvcc -O3 -arch=sm_90, an NVIDIA H200, 2026-11-29)
#include <cstdio>
#include "../../ptx/bitops.cu"
int main()
{
	const unsigned in[] = {0u, 1u, 2u, 0x80000000u, 0xffffffffu, 0x7fffffffu, 0x00010000u, 0xfffffffeu,
			       0x12345678u, 0x40000000u, 0xc0000000u, 0x00000100u};
	const int n = sizeof in / sizeof in[0];
	unsigned *da, *dout, o[7 * n];
	cudaMalloc(&da, sizeof in);
	cudaMalloc(&dout, sizeof o);
	cudaMemcpy(da, in, sizeof in, cudaMemcpyHostToDevice);
	bitops<<<1, 32>>>(da, dout, n);
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	printf("# %s, %s; rows: brev, ffs, 31-clz, bfind.u32, bfind.s32, bfind.shiftamt.u32, bfind.shiftamt.s32\n", p.name,
	       cudaGetErrorString(cudaGetLastError()));
	for (int r = 0; r < 7; r++) {
		for (int i = 0; i < n; i++)
			printf("%s%08x", i ? " " : "", o[r * n + i]);
		printf("\n");
	}
	return 0;
}
