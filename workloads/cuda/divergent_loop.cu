// divergent_loop.cu - a loop whose trip count differs per thread (i % 32
// iterations), so a warp runs as long as its slowest lane: out[i] is
// 0 + 1 + ... + (i % 32 - 1).
__global__ void divergent_loop(int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int sum = 0;
	for (int k = 0; k < i % 32; k++)
		sum += k;
	out[i] = sum;
}
