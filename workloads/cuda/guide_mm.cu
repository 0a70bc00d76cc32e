// guide_mm.cu - the CUDA C++ Programming Guide's shared-memory matrix
// multiply, as the guide writes it: each matrix a Matrix struct passed to
// the kernel by value (width, height, stride and a pointer: nvcc passes it
// as a 24-byte .param), sub-matrices taken with GetSubMatrix, one
// BLOCK_SIZE x BLOCK_SIZE tile of C a block. Dimensions are multiples of
// BLOCK_SIZE, as the guide assumes.

// Matrices are stored in row-major order:
// M(row, col) = *(M.elements + row * M.stride + col)
typedef struct {
	int width;
	int height;
	int stride;
	float *elements;
} Matrix;

// Thread block size
#define BLOCK_SIZE 16

// Get a matrix element
__device__ float GetElement(const Matrix A, int row, int col) { return A.elements[row * A.stride + col]; }

// Set a matrix element
__device__ void SetElement(Matrix A, int row, int col, float value) { A.elements[row * A.stride + col] = value; }

// Get the BLOCK_SIZExBLOCK_SIZE sub-matrix Asub of A that is located col
// sub-matrices to the right and row sub-matrices down from the upper-left
// corner of A
__device__ Matrix GetSubMatrix(Matrix A, int row, int col)
{
	Matrix Asub;
	Asub.width = BLOCK_SIZE;
	Asub.height = BLOCK_SIZE;
	Asub.stride = A.stride;
	Asub.elements = &A.elements[A.stride * BLOCK_SIZE * row + BLOCK_SIZE * col];
	return Asub;
}

// Matrix multiplication kernel: C = A B
__global__ void MatMulKernel(Matrix A, Matrix B, Matrix C)
{
	// Block row and column
	int blockRow = blockIdx.y;
	int blockCol = blockIdx.x;
	// Each thread block computes one sub-matrix Csub of C
	Matrix Csub = GetSubMatrix(C, blockRow, blockCol);
	// Each thread computes one element of Csub by accumulating results
	// into Cvalue
	float Cvalue = 0;
	// Thread row and column within Csub
	int row = threadIdx.y;
	int col = threadIdx.x;
	// Loop over all the sub-matrices of A and B that are required to
	// compute Csub; multiply each pair together and accumulate the results
	for (int m = 0; m < (A.width / BLOCK_SIZE); ++m) {
		// Get sub-matrix Asub of A and Bsub of B
		Matrix Asub = GetSubMatrix(A, blockRow, m);
		Matrix Bsub = GetSubMatrix(B, m, blockCol);
		// Shared memory used to store Asub and Bsub respectively
		__shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
		__shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
		// Load Asub and Bsub from device memory to shared memory; each
		// thread loads one element of each sub-matrix
		As[row][col] = GetElement(Asub, row, col);
		Bs[row][col] = GetElement(Bsub, row, col);
		// Synchronize to make sure the sub-matrices are loaded before
		// starting the computation
		__syncthreads();
		// Multiply Asub and Bsub together
		for (int e = 0; e < BLOCK_SIZE; ++e)
			Cvalue += As[row][e] * Bs[e][col];
		// Synchronize to make sure that the preceding computation is done
		// before loading two new sub-matrices of A and B in the next
		// iteration
		__syncthreads();
	}
	// Write Csub to device memory; each thread writes one element
	SetElement(Csub, row, col, Cvalue);
}
