// shfl_gpu.cu - tests/ptx/shfl_width.cu on the GPU, in[i] = i; prints out's 100 rows of 32
// (shfl_width.txt: nvcc -O3 -arch=sm_90 shfl_gpu.cu && ./a.out, on an NVIDIA H200, 2026-11-29)
#include <cstdio>
#include "../../ptx/shfl_width.cu"
int main()
{
	int h[32], *din, *dout;
	for (int i = 0; i < 32; i++) h[i] = i;
	cudaMalloc(&din, sizeof h); cudaMalloc(&dout, 100 * 32 * 4);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	shfl_width<<<1, 32>>>(din, dout);
	static int o[100 * 32];
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	cudaDeviceProp p; cudaGetDeviceProperties(&p, 0);
	int drv; cudaDriverGetVersion(&drv);
	printf("# %s, driver API %d, %s\n", p.name, drv, cudaGetErrorString(cudaGetLastError()));
	for (int r = 0; r < 100; r++) { for (int l = 0; l < 32; l++) printf("%s%d", l ? " " : "", o[r * 32 + l]); printf("\n"); }
	return 0;
}
