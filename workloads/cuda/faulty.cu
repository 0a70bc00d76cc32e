// faulty.cu - the seed's __syncthreads deadlock (seed 000): even threads wait
// at a barrier the odd threads never reach.
__global__ void faulty_kernel(float *data)
{
	int idx = threadIdx.x;
	if (idx % 2 == 0) {
		data[idx] = 1.0f;
		__syncthreads();
	} else {
		data[idx] = 2.0f;
	}
}
