// fp64_latency.cu - the FP64 unit's result latency on a GPU: one thread
// runs a chain of 256 dependent DADDs between two clock64() reads (and a
// chain of DFMAs), three launches; the cycles per add go in
// configs/*.ini's units.fp64_latency. Build and run where a GPU is:
//
//   nvcc -O3 -arch=sm_90 -o /tmp/fp64_latency bench/fp64_latency.cu && /tmp/fp64_latency
//
// An H200 (2026-11-30): 2042 cycles for the 256 adds, 7.98 each, every
// launch. The DFMA chain's figure varies from 405 to 1,272 cycles an fma
// from launch to launch and is not used.
#include <cstdio>

__global__ void lat(double *o, long long *t, double y, double z)
{
	double x = o[0], w = o[1];
	long long t0 = clock64();
#pragma unroll
	for (int i = 0; i < 256; i++)
		x = fma(x, y, z);
	long long t1 = clock64();
#pragma unroll
	for (int i = 0; i < 256; i++)
		w = w + z;
	long long t2 = clock64();
	o[0] = x;
	o[1] = w;
	t[0] = t1 - t0;
	t[1] = t2 - t1;
}

int main()
{
	double *o;
	long long *t;
	if (cudaMallocManaged(&o, 16) != cudaSuccess || cudaMallocManaged(&t, 16) != cudaSuccess) {
		fprintf(stderr, "fp64_latency: no CUDA device\n");
		return 1;
	}
	for (int r = 0; r < 3; r++) {
		o[0] = 1.0;
		o[1] = 2.0;
		lat<<<1, 1>>>(o, t, 0.999, 1e-3);
		cudaDeviceSynchronize();
		printf("dfma chain of 256: %lld cycles (%.2f each); dadd chain: %lld (%.2f each)\n", t[0], t[0] / 256.0,
		       t[1], t[1] / 256.0);
	}
	return 0;
}
