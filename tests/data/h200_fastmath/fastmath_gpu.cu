// fastmath_gpu.cu - tests/ptx/fastmath.cu on the GPU, on the inputs of the
// test ptx/fastmath_as_h200 (fastmath.txt: nvcc -O3 -arch=sm_90
// --use_fast_math, an NVIDIA H200, 2026-11-29)
#include <cstdio>
#include "../../ptx/fastmath.cu"
int main()
{
	/* (x, y) pairs as bits: normal values, subnormals, zeros, infinities,
	 * NaN, and operations whose exact result is subnormal, or just below
	 * 2^-126 (columns 13, 14 and 17) */
	const unsigned in[2][32] = {
		{0x3fc00000, 0xc0100000, 0x40400000, 0x7149f2ca, 0x00000001, 0x80000001, 0x007fffff, 0x80400000,
		 0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x3f7ffffe, 0x00800000, 0x00800001,
		 0x0d800000, 0x3f7fffff, 0x3f800000, 0x7f800000, 0x00000010, 0x3f000000, 0x1e3ce508, 0x9e3ce508,
		 0x42c80000, 0xbf400000, 0x40200000, 0xbfc00000, 0x00000005, 0x004c4b40, 0x00800000, 0x80000003},
		{0x40100000, 0x3dcccccd, 0xc0e00000, 0x501502f9, 0x3f800000, 0x3f800000, 0x00000001, 0x40000000,
		 0x80000000, 0x00000000, 0x3f800000, 0x7f800000, 0x3f800000, 0x00800001, 0x80800000, 0x80800000,
		 0x30800000, 0x00800000, 0x7f000000, 0x7ec00000, 0x00000020, 0x00400000, 0x1e3ce508, 0x1e3ce508,
		 0x40400000, 0x3e99999a, 0xbf000000, 0x00000003, 0x80000000, 0x7e967699, 0x3f000000, 0x3f800000}};
	const int n = 32, rows = 30;
	float *da, *db, *dout;
	unsigned o[rows * n];
	cudaMalloc(&da, sizeof in[0]);
	cudaMalloc(&db, sizeof in[1]);
	cudaMalloc(&dout, sizeof o);
	cudaMemcpy(da, in[0], sizeof in[0], cudaMemcpyHostToDevice);
	cudaMemcpy(db, in[1], sizeof in[1], cudaMemcpyHostToDevice);
	fastmath<<<1, 32>>>(da, db, dout, n);
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	printf("# %s, %s; rows as tests/ptx/fastmath.cu writes them, columns the 32 pairs\n", p.name,
	       cudaGetErrorString(cudaGetLastError()));
	for (int r = 0; r < rows; r++) {
		for (int i = 0; i < n; i++)
			printf("%s%08x", i ? " " : "", o[r * n + i]);
		printf("\n");
	}
	return 0;
}
