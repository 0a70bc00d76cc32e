// ops.cu - operations the translator maps one to one onto ISA instructions
// added for CUDA (tests/test_ptx.c checks them against the host's C):
// IEEE f32 division, float-to-int with each rounding, atomicInc/atomicDec.
__global__ void fops(const float *a, const float *b, float *q, int *rn, int *rd, int *ru, int *rz)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	q[i] = a[i] / b[i];
	rn[i] = __float2int_rn(a[i]);
	rd[i] = __float2int_rd(a[i]);
	ru[i] = __float2int_ru(a[i]);
	rz[i] = __float2int_rz(a[i]);
}

__global__ void incdec(unsigned *ctr, unsigned *old_inc, unsigned *old_dec, unsigned limit)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	old_inc[i] = atomicInc(&ctr[0], limit);
	old_dec[i] = atomicDec(&ctr[1], limit);
}

// A module-scope table with an initialiser: the workload's buffer "table"
// holds it unless the workload gives its own.
__device__ int table[4] = {10, 20, 30, 40};

__global__ void lookup(const int *idx, int *out)
{
	int i = threadIdx.x;
	out[i] = table[idx[i] % 4];
}
