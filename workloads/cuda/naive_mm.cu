// naive_mm.cu - the seed's simple matrix multiply (seed 000, seed 004): one
// thread per element of C, reading A and B from global memory.
__global__ void MatrixMulKernel(int m, int n, int k, float *A, float *B, float *C)
{
	int Row = blockIdx.y * blockDim.y + threadIdx.y;
	int Col = blockIdx.x * blockDim.x + threadIdx.x;
	if ((Row < m) && (Col < k)) {
		float Cvalue = 0.0;
		for (int i = 0; i < n; ++i)
			Cvalue += A[Row * n + i] * B[Col + i * k];
		C[Row * k + Col] = Cvalue;
	}
}
