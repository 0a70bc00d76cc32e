// thread_hist.cu - each thread counts a 4-bit field of its own n values in
// an array of 16 counters, then writes them out. The counters are indexed
// by data, not by constants, so they cannot live in registers: nvcc puts
// the array in local memory (the CUDA programming guide: arrays indexed
// with non-constant quantities), read and written with ld.local/st.local.
#define BINS 16

__global__ void thread_hist(const unsigned *data, unsigned *counts, int n, int shift)
{
	unsigned bins[BINS];
	for (int b = 0; b < BINS; b++)
		bins[b] = 0;
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	for (int i = 0; i < n; i++)
		bins[(data[t * n + i] >> shift) % BINS]++;
	for (int b = 0; b < BINS; b++)
		counts[t * BINS + b] = bins[b];
}
