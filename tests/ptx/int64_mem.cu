// int64_mem.cu - 64-bit data kept in memory as users keep it: long long
// and unsigned long long arrays read and written whole (ptxas's LDG.E.64
// and STG.E.64), a longlong2 read and written as one 128-bit access, a
// 64-bit value passed through shared memory to a neighbour, a constant
// stored, a compare of loaded values choosing what is stored, shifts by
// amounts that come from the data, 64-bit minima and maxima, a per-thread
// long long array indexed at run time (local memory), and an int parameter
// in 64-bit arithmetic
__global__ void int64_mem(const long long *a, const longlong2 *b, unsigned long long *out, longlong2 *pairs, int n)
{
	__shared__ long long s[128];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	long long x = i < n ? a[i] : -1;
	s[threadIdx.x] = x;
	__syncthreads();
	if (i >= n)
		return;
	long long y = s[(threadIdx.x + 1) % blockDim.x];
	longlong2 p = b[i];
	unsigned long long *o = out + 10 * i;
	o[0] = (unsigned long long)x * 3 + (unsigned long long)(y >> 3);
	o[1] = x < y ? 0xdeadbeefcafef00dull : (unsigned long long)(p.x - p.y);
	o[2] = 12345678901ull;
	o[3] = (unsigned long long)x << (y & 63);
	o[4] = (unsigned long long)y >> (x & 63);
	o[5] = (unsigned long long)(p.y >> (p.x & 63));
	o[6] = (unsigned long long)min(x, p.y);
	o[7] = max((unsigned long long)y, (unsigned long long)p.x);
	long long t[8];
	for (int q = 0; q < 8; q++)
		t[q] = x * (q + 1) ^ y;
	o[8] = (unsigned long long)t[(y ^ i) & 7];
	o[9] = (unsigned long long)(x * n);
	pairs[i] = make_longlong2(p.y + x, p.x ^ y);
}
