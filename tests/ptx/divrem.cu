// divrem.cu - integer division and remainder, for tests/test_ptx.c: the
// translator expands div/rem into a sequence that must equal C's for every
// operand pair.
__global__ void divrem_u(const unsigned *a, const unsigned *b, unsigned *q, unsigned *r)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	q[i] = a[i] / b[i];
	r[i] = a[i] % b[i];
}

__global__ void divrem_s(const int *a, const int *b, int *q, int *r)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	q[i] = a[i] / b[i];
	r[i] = a[i] % b[i];
}
