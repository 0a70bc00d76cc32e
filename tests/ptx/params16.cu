// params16.cu - 8- and 16-bit kernel parameters (.param .s16 .u16 .s8 .u8),
// each used in arithmetic that shows its sign; row k of the results at
// O[k * 32 + lane].
__global__ void params16(short a, unsigned short b, signed char c, unsigned char d, unsigned *O)
{
	int t = threadIdx.x;
	O[0 * 32 + t] = a * t + b;
	O[1 * 32 + t] = c * t + d;
	O[2 * 32 + t] = (a < c) | (b > d) << 1 | (c < 0) << 2;
	O[3 * 32 + t] = (unsigned)(short)(a + b) + (unsigned)(unsigned char)(c ^ d);
}
