// stencil.cu - a 1D stencil of radius RADIUS: out[i] is the sum of in[i-R ..
// i+R], read through a shared-memory tile with a halo (elements outside the
// array count as 0).
#define RADIUS 3
#define BLOCK 128

__global__ void stencil_1d(const int *in, int *out, int n)
{
	__shared__ int temp[BLOCK + 2 * RADIUS];
	int gindex = blockIdx.x * blockDim.x + threadIdx.x;
	int lindex = threadIdx.x + RADIUS;
	temp[lindex] = gindex < n ? in[gindex] : 0;
	if (threadIdx.x < RADIUS) {
		int left = gindex - RADIUS, right = gindex + BLOCK;
		temp[lindex - RADIUS] = left >= 0 && left < n ? in[left] : 0;
		temp[lindex + BLOCK] = right < n ? in[right] : 0;
	}
	__syncthreads();
	int result = 0;
	for (int offset = -RADIUS; offset <= RADIUS; offset++)
		result += temp[lindex + offset];
	if (gindex < n)
		out[gindex] = result;
}
