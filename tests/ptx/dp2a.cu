// dp2a.cu - the two-way dot product (__dp2a_lo, __dp2a_hi, PTX dp2a) of
// every signedness: row k of the results at O[k * 32 + lane] (rows 2 and 3
// mix a signed and an unsigned operand, which only PTX writes).
__global__ void dp2a(const int *A, const int *B, unsigned *O)
{
	int t = threadIdx.x;
	int a = A[t], b = B[t];
	unsigned su, us;
	asm("dp2a.lo.s32.u32 %0, %1, %2, %3;" : "=r"(su) : "r"(a), "r"(b), "r"(t));
	asm("dp2a.hi.u32.s32 %0, %1, %2, %3;" : "=r"(us) : "r"(a), "r"(b), "r"(-t));
	O[0 * 32 + t] = __dp2a_lo(a, b, t - 16);
	O[1 * 32 + t] = __dp2a_hi((unsigned)a, (unsigned)b, (unsigned)t * 0x01010101u);
	O[2 * 32 + t] = su;
	O[3 * 32 + t] = us;
}
