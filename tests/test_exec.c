/* test_exec.c - instruction semantics. Every expected value is worked out
 * from the definition (C, IEEE-754, the CUDA programming guide), not taken
 * from the simulator. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "exec.h"
#include "gmem.h"

#define NR 64

static uint32_t regs[NR * 32];
static struct exec_warp W;
static struct exec_env E;
static uint8_t shared[256];
static struct gmem G;
static uint32_t args[2] = {77, 0x100000};

static void setup(void)
{
	memset(regs, 0, sizeof regs);
	memset(&W, 0, sizeof W);
	W.regs = regs;
	W.nregs = NR;
	W.warp_in_block = 1;
	W.preds[ISA_PT] = ~0u;
	memset(&E, 0, sizeof E);
	E.ntid[0] = 8;
	E.ntid[1] = 4;
	E.ntid[2] = 2;
	E.ctaid[1] = 3;
	E.nctaid[0] = 5;
	E.smid = 9;
	E.clock = 0x123456789ull;
	memset(shared, 0, sizeof shared);
	E.shared = shared;
	E.shared_size = sizeof shared;
	E.args = args;
	E.nargs = 2;
	gmem_init(&G);
	ck_assert_int_eq(gmem_add(&G, "buf", 64), 0);
	E.gmem.region = gmem_region;
	E.gmem.ctx = &G;
}

static void teardown(void) { gmem_free(&G); }

#define R(r, l) regs[(r) * 32 + (l)]

static uint32_t fb(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

/* Assemble one instruction and run it for the lanes in mask. */
static struct exec_result run(const char *insn, uint32_t mask)
{
	char text[256];
	snprintf(text, sizeof text, ".grid 1\n.block 32\n.arg a 77\n.arg b 0\n.regs %d\n    %s\nL:  exit\n",
		 NR, insn);
	struct program *p = must_assemble(text);
	struct exec_result r;
	exec_insn(&p->code[0], &W, &E, mask, &r);
	program_free(p);
	return r;
}

static void set_all(int r, uint32_t v)
{
	for (int l = 0; l < 32; l++)
		R(r, l) = v;
}

START_TEST(integer_ops)
{
	set_all(1, 0xfffffff0u); /* -16 */
	set_all(2, 3);
	run("iadd r3, r1, r2", ~0u);
	ck_assert_uint_eq(R(3, 5), 0xfffffff3u);
	run("isub r3, r2, r1", ~0u);
	ck_assert_uint_eq(R(3, 0), 19);
	run("imul r3, r1, r2", ~0u);
	ck_assert_uint_eq(R(3, 0), (uint32_t)-48);
	run("imulhi.s32 r3, r1, r2", ~0u); /* -48 >> 32 = -1 */
	ck_assert_uint_eq(R(3, 0), 0xffffffffu);
	run("imulhi.u32 r3, r1, r2", ~0u); /* (2^32-16)*3 >> 32 = 2 */
	ck_assert_uint_eq(R(3, 0), 2);
	run("imad r3, r2, r2, r1", ~0u); /* 9 - 16 */
	ck_assert_uint_eq(R(3, 0), (uint32_t)-7);
	run("shl r3, r2, 31", ~0u);
	ck_assert_uint_eq(R(3, 0), 0x80000000u);
	run("shl r3, r2, 32", ~0u); /* PTX clamps: shifted out entirely */
	ck_assert_uint_eq(R(3, 0), 0);
	run("shr.s32 r3, r1, 2", ~0u);
	ck_assert_uint_eq(R(3, 0), (uint32_t)-4);
	run("shr.s32 r3, r1, 40", ~0u);
	ck_assert_uint_eq(R(3, 0), 0xffffffffu);
	run("shr.u32 r3, r1, 28", ~0u);
	ck_assert_uint_eq(R(3, 0), 0xf);
	run("imin.s32 r3, r1, r2", ~0u);
	ck_assert_uint_eq(R(3, 0), 0xfffffff0u);
	run("imin.u32 r3, r1, r2", ~0u);
	ck_assert_uint_eq(R(3, 0), 3);
	run("imax.s32 r3, r1, r2", ~0u);
	ck_assert_uint_eq(R(3, 0), 3);
	set_all(4, 0x80000000u);
	run("iabs r3, r4", ~0u); /* |INT_MIN| wraps to INT_MIN */
	ck_assert_uint_eq(R(3, 0), 0x80000000u);
	run("iabs r3, r1", ~0u);
	ck_assert_uint_eq(R(3, 0), 16);
	run("popc r3, r1", ~0u);
	ck_assert_uint_eq(R(3, 0), 28);
	run("ffs r3, r4", ~0u); /* __ffs: 1-based position of the lowest set bit */
	ck_assert_uint_eq(R(3, 0), 32);
	run("ffs r3, rz", ~0u);
	ck_assert_uint_eq(R(3, 0), 0);
	run("clz r3, r2", ~0u);
	ck_assert_uint_eq(R(3, 0), 30);
	run("not r3, r2", ~0u);
	ck_assert_uint_eq(R(3, 0), 0xfffffffcu);
	run("xor r3, r2, 0xff", ~0u);
	ck_assert_uint_eq(R(3, 0), 0xfc);
	run("mov r3, -1.5", ~0u);
	ck_assert_uint_eq(R(3, 0), fb(-1.5f));
	run("iadd rz, r2, r2", ~0u); /* writes to rz vanish */
	run("mov r3, rz", ~0u);
	ck_assert_uint_eq(R(3, 7), 0);
}
END_TEST

START_TEST(masks_guards_predicates)
{
	for (int l = 0; l < 32; l++)
		R(1, l) = (uint32_t)l;
	set_all(3, 100);
	run("isetp.lt.u32 p0, r1, 4", 0x0000ffffu); /* only lanes 0..15 write p0 */
	ck_assert_uint_eq(W.preds[0], 0xf);
	run("@p0 iadd r3, r1, 1000", ~0u);
	ck_assert_uint_eq(R(3, 2), 1002);
	ck_assert_uint_eq(R(3, 4), 100);
	run("@!p0 mov r3, 7", 0xf0u); /* active lanes 4..7, guard true there */
	ck_assert_uint_eq(R(3, 5), 7);
	ck_assert_uint_eq(R(3, 8), 100);
	set_all(2, fb(-1.0f));
	run("isetp.lt.s32 p1, r2, 0", ~0u);
	ck_assert_uint_eq(W.preds[1], ~0u);
	run("isetp.lt.u32 p1, r2, 0", ~0u);
	ck_assert_uint_eq(W.preds[1], 0);
	run("plop.or p2, !p0, p1", ~0u);
	ck_assert_uint_eq(W.preds[2], ~0xfu);
	run("plop.xor p2, p0, pt", ~0u);
	ck_assert_uint_eq(W.preds[2], ~0xfu);
	run("sel r4, r1, 50, p0", ~0u);
	ck_assert_uint_eq(R(4, 3), 3);
	ck_assert_uint_eq(R(4, 4), 50);
	struct exec_result r = run("@p0 bra L", 0xffu);
	ck_assert_uint_eq(r.taken, 0xfu);
	ck_assert_uint_eq(r.exec_mask, 0xfu);
}
END_TEST

