// barred_gpu.cu - tests/ptx/barred.cu on the GPU, in[t] = (0x9e3779b9 * (t + 1)) | 2
// as the test ptx/barred_as_h200 gives it (barred.txt: nvcc -O3 -arch=sm_90, an NVIDIA H200)
#include <cstdio>
#include "../../ptx/barred.cu"
int main()
{
	unsigned in[96], o[6 * 96], *din, *dout;
	for (unsigned t = 0; t < 96; t++)
		in[t] = (0x9e3779b9u * (t + 1)) | 2;
	cudaMalloc(&din, sizeof in);
	cudaMalloc(&dout, sizeof o);
	cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
	cudaMemset(dout, 0, sizeof o);
	barred<<<1, 96>>>(din, dout);
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	cudaDeviceProp p;
	cudaGetDeviceProperties(&p, 0);
	printf("# %s, %s; rows: count(v & 1), and(v & 2), or(v & 4), and(v & 8), or(v == 12345), count(t < 40)\n",
	       p.name, cudaGetErrorString(cudaGetLastError()));
	for (int r = 0; r < 6; r++) {
		for (int t = 0; t < 96; t++)
			printf("%s%08x", t ? " " : "", o[r * 96 + t]);
		printf("\n");
	}
	return 0;
}
