// rounding.cu - floorf, ceilf, truncf, rintf and roundf, each element of a
// into its own row of out (cvt.rmi/.rpi/.rzi/.rni.f32.f32; roundf as nvcc
// builds it from them)
__global__ void rounding(const float *a, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float x = a[i];
	out[i] = floorf(x);
	out[n + i] = ceilf(x);
	out[2 * n + i] = truncf(x);
	out[3 * n + i] = rintf(x);
	out[4 * n + i] = roundf(x);
}

// rounded_ops: a[i] op b[i] in the directed rounding modes (__fmul_rz,
// __fadd_rd, __fsub_ru, ...: mul/add/sub.{rz,rm,rp}.f32), nine rows of out
__global__ void rounded_ops(const float *a, const float *b, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float x = a[i], y = b[i];
	out[i] = __fmul_rz(x, y);
	out[n + i] = __fmul_rd(x, y);
	out[2 * n + i] = __fmul_ru(x, y);
	out[3 * n + i] = __fadd_rz(x, y);
	out[4 * n + i] = __fadd_rd(x, y);
	out[5 * n + i] = __fadd_ru(x, y);
	out[6 * n + i] = __fsub_rz(x, y);
	out[7 * n + i] = __fsub_rd(x, y);
	out[8 * n + i] = __fsub_ru(x, y);
}