START_TEST(float_ops)
{
	/* a = 1 + 2^-12: a*a = 1 + 2^-11 + 2^-24 rounds (tie to even) to 1 + 2^-11,
	 * so fmul then fadd gives 0 while the fused ffma keeps 2^-24 */
	set_all(1, fb(1.0f + 0x1p-12f));
	set_all(2, fb(-(1.0f + 0x1p-11f)));
	run("ffma r3, r1, r1, r2", ~0u);
	ck_assert_uint_eq(R(3, 0), fb(0x1p-24f));
	run("fmul r4, r1, r1", ~0u);
	run("fadd r4, r4, r2", ~0u);
	ck_assert_uint_eq(R(4, 0), fb(0.0f));
	set_all(5, fb(NAN));
	set_all(6, fb(2.5f));
	run("fmin r3, r5, r6", ~0u); /* NaN is ignored */
	ck_assert_uint_eq(R(3, 0), fb(2.5f));
	set_all(7, fb(-0.0f));
	run("fmin r3, rz, r7", ~0u); /* min(+0, -0) = -0 */
	ck_assert_uint_eq(R(3, 0), 0x80000000u);
	run("fmax r3, r7, rz", ~0u);
	ck_assert_uint_eq(R(3, 0), 0);
	run("fneg r3, r6", ~0u);
	ck_assert_uint_eq(R(3, 0), fb(-2.5f));
	run("fabs r3, r2", ~0u);
	ck_assert_uint_eq(R(3, 0), fb(1.0f + 0x1p-11f));
	run("fsetp.ne p0, r5, r5", ~0u); /* NaN != NaN is true in C */
	ck_assert_uint_eq(W.preds[0], ~0u);
	run("fsetp.eq p0, r5, r5", ~0u);
	ck_assert_uint_eq(W.preds[0], 0);
	run("fsetp.gt p0, r6, 2.0", ~0u);
	ck_assert_uint_eq(W.preds[0], ~0u);
	set_all(8, fb(-2.7f));
	run("f2i.s32 r3, r8", ~0u); /* truncation toward zero */
	ck_assert_uint_eq(R(3, 0), (uint32_t)-2);
	run("f2i.u32 r3, r8", ~0u); /* saturates at 0 */
	ck_assert_uint_eq(R(3, 0), 0);
	set_all(8, fb(3e9f));
	run("f2i.s32 r3, r8", ~0u);
	ck_assert_uint_eq(R(3, 0), 0x7fffffffu);
	run("f2i.u32 r3, r8", ~0u);
	ck_assert_uint_eq(R(3, 0), 3000000000u);
	run("f2i.s32 r3, r5", ~0u);
	ck_assert_uint_eq(R(3, 0), 0);
	set_all(9, 16777217u); /* 2^24 + 1 rounds to even: 2^24 */
	run("i2f.u32 r3, r9", ~0u);
	ck_assert_uint_eq(R(3, 0), fb(16777216.0f));
	set_all(9, (uint32_t)-3);
	run("i2f.s32 r3, r9", ~0u);
	ck_assert_uint_eq(R(3, 0), fb(-3.0f));
	set_all(10, fb(4.0f));
	run("rcp r3, r10", ~0u);
	ck_assert_uint_eq(R(3, 0), fb(0.25f));
	run("sqrt r3, r10", ~0u);
	ck_assert_uint_eq(R(3, 0), fb(2.0f));
	run("rsqrt r3, r10", ~0u);
	ck_assert_uint_eq(R(3, 0), fb(0.5f));
	run("ex2 r3, r10", ~0u);
	ck_assert_uint_eq(R(3, 0), fb(16.0f));
	run("lg2 r3, r10", ~0u);
	ck_assert_uint_eq(R(3, 0), fb(2.0f));
	run("sin r3, rz", ~0u);
	ck_assert_uint_eq(R(3, 0), fb(0.0f));
	run("cos r3, rz", ~0u);
	ck_assert_uint_eq(R(3, 0), fb(1.0f));
}
END_TEST

/* The bits of a NaN result, against what an NVIDIA H200 wrote for the same
 * PTX operations on the same inputs (tests/data/h200_nan/nanbits.txt, from
 * nanbits.cu): the canonical 0x7fffffff for every arithmetic result, the
 * input's bits for a move. */
static uint32_t gpu_nan(const char *name)
{
	char path[4096], line[256], n[64];
	snprintf(path, sizeof path, "%s/tests/data/h200_nan/nanbits.txt", src_dir());
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s", path);
	unsigned v = 0;
	bool found = false;
	while (!found && fgets(line, sizeof line, f)) {
		char *last = strrchr(line, ' ');
		found = sscanf(line, "%63s", n) == 1 && !strcmp(n, name) && last && sscanf(last, " 0x%x", &v) == 1;
	}
	fclose(f);
	ck_assert_msg(found, "no %s in %s", name, path);
	return v;
}

START_TEST(nan_results_as_the_gpu)
{
	const uint32_t pinf = 0x7f800000u, minf = 0xff800000u, one = fb(1.0f), mone = fb(-1.0f), snan = 0x7fa00001u,
		       nqnan = 0xffc00005u;
	static const struct {
		const char *gpu, *insn;
		int na, nb, nc;
	} c[] = {
		{"add_inf_minf", "fadd r3, r1, r2", 0, 1, -1}, {"sub_inf_inf", "fsub r3, r1, r2", 0, 0, -1},
		{"mul_inf_0", "fmul r3, r1, r2", 0, 2, -1},    {"add_snan_1", "fadd r3, r1, r2", 5, 3, -1},
		{"add_1_nqnan", "fadd r3, r1, r2", 3, 6, -1},  {"mul_nqnan_1", "fmul r3, r1, r2", 6, 3, -1},
		{"add_snan_nqnan", "fadd r3, r1, r2", 5, 6, -1}, {"div_0_0", "fdiv r3, r1, r2", 2, 2, -1},
		{"div_nqnan_1", "fdiv r3, r1, r2", 6, 3, -1},  {"min_snan_nqnan", "fmin r3, r1, r2", 5, 6, -1},
		{"max_snan_nqnan", "fmax r3, r1, r2", 5, 6, -1}, {"min_nqnan_1", "fmin r3, r1, r2", 6, 3, -1},
		{"sqrt_rn_m1", "sqrt r3, r1", 4, -1, -1},      {"rsqrt_m1", "rsqrt r3, r1", 4, -1, -1},
		{"rcp_rn_nqnan", "rcp r3, r1", 6, -1, -1},     {"rcp_approx_snan", "rcp r3, r1", 5, -1, -1},
		{"ex2_nqnan", "ex2 r3, r1", 6, -1, -1},        {"lg2_m1", "lg2 r3, r1", 4, -1, -1},
		{"sin_inf", "sin r3, r1", 0, -1, -1},          {"cos_inf", "cos r3, r1", 0, -1, -1},
		{"neg_snan", "fneg r3, r1", 5, -1, -1},        {"neg_nqnan", "fneg r3, r1", 6, -1, -1},
		{"abs_nqnan", "fabs r3, r1", 6, -1, -1},       {"mov_snan", "mov r3, r1", 5, -1, -1},
		{"fma_inf_0_1", "ffma r3, r1, r2, r4", 0, 2, 3}, {"fma_1_1_snan", "ffma r3, r1, r2, r4", 3, 3, 5},
		{"fma_nqnan_1_1", "ffma r3, r1, r2, r4", 6, 3, 3},
	};
	const uint32_t in[] = {pinf, minf, 0, one, mone, snan, nqnan};
	for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++)
		for (int full = 0; full < 2; full++) { /* a full warp's path and a partial one's */
			set_all(1, in[c[i].na]);
			set_all(2, c[i].nb >= 0 ? in[c[i].nb] : 0);
			set_all(4, c[i].nc >= 0 ? in[c[i].nc] : 0);
			set_all(3, 0x12345678u);
			run(c[i].insn, full ? ~0u : 0x5u);
			uint32_t want = gpu_nan(c[i].gpu);
			ck_assert_msg(R(3, 0) == want && R(3, 2) == want, "%s (%s): 0x%08x, the GPU 0x%08x", c[i].gpu, c[i].insn,
				      R(3, 0), want);
		}
}
END_TEST

