// printf_int64.cu - printf of 64-bit integers whose high words the front
// end computes: a long long parameter, its product with the thread index,
// the difference of two pointers, an unsigned long long shifted
#include <cstdio>

__global__ void printf_int64(const int *a, long long n)
{
	const int *p = a + threadIdx.x;
	unsigned long long u = (unsigned long long)n * 3 >> 5;
	printf("%u %lld %lld %lld %llu\n", threadIdx.x, n, n * threadIdx.x - 5, (long long)(p - a), u);
}
