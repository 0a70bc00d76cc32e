// atomic64.cu - 64-bit atomics as users write them: a grand total of
// 64-bit products in an unsigned long long (atomicAdd), the smallest and
// largest signed values (atomicMin/atomicMax on long long), bits gathered
// with atomicOr and atomicXor and cleared with atomicAnd, a per-block total kept in shared memory and
// added once, atomicExch handing a 64-bit token along, and an
// atomicCAS-built 64-bit maximum of unsigned values (a loop that retries,
// after the block's last barrier)
__global__ void atomic64(const long long *a, unsigned long long *tot, long long *mm, unsigned long long *bits,
			 unsigned long long *tokens, unsigned long long *seen, int n)
{
	__shared__ unsigned long long block_sum;
	if (threadIdx.x == 0)
		block_sum = 0;
	__syncthreads();
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		long long x = a[i];
		atomicAdd(&tot[0], (unsigned long long)x * (unsigned long long)(i + 1));
		atomicMin(&mm[0], x);
		atomicMax(&mm[1], x);
		atomicOr(&bits[0], 1ull << (i % 64));
		atomicXor(&bits[1], (unsigned long long)x);
		atomicAnd(&bits[2], ~(1ull << (i % 61)));
		atomicAdd(&block_sum, (unsigned long long)x);
		tokens[i] = atomicExch(&tokens[n], (unsigned long long)i << 40 | 7);
	}
	__syncthreads();
	if (threadIdx.x == 0)
		atomicAdd(&tot[1 + blockIdx.x], block_sum);
	if (i < n) {
		unsigned long long v = (unsigned long long)a[i], old = seen[0], assumed;
		do {
			assumed = old;
			old = atomicCAS(&seen[0], assumed, v > assumed ? v : assumed);
		} while (old != assumed);
	}
}