/* ffma's rounding modes (PTX fma.{rn,rz,rm,rp}.f32) on products whose exact
 * value lies between two floats, worked out by hand: (1 + 2^-23)^2 =
 * 1 + 2^-22 + 2^-46, just above 1 + 2^-22 (0x3f800002), and 1 + 2^-24, the
 * midpoint of 1 and 1 + 2^-23 (ties to even: 1). */
START_TEST(ffma_rounding_modes)
{
	static const struct {
		uint32_t a, b, c;
		uint32_t rn, rz, rm, rp;
	} k[] = {
		{0x3f800001u, 0x3f800001u, 0, 0x3f800002u, 0x3f800002u, 0x3f800002u, 0x3f800003u},
		{0x3f800001u, 0xbf800001u, 0, 0xbf800002u, 0xbf800002u, 0xbf800003u, 0xbf800002u},
		{0x3f800000u, 0x3f800000u, 0x33800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0x3f800001u},
	};
	static const char *const mode[] = {"ffma r3, r1, r2, r4", "ffma.rz r3, r1, r2, r4", "ffma.rm r3, r1, r2, r4",
					   "ffma.rp r3, r1, r2, r4", "ffma.rn r3, r1, r2, r4"};
	for (unsigned i = 0; i < sizeof k / sizeof k[0]; i++)
		for (unsigned m = 0; m < 5; m++)
			for (int full = 0; full < 2; full++) {
				set_all(1, k[i].a);
				set_all(2, k[i].b);
				set_all(4, k[i].c);
				run(mode[m], full ? ~0u : 0x3u);
				uint32_t want = m == 1 ? k[i].rz : m == 2 ? k[i].rm : m == 3 ? k[i].rp : k[i].rn;
				ck_assert_msg(R(3, 1) == want, "%s on case %u: 0x%08x, want 0x%08x", mode[m], i, R(3, 1), want);
			}
}
END_TEST

START_TEST(special_registers)
{
	/* warp 1 of an 8x4x2 block: lane l is thread 32 + l */
	run("s2r r1, %tid.x", ~0u);
	run("s2r r2, %tid.y", ~0u);
	run("s2r r3, %tid.z", ~0u);
	ck_assert_uint_eq(R(1, 13), (32 + 13) % 8);
	ck_assert_uint_eq(R(2, 13), (32 + 13) / 8 % 4);
	ck_assert_uint_eq(R(3, 13), (32 + 13) / 32);
	run("s2r r1, %ntid.y", ~0u);
	ck_assert_uint_eq(R(1, 0), 4);
	run("s2r r1, %ctaid.y", ~0u);
	ck_assert_uint_eq(R(1, 0), 3);
	run("s2r r1, %nctaid.x", ~0u);
	ck_assert_uint_eq(R(1, 0), 5);
	run("s2r r1, %laneid", ~0u);
	ck_assert_uint_eq(R(1, 17), 17);
	run("s2r r1, %warpid", ~0u);
	ck_assert_uint_eq(R(1, 17), 1);
	run("s2r r1, %smid", ~0u);
	ck_assert_uint_eq(R(1, 0), 9);
	run("s2r r4, %clock64", ~0u);
	ck_assert_uint_eq(R(4, 0), 0x23456789u);
	ck_assert_uint_eq(R(5, 0), 0x1u);
	run("s2r r1, %lanemask_lt", ~0u);
	ck_assert_uint_eq(R(1, 5), 0x1f);
	run("s2r r1, %lanemask_ge", ~0u);
	ck_assert_uint_eq(R(1, 31), 0x80000000u);
	run("s2r r1, %lanemask_gt", ~0u);
	ck_assert_uint_eq(R(1, 31), 0);
	run("ldc r1, b", ~0u);
	ck_assert_uint_eq(R(1, 3), 0x100000);
	/* the same in every lane, written for the executing lanes only */
	run("s2r r6, %ctaid.y", 0x0000ff00u);
	ck_assert_uint_eq(R(6, 8), 3);
	ck_assert_uint_eq(R(6, 15), 3);
	ck_assert_uint_eq(R(6, 7), 0);
	ck_assert_uint_eq(R(6, 16), 0);
	run("ldc r7, a", 0x80000001u);
	ck_assert_uint_eq(R(7, 0), 77);
	ck_assert_uint_eq(R(7, 31), 77);
	ck_assert_uint_eq(R(7, 1), 0);
	run("s2r r8, %clock", ~0u);
	ck_assert_uint_eq(R(8, 0), 0x23456789u);
	ck_assert_uint_eq(R(8, 31), 0x23456789u);
}
END_TEST

START_TEST(memory_and_atomics)
{
	uint32_t base = G.bufs[0].base;
	for (int l = 0; l < 32; l++)
		R(1, l) = base + 4u * (uint32_t)(l % 16);
	set_all(2, 5);
	run("stg [r1], r2", 0xffffu);
	uint32_t v;
	memcpy(&v, G.bufs[0].data + 12, 4);
	ck_assert_uint_eq(v, 5);
	/* every lane adds 1 to word 0: 32 updates, lane l sees l as old value */
	set_all(3, base);
	set_all(4, 1);
	run("atomg.add r5, [r3], r4", ~0u);
	memcpy(&v, G.bufs[0].data, 4);
	ck_assert_uint_eq(v, 5 + 32);
	ck_assert_uint_eq(R(5, 0), 5);
	ck_assert_uint_eq(R(5, 31), 5 + 31);
	/* cas: only the first lane finds the expected value */
	set_all(6, 37);
	set_all(7, 1000);
	run("atomg.cas r8, [r3], r6, r7", ~0u);
	memcpy(&v, G.bufs[0].data, 4);
	ck_assert_uint_eq(v, 1000);
	ck_assert_uint_eq(R(8, 0), 37);
	ck_assert_uint_eq(R(8, 1), 1000);
	run("atomg.max.s32 r8, [r3], -5", 1u);
	memcpy(&v, G.bufs[0].data, 4);
	ck_assert_uint_eq(v, 1000);
	run("atomg.exch r8, [r3], 9", 1u);
	memcpy(&v, G.bufs[0].data, 4);
	ck_assert_uint_eq(v, 9);
	/* 128-bit load */
	for (int k = 0; k < 4; k++) {
		uint32_t w = 100u + (uint32_t)k;
		memcpy(G.bufs[0].data + 16 + 4 * k, &w, 4);
	}
	set_all(9, base + 16);
	run("ldg.128 r12, [r9]", 1u);
	ck_assert_uint_eq(R(12, 0), 100);
	ck_assert_uint_eq(R(15, 0), 103);
	/* shared memory and its atomics */
	set_all(10, 8);
	run("sts [r10+4], r2", 1u);
	ck_assert_uint_eq(shared[12], 5);
	set_all(13, fb(2.0f));
	run("sts [r10+4], r13", 1u);
	run("atoms.add.f32 r11, [r10+4], 1.5", 1u);
	ck_assert_uint_eq(R(11, 0), fb(2.0f)); /* the old value */
	run("lds r11, [r10+4]", 1u);
	ck_assert_uint_eq(R(11, 0), fb(3.5f));
}
END_TEST

