// branch_cost.cu - what a loop's branches cost one warp: ITERS iterations of
// a loop (kept rolled, #pragma unroll 1) whose body is U dependent
// multiply-adds a = a * a + k, for U = 1, 2, 4, 8, 16 (V picks which loop
// runs). Each iteration ends in the loop counter's compare and a taken
// branch back; with U large the chain of multiply-adds hides them, with U = 1
// they are the iteration. V = 101 is the U = 1 loop with a forward branch
// that is never taken, on a compare of the chain's value (a * a + 1 is never
// 0xffffffff: no square is 2 mod 4), around a loop ptxas cannot predicate.
// V = 108 and 116: 8 and 16 dependent float multiply-adds (FFMA) instead.
// out[0] is cycles per iteration, out[1 + lane] the chain's value.
template <int U>
__device__ unsigned chain(unsigned a, int iters)
{
#pragma unroll 1
	for (int i = 0; i < iters; i++) {
#pragma unroll
		for (int k = 0; k < U; k++)
			a = a * a + (unsigned)(2 * k + 1);
	}
	return a;
}

template <int U>
__device__ unsigned chainf(unsigned a, int iters)
{
	float x = (float)a;
#pragma unroll 1
	for (int i = 0; i < iters; i++) {
#pragma unroll
		for (int k = 0; k < U; k++)
			x = fmaf(x, 0.5f, 1.0f);
	}
	return __float_as_uint(x);
}

__device__ unsigned guarded(unsigned a, int iters)
{
#pragma unroll 1
	for (int i = 0; i < iters; i++) {
		a = a * a + 1u;
		if (a == 0xffffffffu) {
#pragma unroll 1
			for (int j = 0; j < iters; j++)
				a = a * 7u + (unsigned)j;
		}
	}
	return a;
}

// The V = 101 loop with the forward branch on a warp-uniform compare (the
// loop counter against the iteration count: i * i is never iters + 7 for
// iters = 256, as no square is 263), which ptxas brackets with no BSSY/BSYNC:
// beside V = 101, what the convergence barriers of a branch that may diverge
// cost.
__device__ unsigned uniform_guarded(unsigned a, int iters)
{
#pragma unroll 1
	for (int i = 0; i < iters; i++) {
		a = a * a + 1u;
		if (i * i == iters + 7) {
#pragma unroll 1
			for (int j = 0; j < iters; j++)
				a = a * 7u + (unsigned)j;
		}
	}
	return a;
}

// V = 103 and 104: U = 8 and 16 dependent multiply-adds on a
// warp-uniform value (started from the iteration count, which every thread
// has), which ptxas runs on the uniform datapath (UIMAD): beside V = 8 and
// 16, the uniform datapath's latency. V = 105: 8 steps where each thread's
// multiply-add reads the uniform chain's last value (UIMAD -> IMAD): the
// latency from the uniform datapath to a thread's.
template <int U>
__device__ unsigned uniform_chain(unsigned a, int iters)
{
	unsigned u = (unsigned)iters;
#pragma unroll 1
	for (int i = 0; i < iters; i++) {
#pragma unroll
		for (int k = 0; k < U; k++)
			u = u * u + (unsigned)(2 * k + 1);
	}
	return a + u;
}

__device__ unsigned mixed_chain(unsigned a, int iters)
{
	unsigned u = (unsigned)iters;
#pragma unroll 1
	for (int i = 0; i < iters; i++) {
#pragma unroll
		for (int k = 0; k < 8; k++) {
			u = u * u + (unsigned)(2 * k + 1);
			a = a * u + 1u;
		}
	}
	return a + u;
}

// V = 106: the V = 1 loop with its counter started from threadIdx.x >> 10
// (0 in any block, but not known to be the same in every thread), so that
// ptxas keeps it in a thread's register (IADD, not UIADD3): beside V = 1,
// what the uniform counter costs.
__device__ unsigned vector_counter(unsigned a, int iters)
{
#pragma unroll 1
	for (int i = (int)(threadIdx.x >> 10); i < iters; i++)
		a = a * a + 1u;
	return a;
}

__global__ void branch_cost(unsigned *out, int v, int iters)
{
	unsigned a = threadIdx.x;
	long long t0 = clock64();
	switch (v) {
	case 1: a = chain<1>(a, iters); break;
	case 2: a = chain<2>(a, iters); break;
	case 4: a = chain<4>(a, iters); break;
	case 8: a = chain<8>(a, iters); break;
	case 101: a = guarded(a, iters); break;
	case 102: a = uniform_guarded(a, iters); break;
	case 103: a = uniform_chain<8>(a, iters); break;
	case 104: a = uniform_chain<16>(a, iters); break;
	case 105: a = mixed_chain(a, iters); break;
	case 106: a = vector_counter(a, iters); break;
	case 108: a = chainf<8>(a, iters); break;
	case 116: a = chainf<16>(a, iters); break;
	default: a = chain<16>(a, iters); break;
	}
	long long t1 = clock64();
	out[1 + threadIdx.x] = a;
	if (threadIdx.x == 0)
		out[0] = (unsigned)(t1 - t0) / iters;
}
