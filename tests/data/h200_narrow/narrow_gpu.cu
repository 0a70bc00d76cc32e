// narrow_gpu.cu - tests/ptx/narrow.cu on the GPU, its inputs as the tests
// ptx/narrow_as_h200 and ptx/bitfield_as_h200 make them: word k of the
// buffer numbered s is word(s, k) (f: flt(k)). narrow.txt: nvcc -O3
// -arch=sm_90, an NVIDIA H200. Rows: narrow's O (16 rows), then B, H and Q
// one value a lane each, then bitfield's O (9 rows).
#include <cstdio>
#include <cstring>
#include "../../ptx/narrow.cu"
static unsigned word(unsigned s, unsigned k) { return (0x9e3779b9u * (k + 1 + 64 * s)) ^ ((k + s) << 13); }
static float flt(unsigned k) { return ((int)k - 16) * 2345.678f + 0.37f * (float)k; }
template <class T> static T *dev(const void *h, size_t n)
{
	T *d;
	cudaMalloc(&d, n);
	cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);
	return d;
}
int main()
{
	unsigned w[7][32];
	float f[32];
	for (unsigned s = 0; s < 7; s++)
		for (unsigned k = 0; k < 32; k++)
			w[s][k] = word(s, k);
	for (unsigned k = 0; k < 32; k++)
		f[k] = flt(k);
	unsigned o[16 * 32], ob[8], oh[16], oq[32], zero[16 * 32] = {0};
	unsigned *dO = dev<unsigned>(zero, sizeof o), *dB = dev<unsigned>(zero, sizeof ob),
		 *dH = dev<unsigned>(zero, sizeof oh), *dQ = dev<unsigned>(zero, sizeof oq);
	narrow<<<1, 32>>>(dev<signed char>(w[0], 32), dev<unsigned char>(w[1], 32), dev<short>(w[2], 64),
			  dev<unsigned short>(w[3], 64), dev<uchar4>(w[4], 128), dev<float>(f, 128), dO,
			  (unsigned char *)dB, (unsigned short *)dH, (uchar4 *)dQ);
	cudaMemcpy(o, dO, sizeof o, cudaMemcpyDeviceToHost);
	cudaMemcpy(ob, dB, sizeof ob, cudaMemcpyDeviceToHost);
	cudaMemcpy(oh, dH, sizeof oh, cudaMemcpyDeviceToHost);
	cudaMemcpy(oq, dQ, sizeof oq, cudaMemcpyDeviceToHost);
	unsigned bo[9 * 32], *dbo = dev<unsigned>(zero, sizeof bo);
	bitfield<<<1, 32>>>(dev<unsigned>(w[5], 128), dbo);
	cudaMemcpy(bo, dbo, sizeof bo, cudaMemcpyDeviceToHost);
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	printf("# %s, %s\n", p.name, cudaGetErrorString(cudaGetLastError()));
	unsigned char b8[32];
	unsigned short h16[32];
	memcpy(b8, ob, 32);
	memcpy(h16, oh, 64);
	for (int r = 0; r < 16 + 3 + 9; r++) {
		for (int l = 0; l < 32; l++) {
			unsigned v = r < 16 ? o[r * 32 + l] : r == 16 ? b8[l] : r == 17 ? h16[l] : r == 18 ? oq[l]
											       : bo[(r - 19) * 32 + l];
			printf("%s%08x", l ? " " : "", v);
		}
		printf("\n");
	}
	return 0;
}
