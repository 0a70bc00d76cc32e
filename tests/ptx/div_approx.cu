// div_approx.cu - f32 division's fast forms on pairs (a[i], b[i]), one row
// a form: __fdividef (div.approx.f32), and div.full.f32 and
// div.full.ftz.f32 as nvcc -prec-div=false writes a / b without and with
// --use_fast_math's flush (inline PTX, so that one file holds all three)
__device__ float div_full(float a, float b)
{
	float d;
	asm("div.full.f32 %0, %1, %2;" : "=f"(d) : "f"(a), "f"(b));
	return d;
}

__device__ float div_full_ftz(float a, float b)
{
	float d;
	asm("div.full.ftz.f32 %0, %1, %2;" : "=f"(d) : "f"(a), "f"(b));
	return d;
}

__global__ void div_approx(const float *a, const float *b, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float x = a[i], y = b[i];
	out[i] = __fdividef(x, y);
	out[n + i] = div_full(x, y);
	out[2 * n + i] = div_full_ftz(x, y);
}
