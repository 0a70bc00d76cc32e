// pack16.cu - two 16-bit registers into one word and a word into its
// halves (mov.b32 d, {lo, hi} and mov.b32 {lo, hi}, a, as inline PTX), with
// short2 loads and stores and 16-bit arithmetic on the halves; ushort4 and
// uchar2 stores (one store of the packed vector). Row k of the results at
// O[k * 32 + lane], then the ushort4s (64 words) and the uchar2s (16).
__global__ void pack16(const unsigned *in, unsigned *O)
{
	int t = threadIdx.x;
	unsigned u = in[t], r;
	unsigned short lo, hi;
	asm("mov.b32 {%0, %1}, %2;" : "=h"(lo), "=h"(hi) : "r"(u));
	lo = lo + 7;
	hi = hi > lo ? hi : lo;
	asm("mov.b32 %0, {%1, %2};" : "=r"(r) : "h"(hi), "h"(lo));
	O[0 * 32 + t] = r;
	short2 v = reinterpret_cast<const short2 *>(in)[t];
	reinterpret_cast<short2 *>(O + 32)[t] = make_short2(v.y + 1, v.x >> 3);
	reinterpret_cast<ushort4 *>(O + 64)[t] = make_ushort4(lo, hi, lo ^ hi, t);
	reinterpret_cast<uchar2 *>(O + 128)[t] = make_uchar2(u >> 24, u + t);
}
