// The seed's boundary-checked tiled matmul (seed 004, lecture 2.8).
template <int TILE_WIDTH>
__global__ void MatrixMulKernel(int m, int n, int k, float *A, float *B, float *C)
{
	__shared__ float ds_A[TILE_WIDTH][TILE_WIDTH];
	__shared__ float ds_B[TILE_WIDTH][TILE_WIDTH];
	int bx = blockIdx.x; int by = blockIdx.y;
	int tx = threadIdx.x; int ty = threadIdx.y;
	int Row = by * blockDim.y + ty;
	int Col = bx * blockDim.x + tx;
	float Cvalue = 0;
	for (int t = 0; t < (n - 1) / TILE_WIDTH + 1; ++t) {
		if (Row < m && t * TILE_WIDTH + tx < n) {
			ds_A[ty][tx] = A[Row * n + t * TILE_WIDTH + tx];
		} else {
			ds_A[ty][tx] = 0.0;
		}
		if (t * TILE_WIDTH + ty < n && Col < k) {
			ds_B[ty][tx] = B[(t * TILE_WIDTH + ty) * k + Col];
		} else {
			ds_B[ty][tx] = 0.0;
		}
		__syncthreads();
		for (int i = 0; i < TILE_WIDTH; ++i) {
			Cvalue += ds_A[ty][i] * ds_B[i][tx];
		}
		__syncthreads();
	}
	if (Row < m && Col < k)
		C[Row * k + Col] = Cvalue;
}
template __global__ void MatrixMulKernel<2>(int, int, int, float *, float *, float *);
template __global__ void MatrixMulKernel<8>(int, int, int, float *, float *, float *);
template __global__ void MatrixMulKernel<16>(int, int, int, float *, float *, float *);
template __global__ void MatrixMulKernel<32>(int, int, int, float *, float *, float *);
