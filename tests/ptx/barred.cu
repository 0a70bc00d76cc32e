// barred.cu - __syncthreads_count, __syncthreads_and and __syncthreads_or
// (bar.red.popc/.and/.or) over a block of 96 threads, three warps, of which
// threads 90-95 exit first: the reductions are over the 90 that remain.
// Each thread's predicates are bits of its input; row k of the results at
// O[k * 96 + t].
__global__ void barred(const unsigned *in, unsigned *O)
{
	int t = threadIdx.x;
	if (t >= 90)
		return;
	unsigned v = in[t];
	O[0 * 96 + t] = __syncthreads_count(v & 1);
	O[1 * 96 + t] = __syncthreads_and(v & 2);
	O[2 * 96 + t] = __syncthreads_or(v & 4);
	O[3 * 96 + t] = __syncthreads_and(v & 8);
	O[4 * 96 + t] = __syncthreads_or(v == 12345u);
	O[5 * 96 + t] = __syncthreads_count(t < 40);
}