/* Byte and half-word accesses: a load zero- (u) or sign-extends (s) the
 * little-endian bytes, a store writes the register's low bits only, lanes
 * in ascending order (the highest lane writing a byte wins); a full warp
 * and a partial one; an address must be a multiple of the size and its
 * bytes inside the buffer. */
START_TEST(narrow_memory)
{
	uint32_t base = G.bufs[0].base;
	for (uint32_t k = 0; k < 64; k++)
		G.bufs[0].data[k] = (uint8_t)(0x70 + 3 * k); /* 0x70 .. 0x1fd: half of them negative */
	for (int l = 0; l < 32; l++)
		R(1, l) = base + (uint32_t)l;
	for (unsigned full = 0; full < 2; full++) {
		uint32_t m = full ? ~0u : 0x5555u;
		set_all(2, 0xdeadbeef);
		run("ldg.u8 r2, [r1]", m);
		for (int l = 0; l < 32; l++) {
			uint8_t b = (uint8_t)(0x70 + 3 * l);
			ck_assert_uint_eq(R(2, l), (m >> l & 1) ? b : 0xdeadbeef);
		}
		run("ldg.s8 r3, [r1]", m);
		for (int l = 0; l < 32; l++)
			if (m >> l & 1)
				ck_assert_uint_eq(R(3, l), (uint32_t)(int32_t)(int8_t)(0x70 + 3 * l));
	}
	for (int l = 0; l < 32; l++)
		R(4, l) = base + 2u * (uint32_t)l;
	run("ldg.u16 r5, [r4]", ~0u);
	run("ldg.s16 r6, [r4]", ~0u);
	for (int l = 0; l < 32; l++) {
		uint16_t h = (uint16_t)((uint8_t)(0x70 + 6 * l) | (uint8_t)(0x70 + 6 * l + 3) << 8);
		ck_assert_uint_eq(R(5, l), h);
		ck_assert_uint_eq(R(6, l), (uint32_t)(int32_t)(int16_t)h);
	}
	/* stores: lanes l and l + 16 write byte l; the higher lane wins */
	for (int l = 0; l < 32; l++) {
		R(7, l) = base + (uint32_t)(l % 16);
		R(8, l) = 0xabcd00u + (uint32_t)l;
	}
	run("stg.u8 [r7], r8", ~0u);
	for (int k = 0; k < 16; k++)
		ck_assert_uint_eq(G.bufs[0].data[k], (uint8_t)(k + 16));
	ck_assert_uint_eq(G.bufs[0].data[16], (uint8_t)(0x70 + 3 * 16)); /* untouched */
	set_all(9, base + 20);
	run("stg.u16 [r9], r8", 1u);
	ck_assert_uint_eq(G.bufs[0].data[20], 0x00);
	ck_assert_uint_eq(G.bufs[0].data[21], 0xcd);
	ck_assert_uint_eq(G.bufs[0].data[22], (uint8_t)(0x70 + 3 * 22));
	/* shared: a byte written, read back signed */
	set_all(10, 7);
	set_all(11, 0x1ff);
	run("sts.u8 [r10], r11", 1u);
	ck_assert_uint_eq(shared[7], 0xff);
	ck_assert_uint_eq(shared[8], 0);
	run("lds.s8 r12, [r10]", 1u);
	ck_assert_uint_eq(R(12, 0), 0xffffffffu);
	run("lds.u16 r12, [r10+1]", 1u);
	ck_assert_uint_eq(R(12, 0), 0);
	/* faults */
	set_all(13, base + 1);
	struct exec_result r = run("ldg.u16 r14, [r13]", 1u);
	ck_assert_int_eq(r.fault, FAULT_MISALIGNED);
	ck_assert_uint_eq(r.fault_bytes, 2);
	r = run("ldg.u8 r14, [r13]", 1u);
	ck_assert_int_eq(r.fault, FAULT_NONE);
	set_all(13, base + 63);
	r = run("ldg.u8 r14, [r13]", 1u);
	ck_assert_int_eq(r.fault, FAULT_NONE);
	ck_assert_uint_eq(R(14, 0), (uint8_t)(0x70 + 3 * 63));
	set_all(13, base + 64);
	r = run("stg.u8 [r13], r14", 1u);
	ck_assert_int_eq(r.fault, FAULT_OUT_OF_BOUNDS);
	set_all(13, 255);
	r = run("lds.u8 r14, [r13]", 1u);
	ck_assert_int_eq(r.fault, FAULT_NONE);
	set_all(13, 254);
	r = run("lds.u16 r14, [r13]", 1u);
	ck_assert_int_eq(r.fault, FAULT_NONE);
	set_all(13, 256);
	r = run("sts.u16 [r13], r14", 1u);
	ck_assert_int_eq(r.fault, FAULT_OUT_OF_BOUNDS);
}
END_TEST

