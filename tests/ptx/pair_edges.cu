// pair_edges.cu - register pairs at their edges, each once a bug a review
// found: hionly reads only the high word of a double sum (__double2hiint),
// so nothing reads the sum's low word; ptrdiff subtracts a pointer loaded
// from memory from a pointer (a negative difference, its high word all
// ones); v2fma uses the two doubles of a 128-bit load in place.
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

// v2fma: a double2 read as one 128-bit load, its two doubles the halves of
// that load's registers, used as pairs in place (no copies)
__global__ void v2fma(const double2 *a, double *o)
{
	int i = threadIdx.x;
	double2 v = a[i];
	o[i] = v.x * v.y + v.x;
}
