// grayscale.cu - an RGB image to grey levels, one thread a pixel, as the
// teaching texts write it: 8-bit channels, three to a pixel, read one byte
// at a time, weighted in float, the sum's integer part stored as a byte.
#define CHANNELS 3

__global__ void grayscale(unsigned char *out, const unsigned char *in, int width, int height)
{
	int col = blockIdx.x * blockDim.x + threadIdx.x;
	int row = blockIdx.y * blockDim.y + threadIdx.y;
	if (col < width && row < height) {
		int grey = row * width + col;
		int rgb = grey * CHANNELS;
		unsigned char r = in[rgb];
		unsigned char g = in[rgb + 1];
		unsigned char b = in[rgb + 2];
		out[grey] = 0.21f * r + 0.71f * g + 0.07f * b;
	}
}
