// volatile_load.cu - the latency of a load the L1 holds, through a volatile
// pointer (ptxas: LDG.E.STRONG.SYS, which must see other SMs' writes) and a
// plain one (LDG.E). One thread, a dependent chain over a 4 KB buffer warmed
// first; out[0] is cycles per load.
// The chain through p (plain or volatile: P is the pointer's type).
template <typename P> __device__ void chase(P p, unsigned *out, int iters)
{
	unsigned j = 0;
	for (int i = 0; i < 1024; i++)
		j = (p[j] + j + 33) & 1023;
	long long t0 = clock64();
	for (int i = 0; i < iters; i++)
		j = (p[j] + j + 33) & 1023;
	long long t1 = clock64();
	out[0] = (unsigned)(t1 - t0) / iters;
	out[1] = j;
}

__global__ void volatile_load(unsigned *x, unsigned *out, int iters)
{
	chase((volatile unsigned *)x, out, iters);
}

__global__ void plain_load(unsigned *x, unsigned *out, int iters) { chase(x, out, iters); }
