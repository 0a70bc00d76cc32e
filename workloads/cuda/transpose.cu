// transpose.cu - out = in^T for an n x n matrix, three ways, on TILE x ROWS
// blocks where each thread moves TILE / ROWS elements: naive (the writes are
// strided), through a shared tile (both sides coalesced, but a column of the
// tile falls in one bank), and through a padded tile (no bank conflicts).
#define TILE 32
#define ROWS 8

__global__ void transpose_naive(const float *in, float *out, int n)
{
	int x = blockIdx.x * TILE + threadIdx.x;
	int y = blockIdx.y * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		if (x < n && y + j < n)
			out[x * n + (y + j)] = in[(y + j) * n + x];
}

__global__ void transpose_shared(const float *in, float *out, int n)
{
	__shared__ float tile[TILE][TILE];
	int x = blockIdx.x * TILE + threadIdx.x;
	int y = blockIdx.y * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		if (x < n && y + j < n)
			tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		if (x < n && y + j < n)
			out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transpose_padded(const float *in, float *out, int n)
{
	__shared__ float tile[TILE][TILE + 1];
	int x = blockIdx.x * TILE + threadIdx.x;
	int y = blockIdx.y * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		if (x < n && y + j < n)
			tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += ROWS)
		if (x < n && y + j < n)
			out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
