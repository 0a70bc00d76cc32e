// cuda_ptx: --use_fast_math
// fastmath.cu - float arithmetic as nvcc --use_fast_math compiles it: every
// operation flushes subnormal inputs and results to zero (.ftz), division
// and the library's functions are the approximations (div.approx,
// sqrt.approx, ex2.approx, ...); one row of out a result, one column a pair
// (a[i], b[i]); row 29 the comparisons' bits
__global__ void fastmath(const float *a, const float *b, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float x = a[i], y = b[i];
	out[i] = x + y;
	out[n + i] = x - y;
	out[2 * n + i] = x * y;
	out[3 * n + i] = fmaf(x, y, x);
	out[4 * n + i] = fminf(x, y);
	out[5 * n + i] = fmaxf(x, y);
	out[6 * n + i] = fabsf(x);
	out[7 * n + i] = -x;
	out[8 * n + i] = floorf(x);
	out[9 * n + i] = ceilf(x);
	out[10 * n + i] = __saturatef(x);
	out[11 * n + i] = roundf(x);
	out[12 * n + i] = __fadd_rz(x, y);
	out[13 * n + i] = __fmaf_rz(x, y, x);
	out[14 * n + i] = __fsqrt_rn(x);
	out[15 * n + i] = __frcp_rn(y);
	out[16 * n + i] = __fdiv_rn(x, y);
	out[17 * n + i] = x / y;
	out[18 * n + i] = sqrtf(x);
	out[19 * n + i] = rsqrtf(x);
	out[20 * n + i] = 1.0f / y;
	out[21 * n + i] = exp2f(x);
	out[22 * n + i] = log2f(x);
	out[23 * n + i] = __sinf(x);
	out[24 * n + i] = __cosf(x);
	int *io = (int *)out;
	io[25 * n + i] = (int)x;
	io[26 * n + i] = __float2int_rd(x);
	io[27 * n + i] = __float2int_ru(x);
	io[28 * n + i] = (int)(unsigned)x;
	io[29 * n + i] = (x < y) | (x == y) << 1 | (x >= y) << 2 | (x != y) << 3 | (x > y) << 4 | (x <= y) << 5;
}
