// rounding_gpu.cu - tests/ptx/rounding.cu's kernels on the GPU, on the inputs of the tests
// rounding_f32 and rounded_ops_f32 (rounding.txt: nvcc -O3 -arch=sm_90, an NVIDIA H200, 2026-11-29)
#include <cstdio>
#include <cstring>
#include <cstdint>
#include "../../ptx/rounding.cu"
int main()
{
	const float in[] = {2.5f, 3.5f, -2.5f, -0.5f, 0.5f, -2.7f, 2.7f, 0.49999997f, 8388609.0f, -0.0f, 1e30f};
	const int N = 11, NX = 14;
	uint32_t bits[NX];
	memcpy(bits, in, sizeof in);
	bits[N] = 0x7fc00001u; bits[N + 1] = 0x7f800000u; bits[N + 2] = 0xff800000u;
	float *da, *dout;
	cudaMalloc(&da, NX * 4); cudaMalloc(&dout, 5 * NX * 4);
	cudaMemcpy(da, bits, NX * 4, cudaMemcpyHostToDevice);
	rounding<<<1, 32>>>(da, dout, NX);
	uint32_t o[5 * 14];
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	for (int f = 0; f < 5; f++) { printf("rounding %d:", f); for (int i = 0; i < NX; i++) printf(" %08x", o[f * NX + i]); printf("\n"); }
	const uint32_t a[] = {0x3f800001u, 0xbf800001u, 0, 0, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u};
	const uint32_t b[] = {0x3f800001u, 0x3f800001u, 0xbf800000u, 0x3f800000u, 0x33800000u, 0xbf800000u, 0x33000000u, 0x3f800000u};
	float *ga, *gb, *go;
	cudaMalloc(&ga, 32); cudaMalloc(&gb, 32); cudaMalloc(&go, 9 * 32);
	cudaMemcpy(ga, a, 32, cudaMemcpyHostToDevice); cudaMemcpy(gb, b, 32, cudaMemcpyHostToDevice);
	rounded_ops<<<1, 32>>>(ga, gb, go, 8);
	uint32_t r[72];
	cudaMemcpy(r, go, sizeof r, cudaMemcpyDeviceToHost);
	for (int f = 0; f < 9; f++) { printf("ops %d:", f); for (int i = 0; i < 8; i++) printf(" %08x", r[f * 8 + i]); printf("\n"); }
	cudaError_t e = cudaGetLastError();
	printf("status %s\n", cudaGetErrorString(e));
	return 0;
}
