// i2f64.cu - 64-bit integers converted to float (cvt.rn.f32.u64 and
// .s64), each built from two 32-bit words: thread t's value is
// w[2t] | w[2t+1] << 32, out[2t] its float as unsigned, out[2t+1] as signed
__global__ void i2f64(const unsigned *w, float *out)
{
	unsigned t = threadIdx.x;
	unsigned long long u = (unsigned long long)w[2 * t + 1] << 32 | w[2 * t];
	out[2 * t] = (float)u;
	out[2 * t + 1] = (float)(long long)u;
}
