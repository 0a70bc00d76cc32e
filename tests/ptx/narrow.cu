// narrow.cu - 8- and 16-bit data as CUDA code keeps it: char, short and
// uchar4 loads and stores, global and shared, and the 16-bit arithmetic
// nvcc writes for short values (min, max, shifts, division, compares,
// conversions). Each lane writes 16 rows of results to O (row k at
// O[k * 32 + lane]) and its bytes and shorts to B and H.
__global__ void narrow(const signed char *c, const unsigned char *uc, const short *s,
		       const unsigned short *us, const uchar4 *q, const float *f,
		       unsigned *O, unsigned char *B, unsigned short *H, uchar4 *Q)
{
	__shared__ unsigned char sb[64];
	__shared__ short sh[64];
	int l = threadIdx.x;
	sb[l] = uc[l] ^ 0x5a;
	sh[l] = s[l] - 3;
	__syncthreads();
	short a = s[l], b = s[31 - l];
	unsigned short ua = us[l], ub = us[(l + 7) & 31];
	O[0 * 32 + l] = (int)c[l];
	O[1 * 32 + l] = uc[l];
	O[2 * 32 + l] = (int)a;
	O[3 * 32 + l] = ua;
	O[4 * 32 + l] = (int)(short)min(a, b);
	O[5 * 32 + l] = (unsigned short)max(ua, ub);
	O[6 * 32 + l] = (int)(short)(a >> (l & 15));
	O[7 * 32 + l] = (unsigned short)(ua >> (l & 15));
	O[8 * 32 + l] = (unsigned short)(ua / (unsigned short)(ub | 1));
	O[9 * 32 + l] = (int)(short)(a % (short)(b | 1));
	O[10 * 32 + l] = (a < b) | (ua > ub) << 1 | (c[l] < 0) << 2;
	O[11 * 32 + l] = __float_as_uint((float)a + (float)ua);
	O[12 * 32 + l] = (int)(short)f[l] | (unsigned)(unsigned char)f[l] << 16;
	O[13 * 32 + l] = (unsigned)ua * ub;
	O[14 * 32 + l] = sb[(l * 5) & 31] | (int)sh[(l * 3) & 31] << 8;
	uchar4 v = q[l];
	O[15 * 32 + l] = v.x + 2 * v.y + 3 * v.z + 4 * v.w;
	B[l] = (unsigned char)(c[l] * 3);
	H[l] = (unsigned short)(ua + ub);
	Q[l] = make_uchar4(v.w, v.z, v.y, v.x + 1);
}

// PTX's bit-field and byte instructions (written as inline PTX so that
// nvcc keeps them): bfe and bfi with positions and lengths from registers
// (past 31 too) and as constants, prmt through __byte_perm and with a
// sign-replicating selector. Row k at O[k * 32 + lane].
__global__ void bitfield(const unsigned *in, unsigned *O)
{
	int l = threadIdx.x;
	unsigned a = in[l], b = in[(l + 5) & 31], pos = (l * 7) % 40, len = (l * 11) % 36, r;
	asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(pos), "r"(len));
	O[0 * 32 + l] = r;
	asm("bfe.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(pos), "r"(len));
	O[1 * 32 + l] = r;
	asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(pos), "r"(len));
	O[2 * 32 + l] = r;
	asm("bfe.u32 %0, %1, 5, 9;" : "=r"(r) : "r"(a));
	O[3 * 32 + l] = r;
	asm("bfe.s32 %0, %1, 28, 8;" : "=r"(r) : "r"(a));
	O[4 * 32 + l] = r;
	asm("bfi.b32 %0, %1, %2, 12, 7;" : "=r"(r) : "r"(a), "r"(b));
	O[5 * 32 + l] = r;
	O[6 * 32 + l] = __byte_perm(a, b, b >> 7);
	O[7 * 32 + l] = __byte_perm(a, b, 0x7531);
	asm("prmt.b32 %0, %1, %2, 0x89ab;" : "=r"(r) : "r"(a), "r"(b));
	O[8 * 32 + l] = r;
}
