// div_approx_gpu.cu - tests/ptx/div_approx.cu on the GPU, on the inputs of
// the test ptx/div_approx_as_h200 (div_approx.txt: nvcc -O3 -arch=sm_90, an
// NVIDIA H200, 2026-11-29)
#include <cstdio>
#include "../../ptx/div_approx.cu"
int main()
{
	/* (a, b) pairs as bits: normal quotients, divisors beyond 2^126 and
	 * subnormal ones, subnormal dividends and quotients, zeros,
	 * infinities, NaN */
	const unsigned in[2][64] = {
		{0x3f800000, 0x40400000, 0xc0f00000, 0x7149f2ca, 0x0da24260, 0x00800000, 0x3f800000, 0x3f800000,
		 0x3f800000, 0x3f800000, 0x3f800000, 0x7f800000, 0x7f800000, 0x3f800000, 0x3f800000, 0x3f800000,
		 0x3f800000, 0x3f800000, 0x3f800000, 0x00400000, 0x00000001, 0x80400000, 0x00000000, 0x80000000,
		 0x7f800000, 0x7fc00000, 0x3f800000, 0x00800000, 0x00800000, 0x01000000, 0x7f7fffff, 0x42c80000,
		 0x40490fdb, 0xc2f6e979, 0x3eaaaaab, 0x4b800001, 0x7f000000, 0x00ffffff, 0x3fffffff, 0x3f7fffff,
		 0x7f7fffff, 0x7f7fffff, 0x00c00000, 0x00800001, 0x40000000, 0x1e3ce508, 0x5e3ce508, 0xbf800000,
		 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000,
		 0x00000000, 0x7f800000, 0x7fc00000, 0x3f800000, 0x00400000, 0x00700000, 0x40400000, 0xc0400000},
		{0x40400000, 0x40e00000, 0x40400000, 0x501502f9, 0x501502f9, 0x40000000, 0x7e800000, 0x7ec00000,
		 0x7f000000, 0x7f7fffff, 0xff000000, 0x7ec00000, 0x7f000000, 0x00400000, 0x00000001, 0x80400000,
		 0x00800000, 0x00000000, 0x80000000, 0x3f800000, 0x40000000, 0x40400000, 0x3f800000, 0x3f800000,
		 0x3f800000, 0x3f800000, 0x7f800000, 0x40000000, 0x3f800001, 0x40800000, 0x3f000000, 0x40400000,
		 0x402df854, 0x3f9d70a4, 0x3e2aaaab, 0x40400000, 0x3e800000, 0x40000000, 0x7e800000, 0x7e7fffff,
		 0x00800000, 0x3f000000, 0x40000000, 0x3f800001, 0x7f7fffff, 0x1e3ce508, 0x1e3ce508, 0x7f800000,
		 0x7e000000, 0x7e400000, 0x7e7fffff, 0x7e800001, 0x00100000, 0x007fffff, 0x00000100, 0x01000000,
		 0x00000000, 0x7f800000, 0x7fc00000, 0xff800000, 0x00400000, 0x00200000, 0x00000003, 0x80000003}};
	const int n = 64, rows = 3;
	float *da, *db, *dout;
	unsigned o[rows * n];
	cudaMalloc(&da, sizeof in[0]);
	cudaMalloc(&db, sizeof in[1]);
	cudaMalloc(&dout, sizeof o);
	cudaMemcpy(da, in[0], sizeof in[0], cudaMemcpyHostToDevice);
	cudaMemcpy(db, in[1], sizeof in[1], cudaMemcpyHostToDevice);
	div_approx<<<1, 64>>>(da, db, dout, n);
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	printf("# %s, %s; rows: __fdividef (div.approx.f32), div.full.f32, div.full.ftz.f32; columns the 64 pairs\n",
	       p.name, cudaGetErrorString(cudaGetLastError()));
	for (int r = 0; r < rows; r++) {
		for (int i = 0; i < n; i++)
			printf("%s%08x", i ? " " : "", o[r * n + i]);
		printf("\n");
	}
	return 0;
}
