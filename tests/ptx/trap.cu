// trap.cu - __trap() where a value is negative: the kernel fails there, as
// a GPU's launch fails (cudaErrorLaunchFailure); with none negative it runs
// through and doubles every value
__global__ void trap_negative(const int *a, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (a[i] < 0)
		__trap();
	out[i] = 2 * a[i];
}
