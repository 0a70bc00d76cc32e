// int64.cu - 64-bit integers as users write them: a grid-stride loop whose
// index and bound are size_t, and long long arithmetic on each value
// (widened, multiplied by a 64-bit parameter, shifted both ways, added,
// subtracted, negated, masked, compared); each result's two words are
// stored as 32-bit values, ten a value (64-bit stores are not supported)
__global__ void int64(const int *a, unsigned *out, long long k, unsigned long long n)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x) {
		long long x = (long long)a[i] * k;
		long long y = x + ((long long)a[i] << 33) - k;
		unsigned long long z = (unsigned long long)y >> 7;
		long long w = y >> 40;
		unsigned long long m = (unsigned long long)x * 0x9e3779b97f4a7c15ull;
		long long v = (-x & 0x0000ffffffff0000ll) | (y ^ (long long)i);
		unsigned *o = out + 10 * i;
		o[0] = (unsigned)x;
		o[1] = (unsigned)(x >> 32);
		o[2] = (unsigned)y;
		o[3] = (unsigned)(y >> 32);
		o[4] = (unsigned)(z >> 32);
		o[5] = (unsigned)w;
		o[6] = (unsigned)(m >> 32);
		o[7] = (unsigned)v;
		o[8] = (unsigned)(v >> 32);
		o[9] = (x < y) | (z > n) << 1 | (w == -1) << 2 | (y >= k) << 3 | ((unsigned long long)x <= m) << 4 |
		       (v != y) << 5 | (i + n > 2 * n - 1) << 6;
	}
}
