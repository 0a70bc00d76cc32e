// movpred.cu - nested loops whose inner trip count changes after its first
// pass: nvcc -O3 keeps "the inner loop has not run yet" in a predicate it
// sets with "mov.pred %p, -1" (an integer immediate, nonzero: true).
__global__ void movpred(const unsigned *in, unsigned *out)
{
	unsigned t = threadIdx.x;
	unsigned a = in[t], b = in[t + 32], c = in[t + 64], d = in[t + 96], x = in[t + 128];
	for (unsigned i = 0; i < 3; i++) {
		for (unsigned j = 0; j < (a & 7u); j++) {
			x = c >> (min(a, d) & 31u);
			a = b;
		}
	}
	out[t] = x;
}
