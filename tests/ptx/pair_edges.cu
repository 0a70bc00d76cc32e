// pair_edges.cu - register pairs at their edges, each once a bug a review
// found: hionly reads only the high word of a double sum (__double2hiint),
// so nothing reads the sum's low word; ptrdiff subtracts a pointer loaded
// from memory from a pointer (a negative difference, its high word all
// ones).
__global__ void hionly(const double *a, const double *b, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = __double2hiint(a[i] + b[i]);
}

__global__ void ptrdiff(int *a, int **pp, long long *out)
{
	int i = threadIdx.x;
	a[i] = i;
	pp[i] = a + 3 * i + 1;
	__syncthreads();
	int *q = pp[(i + 1) & 31];
	out[i] = a - q;
}
