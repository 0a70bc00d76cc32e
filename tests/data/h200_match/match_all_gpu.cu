// match_all_gpu.cu - tests/ptx/match_all.cu on the GPU, on the inputs of the
// test ptx/match_all_as_h200 (match_all.txt: nvcc -O3 -arch=sm_90, an NVIDIA
// H200, 2026-11-29)
#include <cstdio>
#include "../../ptx/match_all.cu"
int main()
{
	/* warp 0: lanes 0-15 hold 7, lanes 16-31 their quad's number (4 ..
	 * 7); warp 1: every lane 42 */
	const int n = 64, rows = 7;
	unsigned in[n], o[rows * n];
	for (int t = 0; t < n; t++)
		in[t] = t >= 32 ? 42 : t < 16 ? 7 : t / 4;
	unsigned *da, *dout;
	cudaMalloc(&da, sizeof in);
	cudaMalloc(&dout, sizeof o);
	cudaMemcpy(da, in, sizeof in, cudaMemcpyHostToDevice);
	cudaMemset(dout, 0, sizeof o);
	match_all<<<1, n>>>(da, dout);
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	printf("# %s, %s; rows: warp (mask, predicate), half-warp (mask, predicate), quad (mask, predicate), odd lanes "
	       "(mask | predicate); columns the 64 threads\n", p.name, cudaGetErrorString(cudaGetLastError()));
	for (int r = 0; r < rows; r++) {
		for (int i = 0; i < n; i++)
			printf("%s%08x", i ? " " : "", o[r * n + i]);
		printf("\n");
	}
	return 0;
}
