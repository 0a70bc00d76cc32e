// local_chase.cu - the latency of local memory. One thread writes a
// 32-word array that it indexes by data (so nvcc keeps it in local memory:
// st.local, ld.local), a[k] = 5k + seed mod 32 (with seed 1, one cycle
// through all 32 words), then follows it: j = a[j], 32 steps that read each
// word once, the first read since its store, then 32 steps that read each
// word again. out[0] and out[1]: cycles per step of each round; the two
// are close where the L1 keeps what a store wrote, and the first is an L2
// access longer where a store goes past it.
__global__ void local_chase(unsigned *out, unsigned seed)
{
	unsigned a[32];
	for (int k = 0; k < 32; k++)
		a[k] = (5 * k + seed) & 31;
	unsigned j = 0;
	long long t0 = clock64();
	for (int k = 0; k < 32; k++)
		j = a[j];
	long long t1 = clock64();
	for (int k = 0; k < 32; k++)
		j = a[j];
	long long t2 = clock64();
	out[0] = (unsigned)(t1 - t0) / 32;
	out[1] = (unsigned)(t2 - t1) / 32;
	out[2] = j;
}
