// saturate.cu - __saturatef: x clamped to [+0, 1], NaN to +0
// (cvt.sat.f32.f32)
__global__ void saturate(const float *a, float *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = __saturatef(a[i]);
}
