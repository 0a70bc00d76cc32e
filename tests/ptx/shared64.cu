// shared64.cu - 64-bit atomics on shared memory, which sm_70 and later
// run as ptxas's loop of LDS.64 and ATOMS.CAST.SPIN.64 (but exch and cas):
// each block's threads fold their values into shared unsigned and signed
// minima and maxima, and, or, xor and a sum, and thread 0 writes them out;
// the results do not depend on the order of the atomics.
__global__ void shared64(const long long *a, unsigned long long *out)
{
	__shared__ unsigned long long umin, umax, band, bor, bxor, sum;
	__shared__ long long smin, smax;
	if (threadIdx.x == 0) {
		umin = ~0ull;
		umax = 0;
		band = ~0ull;
		bor = 0;
		bxor = 0;
		sum = 0;
		smin = 0x7fffffffffffffffll;
		smax = -0x7fffffffffffffffll - 1;
	}
	__syncthreads();
	long long v = a[blockIdx.x * blockDim.x + threadIdx.x];
	unsigned long long u = (unsigned long long)v;
	atomicMin(&umin, u);
	atomicMax(&umax, u);
	atomicMin(&smin, v);
	atomicMax(&smax, v);
	atomicAnd(&band, u | 0x0101010101010101ull);
	atomicOr(&bor, u & 0x8080808080808080ull);
	atomicXor(&bxor, u);
	atomicAdd(&sum, u);
	__syncthreads();
	if (threadIdx.x == 0) {
		unsigned long long *o = out + 8 * blockIdx.x;
		o[0] = umin;
		o[1] = umax;
		o[2] = (unsigned long long)smin;
		o[3] = (unsigned long long)smax;
		o[4] = band;
		o[5] = bor;
		o[6] = bxor;
		o[7] = sum;
	}
}
