// scan.cu - an inclusive prefix sum of one block's elements (Hillis-Steele,
// double-buffered in shared memory): out[i] = in[0] + ... + in[i] within the
// block.
#define BLOCK 256

__global__ void scan_block(const int *in, int *out)
{
	__shared__ int buf[2][BLOCK];
	unsigned tid = threadIdx.x;
	unsigned base = blockIdx.x * blockDim.x;
	int pout = 0, pin = 1;
	buf[pout][tid] = in[base + tid];
	__syncthreads();
	for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
		pout = 1 - pout;
		pin = 1 - pout;
		if (tid >= offset)
			buf[pout][tid] = buf[pin][tid] + buf[pin][tid - offset];
		else
			buf[pout][tid] = buf[pin][tid];
		__syncthreads();
	}
	out[base + tid] = buf[pout][tid];
}