/* bfe, bfi and prmt as the PTX ISA defines them, worked out by hand. */
START_TEST(bit_fields_and_bytes)
{
	set_all(1, 0xf0e1d2c3u);
	set_all(2, 0x8899aabbu);
	run("bfe.u32 r3, r1, 0x0804", ~0u); /* bits 4..11 */
	ck_assert_uint_eq(R(3, 0), 0x2cu);
	run("bfe.s32 r3, r1, 0x0804", ~0u); /* top bit 0: positive */
	ck_assert_uint_eq(R(3, 0), 0x2cu);
	run("bfe.s32 r3, r1, 0x0408", ~0u); /* bits 8..11 = 0x2: positive */
	ck_assert_uint_eq(R(3, 0), 0x2u);
	run("bfe.s32 r3, r1, 0x041c", ~0u); /* bits 28..31 = 0xf: -1 */
	ck_assert_uint_eq(R(3, 0), 0xffffffffu);
	run("bfe.u32 r3, r1, 0x101c", ~0u); /* runs past bit 31: 0xf, zero fill */
	ck_assert_uint_eq(R(3, 0), 0xfu);
	run("bfe.s32 r3, r1, 0x101c", ~0u); /* ... sign fill from bit 31 */
	ck_assert_uint_eq(R(3, 0), 0xffffffffu);
	run("bfe.s32 r3, r1, 0x0020", ~0u); /* len 0 */
	ck_assert_uint_eq(R(3, 0), 0);
	run("bfe.u32 r3, r1, 0x2000", ~0u); /* all 32 bits */
	ck_assert_uint_eq(R(3, 0), 0xf0e1d2c3u);
	run("bfe.u32 r3, r1, 0x12345008", ~0u); /* pos 8, len 0x50: 80 bits, what is left from bit 8 */
	ck_assert_uint_eq(R(3, 0), 0x00f0e1d2u);
	run("bfi r3, r1, r2, 0x0c10", ~0u); /* a's low 12 bits into b at bit 16 */
	ck_assert_uint_eq(R(3, 0), 0x82c3aabbu);
	run("bfi r3, r1, r2, 0x1018", ~0u); /* at bit 24, 16 long: bits past 31 dropped */
	ck_assert_uint_eq(R(3, 0), 0xc399aabbu);
	run("bfi r3, r1, r2, 0x0420", ~0u); /* pos 32: b */
	ck_assert_uint_eq(R(3, 0), 0x8899aabbu);
	run("prmt r3, r1, r2, 0x3210", ~0u); /* a as it is */
	ck_assert_uint_eq(R(3, 0), 0xf0e1d2c3u);
	run("prmt r3, r1, r2, 0x4567", ~0u); /* b's bytes reversed */
	ck_assert_uint_eq(R(3, 0), 0xbbaa9988u);
	run("prmt r3, r1, r2, 0x0b1f", ~0u); /* byte 0: b's top byte 0x88 signed -> ff; byte 1: a's byte 1 0xd2; byte 2: a's byte 3 sign (f0 -> ff); byte 3: a's byte 0 */
	ck_assert_uint_eq(R(3, 0), 0xc3ffd2ffu);
}
END_TEST

START_TEST(faults_have_no_effect)
{
	uint32_t base = G.bufs[0].base;
	for (int l = 0; l < 32; l++)
		R(1, l) = base + 4u * (uint32_t)l; /* lanes 16.. run past the 64-byte buffer */
	set_all(2, 0xabcdef);
	struct exec_result r = run("stg [r1], r2", ~0u);
	ck_assert_int_eq(r.fault, FAULT_OUT_OF_BOUNDS);
	ck_assert_int_eq(r.fault_space, SPACE_GLOBAL);
	ck_assert_uint_eq(r.fault_lane, 16);
	ck_assert_uint_eq(r.fault_addr, base + 64);
	uint32_t v;
	memcpy(&v, G.bufs[0].data, 4);
	ck_assert_uint_eq(v, 0); /* lane 0's store did not happen either */
	set_all(3, base + 2);
	r = run("ldg r4, [r3]", 1u);
	ck_assert_int_eq(r.fault, FAULT_MISALIGNED);
	set_all(3, 252);
	r = run("lds.64 r4, [r3]", 1u);
	ck_assert_int_eq(r.fault, FAULT_MISALIGNED);
	set_all(3, 256);
	r = run("lds r4, [r3]", 1u);
	ck_assert_int_eq(r.fault, FAULT_OUT_OF_BOUNDS);
	ck_assert_int_eq(r.fault_space, SPACE_SHARED);
	r = run("ldg r4, [rz]", 1u); /* NULL */
	ck_assert_int_eq(r.fault, FAULT_OUT_OF_BOUNDS);
}
END_TEST

/* Constant memory (ldk) is the read-only buffers alone: ldk reads them at
 * every width, a full warp and a lane at a time; an address in a writable
 * buffer is out of constant memory's bounds; a store or atomic into a
 * read-only buffer faults (nothing written), and ldg may still read one. */
START_TEST(constant_memory)
{
	ck_assert_int_eq(gmem_add(&G, "k", 64), 1);
	G.bufs[1].readonly = true;
	uint32_t kb = G.bufs[1].base, gb = G.bufs[0].base;
	for (uint32_t i = 0; i < 16; i++) {
		uint32_t v = 0x01020304u * (i + 1);
		memcpy(G.bufs[1].data + 4 * i, &v, 4);
	}
	for (int l = 0; l < 32; l++)
		R(1, l) = kb + 4u * (uint32_t)(l % 16);
	struct exec_result r = run("ldk r2, [r1]", ~0u); /* a full warp */
	ck_assert_int_eq(r.fault, FAULT_NONE);
	for (int l = 0; l < 32; l++)
		ck_assert_uint_eq(R(2, l), 0x01020304u * (uint32_t)(l % 16 + 1));
	r = run("ldk r2, [r1+8]", 0x5u); /* lanes 0 and 2 */
	ck_assert_uint_eq(R(2, 0), 0x01020304u * 3);
	ck_assert_uint_eq(R(2, 2), 0x01020304u * 5);
	set_all(1, kb);
	r = run("ldk.128 r4, [r1+16]", ~0u);
	ck_assert_uint_eq(R(4, 7), 0x01020304u * 5);
	ck_assert_uint_eq(R(7, 7), 0x01020304u * 8);
	r = run("ldk.s8 r2, [r1+3]", 1u); /* word 0 is 0x01020304: byte 3 is 0x01 */
	ck_assert_uint_eq(R(2, 0), 1);
	r = run("ldk.u16 r2, [r1+4]", 1u); /* word 1 is 0x02040608 */
	ck_assert_uint_eq(R(2, 0), 0x0608);
	/* a writable buffer is not constant memory */
	set_all(1, gb);
	r = run("ldk r2, [r1]", 1u);
	ck_assert_int_eq(r.fault, FAULT_OUT_OF_BOUNDS);
	ck_assert_int_eq(r.fault_space, SPACE_CONST);
	r = run("ldk r2, [r1]", ~0u); /* the full-warp path finds it too */
	ck_assert_int_eq(r.fault, FAULT_OUT_OF_BOUNDS);
	/* constant memory is read-only to a kernel */
	set_all(1, kb);
	set_all(2, 7);
	r = run("stg [r1+4], r2", ~0u);
	ck_assert_int_eq(r.fault, FAULT_READ_ONLY);
	ck_assert_int_eq(r.fault_space, SPACE_GLOBAL);
	ck_assert_uint_eq(r.fault_addr, kb + 4);
	r = run("stg.u8 [r1], r2", 1u);
	ck_assert_int_eq(r.fault, FAULT_READ_ONLY);
	r = run("atomg.add r3, [r1], r2", 1u);
	ck_assert_int_eq(r.fault, FAULT_READ_ONLY);
	r = run("atomg.cas r3, [r1], r2, r2", 1u);
	ck_assert_int_eq(r.fault, FAULT_READ_ONLY);
	for (uint32_t i = 0; i < 16; i++) { /* nothing was written */
		uint32_t v;
		memcpy(&v, G.bufs[1].data + 4 * i, 4);
		ck_assert_uint_eq(v, 0x01020304u * (i + 1));
	}
	r = run("ldg r3, [r1+4]", 1u); /* a global load may read it */
	ck_assert_int_eq(r.fault, FAULT_NONE);
	ck_assert_uint_eq(R(3, 0), 0x01020304u * 2);
	set_all(1, gb); /* and stores elsewhere go on */
	r = run("stg [r1], r2", 1u);
	ck_assert_int_eq(r.fault, FAULT_NONE);
}
END_TEST

