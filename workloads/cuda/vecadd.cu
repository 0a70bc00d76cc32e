// vecadd.cu - vector addition, one thread per element.
__global__ void vecAdd(const float *A, const float *B, float *C, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		C[i] = A[i] + B[i];
}
