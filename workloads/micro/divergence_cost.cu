// divergence_cost.cu - what a divergent if/else costs a warp: one warp runs
// ITERS iterations of an if/else whose two sides are counted loops of the
// same length (N dependent multiply-adds); with MASK 0 every lane takes the
// else side (uniform), with MASK 1 the odd lanes take the if side, so the
// warp runs both sides one after the other and reconverges. out[0] is
// cycles per iteration.
__global__ void divergence_cost(unsigned *out, unsigned mask, int n, int iters)
{
	unsigned a = threadIdx.x;
	long long t0 = clock64();
	for (int i = 0; i < iters; i++) {
		if (threadIdx.x & mask) {
			for (int k = 0; k < n; k++)
				a = a * 3u + 1u;
		} else {
			for (int k = 0; k < n; k++)
				a = a * 5u + 7u;
		}
	}
	long long t1 = clock64();
	out[1 + threadIdx.x] = a;
	if (threadIdx.x == 0)
		out[0] = (unsigned)(t1 - t0) / iters;
}