/* Local memory: each thread's own window of local_size bytes (thread t of
 * the block at local + t * local_size, t = warp_in_block * 32 + lane; W is
 * warp 1), offsets checked against the window (a fault names the offset),
 * and the timing model's address of word k of thread t at local_addr + k *
 * local_stride + 4 t (the CUDA guide's layout: a word of every thread,
 * then the next). */
START_TEST(local_memory)
{
	static uint8_t local[64 * 12];
	memset(local, 0, sizeof local);
	E.local = local;
	E.local_size = 12;
	E.local_addr = 0x40000000u;
	E.local_stride = 0x1000u;
	for (int l = 0; l < 32; l++) {
		R(1, l) = 4u * (uint32_t)(l % 3); /* lane l: word l % 3 */
		R(2, l) = 100u + (uint32_t)l;
	}
	struct exec_result r = run("stl [r1], r2", ~0u);
	ck_assert_int_eq(r.fault, FAULT_NONE);
	ck_assert(r.mem_written);
	for (uint32_t l = 0; l < 32; l++) {
		uint32_t t = 32 + l, k = l % 3, v;
		memcpy(&v, local + t * 12 + 4 * k, 4);
		ck_assert_uint_eq(v, 100 + l); /* its own window, nobody else's */
		ck_assert_uint_eq(r.addr[l], 0x40000000u + k * 0x1000u + 4 * t);
	}
	uint32_t zero = 0;
	ck_assert(!memcmp(local, &zero, 4)); /* warp 0's threads untouched */
	r = run("ldl r3, [r1]", ~0u);
	for (int l = 0; l < 32; l++)
		ck_assert_uint_eq(R(3, l), 100u + (uint32_t)l);
	set_all(1, 4);
	set_all(2, 0xfffffe80u); /* -384: low byte 0x80 */
	r = run("stl.u8 [r1+3], r2", 1u); /* lane 0, byte 3 of word 1... */
	ck_assert_uint_eq(r.addr[0], 0x40000000u + 0x1000u + 4 * 32 + 3);
	r = run("ldl.s8 r4, [r1+3]", 1u);
	ck_assert_uint_eq(R(4, 0), 0xffffff80u);
	r = run("ldl.u16 r4, [r1+2]", 1u); /* bytes 2, 3 of word 1: 0x8000 */
	ck_assert_uint_eq(R(4, 0), 0x8000u);
	/* past the window: a fault naming the offset, nothing written */
	r = run("stl [r1+8], r2", ~0u); /* 4 + 8 = 12: the window's end */
	ck_assert_int_eq(r.fault, FAULT_OUT_OF_BOUNDS);
	ck_assert_int_eq(r.fault_space, SPACE_LOCAL);
	ck_assert_uint_eq(r.fault_addr, 12);
	ck_assert_uint_eq(r.fault_lane, 0);
	r = run("ldl.u16 r4, [r1+6]", 1u); /* 10 + 2 = 12: the last half-word */
	ck_assert_int_eq(r.fault, FAULT_NONE);
	r = run("ldl r4, [r1+10]", 2u); /* lane 1 */
	ck_assert_int_eq(r.fault, FAULT_MISALIGNED);
	ck_assert_uint_eq(r.fault_lane, 1);
	set_all(1, 0xfffffffcu); /* -4: below the window */
	r = run("ldl r4, [r1]", ~0u);
	ck_assert_int_eq(r.fault, FAULT_OUT_OF_BOUNDS);
	ck_assert_uint_eq(r.fault_addr, 0xfffffffcu);
	E.local_size = 0; /* a kernel without local memory */
	set_all(1, 0);
	r = run("ldl r4, [r1]", 1u);
	ck_assert_int_eq(r.fault, FAULT_OUT_OF_BOUNDS);
	E.local = NULL;
}
END_TEST

/* A full warp's memory access takes one lookup when every lane lies in
 * lane 0's buffer, aligned, and the lane-by-lane path otherwise: both give
 * each lane its own word, and a fault names the first lane at fault. */
START_TEST(full_warp_memory_paths)
{
	ck_assert_int_eq(gmem_add(&G, "two", 64), 1);
	uint32_t b0 = G.bufs[0].base, b1 = G.bufs[1].base;
	for (uint32_t i = 0; i < 16; i++) {
		uint32_t v0 = 1000 + i, v1 = 2000 + i;
		memcpy(G.bufs[0].data + 4 * i, &v0, 4);
		memcpy(G.bufs[1].data + 4 * i, &v1, 4);
	}
	for (uint32_t l = 0; l < 32; l++) /* lanes in reverse, two lanes a word */
		R(1, l) = b0 + 4u * (15 - l / 2);
	ck_assert_int_eq(run("ldg r2, [r1]", ~0u).fault, FAULT_NONE);
	for (uint32_t l = 0; l < 32; l++)
		ck_assert_uint_eq(R(2, l), 1000 + 15 - l / 2);
	for (uint32_t l = 0; l < 32; l++) /* half the warp in each buffer: still fine */
		R(1, l) = (l < 16 ? b0 : b1) + 4u * l % 64;
	ck_assert_int_eq(run("ldg r2, [r1]", ~0u).fault, FAULT_NONE);
	for (uint32_t l = 0; l < 32; l++)
		ck_assert_uint_eq(R(2, l), (l < 16 ? 1000 : 2000) + l % 16);
	for (uint32_t l = 0; l < 32; l++) /* 16 bytes a lane, four chunks of buffer two */
		R(1, l) = b1 + 16u * (l % 4);
	ck_assert_int_eq(run("ldg.128 r4, [r1]", ~0u).fault, FAULT_NONE);
	for (uint32_t l = 0; l < 32; l++)
		for (uint32_t k = 0; k < 4; k++)
			ck_assert_uint_eq(R(4 + k, l), 2000 + 4 * (l % 4) + k);
	for (uint32_t l = 0; l < 32; l++) /* the chunks shuffled among each four lanes */
		R(1, l) = b1 + 16u * ((l * 3 + l / 4) % 4);
	ck_assert_int_eq(run("ldg.128 r4, [r1]", ~0u).fault, FAULT_NONE);
	for (uint32_t l = 0; l < 32; l++)
		for (uint32_t k = 0; k < 4; k++)
			ck_assert_uint_eq(R(4 + k, l), 2000 + 4 * ((l * 3 + l / 4) % 4) + k);
	for (uint32_t l = 0; l < 32; l++) /* 8 bytes a lane, shuffled */
		R(1, l) = b1 + 8u * ((l * 5) % 8);
	ck_assert_int_eq(run("ldg.64 r4, [r1]", ~0u).fault, FAULT_NONE);
	for (uint32_t l = 0; l < 32; l++)
		for (uint32_t k = 0; k < 2; k++)
			ck_assert_uint_eq(R(4 + k, l), 2000 + 2 * ((l * 5) % 8) + k);
	set_all(1, b0 + 60); /* the buffer's last word: fine; one word on: lane 31 faults */
	ck_assert_int_eq(run("ldg r2, [r1]", ~0u).fault, FAULT_NONE);
	ck_assert_uint_eq(R(2, 7), 1015);
	R(1, 31) = b0 + 64;
	struct exec_result r = run("ldg r2, [r1]", ~0u);
	ck_assert_int_eq(r.fault, FAULT_OUT_OF_BOUNDS);
	ck_assert_uint_eq(r.fault_lane, 31);
	set_all(1, b0 + 48); /* a 16-byte load of the last 16 bytes; 4 bytes on: past the end */
	ck_assert_int_eq(run("ldg.128 r4, [r1]", ~0u).fault, FAULT_NONE);
	ck_assert_uint_eq(R(7, 0), 1015);
	R(1, 30) = b0 + 20; /* inside the buffer, not 16-byte aligned */
	r = run("ldg.128 r4, [r1]", ~0u);
	ck_assert_int_eq(r.fault, FAULT_MISALIGNED);
	ck_assert_uint_eq(r.fault_lane, 30);
	set_all(1, b0);
	R(1, 0) = 0x10; /* lane 0 in no buffer */
	r = run("ldg r2, [r1]", ~0u);
	ck_assert_int_eq(r.fault, FAULT_OUT_OF_BOUNDS);
	ck_assert_uint_eq(r.fault_lane, 0);
	/* shared: every lane to one word, the highest lane's value stays */
	for (uint32_t l = 0; l < 32; l++)
		R(3, l) = 500 + l;
	set_all(1, 252);
	ck_assert_int_eq(run("sts [r1], r3", ~0u).fault, FAULT_NONE);
	ck_assert_int_eq(run("lds r2, [r1]", ~0u).fault, FAULT_NONE);
	ck_assert_uint_eq(R(2, 0), 531);
	ck_assert_uint_eq(R(2, 31), 531);
	R(1, 5) = 256;
	r = run("lds r2, [r1]", ~0u);
	ck_assert_int_eq(r.fault, FAULT_OUT_OF_BOUNDS);
	ck_assert_uint_eq(r.fault_lane, 5);
	ck_assert_uint_eq(r.fault_addr, 256);
}
END_TEST

