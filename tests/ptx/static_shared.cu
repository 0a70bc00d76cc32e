// static_shared.cu - 60,000 bytes of static shared memory: more than the
// 48 KB a block may declare statically, opted in or not (CUDA puts what an
// opt-in adds in dynamic shared memory only).
__global__ void static_shared(float *out)
{
	__shared__ float s[15000];
	s[threadIdx.x] = threadIdx.x;
	__syncthreads();
	out[threadIdx.x] = s[(threadIdx.x + 1) % 32];
}
