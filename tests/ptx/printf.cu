// printf.cu - CUDA's printf: every conversion, flag, width, precision and
// size the front end accepts (isa/pformat.h), on integers and floats chosen
// for their edges (tests/ptx/printf.s), and the classic hello from every
// thread of several blocks. The text an H200 printed for the same
// workloads is docs/data/cuda-h200/printf.txt.
#include <cstdio>

__global__ void printf_formats(const int *iv, const float *fv, int n)
{
	int t = threadIdx.x;
	if (t < n) {
		int i = iv[t];
		float f = fv[t];
		printf("t=%d i=%d u=%u x=%x X=%X o=%o c=%c\n", t, i, i, i, i, i, 'a' + t % 26);
		printf("t=%d |%5d|%-5d|%05d|%+d|% d|%#x|%#o|%.3d|\n", t, i, i, i, i, i, i, i, i);
		printf("t=%d f=%f e=%e g=%g E=%E G=%G\n", t, f, f, f, f, f);
		printf("t=%d |%10.3f|%-10.2e|%+.0f|%#.0f|%.10g|%08.2f|\n", t, f, f, f, f, f, f);
		printf("t=%d s=%s |%8s|%-8s|%.2s| %%\n", t, "str", "ab", "cd", "xyz");
		printf("t=%d ld=%ld lu=%lu lld=%lld hd=%hd\n", t, (long)i, (unsigned long)(unsigned)i, (long long)i, (short)i);
	}
}

__global__ void printf_hello()
{
	printf("Hello from block %d, thread %d\n", blockIdx.x, threadIdx.x);
	if (threadIdx.x % 2)
		printf("block %d: odd thread %d\n", blockIdx.x, threadIdx.x);
}

// 64-bit arguments whose high word the front end knows: a string chosen by
// a branch (selp of two addresses), a constant (sizeof), products of ints
// widened by mul.wide, signed and unsigned.
__global__ void printf_widened(const int *iv, int n)
{
	int t = threadIdx.x;
	if (t < n) {
		int i = iv[t];
		printf("t=%d %s %lu %ld %lu %lld\n", t, i > 0 ? "pos" : "not pos", sizeof(double), (long)i * 100000,
		       (unsigned long)(unsigned)i * 3u, (long long)i * -7);
	}
}
