// loops.cu - a loop of a different trip count in every thread (n[i], 0 to
// 99): nvcc unrolls it 4 times with a remainder loop, and the front end
// unrolls the main loop 4 times more, as ptxas does (isa/ptx_unroll.c).
// The loads walk a[] by a pointer that steps each trip, so the unrolled
// copies fold its steps into their address offsets.
__global__ void loops(int *out, const int *n, const int *a)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int s = 0;
	for (int k = 0; k < n[i]; k++)
		s = s * 3 + a[i + k];
	out[i] = s;
}
