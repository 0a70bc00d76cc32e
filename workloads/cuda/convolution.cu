// convolution.cu - the textbook 1D convolution with its mask in constant
// memory (Kirk and Hwu, Programming Massively Parallel Processors, the basic
// kernel of the convolution chapter), as it is written there: every thread
// computes one output element, reading the mask M from __constant__ memory;
// neighbours outside the input count as zero ("ghost" elements).
#define MAX_MASK_WIDTH 10
__constant__ float M[MAX_MASK_WIDTH];

__global__ void convolution_1D_basic_kernel(float *N, float *P, int Mask_Width, int Width)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float Pvalue = 0;
	int N_start_point = i - (Mask_Width / 2);
	for (int j = 0; j < Mask_Width; j++) {
		if (N_start_point + j >= 0 && N_start_point + j < Width) {
			Pvalue += N[N_start_point + j] * M[j];
		}
	}
	P[i] = Pvalue;
}