/* A full warp's 4-byte load, eight lanes at a time, in the shapes a load
 * takes without a gather (one word for all eight, eight consecutive words)
 * and near misses of them: every lane gets the word at its own address. */
static void check_shape(const char *what, uint32_t (*word)(uint32_t lane))
{
	for (uint32_t l = 0; l < 32; l++)
		R(1, l) = 4 * word(l);
	set_all(2, 0xdeadbeef);
	struct exec_result r = run("lds r2, [r1]", ~0u);
	ck_assert_int_eq(r.fault, FAULT_NONE);
	uint32_t fold = 0; /* exec_fold's definition: each lane's value times 0x9e3779b1 + 2 x lane */
	for (uint32_t l = 0; l < 32; l++) {
		ck_assert_msg(R(2, l) == 3000 + word(l), "%s: lane %u got %u, not %u", what, l, R(2, l),
			      3000 + word(l));
		fold += (3000 + word(l)) * (0x9e3779b1u + 2 * l);
	}
	ck_assert_uint_eq(exec_fold(&R(2, 0), ~0u), fold);
	if (r.folded) /* (a host with AVX2 folds as it loads) */
		ck_assert_msg(r.fold == fold, "%s: folded %08x, not %08x", what, r.fold, fold);
}

static uint32_t uniform_groups(uint32_t l) { return 7 * (l / 8) + 1; }
static uint32_t consecutive_groups(uint32_t l) { return 56 - 8 * (l / 8) + l % 8; } /* the last group at word 32 */
static uint32_t consecutive_to_end(uint32_t l) { return 32 + l; }                  /* the region's last word */
static uint32_t uniform_but_one(uint32_t l) { return l % 8 == (l / 8) * 2 + 1 ? 9 : 4; }
static uint32_t consecutive_but_one(uint32_t l) { return l % 8 == 7 - l / 8 ? 0 : 8 + l; }
static uint32_t backwards(uint32_t l) { return 40 - l; }
static uint32_t stride_two(uint32_t l) { return 2 * l; }
static uint32_t mixed(uint32_t l) { return l < 8 ? 3 : l < 16 ? l : l < 24 ? 63 - l : 20 + l % 2; }

START_TEST(full_warp_load_shapes)
{
	for (uint32_t i = 0; i < 64; i++) {
		uint32_t v = 3000 + i;
		memcpy(shared + 4 * i, &v, 4);
	}
	check_shape("uniform groups", uniform_groups);
	check_shape("consecutive groups", consecutive_groups);
	check_shape("consecutive to the end", consecutive_to_end);
	check_shape("uniform but one lane", uniform_but_one);
	check_shape("consecutive but one lane", consecutive_but_one);
	check_shape("backwards", backwards);
	check_shape("stride two", stride_two);
	check_shape("mixed", mixed);
	/* a partial warp folds only its lanes, and not as it loads */
	for (uint32_t l = 0; l < 32; l++)
		R(1, l) = 4 * l;
	struct exec_result part = run("lds r2, [r1]", 0x0000ff0fu);
	ck_assert(!part.folded);
	uint32_t fold = 0;
	for (uint32_t l = 0; l < 32; l++)
		fold += (0x0000ff0fu >> l & 1 ? 3000 + l : 0) * (0x9e3779b1u + 2 * l);
	ck_assert_uint_eq(exec_fold(&R(2, 0), 0x0000ff0fu), fold);
	/* a lane past the region still faults, whatever its group's shape */
	for (uint32_t l = 0; l < 32; l++)
		R(1, l) = 4 * (33 + l);
	struct exec_result r = run("lds r2, [r1]", ~0u);
	ck_assert_int_eq(r.fault, FAULT_OUT_OF_BOUNDS);
	ck_assert_uint_eq(r.fault_lane, 31);
	ck_assert(!r.folded);
}
END_TEST

/* A full warp's 4-byte store in the same shapes: the words end as the
 * lanes writing one after another in ascending order leave them (the
 * highest lane's value where several write one word). */
static void check_store_shape(const char *what, uint32_t (*word)(uint32_t lane))
{
	uint32_t want[64];
	for (uint32_t i = 0; i < 64; i++) {
		want[i] = 5000 + i;
		memcpy(shared + 4 * i, &want[i], 4);
	}
	for (uint32_t l = 0; l < 32; l++) {
		R(1, l) = 4 * word(l);
		R(3, l) = 7000 + l;
		want[word(l)] = 7000 + l;
	}
	ck_assert_int_eq(run("sts [r1], r3", ~0u).fault, FAULT_NONE);
	for (uint32_t i = 0; i < 64; i++) {
		uint32_t got;
		memcpy(&got, shared + 4 * i, 4);
		ck_assert_msg(got == want[i], "%s: word %u is %u, not %u", what, i, got, want[i]);
	}
}

static uint32_t same_words_twice(uint32_t l) { return 16 + l % 16; } /* later groups overwrite earlier */
static uint32_t one_word(uint32_t l) { return (void)l, 30; }

START_TEST(full_warp_store_shapes)
{
	check_store_shape("uniform groups", uniform_groups);
	check_store_shape("consecutive groups", consecutive_groups);
	check_store_shape("consecutive to the end", consecutive_to_end);
	check_store_shape("uniform but one lane", uniform_but_one);
	check_store_shape("consecutive but one lane", consecutive_but_one);
	check_store_shape("backwards", backwards);
	check_store_shape("stride two", stride_two);
	check_store_shape("mixed", mixed);
	check_store_shape("the same words twice", same_words_twice);
	check_store_shape("one word", one_word);
}
END_TEST

