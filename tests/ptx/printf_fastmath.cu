// cuda_ptx: --use_fast_math
// printf_fastmath.cu - printf of floats as nvcc --use_fast_math compiles it:
// each float widened to printf's double by cvt.ftz.f64.f32, so a subnormal
// prints as a zero of its sign; x * 3 flushed as well
#include <cstdio>

__global__ void printf_fastmath(const float *a)
{
	float x = a[threadIdx.x];
	printf("%2d %g %.9e %f\n", threadIdx.x, x, x * 3.0f, x);
}
