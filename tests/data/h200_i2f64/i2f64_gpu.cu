// i2f64_gpu.cu - tests/ptx/i2f64.cu on the GPU, on the inputs of the test
// ptx/i2f64_as_h200 (i2f64.txt: nvcc -O3 -arch=sm_90, an NVIDIA H200,
// 2026-11-29)
#include <cstdio>
#include "../../ptx/i2f64.cu"
static unsigned long long in[64] = {0, 1, 0x1000001ull, 0x1000003ull, 0x20000000000001ull, 0x7fffffffffffffffull,
	0x8000000000000000ull, 0xffffffffffffffffull, 0xfffffffffffffffeull, 0xffffff7fffffffffull,
	0xffffff8000000000ull, 0xffffff8000000001ull, 0x8000008000000000ull, 0x8000018000000000ull,
	0xffffffff00000000ull, 0x00000000ffffffffull};
int main()
{
	unsigned long long st = 0x9e3779b97f4a7c15ull;
	for (int i = 16; i < 64; i++) { /* splitmix64, every other shifted right by i */
		unsigned long long z = (st += 0x9e3779b97f4a7c15ull);
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		z ^= z >> 31;
		in[i] = i % 2 ? z >> i : z;
	}
	unsigned *dw;
	float *dout;
	unsigned o[128];
	cudaMalloc(&dw, sizeof in);
	cudaMalloc(&dout, sizeof o);
	cudaMemcpy(dw, in, sizeof in, cudaMemcpyHostToDevice);
	i2f64<<<1, 64>>>(dw, dout);
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	printf("# %s, %s; rows: as unsigned, as signed; columns the 64 values\n", p.name,
	       cudaGetErrorString(cudaGetLastError()));
	for (int r = 0; r < 2; r++) {
		for (int i = 0; i < 64; i++)
			printf("%s%08x", i ? " " : "", o[2 * i + r]);
		printf("\n");
	}
	return 0;
}
