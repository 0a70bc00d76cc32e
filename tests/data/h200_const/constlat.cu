// constlat.cu - the constant cache of the GPU it runs on, measured with
// clock64() around dependent loads from __constant__ memory (nvcc -O3
// compiles them to LDC with a register address):
//  chase   one thread follows a chain through the first SIZE bytes of a
//          64 KB __constant__ array, STRIDE bytes a step, after one warm
//          pass: cycles a load for each SIZE (the hit latency while the
//          chain fits the cache, the miss cost beyond it);
//  spread  one warp, each step every lane loads C[j + (lane % D) * 16]
//          (D distinct words, each in its own 64-byte piece, all cached),
//          the next j from lane 0's value by a shuffle: cycles a step for
//          D = 1, 2, 4, 8, 16, 32 (the cost of each distinct address).
#include <cstdio>
#include <cstdlib>

#define WORDS 16384
__constant__ unsigned C[WORDS];

__global__ void chase(unsigned iters, unsigned *out)
{
	unsigned j = 0;
	for (unsigned k = 0; k < iters; k++) /* warm */
		j = C[j];
	long long t0 = clock64();
	for (unsigned k = 0; k < iters; k++)
		j = C[j];
	long long t1 = clock64();
	out[0] = (unsigned)(t1 - t0);
	out[1] = j;
}

__global__ void spread(unsigned iters, unsigned d, unsigned *out)
{
	unsigned lane = threadIdx.x, j = 0, sum = 0;
	for (unsigned k = 0; k < 8; k++) { /* warm */
		unsigned v = C[j + (lane % d) * 16];
		sum += v;
		j = __shfl_sync(0xffffffffu, v, 0);
	}
	long long t0 = clock64();
	for (unsigned k = 0; k < iters; k++) {
		unsigned v = C[j + (lane % d) * 16];
		sum += v;
		j = __shfl_sync(0xffffffffu, v, 0);
	}
	long long t1 = clock64();
	if (lane == 0)
		out[0] = (unsigned)(t1 - t0);
	out[2 + lane] = sum;
}

int main()
{
	static unsigned h[WORDS];
	unsigned *dout, o[34];
	cudaMalloc(&dout, sizeof o);
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	printf("# %s, %d SMs, totalConstMem %zu\n", p.name, p.multiProcessorCount, p.totalConstMem);
	const unsigned sizes[] = {256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536};
	const unsigned strides[] = {64, 256};
	const unsigned iters = 4096;
	for (unsigned s = 0; s < 2; s++)
		for (unsigned z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
			unsigned words = sizes[z] / 4, step = strides[s] / 4;
			for (unsigned i = 0; i < WORDS; i++)
				h[i] = (i + step) % words;
			cudaMemcpyToSymbol(C, h, sizeof h);
			chase<<<1, 1>>>(iters, dout);
			cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
			printf("chase size %u stride %u: %.1f cycles a load\n", sizes[z], strides[s], (double)o[0] / iters);
		}
	for (unsigned i = 0; i < WORDS; i++)
		h[i] = 0; /* every lane's chain stays at j = 0 */
	cudaMemcpyToSymbol(C, h, sizeof h);
	for (unsigned d = 1; d <= 32; d *= 2) {
		spread<<<1, 32>>>(iters, d, dout);
		cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
		printf("spread distinct %u: %.1f cycles a step\n", d, (double)o[0] / iters);
	}
	cudaError_t e = cudaDeviceSynchronize();
	printf("# %s\n", cudaGetErrorString(e));
	return e != cudaSuccess;
}