/* A full warp's isetp and ffma against each lane worked out in C. */
START_TEST(full_warp_lanes)
{
	for (uint32_t l = 0; l < 32; l++) {
		R(1, l) = l * 0x9e3779b9u; /* large and small, both signs as s32 */
		R(2, l) = (31 - l) * 0x7f4a7c15u;
	}
	run("isetp.lt.s32 p0, r1, r2", ~0u);
	run("isetp.le.u32 p1, r1, r2", ~0u);
	run("isetp.ne.s32 p2, r1, r2", 0x0f0f0f0fu);
	uint32_t want0 = 0, want1 = 0, want2 = 0;
	for (uint32_t l = 0; l < 32; l++) {
		want0 |= (uint32_t)((int32_t)R(1, l) < (int32_t)R(2, l)) << l;
		want1 |= (uint32_t)(R(1, l) <= R(2, l)) << l;
		want2 |= (uint32_t)(R(1, l) != R(2, l) && (0x0f0f0f0fu >> l & 1)) << l;
	}
	ck_assert_uint_eq(W.preds[0], want0);
	ck_assert_uint_eq(W.preds[1], want1);
	ck_assert_uint_eq(W.preds[2] & 0x0f0f0f0fu, want2);
	for (uint32_t l = 0; l < 32; l += 3) /* equal lanes too, every comparison on a full warp */
		R(2, l) = R(1, l);
	static const char *const cmp[] = {"eq", "ne", "lt", "le", "gt", "ge"};
	for (unsigned c = 0; c < 6; c++)
		for (unsigned sgn = 0; sgn < 2; sgn++) {
			char text[64];
			snprintf(text, sizeof text, "isetp.%s.%s p3, r1, r2", cmp[c], sgn ? "s32" : "u32");
			run(text, ~0u);
			uint32_t want = 0;
			for (uint32_t l = 0; l < 32; l++) {
				int64_t a = sgn ? (int32_t)R(1, l) : (int64_t)R(1, l);
				int64_t b = sgn ? (int32_t)R(2, l) : (int64_t)R(2, l);
				bool v = c == 0 ? a == b : c == 1 ? a != b : c == 2 ? a < b : c == 3 ? a <= b : c == 4 ? a > b : a >= b;
				want |= (uint32_t)v << l;
			}
			ck_assert_msg(W.preds[3] == want, "%s: %08x, not %08x", text, W.preds[3], want);
		}
	for (uint32_t l = 0; l < 32; l++) { /* lanes where fused and unfused differ, and others */
		float a = 1.0f + (float)(l + 1) * 0x1p-12f;
		R(3, l) = fb(a);
		R(4, l) = fb(-(a * a));
		R(5, l) = fb((float)l - 16.5f);
	}
	run("ffma r6, r3, r3, r4", ~0u);
	run("ffma r5, r3, r5, r5", ~0u); /* the destination is a source */
	for (uint32_t l = 0; l < 32; l++) {
		float a = 1.0f + (float)(l + 1) * 0x1p-12f, c = (float)l - 16.5f;
		ck_assert_uint_eq(R(6, l), fb(fmaf(a, a, -(a * a))));
		ck_assert_uint_eq(R(5, l), fb(fmaf(a, c, c)));
	}
	ck_assert_uint_ne(R(6, 0), fb(0.0f)); /* the rounding error of a*a, kept */
}
END_TEST

START_TEST(warp_level)
{
	for (int l = 0; l < 32; l++)
		R(1, l) = 100u + (uint32_t)l;
	run("shfl.idx r2, r1, 3, 0xffffffff", ~0u);
	ck_assert_uint_eq(R(2, 20), 103);
	run("shfl.down r2, r1, 16, 0xffffffff", ~0u);
	ck_assert_uint_eq(R(2, 4), 120);
	ck_assert_uint_eq(R(2, 20), 120); /* out of range: own value */
	run("shfl.up r2, r1, 1, 0xffffffff", ~0u);
	ck_assert_uint_eq(R(2, 0), 100);
	ck_assert_uint_eq(R(2, 9), 108);
	run("shfl.xor r2, r1, 1, 0xffffffff", ~0u);
	ck_assert_uint_eq(R(2, 6), 107);
	run("shfl.xor r1, r1, 2, 0xffffffff", ~0u); /* dst = src: every lane reads old values */
	ck_assert_uint_eq(R(1, 0), 102);
	ck_assert_uint_eq(R(1, 2), 100);
	for (int l = 0; l < 32; l++)
		R(1, l) = (uint32_t)l;
	run("isetp.lt.u32 p0, r1, 4", ~0u);
	run("vote.ballot r3, p0, 0xffffffff", ~0u);
	ck_assert_uint_eq(R(3, 31), 0xf);
	run("vote.any p1, p0, 0xffffffff", ~0u);
	ck_assert_uint_eq(W.preds[1], ~0u);
	run("vote.all p1, p0, 0xffffffff", ~0u);
	ck_assert_uint_eq(W.preds[1], 0);
	run("vote.all p1, p0, 0xffffffff", 0x3u);
	ck_assert_uint_eq(W.preds[1] & 3u, 3u);
	run("activemask r3", 0x00ff00ffu);
	ck_assert_uint_eq(R(3, 0), 0x00ff00ffu);
	for (int l = 0; l < 32; l++)
		R(1, l) = (uint32_t)l % 3;
	run("match.any r4, r1, 0xffffffff", ~0u);
	ck_assert_uint_eq(R(4, 0), 0x49249249u);  /* lanes 0,3,6,...,30 */
	ck_assert_uint_eq(R(4, 1), 0x92492492u);  /* lanes 1,4,...,31 */
	struct exec_result r = run("warpsync 0x0000ffff", 0xffu);
	ck_assert_uint_eq(r.op_mask, 0xffffu);
	r = run("nanosleep 300", 1u);
	ck_assert_uint_eq(r.sleep_ns, 300);
}
END_TEST

Suite *exec_suite(void)
{
	Suite *s = suite_create("exec");
	TCase *t = tcase_create("semantics");
	tcase_add_checked_fixture(t, setup, teardown);
	tcase_add_test(t, integer_ops);
	tcase_add_test(t, constant_memory);
	tcase_add_test(t, local_memory);
	tcase_add_test(t, masks_guards_predicates);
	tcase_add_test(t, float_ops);
	tcase_add_test(t, nan_results_as_the_gpu);
	tcase_add_test(t, ffma_rounding_modes);
	tcase_add_test(t, special_registers);
	tcase_add_test(t, memory_and_atomics);
	tcase_add_test(t, faults_have_no_effect);
	tcase_add_test(t, narrow_memory);
	tcase_add_test(t, bit_fields_and_bytes);
	tcase_add_test(t, full_warp_memory_paths);
	tcase_add_test(t, full_warp_load_shapes);
	tcase_add_test(t, full_warp_store_shapes);
	tcase_add_test(t, full_warp_lanes);
	tcase_add_test(t, warp_level);
	suite_add_tcase(s, t);
	return s;
}
