// f64.cu - doubles as users write them. f64ops: every double operation
// nvcc emits for C's operators and the CUDA math functions that map to one
// PTX instruction (+ - * fma / sqrt 1/x fmin fmax - fabs), conversions
// between double and float (each rounding), int and unsigned (each
// rounding), and the compares, on 64 pairs of edge values (NaN, infinities,
// zeros, subnormals, the largest double, values at the integers' limits)
// and random ones. ddot: a double dot product of ints scaled by 2^-20,
// each block's sum from a grid-stride loop and a shared-memory tree (its
// own output, so that the order of the additions is the kernel's), and an
// atomicAdd of doubles whose sum is exact whatever the order. f64conv:
// conversions between doubles and 64-bit integers; f32conv64: floats to
// 64-bit integers; dround: doubles to integral doubles, and copysign;
// dexp: the math library's exp() of doubles.
__global__ void f64ops(const double *a, const double *b, const float *f, const int *n, double *o, float *of,
		       int *oi, unsigned *ou, double alpha)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	double x = a[i], y = b[i];
	double *r = o + 12 * i;
	r[0] = x + y;
	r[1] = x - y;
	r[2] = x * y;
	r[3] = fma(x, y, alpha);
	r[4] = x / y;
	r[5] = sqrt(x);
	r[6] = 1.0 / y;
	r[7] = fmin(x, y);
	r[8] = fmax(x, y);
	r[9] = -x;
	r[10] = fabs(y);
	r[11] = (double)f[i] * alpha + (double)n[i] + (double)(unsigned)n[i];
	float *g = of + 4 * i;
	g[0] = (float)x;
	g[1] = __double2float_rz(x);
	g[2] = __double2float_rd(x);
	g[3] = __double2float_ru(x);
	int *k = oi + 4 * i;
	k[0] = (int)x;
	k[1] = __double2int_rn(x);
	k[2] = __double2int_rd(y);
	k[3] = __double2int_ru(y);
	ou[2 * i] = __double2uint_rz(y);
	ou[2 * i + 1] = (x < y) | (x <= y) << 1 | (x == y) << 2 | (x != y) << 3 | (x > y) << 4 | (x >= y) << 5 |
			isnan(x) << 6 | !(x < y) << 7 | !(x >= y) << 8;
}

__global__ void ddot(const int *x, const int *y, double *out, int n)
{
	__shared__ double part[256];
	double s = 0.0;
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		s = fma(x[i] * 0x1p-20, y[i] * 0x1p-20, s);
	part[threadIdx.x] = s;
	__syncthreads();
	for (int h = blockDim.x / 2; h > 0; h /= 2) {
		if (threadIdx.x < h)
			part[threadIdx.x] += part[threadIdx.x + h];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		out[blockIdx.x] = part[0];
	atomicAdd(&out[gridDim.x], 0.5 * (threadIdx.x + 1));
}

// f64conv: doubles to 64-bit integers in each rounding (saturating; NaN),
// and 64-bit integers (the same doubles' bits) to doubles, rounded to
// nearest even.
__global__ void f64conv(const double *a, double *od, unsigned long long *ol)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	double x = a[i];
	long long bits = __double_as_longlong(x);
	unsigned long long *l = ol + 8 * i;
	l[0] = (unsigned long long)(long long)x;
	l[1] = (unsigned long long)__double2ll_rn(x);
	l[2] = (unsigned long long)__double2ll_rd(x);
	l[3] = (unsigned long long)__double2ll_ru(x);
	l[4] = (unsigned long long)x;
	l[5] = __double2ull_rn(x);
	l[6] = __double2ull_rd(x);
	l[7] = __double2ull_ru(x);
	od[2 * i] = (double)bits;
	od[2 * i + 1] = (double)(unsigned long long)bits;
}

// f32conv64: floats to 64-bit integers in each rounding (saturating; NaN),
// as (long long)f, __float2ll_rn/_rd/_ru and the unsigned ones
__global__ void f32conv64(const float *f, unsigned long long *ol)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float x = f[i];
	unsigned long long *l = ol + 8 * i;
	l[0] = (unsigned long long)(long long)x;
	l[1] = (unsigned long long)__float2ll_rn(x);
	l[2] = (unsigned long long)__float2ll_rd(x);
	l[3] = (unsigned long long)__float2ll_ru(x);
	l[4] = (unsigned long long)x;
	l[5] = __float2ull_rn(x);
	l[6] = __float2ull_rd(x);
	l[7] = __float2ull_ru(x);
}

// dround: doubles to integral doubles (trunc, rint, floor, ceil, round)
// and copysign, on f64.s's 64 pairs
__global__ void dround(const double *a, const double *b, double *o)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	double x = a[i];
	double *r = o + 6 * i;
	r[0] = trunc(x);
	r[1] = rint(x);
	r[2] = floor(x);
	r[3] = ceil(x);
	r[4] = copysign(x, b[i]);
	r[5] = round(x);
}

// dexp: the CUDA math library's exp() of doubles, which nvcc inlines as
// some 40 instructions of fma, integer and bit operations on the double's
// two words: every one exact, so the result is the GPU's bit for bit
__global__ void dexp(const double *a, double *o)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	o[i] = exp(a[i]);
}
