// fcmp.cu - every PTX float comparison (setp.CMP.f32: ordered eq ne lt le
// gt ge, unordered equ neu ltu leu gtu geu, num, nan) of a[i] and b[i],
// one bit each of out[i], as a user's !(x < y) or isnan() compiles.
#define SETP(cmp, bit)                                                              \
	asm("{ .reg .pred %%q; setp." #cmp ".f32 %%q, %1, %2; selp.u32 %0, " #bit ", 0, %%q; }" \
	    : "=r"(t) : "f"(x), "f"(y));                                                \
	r |= t;
__global__ void fcmp(const float *a, const float *b, unsigned *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float x = a[i], y = b[i];
	unsigned r = 0, t;
	SETP(eq, 1) SETP(ne, 2) SETP(lt, 4) SETP(le, 8) SETP(gt, 16) SETP(ge, 32)
	SETP(equ, 64) SETP(neu, 128) SETP(ltu, 256) SETP(leu, 512) SETP(gtu, 1024) SETP(geu, 2048)
	SETP(num, 4096) SETP(nan, 8192)
	out[i] = r;
}
