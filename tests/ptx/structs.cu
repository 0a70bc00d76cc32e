// structs.cu - structs and vector types passed by value: 8-, 16-, 32- and
// 64-bit fields (a pointer among them), a float3, an int4, a byte array (an
// element chosen by the thread) and a long long read through its low word;
// integer row k of the results at O[k * 32 + lane] (row 1 unused), the float
// one at P[lane].
struct Mixed {
	signed char c;
	unsigned char u;
	short s;
	int k;
	float f;
	const int *in;
};

struct Tail {
	unsigned short h;
	unsigned char b[2];
	long long q;
};

__global__ void structs(Mixed m, float3 v, Tail t, int4 w, unsigned *O, float *P)
{
	int x = threadIdx.x;
	O[0 * 32 + x] = m.c * x + m.u + m.s * 3 + m.k + m.in[x];
	P[x] = m.f * x + v.x - v.y * v.z;
	O[2 * 32 + x] = t.h + ((x & 1) ? t.b[1] : t.b[0]) * 5 + (unsigned)t.q;
	O[3 * 32 + x] = w.x + w.y * x + w.z - w.w;
}
