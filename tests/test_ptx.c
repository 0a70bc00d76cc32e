/* test_ptx.c - the PTX front end: malformed and unsupported PTX against the
 * exact errors it must print; integer division (which the translator
 * expands into a sequence) against the host's for edge and random operands;
 * every CUDA workload on the stack and ITS models against its host-reference
 * check; the deadlock and spinlock kernels diagnosed as their hand-written
 * twins are, naming .cu lines; the committed PTX current where nvcc is. */
#include <dirent.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "pformat.h"
#include "printf_out.h"
#include "ptx.h"
#include "run.h"
#include "util.h"
#include "workload.h"

static bool ptx_refuses(const char *name, struct diag *d)
{
	char *text = read_file(name, NULL);
	ck_assert(text);
	struct ptx_kernel k;
	bool ok = ptx_translate(name, text, "k", 0, &k, d);
	if (ok)
		ptx_kernel_free(&k);
	free(text);
	return !ok;
}

/* tests/bad_ptx/NAME.ptx must fail with exactly tests/bad_ptx/NAME.err
 * (entry "k"). */
START_TEST(malformed_fixtures)
{
	ck_assert_int_ge(check_error_fixtures("tests/bad_ptx", ".ptx", ptx_refuses), 30);
}
END_TEST

/* Operand pairs: every combination of edge values, then random dividends
 * over divisors of every magnitude. */
#define NPAIRS 2048
static void pairs(uint32_t *a, uint32_t *b, bool is_signed)
{
	static const uint32_t edge[] = {0, 1, 2, 3, 5, 7, 10, 31, 32, 33, 255, 256, 65535, 65536, 1000003,
					0x7ffffffe, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff,
					0x12345678, 0xdeadbeef, 0x55555555, 0xaaaaaaab};
	const unsigned ne = sizeof edge / sizeof edge[0];
	unsigned k = 0;
	for (unsigned i = 0; i < ne; i++)
		for (unsigned j = 0; j < ne; j++) {
			a[k] = edge[i];
			b[k] = edge[j];
			k++;
		}
	for (; k < NPAIRS; k++) {
		a[k] = wl_random_bits(11, k);
		b[k] = wl_random_bits(12, k) >> (k % 32);
	}
	for (k = 0; k < NPAIRS; k++) {
		if (b[k] == 0)
			b[k] = 7; /* division by zero is checked on its own */
		if (is_signed && a[k] == 0x80000000u && b[k] == 0xffffffffu)
			b[k] = 3; /* INT_MIN / -1 overflows: undefined in C and PTX */
	}
}

static char *list_text(const uint32_t *v, unsigned n)
{
	size_t cap = (size_t)n * 12 + 16, len = 0;
	char *s = xmalloc(cap);
	len += (size_t)snprintf(s, cap, "{");
	for (unsigned i = 0; i < n; i++)
		len += (size_t)snprintf(s + len, cap - len, "%s%u", i ? ", " : "", v[i]);
	snprintf(s + len, cap - len, "}");
	return s;
}

/* div and rem through the translated sequence, compared with C's. */
static void divrem_case(bool is_signed, const char *config)
{
	uint32_t *a = xmalloc(NPAIRS * 4), *b = xmalloc(NPAIRS * 4);
	pairs(a, b, is_signed);
	char *la = list_text(a, NPAIRS), *lb = list_text(b, NPAIRS);
	size_t cap = strlen(la) + strlen(lb) + 1024;
	char *text = xmalloc(cap);
	snprintf(text, cap,
		 ".ptx \"%s\" %s\n"
		 ".buffer A u32 %u %s\n.buffer B u32 %u %s\n"
		 ".buffer Q u32 %u zero\n.buffer R u32 %u zero\n"
		 ".arg A\n.arg B\n.arg Q\n.arg R\n.grid %u\n.block 128\n",
		 src_path("tests/ptx/divrem.ptx"), is_signed ? "divrem_s" : "divrem_u", NPAIRS, la, NPAIRS, lb, NPAIRS,
		 NPAIRS, NPAIRS / 128);
	struct run x;
	run_text(&x, text, config, NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	const uint32_t *q = (const uint32_t *)x.g.bufs[2].data, *r = (const uint32_t *)x.g.bufs[3].data;
	for (unsigned i = 0; i < NPAIRS; i++) {
		uint32_t wq, wr;
		if (is_signed) {
			wq = (uint32_t)((int32_t)a[i] / (int32_t)b[i]);
			wr = (uint32_t)((int32_t)a[i] % (int32_t)b[i]);
		} else {
			wq = a[i] / b[i];
			wr = a[i] % b[i];
		}
		ck_assert_msg(q[i] == wq && r[i] == wr, "%s %u / %u: got q %u r %u, want q %u r %u",
			      is_signed ? "s32" : "u32", a[i], b[i], q[i], r[i], wq, wr);
	}
	done(&x);
	free(text);
	free(la);
	free(lb);
	free(a);
	free(b);
}

/* A loop of every trip count from 0 to 99 (tests/ptx/loops.cu), whose
 * main loop the front end unrolls: the results equal the host's on both
 * divergence models, the nounroll remainder loop stays rolled, and the
 * unrolled loop executes fewer instructions than the same PTX with the main
 * loop marked `.pragma "nounroll"` (which the front end leaves rolled). */
#define LOOP_THREADS 256
#define LOOP_MAXN 99

/* Run loops.ptx (or a copy at path) on config; check every thread's sum;
 * return the thread instructions executed and the unrolled loops. */
static uint64_t run_loops(const char *path, const char *config, unsigned *unrolled)
{
	uint32_t n[LOOP_THREADS], a[LOOP_THREADS + LOOP_MAXN];
	uint32_t seed = 12345;
	for (unsigned i = 0; i < LOOP_THREADS; i++)
		n[i] = (i * 37u) % (LOOP_MAXN + 1);
	for (unsigned i = 0; i < LOOP_THREADS + LOOP_MAXN; i++) {
		seed = seed * 1103515245u + 12345u;
		a[i] = seed >> 7;
	}
	char *ln = list_text(n, LOOP_THREADS), *la = list_text(a, LOOP_THREADS + LOOP_MAXN);
	size_t cap = strlen(ln) + strlen(la) + strlen(path) + 1024;
	char *text = xmalloc(cap);
	snprintf(text, cap,
		 ".ptx \"%s\" loops\n"
		 ".buffer out s32 %u zero\n.buffer n s32 %u %s\n.buffer a s32 %u %s\n"
		 ".arg out\n.arg n\n.arg a\n.grid 2\n.block 128\n",
		 path, LOOP_THREADS, LOOP_THREADS, ln, LOOP_THREADS + LOOP_MAXN, la);
	struct run x;
	run_text(&x, text, config, NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	unsigned rest = 0;
	*unrolled = 0;
	for (unsigned i = 0; i < x.p->nlabels; i++) {
		*unrolled += strstr(x.p->labels[i].name, "_x4") != NULL;
		rest += strstr(x.p->labels[i].name, "_rest") != NULL;
	}
	ck_assert_uint_eq(rest, *unrolled);
	const uint32_t *out = (const uint32_t *)x.g.bufs[0].data;
	for (unsigned i = 0; i < LOOP_THREADS; i++) {
		uint32_t want = 0;
		for (uint32_t k = 0; k < n[i]; k++)
			want = want * 3u + a[i + k];
		ck_assert_msg(out[i] == want, "%s, thread %u, %u trips: got %u, want %u", config, i, n[i], out[i],
			      want);
	}
	uint64_t insns = x.r.stats.thread_insns;
	done(&x);
	free(text);
	free(ln);
	free(la);
	return insns;
}

START_TEST(counted_loops_unrolled)
{
	/* the same PTX with `.pragma "nounroll"` on the main loop */
	size_t len;
	char *orig = read_file(src_path("tests/ptx/loops.ptx"), &len);
	ck_assert_ptr_nonnull(orig);
	const char *head = "$L__BB0_3:\n";
	char *at = strstr(orig, head);
	ck_assert_ptr_nonnull(at);
	size_t cut = (size_t)(at - orig) + strlen(head);
	char path[] = "/tmp/simt-loops-XXXXXX";
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	FILE *f = fdopen(fd, "w");
	fprintf(f, "%.*s\t.pragma \"nounroll\";\n%s", (int)cut, orig, orig + cut);
	fclose(f);
	for (int m = 0; m < 2; m++) {
		const char *config = m ? "h100" : "g80";
		unsigned u1, u0;
		uint64_t unrolled = run_loops(src_path("tests/ptx/loops.ptx"), config, &u1);
		uint64_t rolled = run_loops(path, config, &u0);
		ck_assert_uint_eq(u1, 1);
		ck_assert_uint_eq(u0, 0);
		ck_assert_msg(unrolled < rolled, "%s: %llu thread instructions unrolled, %llu rolled", config,
			      (unsigned long long)unrolled, (unsigned long long)rolled);
	}
	unlink(path);
	free(orig);
}
END_TEST

START_TEST(division_unsigned) { divrem_case(false, "h100"); }
END_TEST

START_TEST(division_signed) { divrem_case(true, "g80"); }
END_TEST

/* Unsigned division by zero gives what docs/CUDA.md says: q = 0xffffffff,
 * r = a (PTX leaves it unspecified). */
START_TEST(division_by_zero)
{
	char text[1024];
	snprintf(text, sizeof text,
		 ".ptx \"%s\" divrem_u\n.buffer A u32 2 {0, 1234567}\n.buffer B u32 2 {0, 0}\n"
		 ".buffer Q u32 2 zero\n.buffer R u32 2 zero\n.arg A\n.arg B\n.arg Q\n.arg R\n.grid 1\n.block 2\n"
		 ".check Q {0xffffffff, 0xffffffff}\n.check R {0, 1234567}\n",
		 src_path("tests/ptx/divrem.ptx"));
	struct run x;
	run_text(&x, text, "h100", NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	const uint32_t *q = (const uint32_t *)x.g.bufs[2].data, *r = (const uint32_t *)x.g.bufs[3].data;
	ck_assert_uint_eq(q[0], 0xffffffffu);
	ck_assert_uint_eq(q[1], 0xffffffffu);
	ck_assert_uint_eq(r[0], 0);
	ck_assert_uint_eq(r[1], 1234567);
	done(&x);
}
END_TEST

/* div.rn.f32 and float-to-int with each rounding against the host's C
 * (float division is correctly rounded in C as in PTX's .rn; rintf rounds to
 * nearest even; CUDA's conversions saturate and give 0 for NaN). */
static int32_t host_f2i(float f)
{
	if (f != f)
		return 0;
	if (f >= 2147483648.0f)
		return INT32_MAX;
	if (f <= -2147483648.0f)
		return INT32_MIN;
	return (int32_t)f;
}

START_TEST(float_ops)
{
	enum { N = 256 };
	static const float edge[] = {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 3.0e9f, -3.0e9f, 1.0f / 3.0f, -0.0f,
				     2147483520.0f, -2147483648.0f, 1e-30f, 7.0f};
	float a[N], b[N];
	char la[N * 24 + 8], lb[N * 24 + 8];
	size_t na = 0, nb = 0;
	la[na++] = '{';
	lb[nb++] = '{';
	for (unsigned i = 0; i < N; i++) {
		a[i] = i < sizeof edge / sizeof edge[0] ? edge[i] : (wl_random_f32(21, i) - 0.5f) * 1000.0f;
		b[i] = i % 7 == 0 ? 3.0f : wl_random_f32(22, i) + 0.25f;
		uint32_t ab, bb;
		memcpy(&ab, &a[i], 4);
		memcpy(&bb, &b[i], 4);
		na += (size_t)snprintf(la + na, sizeof la - na, "%s%u", i ? ", " : "", ab);
		nb += (size_t)snprintf(lb + nb, sizeof lb - nb, "%s%u", i ? ", " : "", bb);
	}
	snprintf(la + na, sizeof la - na, "}");
	snprintf(lb + nb, sizeof lb - nb, "}");
	/* the lists hold the bits: u32 buffers, the kernel reads them as f32 */
	static char text[32768];
	snprintf(text, sizeof text,
		 ".ptx \"%s\" fops\n.buffer A u32 %d %s\n.buffer B u32 %d %s\n.buffer Q f32 %d zero\n"
		 ".buffer RN s32 %d zero\n.buffer RD s32 %d zero\n.buffer RU s32 %d zero\n.buffer RZ s32 %d zero\n"
		 ".arg A\n.arg B\n.arg Q\n.arg RN\n.arg RD\n.arg RU\n.arg RZ\n.grid %d\n.block 64\n",
		 src_path("tests/ptx/ops.ptx"), N, la, N, lb, N, N, N, N, N, N / 64);
	struct run x;
	run_text(&x, text, "h100", NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	const float *q = (const float *)x.g.bufs[2].data;
	const int32_t *rn = (const int32_t *)x.g.bufs[3].data, *rd = (const int32_t *)x.g.bufs[4].data,
		      *ru = (const int32_t *)x.g.bufs[5].data, *rz = (const int32_t *)x.g.bufs[6].data;
	for (unsigned i = 0; i < N; i++) {
		float wq = a[i] / b[i];
		ck_assert_msg(!memcmp(&q[i], &wq, 4), "%g / %g: got %a, want %a", a[i], b[i], q[i], wq);
		ck_assert_msg(rn[i] == host_f2i(rintf(a[i])), "rn %g: %d", a[i], rn[i]);
		ck_assert_msg(rd[i] == host_f2i(floorf(a[i])), "rd %g: %d", a[i], rd[i]);
		ck_assert_msg(ru[i] == host_f2i(ceilf(a[i])), "ru %g: %d", a[i], ru[i]);
		ck_assert_msg(rz[i] == host_f2i(a[i]), "rz %g: %d", a[i], rz[i]);
	}
	/* the ties round to even: 0.5 -> 0, 1.5 -> 2, 2.5 -> 2 (rintf) */
	ck_assert_int_eq(rn[0], 0);
	ck_assert_int_eq(rn[1], 2);
	ck_assert_int_eq(rn[2], 2);
	ck_assert_int_eq(ru[6], INT32_MAX); /* 3e9 saturates */
	done(&x);
}
END_TEST

/* Local variables (tests/ptx/local_vars.ptx, by hand): three at their
 * alignments, two shadowing module-scope variables of their names (the
 * kernel's own is meant everywhere: a mov of its address and an [name+k]
 * address), a .v2 load into its own address register (PTX reads the
 * address once: that element is loaded last), a byte. Thread t writes
 * {10t, 10t + 1, 10t + 2, t}, on the stack and ITS models. */
START_TEST(local_variables)
{
	static char text[1024];
	snprintf(text, sizeof text, ".ptx \"%s\" local_vars\n.buffer out u32 256 zero\n.arg out\n.grid 1\n.block 64\n",
		 src_path("tests/ptx/local_vars.ptx"));
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_msg(x.r.status == SIM_DONE, "%s", x.diagnosis);
		ck_assert_uint_eq(x.p->local_bytes, 40); /* pad 0..2, buf 16..31, gbuf 32..39 */
		int out = program_find_buffer(x.p, "out");
		ck_assert_int_ge(out, 0);
		const uint32_t *o = (const uint32_t *)x.g.bufs[out].data;
		for (uint32_t t = 0; t < 64; t++) {
			ck_assert_uint_eq(o[4 * t], 10 * t);
			ck_assert_uint_eq(o[4 * t + 1], 10 * t + 1);
			ck_assert_uint_eq(o[4 * t + 2], 10 * t + 2);
			ck_assert_uint_eq(o[4 * t + 3], t);
		}
		done(&x);
	}
}
END_TEST

/* A predicate set from an integer immediate ("mov.pred %p, -1": nonzero is
 * true), in nested loops whose inner trip count changes after its first
 * pass (tests/ptx/movpred.cu): every thread's x as the host computes it,
 * on the stack (g80.ini) and ITS (h100.ini) models. */
START_TEST(predicate_immediates)
{
	static char text[4096];
	snprintf(text, sizeof text,
		 ".ptx \"%s\" movpred\n.buffer in u32 160 random(3)\n.buffer out u32 32 zero\n.arg in\n.arg out\n"
		 ".grid 1\n.block 32\n",
		 src_path("tests/ptx/movpred.ptx"));
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *out = (const uint32_t *)x.g.bufs[1].data;
		unsigned runs = 0;
		for (uint32_t t = 0; t < 32; t++) {
			uint32_t a = wl_random_bits(3, t), b = wl_random_bits(3, t + 32), c = wl_random_bits(3, t + 64),
				 d = wl_random_bits(3, t + 96), xv = wl_random_bits(3, t + 128);
			for (unsigned i = 0; i < 3; i++)
				for (unsigned j = 0; j < (a & 7u); j++) {
					xv = c >> ((a < d ? a : d) & 31u);
					a = b;
					runs++;
				}
			ck_assert_msg(out[t] == xv, "%s thread %u: 0x%08x, the host 0x%08x", k ? "h100" : "g80", t, out[t], xv);
		}
		ck_assert_uint_gt(runs, 32); /* the inner loop ran, more than once in some threads */
		done(&x);
	}
}
END_TEST

/* Every PTX float comparison (tests/ptx/fcmp.cu) on pairs of -inf, -1, -0,
 * +0, 1, +inf and NaN, against the PTX ISA's definitions: eq ne lt le gt
 * ge are false when either operand is NaN, equ neu ltu leu gtu geu true,
 * num true when neither is NaN, nan when either is. */
START_TEST(float_compares)
{
	static const uint32_t v[] = {0xff800000u, 0xbf800000u, 0x80000000u, 0, 0x3f800000u, 0x7f800000u, 0x7fc00000u};
	enum { NV = sizeof v / sizeof v[0], N = 64 };
	char la[2048] = "{", lb[2048] = "{";
	size_t na = 1, nb = 1;
	for (unsigned i = 0; i < N; i++) {
		na += (size_t)snprintf(la + na, sizeof la - na, "%s%u", i ? ", " : "", v[i % NV]);
		nb += (size_t)snprintf(lb + nb, sizeof lb - nb, "%s%u", i ? ", " : "", v[i / NV % NV]);
	}
	snprintf(la + na, sizeof la - na, "}");
	snprintf(lb + nb, sizeof lb - nb, "}");
	static char text[8192];
	snprintf(text, sizeof text,
		 ".ptx \"%s\" fcmp\n.buffer A u32 %d %s\n.buffer B u32 %d %s\n.buffer O u32 %d zero\n.arg A\n.arg B\n.arg O\n"
		 ".grid 1\n.block %d\n",
		 src_path("tests/ptx/fcmp.ptx"), N, la, N, lb, N, N);
	struct run x;
	run_text(&x, text, "h100", NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	const uint32_t *o = (const uint32_t *)x.g.bufs[2].data;
	for (unsigned i = 0; i < N; i++) {
		float a, b;
		memcpy(&a, &v[i % NV], 4);
		memcpy(&b, &v[i / NV % NV], 4);
		bool u = isnan(a) || isnan(b);
		bool lt = !u && a < b, gt = !u && a > b, eq = !u && a == b;
		bool bits[14] = {eq, lt || gt, lt, lt || eq, gt, gt || eq, u || eq, u || lt || gt, u || lt, u || lt || eq,
				 u || gt, u || gt || eq, !u, u};
		uint32_t want = 0;
		for (unsigned k = 0; k < 14; k++)
			want |= (uint32_t)bits[k] << k;
		ck_assert_msg(o[i] == want, "%g vs %g: 0x%04x, want 0x%04x", (double)a, (double)b, o[i], want);
	}
	done(&x);
}
END_TEST

/* Static shared memory beyond sm.max_shared_per_block is refused even when
 * the kernel opts in (.optin): CUDA gives what an opt-in adds to dynamic
 * shared memory only (tests/ptx/static_shared.cu, 60,000 static bytes). */
START_TEST(static_shared_beyond_the_limit)
{
	char wl[256], cmd[1024], out[4096];
	snprintf(wl, sizeof wl, "/tmp/simt-static-shared-%d.s", (int)getpid());
	FILE *f = fopen(wl, "w");
	ck_assert(f != NULL);
	fprintf(f, ".ptx \"%s\" static_shared\n.buffer out f32 32 zero\n.arg out\n.grid 1\n.block 32\n.optin\n",
		src_path("tests/ptx/static_shared.ptx"));
	fclose(f);
	snprintf(cmd, sizeof cmd, "'%s' '%s'/configs/h100.ini %s", getenv("SIMT_SIM"), src_dir(), wl);
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 2);
	ck_assert_msg(strstr(out, "cannot launch: the kernel declares 60000 bytes of static shared memory; h100 allows at "
				  "most 49152 (sm.max_shared_per_block), opted in or not"), "%s", out);
	unlink(wl);
}
END_TEST

/* A template kernel's plain name, as c++filt demangles it (without the
 * spaces): integer literals and builtin types, so that .cuda FILE
 * axpyr<float,3> finds _Z5axpyrIfLi3EEvPKT_PS0_S0_i. */
START_TEST(template_plain_names)
{
	static const char *const m[][2] = {
		{"_Z5axpyrIfLi3EEvPKT_PS0_S0_i", "axpyr<float,3>"}, /* void axpyr<float, 3>(float const*, ...) */
		{"_Z1kIjLin2EEvv", "k<unsigned int,-2>"},           /* void k<unsigned int, -2>() */
		{"_Z1kIdEvv", "k<double>"},                         /* void k<double>() */
		{"_Z15MatrixMulKernelILi16EEvPfS0_S0_iii", "MatrixMulKernel<16>"},
		{"_Z6vecAddPKfS0_Pfi", "vecAdd"},
		{"plain", "plain"},
	};
	for (unsigned i = 0; i < sizeof m / sizeof m[0]; i++) {
		char out[256];
		ptx_plain_name(m[i][0], out, sizeof out);
		ck_assert_str_eq(out, m[i][1]);
	}
}
END_TEST

/* "{v0, v1, ...}": n words as a workload's .buffer list (decimal). */
static void u32_list(char *buf, size_t size, const uint32_t *v, unsigned n)
{
	size_t k = (size_t)snprintf(buf, size, "{");
	for (unsigned i = 0; i < n && k < size; i++)
		k += (size_t)snprintf(buf + k, size - k, "%s%u", i ? ", " : "", v[i]);
	if (k < size)
		snprintf(buf + k, size - k, "}");
}

/* __saturatef (cvt.sat.f32.f32): clamped to [+0, 1], -0 to +0, NaN to +0
 * (the PTX ISA's .sat; the NaN as an H200 gives it,
 * tests/data/h200_nan/nanbits.txt cvt_sat_nqnan). */
START_TEST(saturate_f32)
{
	static const uint32_t in[] = {0x7fc00000u, 0xffc00005u, 0x80000000u, 0, 0xbf800000u, 0x3f000000u, 0x3f800000u,
				      0x40000000u, 0x7f800000u, 0xff800000u, 0x00000001u, 0x3f7fffffu};
	static const uint32_t want[] = {0, 0, 0, 0, 0, 0x3f000000u, 0x3f800000u, 0x3f800000u, 0x3f800000u, 0, 0x00000001u,
					0x3f7fffffu};
	enum { N = sizeof in / sizeof in[0] };
	char la[512];
	u32_list(la, sizeof la, in, N);
	static char text[2048];
	snprintf(text, sizeof text, ".ptx \"%s\" saturate\n.buffer A u32 %d %s\n.buffer O u32 %d zero\n.arg A\n.arg O\n"
		 ".grid 1\n.block %d\n", src_path("tests/ptx/saturate.ptx"), N, la, N, N);
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *o = (const uint32_t *)x.g.bufs[1].data;
		for (unsigned i = 0; i < N; i++)
			ck_assert_msg(o[i] == want[i], "saturate(0x%08x) = 0x%08x, want 0x%08x", in[i], o[i], want[i]);
		done(&x);
	}
}
END_TEST

/* The row named `name f:` of tests/data/h200_rounding/rounding.txt (what
 * an H200 gave for tests/ptx/rounding.cu on the tests' inputs): n words. */
static void h200_rounding_row(const char *name, unsigned f, uint32_t *w, unsigned n)
{
	char path[1024], want[64], line[1024];
	snprintf(path, sizeof path, "%s/tests/data/h200_rounding/rounding.txt", src_dir());
	snprintf(want, sizeof want, "%s %u:", name, f);
	FILE *fp = fopen(path, "r");
	ck_assert_msg(fp != NULL, "%s", path);
	bool found = false;
	while (!found && fgets(line, sizeof line, fp)) {
		if (strncmp(line, want, strlen(want)))
			continue;
		char *p = line + strlen(want);
		for (unsigned i = 0; i < n; i++) {
			char *e;
			w[i] = (uint32_t)strtoul(p, &e, 16);
			ck_assert_msg(e != p, "%s: %s word %u", path, want, i);
			p = e;
		}
		found = true;
	}
	fclose(fp);
	ck_assert_msg(found, "%s: no row '%s'", path, want);
}

/* floorf, ceilf, truncf, rintf and roundf as nvcc writes them
 * (tests/ptx/rounding.cu: cvt.rmi/.rpi/.rzi/.rni.f32.f32; roundf from
 * copysign.f32, add.rz.f32 and cvt.rzi), on both configs, against values
 * worked by hand from C's definitions: halves round to even in rintf and
 * away from zero in roundf, a zero's sign is kept, a NaN comes out as the
 * GPU's one NaN (0x7fffffff, docs/ISA.md) and infinities as they are; and
 * against what an H200 gave (tests/data/h200_rounding/rounding.txt). */
START_TEST(rounding_f32)
{
	static const float in[] = {2.5f, 3.5f, -2.5f, -0.5f, 0.5f, -2.7f, 2.7f, 0.49999997f, 8388609.0f, -0.0f, 1e30f};
	static const float want[5][11] = {
		/* floorf */ {2, 3, -3, -1, 0, -3, 2, 0, 8388609.0f, -0.0f, 1e30f},
		/* ceilf  */ {3, 4, -2, -0.0f, 1, -2, 3, 1, 8388609.0f, -0.0f, 1e30f},
		/* truncf */ {2, 3, -2, -0.0f, 0, -2, 2, 0, 8388609.0f, -0.0f, 1e30f},
		/* rintf  */ {2, 4, -2, -0.0f, 0, -3, 3, 0, 8388609.0f, -0.0f, 1e30f},
		/* roundf */ {3, 4, -3, -1, 1, -3, 3, 0, 8388609.0f, -0.0f, 1e30f},
	};
	enum { N = sizeof in / sizeof in[0], NX = N + 3 };
	uint32_t bits[NX];
	memcpy(bits, in, sizeof in);
	bits[N] = 0x7fc00001u;     /* a NaN with a payload */
	bits[N + 1] = 0x7f800000u; /* +inf */
	bits[N + 2] = 0xff800000u; /* -inf */
	char la[512];
	u32_list(la, sizeof la, bits, NX);
	static char text[2048];
	snprintf(text, sizeof text, ".ptx \"%s\" rounding\n.buffer A u32 %d %s\n.buffer O u32 %d zero\n.arg A\n.arg O\n"
		 ".arg n %d\n.grid 1\n.block 32\n", src_path("tests/ptx/rounding.ptx"), NX, la, 5 * NX, NX);
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *o = (const uint32_t *)x.g.bufs[1].data;
		for (unsigned f = 0; f < 5; f++)
			for (unsigned i = 0; i < NX; i++) {
				uint32_t w;
				if (i < N)
					memcpy(&w, &want[f][i], 4);
				else
					w = i == N ? 0x7fffffffu : bits[i];
				ck_assert_msg(o[f * NX + i] == w, "function %u of 0x%08x: 0x%08x, want 0x%08x", f, bits[i],
					      o[f * NX + i], w);
			}
		for (unsigned f = 0; f < 5; f++) { /* ... which an H200 gives too */
			uint32_t g[NX];
			h200_rounding_row("rounding", f, g, NX);
			for (unsigned i = 0; i < NX; i++)
				ck_assert_msg(o[f * NX + i] == g[i], "function %u of 0x%08x: 0x%08x, the H200 0x%08x", f, bits[i],
					      o[f * NX + i], g[i]);
		}
		done(&x);
	}
}
END_TEST

/* mul, add and sub .f32 in .rz, .rm and .rp (tests/ptx/rounding.cu
 * rounded_ops: __fmul_rz, __fadd_rd, __fsub_ru, ...), on both configs,
 * against results worked by hand: (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46 lies
 * between 0x3f800002 and 0x3f800003; 1 + 2^-24 between 1 and 0x3f800001;
 * 1 - 2^-25 between 0x3f7fffff and 1; 2 + 2^-22 and 1 - 2^-24 are exact
 * (the same in every mode); an exact zero sum is -0 in .rm only, and a
 * zero product keeps the product's sign in every mode; and against what an
 * H200 gave (tests/data/h200_rounding/rounding.txt). */
START_TEST(rounded_ops_f32)
{
	static const uint32_t a[] = {0x3f800001u, 0xbf800001u, 0, 0, 0x3f800000u, 0x3f800000u, 0x3f800000u,
				     0x3f800000u};
	static const uint32_t b[] = {0x3f800001u, 0x3f800001u, 0xbf800000u, 0x3f800000u, 0x33800000u, 0xbf800000u,
				     0x33000000u, 0x3f800000u};
	enum { N = sizeof a / sizeof a[0] };
	static const uint32_t want[9][N] = {
		/* mul.rz */ {0x3f800002u, 0xbf800002u, 0x80000000u, 0, 0x33800000u, 0xbf800000u, 0x33000000u, 0x3f800000u},
		/* mul.rm */ {0x3f800002u, 0xbf800003u, 0x80000000u, 0, 0x33800000u, 0xbf800000u, 0x33000000u, 0x3f800000u},
		/* mul.rp */ {0x3f800003u, 0xbf800002u, 0x80000000u, 0, 0x33800000u, 0xbf800000u, 0x33000000u, 0x3f800000u},
		/* add.rz */ {0x40000001u, 0, 0xbf800000u, 0x3f800000u, 0x3f800000u, 0, 0x3f800000u, 0x40000000u},
		/* add.rm */ {0x40000001u, 0x80000000u, 0xbf800000u, 0x3f800000u, 0x3f800000u, 0x80000000u, 0x3f800000u,
			      0x40000000u},
		/* add.rp */ {0x40000001u, 0, 0xbf800000u, 0x3f800000u, 0x3f800001u, 0, 0x3f800001u, 0x40000000u},
		/* sub.rz */ {0, 0xc0000001u, 0x3f800000u, 0xbf800000u, 0x3f7fffffu, 0x40000000u, 0x3f7fffffu, 0},
		/* sub.rm */ {0x80000000u, 0xc0000001u, 0x3f800000u, 0xbf800000u, 0x3f7fffffu, 0x40000000u, 0x3f7fffffu,
			      0x80000000u},
		/* sub.rp */ {0, 0xc0000001u, 0x3f800000u, 0xbf800000u, 0x3f7fffffu, 0x40000000u, 0x3f800000u, 0},
	};
	char la[512], lb[512];
	u32_list(la, sizeof la, a, N);
	u32_list(lb, sizeof lb, b, N);
	static char text[2048];
	snprintf(text, sizeof text, ".ptx \"%s\" rounded_ops\n.buffer A u32 %d %s\n.buffer B u32 %d %s\n"
		 ".buffer O u32 %d zero\n.arg A\n.arg B\n.arg O\n.arg n %d\n.grid 1\n.block 32\n",
		 src_path("tests/ptx/rounding.ptx"), N, la, N, lb, 9 * N, N);
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *o = (const uint32_t *)x.g.bufs[2].data;
		for (unsigned f = 0; f < 9; f++)
			for (unsigned i = 0; i < N; i++)
				ck_assert_msg(o[f * N + i] == want[f][i], "row %u: 0x%08x op 0x%08x = 0x%08x, want 0x%08x", f,
					      a[i], b[i], o[f * N + i], want[f][i]);
		for (unsigned f = 0; f < 9; f++) { /* ... which an H200 gives too */
			uint32_t g[N];
			h200_rounding_row("ops", f, g, N);
			for (unsigned i = 0; i < N; i++)
				ck_assert_msg(o[f * N + i] == g[i], "row %u: 0x%08x op 0x%08x = 0x%08x, the H200 0x%08x", f, a[i],
					      b[i], o[f * N + i], g[i]);
		}
		done(&x);
	}
}
END_TEST

/* Sub-warp shuffles (tests/ptx/shfl_width.cu: __shfl_{up,down,xor,}_sync
 * over 32, 16, 8, 4 and 2 lanes, deltas 1, 3, 6, 17 and 33) on both
 * configs, all 100 x 32 results equal to an H200's
 * (tests/data/h200_shfl/shfl_width.txt, from shfl_gpu.cu there): a lane
 * reads within its segment or keeps its own value, and the lane operand is
 * taken modulo 32 (a delta of 33 is 1), as the PTX ISA's shfl.sync. */
START_TEST(shfl_width_as_h200)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/tests/data/h200_shfl/shfl_width.txt", src_dir());
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s", path);
	static uint32_t want[100 * 32];
	char line[1024];
	unsigned n = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#')
			continue;
		char *p = line;
		for (unsigned l = 0; l < 32; l++) {
			char *e;
			ck_assert(n < 100 * 32);
			want[n++] = (uint32_t)strtoul(p, &e, 10);
			ck_assert_msg(e != p, "%s: row %u", path, n / 32);
			p = e;
		}
	}
	fclose(f);
	ck_assert_uint_eq(n, 100 * 32);
	static char text[1024];
	snprintf(text, sizeof text, ".ptx \"%s\" shfl_width\n.buffer I u32 32 iota\n.buffer O u32 3200 zero\n"
		 ".arg I\n.arg O\n.grid 1\n.block 32\n", src_path("tests/ptx/shfl_width.ptx"));
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *o = (const uint32_t *)x.g.bufs[1].data;
		for (unsigned i = 0; i < 100 * 32; i++)
			ck_assert_msg(o[i] == want[i], "row %u (width %u, %s, delta %u), lane %u: %u, the H200 %u", i / 32,
				      32u >> (i / 32 / 20), (const char *[]){"up", "down", "xor", "idx"}[i / 32 / 5 % 4],
				      (const unsigned[]){1, 3, 6, 17, 33}[i / 32 % 5], i % 32, o[i], want[i]);
		done(&x);
	}
}
END_TEST

/* rows x cols hexadecimal words of tests/data/NAME (what a GPU printed;
 * '#' lines are comments) into w. */
static void gpu_hex_rows(const char *name, unsigned rows, unsigned cols, uint32_t *w)
{
	char path[1024], line[4096];
	snprintf(path, sizeof path, "%s/tests/data/%s", src_dir(), name);
	FILE *f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s", path);
	unsigned n = 0;
	while (fgets(line, sizeof line, f)) {
		if (line[0] == '#')
			continue;
		char *p = line;
		for (unsigned c = 0; c < cols; c++) {
			char *e;
			ck_assert_msg(n < rows * cols, "%s: more than %u rows", path, rows);
			w[n++] = (uint32_t)strtoul(p, &e, 16);
			ck_assert_msg(e != p, "%s: row %u", path, n / cols);
			p = e;
		}
	}
	fclose(f);
	ck_assert_uint_eq(n, rows * cols);
}

/* Run text on g80 and h100; buffer buf's first n words must be want's (a
 * GPU's rows of 32 lanes). */
static void rows_as_gpu(const char *text, unsigned buf, const uint32_t *want, unsigned n)
{
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *o = (const uint32_t *)x.g.bufs[buf].data;
		for (unsigned i = 0; i < n; i++)
			ck_assert_msg(o[i] == want[i], "%s: row %u, lane %u: 0x%08x, the GPU 0x%08x", k ? "h100" : "g80",
				      i / 32, i % 32, o[i], want[i]);
		done(&x);
	}
}

/* __brev, __ffs sharing nvcc's one brev.b32 of a value (brev and bfind as
 * their own instructions then), 31 - __clz, and bfind.{u32,s32} with and
 * without .shiftamt (tests/ptx/bitops.cu), on both configs, equal to an
 * H200's results (tests/data/h200_bitops/bitops.txt): bfind of 0 (and
 * signed of -1) is 0xffffffff, signed bfind of a negative value finds its
 * highest 0. */
START_TEST(bitops_as_h200)
{
	static const uint32_t in[] = {0, 1, 2, 0x80000000u, 0xffffffffu, 0x7fffffffu, 0x00010000u, 0xfffffffeu,
				      0x12345678u, 0x40000000u, 0xc0000000u, 0x00000100u};
	enum { N = sizeof in / sizeof in[0] };
	uint32_t want[7 * N];
	gpu_hex_rows("h200_bitops/bitops.txt", 7, N, want);
	char la[512];
	u32_list(la, sizeof la, in, N);
	static char text[2048];
	snprintf(text, sizeof text, ".ptx \"%s\" bitops\n.buffer A u32 %d %s\n.buffer O u32 %d zero\n.arg A\n.arg O\n"
		 ".arg n %d\n.grid 1\n.block 32\n", src_path("tests/ptx/bitops.ptx"), N, la, 7 * N, N);
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *o = (const uint32_t *)x.g.bufs[1].data;
		for (unsigned i = 0; i < 7 * N; i++)
			ck_assert_msg(o[i] == want[i], "row %u of 0x%08x: 0x%08x, the H200 0x%08x", i / N, in[i % N], o[i],
				      want[i]);
		done(&x);
	}
}
END_TEST

/* Float arithmetic as nvcc --use_fast_math compiles it (tests/ptx/fastmath.cu:
 * .ftz on every f32 operation, div.approx.ftz, the .approx functions), on
 * 32 pairs of normal values, subnormals, zeros, infinities and NaN, on both
 * configs, against an H200's results (tests/data/h200_fastmath/fastmath.txt):
 * every exact operation bit for bit (rows 0-16, the conversions 25-28 and
 * the compares 29: subnormal operands read as zeros, results flushed after
 * rounding); the approximations (rows 17-24: a / b, sqrtf, rsqrtf, 1 / b,
 * exp2f, log2f, __sinf, __cosf) bit for bit where the GPU's result is a
 * zero, an infinity or a NaN or an operand is not a normal number (what
 * .ftz decides; for __sinf and __cosf an operand alone), else within 2
 * ulp (log2f: or 2^-21; __sinf and __cosf: 2^-20 for |x| < 128, where the
 * GPU's reduction, an FMUL.RZ by 1/2pi before its MUFU.SIN, loses little;
 * beyond it within [-1, 1], the GPU's 0 for 1e30 not being a sine). The
 * host library computes the approximations here, not the GPU's MUFU
 * (docs/ISA.md). */
static bool normal_f32(uint32_t u)
{
	uint32_t e = u >> 23 & 0xff;
	return e != 0 && e != 0xff;
}

static uint32_t ulps_apart(uint32_t a, uint32_t b)
{
	if ((a ^ b) >> 31)
		return UINT32_MAX;
	return a > b ? a - b : b - a;
}

START_TEST(fastmath_as_h200)
{
	static const uint32_t in[2][32] = {
		{0x3fc00000, 0xc0100000, 0x40400000, 0x7149f2ca, 0x00000001, 0x80000001, 0x007fffff, 0x80400000,
		 0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x3f7ffffe, 0x00800000, 0x00800001,
		 0x0d800000, 0x3f7fffff, 0x3f800000, 0x7f800000, 0x00000010, 0x3f000000, 0x1e3ce508, 0x9e3ce508,
		 0x42c80000, 0xbf400000, 0x40200000, 0xbfc00000, 0x00000005, 0x004c4b40, 0x00800000, 0x80000003},
		{0x40100000, 0x3dcccccd, 0xc0e00000, 0x501502f9, 0x3f800000, 0x3f800000, 0x00000001, 0x40000000,
		 0x80000000, 0x00000000, 0x3f800000, 0x7f800000, 0x3f800000, 0x00800001, 0x80800000, 0x80800000,
		 0x30800000, 0x00800000, 0x7f000000, 0x7ec00000, 0x00000020, 0x00400000, 0x1e3ce508, 0x1e3ce508,
		 0x40400000, 0x3e99999a, 0xbf000000, 0x00000003, 0x80000000, 0x7e967699, 0x3f000000, 0x3f800000}};
	enum { N = 32, ROWS = 30 };
	static uint32_t want[ROWS * N];
	gpu_hex_rows("h200_fastmath/fastmath.txt", ROWS, N, want);
	char la[1024], lb[1024];
	u32_list(la, sizeof la, in[0], N);
	u32_list(lb, sizeof lb, in[1], N);
	static char text[4096];
	snprintf(text, sizeof text,
		 ".ptx \"%s\" fastmath\n.buffer A u32 %d %s\n.buffer B u32 %d %s\n.buffer O u32 %d zero\n"
		 ".arg A\n.arg B\n.arg O\n.arg n %d\n.grid 1\n.block 32\n",
		 src_path("tests/ptx/fastmath.ptx"), N, la, N, lb, ROWS * N, N);
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *o = (const uint32_t *)x.g.bufs[2].data;
		unsigned approx = 0;
		for (unsigned r = 0; r < ROWS; r++)
			for (unsigned i = 0; i < N; i++) {
				uint32_t got = o[r * N + i], gpu = want[r * N + i];
				uint32_t op = (r == 17 || r == 20) ? in[1][i] : in[0][i]; /* a / b, 1 / b: b decides */
				bool trig = r == 23 || r == 24;
				bool special = !normal_f32(op) || (!trig && !normal_f32(gpu)) ||
					       (r == 17 && !normal_f32(in[0][i]));
				if (r < 17 || r > 24 || special) {
					ck_assert_msg(got == gpu, "%s: row %u, (0x%08x, 0x%08x): 0x%08x, the H200 0x%08x",
						      k ? "h100" : "g80", r, in[0][i], in[1][i], got, gpu);
					continue;
				}
				approx++;
				float fg, fh;
				memcpy(&fg, &got, 4);
				memcpy(&fh, &gpu, 4);
				float xf;
				memcpy(&xf, &in[0][i], 4);
				bool ok;
				if (trig)
					ok = fabsf(xf) < 128 ? fabsf(fg - fh) <= 0x1p-20f : fabsf(fg) <= 1;
				else
					ok = ulps_apart(got, gpu) <= 2 || (r == 22 && fabsf(fg - fh) <= 0x1p-21f);
				ck_assert_msg(ok, "%s: row %u, (0x%08x, 0x%08x): 0x%08x, the H200 0x%08x", k ? "h100" : "g80",
					      r, in[0][i], in[1][i], got, gpu);
			}
		ck_assert_uint_ge(approx, 60); /* the tolerance is used, not every lane special */
		done(&x);
	}
}
END_TEST

/* f32 division's fast forms (tests/ptx/div_approx.cu): __fdividef
 * (div.approx.f32), and div.full.f32 and div.full.ftz.f32 (nvcc
 * -prec-div=false without and with --use_fast_math), on 64 pairs (normal
 * quotients, divisors beyond 2^126 and subnormal ones, subnormal dividends
 * and quotients, zeros, infinities, NaN), on both configs, equal bit for
 * bit to an H200's results (tests/data/h200_divapprox/div_approx.txt): the
 * sequences ptxas writes, with the MUFU.RCP's flush, give them all. */
START_TEST(div_approx_as_h200)
{
	static const uint32_t in[2][64] = {
		{0x3f800000, 0x40400000, 0xc0f00000, 0x7149f2ca, 0x0da24260, 0x00800000, 0x3f800000, 0x3f800000,
		 0x3f800000, 0x3f800000, 0x3f800000, 0x7f800000, 0x7f800000, 0x3f800000, 0x3f800000, 0x3f800000,
		 0x3f800000, 0x3f800000, 0x3f800000, 0x00400000, 0x00000001, 0x80400000, 0x00000000, 0x80000000,
		 0x7f800000, 0x7fc00000, 0x3f800000, 0x00800000, 0x00800000, 0x01000000, 0x7f7fffff, 0x42c80000,
		 0x40490fdb, 0xc2f6e979, 0x3eaaaaab, 0x4b800001, 0x7f000000, 0x00ffffff, 0x3fffffff, 0x3f7fffff,
		 0x7f7fffff, 0x7f7fffff, 0x00c00000, 0x00800001, 0x40000000, 0x1e3ce508, 0x5e3ce508, 0xbf800000,
		 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000,
		 0x00000000, 0x7f800000, 0x7fc00000, 0x3f800000, 0x00400000, 0x00700000, 0x40400000, 0xc0400000},
		{0x40400000, 0x40e00000, 0x40400000, 0x501502f9, 0x501502f9, 0x40000000, 0x7e800000, 0x7ec00000,
		 0x7f000000, 0x7f7fffff, 0xff000000, 0x7ec00000, 0x7f000000, 0x00400000, 0x00000001, 0x80400000,
		 0x00800000, 0x00000000, 0x80000000, 0x3f800000, 0x40000000, 0x40400000, 0x3f800000, 0x3f800000,
		 0x3f800000, 0x3f800000, 0x7f800000, 0x40000000, 0x3f800001, 0x40800000, 0x3f000000, 0x40400000,
		 0x402df854, 0x3f9d70a4, 0x3e2aaaab, 0x40400000, 0x3e800000, 0x40000000, 0x7e800000, 0x7e7fffff,
		 0x00800000, 0x3f000000, 0x40000000, 0x3f800001, 0x7f7fffff, 0x1e3ce508, 0x1e3ce508, 0x7f800000,
		 0x7e000000, 0x7e400000, 0x7e7fffff, 0x7e800001, 0x00100000, 0x007fffff, 0x00000100, 0x01000000,
		 0x00000000, 0x7f800000, 0x7fc00000, 0xff800000, 0x00400000, 0x00200000, 0x00000003, 0x80000003}};
	enum { N = 64, ROWS = 3 };
	static uint32_t want[ROWS * N];
	gpu_hex_rows("h200_divapprox/div_approx.txt", ROWS, N, want);
	char la[1024], lb[1024];
	u32_list(la, sizeof la, in[0], N);
	u32_list(lb, sizeof lb, in[1], N);
	static char text[4096];
	snprintf(text, sizeof text,
		 ".ptx \"%s\" div_approx\n.buffer A u32 %d %s\n.buffer B u32 %d %s\n.buffer O u32 %d zero\n"
		 ".arg A\n.arg B\n.arg O\n.arg n %d\n.grid 1\n.block 64\n",
		 src_path("tests/ptx/div_approx.ptx"), N, la, N, lb, ROWS * N, N);
	rows_as_gpu(text, 2, want, ROWS * N);
}
END_TEST

/* __match_all_sync (tests/ptx/match_all.cu) over a whole warp, half-warps
 * and quads, on values equal in some groups and not in others (warp 0:
 * lanes 0-15 hold 7, lanes 16-31 their quad's number; warp 1: 42 in every
 * lane), and from the odd lanes of a divergent branch; on both configs,
 * equal to an H200's results (tests/data/h200_match/match_all.txt): the
 * mask where every lane in it matches, else 0, and the predicate. */
START_TEST(match_all_as_h200)
{
	enum { N = 64, ROWS = 7 };
	static uint32_t want[ROWS * N];
	gpu_hex_rows("h200_match/match_all.txt", ROWS, N, want);
	uint32_t in[N];
	for (unsigned t = 0; t < N; t++)
		in[t] = t >= 32 ? 42 : t < 16 ? 7 : t / 4;
	char la[1024];
	u32_list(la, sizeof la, in, N);
	static char text[2048];
	snprintf(text, sizeof text, ".ptx \"%s\" match_all\n.buffer A u32 %d %s\n.buffer O u32 %d zero\n.arg A\n.arg O\n"
		 ".grid 1\n.block %d\n", src_path("tests/ptx/match_all.ptx"), N, la, ROWS * N, N);
	rows_as_gpu(text, 1, want, ROWS * N);
}
END_TEST

/* 64-bit integers (tests/ptx/int64.cu, tests/ptx/int64.s): a grid-stride
 * loop with a size_t index and bound over 300 random ints, each widened,
 * multiplied by a 64-bit parameter whose high word is not 0, shifted both
 * ways, added, subtracted, negated, masked and compared; every result's
 * words on both configs equal to the host's long long arithmetic (C's, an
 * independent computation) and to an H200's (tests/data/h200_int64/:
 * simt-gpu of the same workload, k passed with its high word). The
 * parameters' high words are hidden arguments k_hi and n_hi. */
START_TEST(int64_as_host)
{
	static const char *const cfgs[] = {"g80", "h100"};
	for (unsigned c = 0; c < 2; c++) {
		struct run x;
		run_file(&x, "tests/ptx/int64.s", cfgs[c], NULL, NULL, 0);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		unsigned nk = 0;
		for (unsigned i = 0; i < x.p->nargs; i++)
			if (!strcmp(x.p->args[i].name, "k_hi")) {
				ck_assert_uint_eq(x.p->args[i].value, (uint32_t)((uint64_t)-123456789012ll >> 32));
				nk++;
			} else if (!strcmp(x.p->args[i].name, "n_hi")) {
				ck_assert_uint_eq(x.p->args[i].value, 0);
				nk++;
			}
		ck_assert_uint_eq(nk, 2);
		const int32_t *a = (const int32_t *)x.g.bufs[0].data;
		const uint32_t *o = (const uint32_t *)x.g.bufs[1].data;
		static uint32_t gpu[3000];
		gpu_hex_rows("h200_int64/int64.txt", 300, 10, gpu);
		for (unsigned i = 0; i < 3000; i++)
			ck_assert_msg(o[i] == gpu[i], "%s: word %u: 0x%08x, the H200 0x%08x", cfgs[c], i, o[i], gpu[i]);
		const long long k = -123456789012ll;
		const unsigned long long n = 300;
		for (unsigned long long i = 0; i < n; i++) {
			long long xv = (long long)((unsigned long long)(long long)a[i] * (unsigned long long)k); /* (wraps) */
			long long y = (long long)((unsigned long long)xv + ((unsigned long long)(long long)a[i] << 33) -
						  (unsigned long long)k);
			unsigned long long z = (unsigned long long)y >> 7;
			long long w = y >> 40;
			unsigned long long m = (unsigned long long)xv * 0x9e3779b97f4a7c15ull;
			long long v = (long long)((0 - (unsigned long long)xv) & 0x0000ffffffff0000ull) | (y ^ (long long)i);
			uint32_t want[10] = {(uint32_t)xv, (uint32_t)((unsigned long long)xv >> 32), (uint32_t)y,
					     (uint32_t)((unsigned long long)y >> 32), (uint32_t)(z >> 32), (uint32_t)w,
					     (uint32_t)(m >> 32), (uint32_t)v, (uint32_t)((unsigned long long)v >> 32),
					     (uint32_t)((xv < y) | (z > n) << 1 | (w == -1) << 2 | (y >= k) << 3 |
							((unsigned long long)xv <= m) << 4 | (v != y) << 5 |
							(i + n > 2 * n - 1) << 6)};
			for (unsigned j = 0; j < 10; j++)
				ck_assert_msg(o[10 * i + j] == want[j], "%s: value %llu (a = %d), word %u: 0x%08x, the host 0x%08x",
					      cfgs[c], i, a[i], j, o[10 * i + j], want[j]);
		}
		done(&x);
	}
}
END_TEST

/* 64-bit data in memory (tests/ptx/int64_mem.cu): long long arrays read
 * and written whole, a longlong2 as one 128-bit access, a value through
 * shared memory to the next thread of the block (the last wrapping to the
 * first), a constant stored, shifts by amounts from the data, 64-bit min
 * and max, a local long long array, an int parameter times a long long;
 * every word equal on both configs to the host's C and to an
 * H200's run of the same PTX. */
START_TEST(int64_mem_as_host)
{
	typedef unsigned long long u64;
	typedef long long s64;
	static const char *const cfgs[] = {"g80", "h100"};
	static uint32_t gpu[300 * 24];
	gpu_hex_rows("h200_int64mem/int64_mem.txt", 300, 24, gpu);
	for (unsigned c = 0; c < 2; c++) {
		struct run x;
		run_file(&x, "tests/ptx/int64_mem.s", cfgs[c], NULL, NULL, 0);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *a = (const uint32_t *)x.g.bufs[0].data, *b = (const uint32_t *)x.g.bufs[1].data;
		const uint32_t *o = (const uint32_t *)x.g.bufs[2].data, *pr = (const uint32_t *)x.g.bufs[3].data;
		const unsigned n = 300, block = 128;
		for (unsigned i = 0; i < n; i++) {
			u64 xv = (u64)a[2 * i + 1] << 32 | a[2 * i];
			unsigned j = i - i % block + (i % block + 1) % block; /* the neighbour's value, -1 past n */
			u64 y = j < n ? (u64)a[2 * j + 1] << 32 | a[2 * j] : ~0ull;
			u64 px = (u64)b[4 * i + 1] << 32 | b[4 * i], py = (u64)b[4 * i + 3] << 32 | b[4 * i + 2];
			u64 t = xv * (((y ^ i) & 7) + 1) ^ y; /* the local array's element read */
			u64 want[12] = {xv * 3 + (u64)((s64)y >> 3), (s64)xv < (s64)y ? 0xdeadbeefcafef00dull : px - py,
					12345678901ull, xv << (y & 63), y >> (xv & 63), (u64)((s64)py >> (px & 63)),
					(s64)xv < (s64)py ? xv : py, y > px ? y : px, t, xv * n, py + xv, px ^ y};
			for (unsigned k = 0; k < 24; k++) {
				uint32_t got = k < 20 ? o[20 * i + k] : pr[4 * i + k - 20];
				uint32_t w = (uint32_t)(want[k / 2] >> (k % 2 * 32));
				ck_assert_msg(got == w, "%s: value %u, word %u: 0x%08x, the host 0x%08x", cfgs[c], i, k, got, w);
				ck_assert_msg(got == gpu[24 * i + k], "%s: value %u, word %u: 0x%08x, the H200 0x%08x", cfgs[c], i,
					      k, got, gpu[24 * i + k]);
			}
		}
		done(&x);
	}
}
END_TEST

static int cmp_u64(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;
	return (x > y) - (x < y);
}

/* Register pairs at their edges, three bugs a review found (and a double2's
 * halves used as pairs in place, v2fma): a double sum
 * whose high word alone is read (dead-code removal dropped the add),
 * a pointer minus a pointer loaded from memory (taken for a pointer, its
 * high word 0), 64-bit local loads into their own address register (the
 * low word's load clobbered the address); each against the host. */
START_TEST(pair_edges_as_host)
{
	struct run x;
	run_file(&x, "tests/ptx/hionly.s", "h100", NULL, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	const double *a = (const double *)x.g.bufs[program_find_buffer(x.p, "A")].data;
	const double *b = (const double *)x.g.bufs[program_find_buffer(x.p, "B")].data;
	const uint32_t *o = (const uint32_t *)x.g.bufs[program_find_buffer(x.p, "O")].data;
	for (unsigned i = 0; i < 64; i++) {
		double sum = a[i] + b[i];
		uint64_t u;
		memcpy(&u, &sum, 8);
		if (sum == sum) /* (a NaN's payload is the GPU's: f64_as_h200) */
			ck_assert_msg(o[i] == (uint32_t)(u >> 32), "hionly %u: 0x%08x, the host 0x%08x", i, o[i],
				      (uint32_t)(u >> 32));
	}
	done(&x);
	run_file(&x, "tests/ptx/v2fma.s", "h100", NULL, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	const double *v = (const double *)x.g.bufs[program_find_buffer(x.p, "A")].data;
	const double *r = (const double *)x.g.bufs[program_find_buffer(x.p, "O")].data;
	for (unsigned i = 0; i < 32; i++) {
		double want = fma(v[2 * i], v[2 * i + 1], v[2 * i]);
		ck_assert_msg(memcmp(&r[i], &want, 8) == 0 || (r[i] != r[i] && want != want), "v2fma %u: %a, the host %a", i,
			      r[i], want);
	}
	done(&x);
	static const char *const cfgs[] = {"g80", "h100"};
	for (unsigned c = 0; c < 2; c++) {
		run_file(&x, "tests/ptx/ptrdiff.s", cfgs[c], NULL, NULL, 0);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const int64_t *d = (const int64_t *)x.g.bufs[program_find_buffer(x.p, "O")].data;
		for (unsigned i = 0; i < 32; i++)
			ck_assert_msg(d[i] == -(int64_t)(3 * ((i + 1) & 31) + 1), "%s: ptrdiff %u: %lld", cfgs[c], i,
				      (long long)d[i]);
		done(&x);
		run_file(&x, "tests/ptx/local_self.s", cfgs[c], NULL, NULL, 0);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint64_t *in = (const uint64_t *)x.g.bufs[program_find_buffer(x.p, "A")].data;
		const uint64_t *out = (const uint64_t *)x.g.bufs[program_find_buffer(x.p, "O")].data;
		for (unsigned t = 0; t < 32; t++) {
			uint64_t want[3] = {in[4 * t + (t & 1)], in[4 * t + 2], in[4 * t + 3]};
			for (unsigned k = 0; k < 3; k++)
				ck_assert_msg(out[3 * t + k] == want[k], "%s: local_self thread %u, value %u: 0x%016llx, want 0x%016llx",
					      cfgs[c], t, k, (unsigned long long)out[3 * t + k], (unsigned long long)want[k]);
		}
		done(&x);
	}
}
END_TEST

/* 64-bit atomics on shared memory (tests/ptx/shared64.cu), ptxas's loop of
 * lds.64 and atoms.cast.b64: each block's unsigned and signed minima and
 * maxima, and, or, xor and sum of 64 random values, as the host's C
 * computes them and an H200 wrote them, on both configs. */
START_TEST(shared64_as_host)
{
	typedef unsigned long long u64;
	typedef long long s64;
	static const char *const cfgs[] = {"g80", "h100"};
	static uint32_t gpu[64];
	gpu_hex_rows("h200_atomic64/shared64.txt", 4, 16, gpu);
	for (unsigned c = 0; c < 2; c++) {
		struct run x;
		run_file(&x, "tests/ptx/shared64.s", cfgs[c], NULL, NULL, 0);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *a = (const uint32_t *)x.g.bufs[program_find_buffer(x.p, "A")].data;
		const uint32_t *o = (const uint32_t *)x.g.bufs[program_find_buffer(x.p, "OUT")].data;
		for (unsigned b = 0; b < 4; b++) {
			u64 umin = ~0ull, umax = 0, band = ~0ull, bor = 0, bxor = 0, sum = 0;
			s64 smin = INT64_MAX, smax = INT64_MIN;
			for (unsigned t = 0; t < 64; t++) {
				unsigned i = 64 * b + t;
				u64 u = (u64)a[2 * i + 1] << 32 | a[2 * i];
				umin = u < umin ? u : umin;
				umax = u > umax ? u : umax;
				smin = (s64)u < smin ? (s64)u : smin;
				smax = (s64)u > smax ? (s64)u : smax;
				band &= u | 0x0101010101010101ull;
				bor |= u & 0x8080808080808080ull;
				bxor ^= u;
				sum += u;
			}
			u64 want[8] = {umin, umax, (u64)smin, (u64)smax, band, bor, bxor, sum};
			for (unsigned k = 0; k < 8; k++) {
				u64 got = (u64)o[16 * b + 2 * k + 1] << 32 | o[16 * b + 2 * k];
				ck_assert_msg(got == want[k], "%s: block %u, result %u: 0x%016llx, the host 0x%016llx", cfgs[c], b, k,
					      got, want[k]);
				u64 g = (u64)gpu[16 * b + 2 * k + 1] << 32 | gpu[16 * b + 2 * k];
				ck_assert_msg(got == g, "%s: block %u, result %u: 0x%016llx, the H200 0x%016llx", cfgs[c], b, k, got, g);
			}
		}
		done(&x);
	}
}
END_TEST

/* 64-bit atomics (tests/ptx/atomic64.cu): add (global, and shared for a
 * block's total), signed min and max, or, xor, and (a mask rotated by
 * nvcc's shift pair), exch (a token handed along: the values left are the
 * ones put, whatever the order), and a CAS loop computing an unsigned
 * maximum; on both configs equal to the host's C and to an H200's. */
START_TEST(atomic64_as_host)
{
	typedef unsigned long long u64;
	typedef long long s64;
	static const char *const cfgs[] = {"g80", "h100"};
	uint32_t gpu[20];
	gpu_hex_rows("h200_atomic64/atomic64.txt", 1, 20, gpu);
	for (unsigned c = 0; c < 2; c++) {
		struct run x;
		run_file(&x, "tests/ptx/atomic64.s", cfgs[c], NULL, NULL, 0);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *a = (const uint32_t *)x.g.bufs[0].data;
		const unsigned n = 300;
		u64 tot = 0, block[3] = {0, 0, 0}, orb = 0, xorb = 0x0123456789abcdefull, andb = ~0ull, seen = 0;
		s64 mn = INT64_MAX, mx = INT64_MIN;
		u64 put[301];
		for (unsigned i = 0; i < n; i++) {
			u64 v = (u64)a[2 * i + 1] << 32 | a[2 * i];
			tot += v * (i + 1);
			block[i / 128] += v;
			mn = (s64)v < mn ? (s64)v : mn;
			mx = (s64)v > mx ? (s64)v : mx;
			orb |= 1ull << (i % 64);
			xorb ^= v;
			andb &= ~(1ull << (i % 61));
			seen = v > seen ? v : seen;
			put[i] = (u64)i << 40 | 7;
		}
		put[n] = 0; /* the token's first value */
		u64 want[10] = {tot, block[0], block[1], block[2], (u64)mn, (u64)mx, orb, xorb, andb, seen};
		const unsigned buf[10] = {1, 1, 1, 1, 2, 2, 3, 3, 3, 5}, at[10] = {0, 1, 2, 3, 0, 1, 0, 1, 2, 0};
		for (unsigned k = 0; k < 10; k++) {
			const uint32_t *w = (const uint32_t *)x.g.bufs[buf[k]].data + 2 * at[k];
			u64 got = (u64)w[1] << 32 | w[0];
			ck_assert_msg(got == want[k], "%s: value %u: 0x%016llx, the host 0x%016llx", cfgs[c], k, got, want[k]);
			u64 g = (u64)gpu[2 * k + 1] << 32 | gpu[2 * k];
			ck_assert_msg(got == g, "%s: value %u: 0x%016llx, the H200 0x%016llx", cfgs[c], k, got, g);
		}
		u64 tokens[301];
		const uint32_t *t = (const uint32_t *)x.g.bufs[4].data;
		for (unsigned i = 0; i <= n; i++)
			tokens[i] = (u64)t[2 * i + 1] << 32 | t[2 * i];
		qsort(tokens, n + 1, sizeof *tokens, cmp_u64);
		qsort(put, n + 1, sizeof *put, cmp_u64);
		for (unsigned i = 0; i <= n; i++)
			ck_assert_msg(tokens[i] == put[i], "%s: exchanged tokens: %u-th smallest 0x%016llx, put 0x%016llx",
				      cfgs[c], i, tokens[i], put[i]);
		done(&x);
	}
}
END_TEST

/* 64-bit integer statements at their edges (tests/ptx/int64_edges.ptx,
 * hand-written: results that alias their operands, immediates on either
 * side and with high words, guarded statements, shifts by 0, 31, 32 and 63,
 * signed and unsigned compares, mul.wide and cvt feeding them), on 64
 * inputs (edge values and a splitmix64 sequence), each case's 64-bit result
 * equal on both configs to C's unsigned long long arithmetic. */
static unsigned long long int64_case(unsigned c, unsigned long long x)
{
	typedef unsigned long long u64;
	typedef long long s64;
	const u64 a = (u64)-81985529216486895ll, b = 0x7fffffff12345678ull;
	const s64 sx = (s64)x;
	const u64 lo = (uint32_t)x;
	const s64 lo_s = (int32_t)(uint32_t)x;
	switch (c) {
	case 0: return 2 * x;
	case 1: return x + a;
	case 2: return a + x;
	case 3: return x - 4294967297ull;
	case 4: return x + 4294967295ull;
	case 5: return x - a;
	case 6: return a - x;
	case 7: return 0;
	case 8: return 1 - x;
	case 9: return x - 8589934593ull;
	case 10: return 0 - x;
	case 11: return x * x;
	case 12: return x * 81985529216486895ull;
	case 13: return x * 12345;
	case 14: return x << 7;
	case 15: return x;
	case 16: return x << 31;
	case 17: return x << 32;
	case 18: return x << 63;
	case 19: return (u64)(sx >> 5);
	case 20: return (u64)(sx >> 40);
	case 21: return x >> 40;
	case 22: case 23: return x;
	case 24: return (u64)(sx >> 32);
	case 25: return x >> 32;
	case 26: return x >> 63;
	case 27: return x & (u64)-4294901761ll;
	case 28: return x | 81985529216486895ull;
	case 29: return x ^ a;
	case 30: return ~x;
	case 31: return sx < (s64)a ? 81985529216486895ull : (u64)-2ll;
	case 32: return sx < 0 ? b + x : b;
	case 33: return x < a ? b : x - b;
	case 34: return sx >= -3 ? (u64)(sx >> 3) : x;
	case 35: return sx <= (s64)a;
	case 36: return x >= a;
	case 37: return sx > -4294967296ll;
	case 38: return x >= 4294967296ull;
	case 39: return 4294967296ull <= x;
	case 40: return x != b;
	case 41: return (x & (u64)-4294967296ll) == (u64)-4294967296ll;
	case 42: return 0;
	case 43: return lo >> 31;
	case 44: return (u64)lo_s >> 1;
	case 45: return (u64)lo_s >> 40;
	case 46: return (u64)((lo_s * -7) >> 3);
	case 47: return (lo * 4000000000ull + a) >> 33;
	default: return x - 81985529216486895ull;
	}
}

START_TEST(int64_edges_as_host)
{
	enum { N = 64, CASES = 49 };
	uint64_t xs[N] = {0, 1, ~0ull, ~1ull, 0xffffffffull, 0x100000000ull, 0xffffffff00000000ull, 0x7fffffffffffffffull,
			  0x8000000000000000ull, 0x80000000ull, 0xffffffff80000000ull, 0xffffffff00000001ull,
			  0x0123456789abcdefull, 0xfedcba9876543211ull, 5, (uint64_t)-5ll};
	uint64_t st = 0x9e3779b97f4a7c15ull;
	for (unsigned i = 16; i < N; i++) { /* splitmix64 */
		uint64_t z = (st += 0x9e3779b97f4a7c15ull);
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		xs[i] = z ^ (z >> 31);
	}
	uint32_t words[2 * N];
	memcpy(words, xs, sizeof xs); /* (little-endian: low word first) */
	static char list[2 * N * 12 + 4], text[4096];
	u32_list(list, sizeof list, words, 2 * N);
	snprintf(text, sizeof text, ".ptx \"%s\" t\n.buffer O u32 %d zero\n.buffer X u32 %d %s\n.arg O\n"
		 ".arg pa -81985529216486895\n.arg pb 0x7fffffff12345678\n.arg X\n.grid 1\n.block %d\n",
		 src_path("tests/ptx/int64_edges.ptx"), N * 98, 2 * N, list, N);
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *o = (const uint32_t *)x.g.bufs[0].data;
		for (unsigned t = 0; t < N; t++)
			for (unsigned c = 0; c < CASES; c++) {
				unsigned long long got = o[t * 98 + 2 * c] | (unsigned long long)o[t * 98 + 2 * c + 1] << 32;
				unsigned long long want = int64_case(c, xs[t]);
				ck_assert_msg(got == want, "%s: case %u of 0x%016llx: 0x%016llx, the host 0x%016llx",
					      k ? "h100" : "g80", c, (unsigned long long)xs[t], got, want);
			}
		done(&x);
	}
}
END_TEST

/* 64-bit integers converted to float (tests/ptx/i2f64.cu: cvt.rn.f32.u64
 * and .s64 of values built from two words), 64 values (edges: ties between
 * two floats, 2^63, 2^64 - 1, negative ones; and a splitmix64 sequence,
 * every other shifted right), on both configs, equal to an H200's
 * (tests/data/h200_i2f64/i2f64.txt) and to C's conversions (round to
 * nearest even). */
/* Doubles (tests/ptx/f64.cu's f64ops): + - * fma / sqrt 1/x fmin fmax - fabs,
 * conversions to and from float (each rounding) and int (each rounding),
 * the compares, on 64 pairs of edge values (NaNs, NaN with NaN both ways,
 * infinities, zeros, subnormals, the integers' limits) and random ones:
 * every word on h100.ini an H200's (its NaN propagation included); f64conv's
 * conversions to and from 64-bit integers an H200's too; and on g80.ini, a
 * GPU with no double precision, the launch refused naming the first f64
 * instruction. */
START_TEST(f64_as_h200)
{
	static uint32_t gpu[64 * 34];
	gpu_hex_rows("h200_f64/f64.txt", 64, 34, gpu);
	struct run x;
	run_file(&x, "tests/ptx/f64.s", "h100", NULL, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	static const char *const names[4] = {"O", "OF", "OI", "OU"};
	static const unsigned per[4] = {24, 4, 4, 2};
	for (unsigned i = 0; i < 64; i++) {
		unsigned col = 0;
		for (unsigned b = 0; b < 4; b++) {
			int bi = program_find_buffer(x.p, names[b]);
			ck_assert_int_ge(bi, 0);
			const uint32_t *w = (const uint32_t *)x.g.bufs[bi].data + per[b] * i;
			for (unsigned k = 0; k < per[b]; k++, col++)
				ck_assert_msg(w[k] == gpu[34 * i + col], "thread %u: %s word %u: 0x%08x, the H200 0x%08x", i,
					      names[b], per[b] * i + k, w[k], gpu[34 * i + col]);
		}
	}
	done(&x);
	/* f64conv: to 64-bit integers in each rounding (a NaN 0x8000000000000000,
	 * signed or not), and the same doubles' bits as 64-bit integers back */
	static uint32_t conv[64 * 20];
	gpu_hex_rows("h200_f64/f64conv.txt", 64, 20, conv);
	run_file(&x, "tests/ptx/f64conv.s", "h100", NULL, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	const uint32_t *ol = (const uint32_t *)x.g.bufs[program_find_buffer(x.p, "OL")].data;
	const uint32_t *od = (const uint32_t *)x.g.bufs[program_find_buffer(x.p, "OD")].data;
	for (unsigned i = 0; i < 64; i++)
		for (unsigned k = 0; k < 20; k++) {
			uint32_t w = k < 16 ? ol[16 * i + k] : od[4 * i + k - 16];
			ck_assert_msg(w == conv[20 * i + k], "f64conv thread %u: word %u: 0x%08x, the H200 0x%08x", i, k, w,
				      conv[20 * i + k]);
		}
	done(&x);
	/* f32conv64: floats to 64-bit integers in each rounding (not double
	 * arithmetic: on both configs), a NaN 0x8000000000000000 too */
	gpu_hex_rows("h200_f64/f32conv64.txt", 64, 16, conv);
	static const char *const cfgs[] = {"g80", "h100"};
	for (unsigned c = 0; c < 2; c++) {
		run_file(&x, "tests/ptx/f32conv64.s", cfgs[c], NULL, NULL, 0);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *l = (const uint32_t *)x.g.bufs[program_find_buffer(x.p, "OL")].data;
		for (unsigned i = 0; i < 64 * 16; i++)
			ck_assert_msg(l[i] == conv[i], "%s: f32conv64 thread %u: word %u: 0x%08x, the H200 0x%08x", cfgs[c], i / 16,
				      i % 16, l[i], conv[i]);
		done(&x);
	}
	/* dround: trunc, rint, floor, ceil, copysign and round (add.rz.f64) */
	gpu_hex_rows("h200_f64/dround.txt", 64, 12, conv);
	run_file(&x, "tests/ptx/dround.s", "h100", NULL, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	const uint32_t *ro = (const uint32_t *)x.g.bufs[program_find_buffer(x.p, "O")].data;
	for (unsigned i = 0; i < 64 * 12; i++)
		ck_assert_msg(ro[i] == conv[i], "dround thread %u: word %u: 0x%08x, the H200 0x%08x", i / 12, i % 12, ro[i],
			      conv[i]);
	done(&x);
	/* dexp: the math library's exp() of doubles, bit for bit */
	gpu_hex_rows("h200_f64/dexp.txt", 16, 16, conv);
	run_file(&x, "tests/ptx/dexp.s", "h100", NULL, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	const uint32_t *eo = (const uint32_t *)x.g.bufs[program_find_buffer(x.p, "O")].data;
	for (unsigned i = 0; i < 256; i++)
		ck_assert_msg(eo[i] == conv[i], "dexp value %u: word %u: 0x%08x, the H200 0x%08x", i / 2, i % 2, eo[i], conv[i]);
	done(&x);
	char out[4096];
	ck_assert_int_eq(run_simt_sim("configs/g80.ini tests/ptx/f64.s", out, sizeof out), 2);
	ck_assert_msg(strstr(out, "cannot launch on g80: dadd at tests/ptx/f64.ptx:") &&
			      strstr(out, "is a double-precision instruction, and this GPU has no FP64 unit"),
		      "%s", out);
}
END_TEST

/* A double dot product (tests/ptx/f64.cu's ddot): each block's sum, a
 * grid-stride loop of fma and a shared-memory tree, as the host computes it
 * in the kernel's order (C's fma and additions), and an atomicAdd of
 * doubles exact in any order; on h100.ini equal to those and to an H200's. */
START_TEST(ddot_as_h200)
{
	uint32_t gpu[18];
	gpu_hex_rows("h200_f64/ddot.txt", 1, 18, gpu);
	struct run x;
	run_file(&x, "tests/ptx/ddot.s", "h100", NULL, NULL, 0);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	const int32_t *xv = (const int32_t *)x.g.bufs[program_find_buffer(x.p, "X")].data;
	const int32_t *yv = (const int32_t *)x.g.bufs[program_find_buffer(x.p, "Y")].data;
	const double *out = (const double *)x.g.bufs[program_find_buffer(x.p, "OUT")].data;
	const unsigned n = 10000, blocks = 8, threads = 256;
	static double part[256];
	for (unsigned b = 0; b < blocks; b++) {
		for (unsigned t = 0; t < threads; t++) {
			double s = 0.0;
			for (unsigned i = b * threads + t; i < n; i += threads * blocks)
				s = fma(xv[i] * 0x1p-20, yv[i] * 0x1p-20, s);
			part[t] = s;
		}
		for (unsigned h = threads / 2; h > 0; h /= 2)
			for (unsigned t = 0; t < h; t++)
				part[t] += part[t + h];
		ck_assert_msg(out[b] == part[0], "block %u: %a, the host %a", b, out[b], part[0]);
	}
	ck_assert_msg(out[blocks] == blocks * 0.5 * threads * (threads + 1) / 2, "total %a", out[blocks]);
	const uint32_t *w = (const uint32_t *)out;
	for (unsigned k = 0; k < 18; k++)
		ck_assert_msg(w[k] == gpu[k], "word %u: 0x%08x, the H200 0x%08x", k, w[k], gpu[k]);
	done(&x);
}
END_TEST

START_TEST(i2f64_as_h200)
{
	enum { N = 64 };
	uint64_t in[N] = {0, 1, 0x1000001ull, 0x1000003ull, 0x20000000000001ull, 0x7fffffffffffffffull,
			  0x8000000000000000ull, 0xffffffffffffffffull, 0xfffffffffffffffeull, 0xffffff7fffffffffull,
			  0xffffff8000000000ull, 0xffffff8000000001ull, 0x8000008000000000ull, 0x8000018000000000ull,
			  0xffffffff00000000ull, 0x00000000ffffffffull};
	uint64_t st = 0x9e3779b97f4a7c15ull;
	for (unsigned i = 16; i < N; i++) { /* as i2f64_gpu.cu */
		uint64_t z = (st += 0x9e3779b97f4a7c15ull);
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		z ^= z >> 31;
		in[i] = i % 2 ? z >> i : z;
	}
	uint32_t want[2 * N], words[2 * N];
	gpu_hex_rows("h200_i2f64/i2f64.txt", 2, N, want);
	memcpy(words, in, sizeof in);
	static char list[2 * N * 12 + 4], text[4096];
	u32_list(list, sizeof list, words, 2 * N);
	snprintf(text, sizeof text, ".ptx \"%s\" i2f64\n.buffer W u32 %d %s\n.buffer O f32 %d zero\n.arg W\n.arg O\n"
		 ".grid 1\n.block %d\n", src_path("tests/ptx/i2f64.ptx"), 2 * N, list, 2 * N, N);
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *o = (const uint32_t *)x.g.bufs[1].data;
		for (unsigned i = 0; i < N; i++) {
			float fu = (float)in[i], fs = (float)(int64_t)in[i];
			uint32_t hu, hs;
			memcpy(&hu, &fu, 4);
			memcpy(&hs, &fs, 4);
			ck_assert_msg(o[2 * i] == want[i] && o[2 * i] == hu, "%s: 0x%016llx as unsigned: 0x%08x, the H200 0x%08x, C 0x%08x",
				      k ? "h100" : "g80", (unsigned long long)in[i], o[2 * i], want[i], hu);
			ck_assert_msg(o[2 * i + 1] == want[N + i] && o[2 * i + 1] == hs,
				      "%s: 0x%016llx as signed: 0x%08x, the H200 0x%08x, C 0x%08x", k ? "h100" : "g80",
				      (unsigned long long)in[i], o[2 * i + 1], want[N + i], hs);
		}
		done(&x);
	}
}
END_TEST

/* The warp reductions __reduce_*_sync (redux.sync: add, min and max of
 * u32 and s32, and, or, xor) over the warp, and an add over the lower 16
 * lanes alone (tests/ptx/redux.cu, in[l] = 0x9e3779b9 * (l + 1)), on both
 * configs, equal to an H200's results (tests/data/h200_redux/redux.txt). */
START_TEST(redux_as_h200)
{
	uint32_t want[9 * 32];
	gpu_hex_rows("h200_redux/redux.txt", 9, 32, want);
	uint32_t in[32];
	for (unsigned l = 0; l < 32; l++)
		in[l] = 0x9e3779b9u * (l + 1);
	char la[1024];
	u32_list(la, sizeof la, in, 32);
	static char text[2048];
	snprintf(text, sizeof text, ".ptx \"%s\" redux\n.buffer A u32 32 %s\n.buffer O u32 288 zero\n.arg A\n.arg O\n"
		 ".grid 1\n.block 32\n", src_path("tests/ptx/redux.ptx"), la);
	rows_as_gpu(text, 1, want, 9 * 32);
}
END_TEST

/* Inputs of tests/ptx/narrow.cu, as tests/data/h200_narrow/narrow_gpu.cu
 * makes them: word k of buffer s, and the floats. */
static uint32_t narrow_word(unsigned s, unsigned k) { return (0x9e3779b9u * (k + 1 + 64 * s)) ^ ((k + s) << 13); }
static float narrow_flt(unsigned k) { return ((int)k - 16) * 2345.678f + 0.37f * (float)k; }

/* char, short and uchar4 data (tests/ptx/narrow.cu: ld/st .u8 .s8 .u16
 * .s16 global and shared, ld/st.v4.u8, and nvcc's 16-bit min, max, shr,
 * div, rem, setp, cvt and mul.wide), on both configs, equal to an H200's
 * results (tests/data/h200_narrow/narrow.txt); the loads and stores are
 * checked against the host too. */
START_TEST(narrow_as_h200)
{
	uint32_t want[28 * 32];
	gpu_hex_rows("h200_narrow/narrow.txt", 28, 32, want);
	uint32_t w[5][32];
	float f[32];
	for (unsigned s = 0; s < 5; s++)
		for (unsigned k = 0; k < 32; k++)
			w[s][k] = narrow_word(s, k);
	for (unsigned k = 0; k < 32; k++)
		f[k] = narrow_flt(k);
	static char text[16384];
	size_t n = (size_t)snprintf(text, sizeof text, ".ptx \"%s\" narrow\n", src_path("tests/ptx/narrow.ptx"));
	static const char *const names[] = {"c", "uc", "s", "us", "q"};
	static const unsigned words[] = {8, 8, 16, 16, 32};
	for (unsigned s = 0; s < 5; s++) {
		char la[1024];
		u32_list(la, sizeof la, w[s], words[s]);
		n += (size_t)snprintf(text + n, sizeof text - n, ".buffer %s u32 %u %s\n", names[s], words[s], la);
	}
	uint32_t fb[32];
	memcpy(fb, f, sizeof fb);
	char la[1024];
	u32_list(la, sizeof la, fb, 32);
	snprintf(text + n, sizeof text - n,
		 ".buffer f u32 32 %s\n.buffer O u32 512 zero\n.buffer B u32 8 zero\n.buffer H u32 16 zero\n"
		 ".buffer Q u32 32 zero\n.arg c\n.arg uc\n.arg s\n.arg us\n.arg q\n.arg f\n.arg O\n.arg B\n.arg H\n"
		 ".arg Q\n.grid 1\n.block 32\n", la);
	int8_t c[32];
	uint8_t uc[32], q[128];
	int16_t sh[32];
	uint16_t us[32];
	memcpy(c, w[0], sizeof c);
	memcpy(uc, w[1], sizeof uc);
	memcpy(sh, w[2], sizeof sh);
	memcpy(us, w[3], sizeof us);
	memcpy(q, w[4], sizeof q);
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *o = (const uint32_t *)x.g.bufs[6].data;
		const uint8_t *b = x.g.bufs[7].data, *qo = x.g.bufs[9].data;
		uint16_t h[32];
		memcpy(h, x.g.bufs[8].data, sizeof h);
		for (unsigned i = 0; i < 16 * 32; i++)
			ck_assert_msg(o[i] == want[i], "%s: O row %u, lane %u: 0x%08x, the H200 0x%08x", k ? "h100" : "g80",
				      i / 32, i % 32, o[i], want[i]);
		for (unsigned l = 0; l < 32; l++) {
			uint32_t qw;
			memcpy(&qw, &qo[4 * l], 4);
			ck_assert_uint_eq(b[l], want[16 * 32 + l]);
			ck_assert_uint_eq(h[l], want[17 * 32 + l]);
			ck_assert_uint_eq(qw, want[18 * 32 + l]);
			/* the host's reading of the same C */
			ck_assert_uint_eq(o[l], (uint32_t)(int32_t)c[l]);
			ck_assert_uint_eq(o[32 + l], uc[l]);
			ck_assert_uint_eq(o[64 + l], (uint32_t)(int32_t)sh[l]);
			ck_assert_uint_eq(o[96 + l], us[l]);
			ck_assert_uint_eq(o[15 * 32 + l], q[4 * l] + 2u * q[4 * l + 1] + 3u * q[4 * l + 2] + 4u * q[4 * l + 3]);
			ck_assert_uint_eq(b[l], (uint8_t)(c[l] * 3));
			ck_assert_uint_eq(h[l], (uint16_t)(us[l] + us[(l + 7) & 31]));
			ck_assert_uint_eq(qo[4 * l], q[4 * l + 3]);
			ck_assert_uint_eq(qo[4 * l + 3], (uint8_t)(q[4 * l] + 1));
		}
		done(&x);
	}
}
END_TEST

/* bfe and bfi with positions and lengths in registers (past 31 too) and
 * as constants, and prmt (__byte_perm, a sign-replicating selector),
 * tests/ptx/narrow.cu's bitfield, on both configs, equal to an H200's
 * results (the last 9 rows of tests/data/h200_narrow/narrow.txt). */
START_TEST(bitfield_as_h200)
{
	uint32_t want[28 * 32];
	gpu_hex_rows("h200_narrow/narrow.txt", 28, 32, want);
	uint32_t in[32];
	for (unsigned k = 0; k < 32; k++)
		in[k] = narrow_word(5, k);
	char la[1024];
	u32_list(la, sizeof la, in, 32);
	static char text[2048];
	snprintf(text, sizeof text, ".ptx \"%s\" bitfield\n.buffer in u32 32 %s\n.buffer O u32 288 zero\n.arg in\n.arg O\n"
		 ".grid 1\n.block 32\n", src_path("tests/ptx/narrow.ptx"), la);
	rows_as_gpu(text, 1, want + 19 * 32, 9 * 32);
}
END_TEST

/* __syncthreads_count, _and and _or (bar.red.popc/.and/.or, tests/ptx/
 * barred.cu) over a block of 96 threads whose last 6 exit first, on both
 * configs (the G80 counting warps at its barrier, the H100 threads), equal
 * to an H200's results (tests/data/h200_barred/barred.txt) and to the
 * host's count over the 90 threads that remain; the exited threads' rows
 * stay 0. */
START_TEST(barrier_reductions_as_h200)
{
	uint32_t want[6 * 96];
	gpu_hex_rows("h200_barred/barred.txt", 6, 96, want);
	uint32_t in[96];
	for (unsigned t = 0; t < 96; t++)
		in[t] = (0x9e3779b9u * (t + 1)) | 2;
	uint32_t host[6] = {0, 1, 0, 1, 0, 0};
	for (unsigned t = 0; t < 90; t++) {
		host[0] += in[t] & 1;
		host[2] |= (in[t] & 4) != 0;
		host[3] &= (in[t] & 8) != 0;
		host[4] |= in[t] == 12345u;
		host[5] += t < 40;
	}
	ck_assert(host[0] > 0 && host[0] < 90 && host[2] == 1 && host[3] == 0); /* both outcomes seen */
	char la[2048];
	u32_list(la, sizeof la, in, 96);
	static char text[4096];
	snprintf(text, sizeof text, ".ptx \"%s\" barred\n.buffer in u32 96 %s\n.buffer O u32 576 zero\n.arg in\n.arg O\n"
		 ".grid 1\n.block 96\n", src_path("tests/ptx/barred.ptx"), la);
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *o = (const uint32_t *)x.g.bufs[1].data;
		for (unsigned i = 0; i < 6 * 96; i++) {
			ck_assert_msg(o[i] == want[i], "%s: row %u, thread %u: %u, the H200 %u", k ? "h100" : "g80", i / 96,
				      i % 96, o[i], want[i]);
			ck_assert_uint_eq(o[i], i % 96 < 90 ? host[i / 96] : 0);
		}
		done(&x);
	}
}
END_TEST

/* mov.b32 packing two 16-bit registers into a word and unpacking one
 * (tests/ptx/pack16.cu), short2 loads and stores, ushort4 and uchar2
 * stores, on both configs, against the host's reading of the same C. */
START_TEST(pack_halves)
{
	uint32_t in[32];
	for (unsigned t = 0; t < 32; t++)
		in[t] = narrow_word(6, t);
	in[3] = 0xfff9fffeu; /* lo + 7 wraps */
	char la[1024];
	u32_list(la, sizeof la, in, 32);
	static char text[2048];
	snprintf(text, sizeof text, ".ptx \"%s\" pack16\n.buffer in u32 32 %s\n.buffer O u32 144 zero\n.arg in\n.arg O\n"
		 ".grid 1\n.block 32\n", src_path("tests/ptx/pack16.ptx"), la);
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const uint32_t *o = (const uint32_t *)x.g.bufs[1].data;
		for (unsigned t = 0; t < 32; t++) {
			uint16_t lo = (uint16_t)(in[t] + 7), hi = (uint16_t)(in[t] >> 16);
			hi = hi > lo ? hi : lo;
			ck_assert_uint_eq(o[t], (uint32_t)hi | (uint32_t)lo << 16);
			int16_t vx = (int16_t)(in[t] & 0xffff), vy = (int16_t)(in[t] >> 16);
			uint16_t wx = (uint16_t)(vy + 1), wy = (uint16_t)(vx >> 3);
			ck_assert_uint_eq(o[32 + t], (uint32_t)wx | (uint32_t)wy << 16);
			ck_assert_uint_eq(o[64 + 2 * t], (uint32_t)lo | (uint32_t)hi << 16);
			ck_assert_uint_eq(o[64 + 2 * t + 1], (uint32_t)(uint16_t)(lo ^ hi) | t << 16);
			uint16_t b2 = (uint16_t)((in[t] >> 24) | (uint8_t)(in[t] + t) << 8);
			ck_assert_uint_eq((o[128 + t / 2] >> (16 * (t % 2))) & 0xffff, b2);
		}
		done(&x);
	}
}
END_TEST

/* Integer cvt to 8 and 16 bits into wider registers (tests/ptx/
 * cvt_narrow.ptx): the value in the type, then extended to the register's
 * width as the type says (the PTX ISA's rule for operands wider than the
 * instruction type), worked out by hand for four inputs. */
START_TEST(cvt_narrow_extends)
{
	static const uint32_t want[4][4] = {
		{0xffffff80u, 0x0000007fu, 0xffffffffu, 7}, /* s8 of the word, read as s16 */
		{0x00000080u, 0x0000007fu, 0x000000ffu, 7}, /* u8 into .b32 */
		{0x00005680u, 0xffffff7fu, 0xffff80ffu, 7}, /* s16 into .b32 */
		{0x0000ff80u, 0x0000007fu, 0x0000ffffu, 7}, /* u16 of the s8 byte into .b32 */
	};
	for (int c = 0; c < 4; c++)
		for (int k = 0; k < 2; k++) {
			static char text[1024];
			snprintf(text, sizeof text,
				 ".ptx \"%s\" c%d\n.buffer a u32 4 {0x12345680, 0xffffff7f, 0x000180ff, 7}\n"
				 ".buffer o u32 4 zero\n.arg a\n.arg o\n.grid 1\n.block 4\n",
				 src_path("tests/ptx/cvt_narrow.ptx"), c + 1);
			struct run x;
			run_text(&x, text, k ? "h100" : "g80", NULL);
			ck_assert_int_eq(x.r.status, SIM_DONE);
			const uint32_t *o = (const uint32_t *)x.g.bufs[1].data;
			for (int i = 0; i < 4; i++)
				ck_assert_msg(o[i] == want[c][i], "c%d [%d]: 0x%08x, want 0x%08x", c + 1, i, o[i], want[c][i]);
			done(&x);
		}
}
END_TEST

/* expf as nvcc writes it (tests/ptx/expf.cu: fma.rm, cvt.sat, ex2.approx)
 * within 2 ulp of the host's expf from -80 to 80 (the GPU's ex2.approx is
 * not bit-exact either: docs/ISA.md), on both configs. */
START_TEST(expf_within_two_ulp)
{
	enum { N = 256 };
	static char text[8192];
	char la[6000] = "{";
	size_t na = 1;
	float in[N];
	for (unsigned i = 0; i < N; i++) {
		in[i] = -80.0f + 160.0f * (float)i / (N - 1) + (i % 7) * 0.01f;
		uint32_t b;
		memcpy(&b, &in[i], 4);
		na += (size_t)snprintf(la + na, sizeof la - na, "%s%u", i ? ", " : "", b);
	}
	snprintf(la + na, sizeof la - na, "}");
	snprintf(text, sizeof text, ".ptx \"%s\" expk\n.buffer X u32 %d %s\n.buffer O f32 %d zero\n.arg X\n.arg O\n"
		 ".grid %d\n.block 64\n", src_path("tests/ptx/expf.ptx"), N, la, N, N / 64);
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const float *o = (const float *)x.g.bufs[1].data;
		for (unsigned i = 0; i < N; i++) {
			float want = expf(in[i]);
			int32_t gb, wb;
			memcpy(&gb, &o[i], 4);
			memcpy(&wb, &want, 4);
			ck_assert_msg(abs(gb - wb) <= 2, "expf(%.9g): %.9g, the host %.9g", (double)in[i], (double)o[i],
				      (double)want);
		}
		done(&x);
	}
}
END_TEST

/* atomicInc and atomicDec by 64 threads on one counter each, limit 9: the
 * counters end as 64 sequential applications leave them (whatever the
 * order), and each old value is one a sequential run hands out, as often. */
START_TEST(atomic_inc_dec)
{
	char text[2048];
	snprintf(text, sizeof text,
		 ".ptx \"%s\" incdec\n.buffer C u32 2 {0, 0}\n.buffer I u32 64 zero\n.buffer D u32 64 zero\n"
		 ".arg C\n.arg I\n.arg D\n.arg limit 9\n.grid 1\n.block 64\n",
		 src_path("tests/ptx/ops.ptx"));
	struct run x;
	run_text(&x, text, "g80", NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	const uint32_t *c = (const uint32_t *)x.g.bufs[0].data, *inc = (const uint32_t *)x.g.bufs[1].data,
		       *dec = (const uint32_t *)x.g.bufs[2].data;
	unsigned want_inc[16] = {0}, want_dec[16] = {0}, got_inc[16] = {0}, got_dec[16] = {0};
	uint32_t ci = 0, cd = 0;
	for (int k = 0; k < 64; k++) { /* CUDA's definitions, applied in turn */
		want_inc[ci]++;
		ci = ci >= 9 ? 0 : ci + 1;
		want_dec[cd]++;
		cd = cd == 0 || cd > 9 ? 9 : cd - 1;
	}
	for (int k = 0; k < 64; k++) {
		ck_assert_uint_lt(inc[k], 16);
		ck_assert_uint_lt(dec[k], 16);
		got_inc[inc[k]]++;
		got_dec[dec[k]]++;
	}
	ck_assert_uint_eq(c[0], ci);
	ck_assert_uint_eq(c[1], cd);
	ck_assert(!memcmp(got_inc, want_inc, sizeof want_inc));
	ck_assert(!memcmp(got_dec, want_dec, sizeof want_dec));
	done(&x);
}
END_TEST

/* Loads the L1 may not serve become ldg.cg (the PTX ISA's cache operators
 * .cg and .cv; volatile and relaxed GPU-scope loads, which must see other
 * SMs' writes); plain, .nc and CTA-scope ones stay ldg. Each load returns
 * its word either way. */
START_TEST(cache_operators)
{
	char text[1024];
	snprintf(text, sizeof text,
		 ".ptx \"%s\" cache_ops\n.buffer in u32 7 {11, 12, 13, 14, 15, 16, 17}\n.buffer out u32 7 zero\n"
		 ".arg in\n.arg out\n.grid 1\n.block 1\n",
		 src_path("tests/ptx/cache_ops.ptx"));
	struct run x;
	run_text(&x, text, "h100", NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	unsigned cg = 0, ca = 0;
	for (uint32_t pc = 0; pc < x.p->ncode; pc++)
		if (x.p->code[pc].op == OP_LDG) {
			if (x.p->code[pc].mod[1] == CACHE_CG)
				cg++;
			else
				ca++;
		}
	ck_assert_uint_eq(cg, 4); /* .cg, .cv, volatile, relaxed.gpu */
	ck_assert_uint_eq(ca, 3); /* plain, .nc, relaxed.cta */
	const uint32_t *out = (const uint32_t *)x.g.bufs[1].data;
	for (unsigned k = 0; k < 7; k++)
		ck_assert_uint_eq(out[k], 11 + k);
	ck_assert_uint_eq(x.r.stats.mem.l1_bypassed, 4);
	done(&x);
}
END_TEST

/* A module-scope __device__ variable is a buffer of its name holding its
 * initialiser (its address a hidden argument after the parameters), and a
 * .buffer of that name in the workload replaces it. */
/* A kernel's launch bounds (.maxntid from __launch_bounds__, .reqntid)
 * refuse a launch outside them, as CUDA does; .maxnreg below what the
 * translation needs is refused, not run with registers it cannot hold. */
START_TEST(launch_bounds)
{
	static const struct {
		const char *entry;
		unsigned block, rc;
		const char *says;
	} cases[] = {
		{"bounded", 64, 0, "check O expr(i): pass (64 elements bit-exact)"},
		{"bounded", 128, 2, "cannot launch: the block has 128 threads; the kernel allows at most 64 (.maxntid"},
		{"exact", 32, 0, "check O expr(i): pass (32 elements bit-exact)"},
		{"exact", 64, 2, "cannot launch: the block is 64 x 1 x 1 threads; the kernel requires 32 x 1 x 1 (.reqntid)"},
		{"tight", 32, 2, "more than the kernel's .maxnreg 1"},
	};
	for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		char wl[64];
		snprintf(wl, sizeof wl, "/tmp/simt-bounds-%d.s", (int)getpid());
		FILE *f = fopen(wl, "w");
		ck_assert(f);
		fprintf(f, ".ptx \"%s\" %s\n.buffer O u32 %u zero\n.arg O\n.grid 1\n.block %u\n.check O expr(i)\n",
			src_path("tests/ptx/bounds.ptx"), cases[c].entry, cases[c].block, cases[c].block);
		fclose(f);
		char args[256];
		static char out[1 << 14];
		snprintf(args, sizeof args, "configs/g80.ini %s 2>&1", wl);
		int rc = run_simt_sim(args, out, sizeof out);
		unlink(wl);
		ck_assert_msg(rc == (int)cases[c].rc && strstr(out, cases[c].says), "%s %u: exit %d\n%s", cases[c].entry,
			      cases[c].block, rc, out);
	}
}
END_TEST

START_TEST(module_variables)
{
	char text[2048];
	snprintf(text, sizeof text,
		 ".ptx \"%s\" lookup\n.buffer IDX s32 8 iota\n.buffer OUT s32 8 zero\n.arg IDX\n.arg OUT\n"
		 ".grid 1\n.block 8\n",
		 src_path("tests/ptx/ops.ptx"));
	struct program *p = must_assemble(text);
	ck_assert_uint_eq(p->ptx_nparams, 2);
	ck_assert_uint_eq(p->nargs, 3);
	ck_assert_str_eq(p->args[2].name, "table");
	struct run x;
	run_prog(&x, p, "h100", NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	int tb = program_find_buffer(x.p, "table"), ob = program_find_buffer(x.p, "OUT");
	const int32_t *t = (const int32_t *)x.g.bufs[tb].data, *o = (const int32_t *)x.g.bufs[ob].data;
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(t[i], 10 * (i + 1));
	for (int i = 0; i < 8; i++)
		ck_assert_int_eq(o[i], 10 * (i % 4 + 1));
	done(&x);
	snprintf(text, sizeof text,
		 ".ptx \"%s\" lookup\n.buffer IDX s32 8 iota\n.buffer OUT s32 8 zero\n.buffer table s32 4 {5, 6, 7, 8}\n"
		 ".arg IDX\n.arg OUT\n.grid 1\n.block 8\n.check OUT expr(5 + i %% 4)\n",
		 src_path("tests/ptx/ops.ptx"));
	run_text(&x, text, "g80", NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	ob = program_find_buffer(x.p, "OUT");
	o = (const int32_t *)x.g.bufs[ob].data;
	for (int i = 0; i < 8; i++)
		ck_assert_int_eq(o[i], 5 + i % 4);
	done(&x);
	snprintf(text, sizeof text,
		 ".ptx \"%s\" lookup\n.buffer IDX s32 8 iota\n.buffer OUT s32 8 zero\n.buffer table s32 2 zero\n"
		 ".arg IDX\n.arg OUT\n.grid 1\n.block 8\n",
		 src_path("tests/ptx/ops.ptx"));
	ck_assert(strstr(assemble_error(text), "buffer 'table' has 8 bytes; the kernel's variable table needs 16"));
}
END_TEST

/* What each CUDA workload must do on each model: exit 0 with every check
 * passing, or the refusal/diagnosis CUDA and the seeds predict. */
struct expect {
	const char *workload;
	int g80, h100;        /* exit codes */
	const char *g80_says; /* a line simt-sim must print on g80, or NULL */
};

static const struct expect cases[] = {
	{"tiled_mm8", 0, 0, NULL},
	{"tiled_mm16", 0, 0, NULL},
	{"tiled_mm32", 2, 0, "the block has 1024 threads; g80 allows at most 512"},
	{"naive_mm", 0, 0, NULL},
	{"seed_4x4", 0, 0, NULL},
	{"faulty", 3, 0, ".ptx:52 (workloads/cuda/faulty.cu:10) (pc 10): mov.u32  %r3, 1073741824;"},
	{"spinlock", 5, 0, "in the loop over pcs"},
	{"spinlock_sleep", 5, 0, "in the loop over pcs"},
	{"warp_reduce_syncwarp", 0, 0, NULL},
	{"shfl_reduce", 0, 0, NULL},
	{"ballot_mask", 0, 0, NULL},
	{"warp_aggregated_atomic", 0, 0, NULL},
	{"vecadd", 0, 0, NULL},
	{"saxpy", 0, 0, NULL},
	{"reduce_interleaved", 0, 0, NULL},
	{"reduce_sequential", 0, 0, NULL},
	{"reduce_shfl", 0, 0, NULL},
	{"stencil_1d", 0, 0, NULL},
	{"histogram", 0, 0, NULL},
	{"transpose_naive", 0, 0, NULL},
	{"transpose_shared", 0, 0, NULL},
	{"transpose_padded", 0, 0, NULL},
	{"divergent_loop", 0, 0, NULL},
	{"scan_block", 0, 0, NULL},
	{"guide_mm", 0, 0, NULL},
};

START_TEST(every_cuda_workload)
{
	const struct expect *c = &cases[_i];
	static char out[1 << 16];
	for (int m = 0; m < 2; m++) {
		char args[512];
		snprintf(args, sizeof args, "configs/%s.ini workloads/cuda/%s.s 2>&1", m ? "h100" : "g80", c->workload);
		int rc = run_simt_sim(args, out, sizeof out);
		int want = m ? c->h100 : c->g80;
		ck_assert_msg(rc == want, "%s: exit %d, want %d\n%s", args, rc, want, out);
		if (want == 0) {
			ck_assert_msg(strstr(out, "\ncheck ") && !strstr(out, "FAIL"), "%s: checks\n%s", args, out);
		}
		if (!m && c->g80_says)
			ck_assert_msg(strstr(out, c->g80_says), "%s: no '%s' in\n%s", args, c->g80_says, out);
	}
}
END_TEST

/* The front end schedules as ptxas does (isa/ptx_sched.c): in naive_mm's
 * unrolled loop the loads come before the first fma, as the H100's SASS
 * has 13 LDGs before its first FFMA (docs/data/cuda-h100/sass.txt), where
 * nvcc's PTX has two; and no load passes a store, atomic or barrier. */
START_TEST(loads_scheduled_first)
{
	struct diag d;
	struct program *p = asm_load(src_path("workloads/cuda/naive_mm.s"), NULL, 0, &d);
	ck_assert_msg(p, "%s", d.msg);
	uint32_t f = 0;
	while (f < p->ncode && p->code[f].op != OP_FFMA)
		f++;
	ck_assert_uint_lt(f, p->ncode);
	unsigned loads = 0;
	for (uint32_t pc = f; pc-- > 0 && p->code[pc].op != OP_BRA;)
		loads += p->code[pc].op == OP_LDG;
	ck_assert_uint_ge(loads, 8);
	program_free(p);
	/* memory order: in every kernel that stores, a load that follows a
	 * store, atomic, fence or barrier in the PTX still follows it (the
	 * transposes and the scan store to shared memory and read it back
	 * after a barrier: their bit-exact checks in the equivalence and CUDA
	 * tests would fail otherwise); here, the shared-tile transpose keeps
	 * its lds after its bar.sync */
	p = asm_load(src_path("workloads/cuda/transpose_shared.s"), NULL, 0, &d);
	ck_assert_msg(p, "%s", d.msg);
	uint32_t bar = 0, lds = 0;
	for (uint32_t pc = 0; pc < p->ncode; pc++) {
		if (p->code[pc].op == OP_BAR && !bar)
			bar = pc + 1;
		if (p->code[pc].op == OP_LDS && !lds)
			lds = pc + 1;
	}
	ck_assert(bar && lds && lds > bar);
	program_free(p);
	/* across the labels if-conversion leaves, and a global load past a
	 * shared store: the padded transpose's four guarded loads all come
	 * before its first sts, as the H100's SASS has its four LDGs before
	 * the first STS (docs/data/cuda-h100/sass.txt); nvcc's PTX has one */
	p = asm_load(src_path("workloads/cuda/transpose_padded.s"), NULL, 0, &d);
	ck_assert_msg(p, "%s", d.msg);
	unsigned ldg = 0;
	for (uint32_t pc = 0; pc < p->ncode && p->code[pc].op != OP_STS; pc++)
		ldg += p->code[pc].op == OP_LDG;
	ck_assert_uint_eq(ldg, 4);
	program_free(p);
}
END_TEST

/* Scheduled for an sm_90 GPU (a uniform datapath: the register budget
 * leaves the parameters and shared arrays' addresses out), the tiled
 * matmul's two guarded tile loads come before its first sts, with the
 * zero nvcc writes before each (the value the skipped lanes keep), and
 * TILE 8's dot loop issues its shared loads ahead of its fmas: the H100's
 * SASS of MatrixMulKernel<8> has both LDGs before the first STS and five
 * LDS (two of them LDS.128) before the first FFMA
 * (docs/data/cuda-h100/sass.txt); the front end's schedule, whose moved
 * loads pass at most 2 others within the budget, has four. For an unknown
 * GPU the budget is the plain 32 and the dot loop keeps nvcc's order (an
 * lds, an lds.128, an fma). */
START_TEST(tiled_loads_scheduled_for_sm90)
{
	struct diag d;
	struct asm_hooks sm90 = {NULL, NULL, 90};
	for (int target = 0; target < 2; target++) {
		struct program *p = asm_load_hooked(src_path("workloads/cuda/tiled_mm8.s"), NULL, 0,
						    target ? &sm90 : NULL, &d);
		ck_assert_msg(p, "%s", d.msg);
		unsigned ldg = 0, lds = 0;
		uint32_t pc = 0;
		for (; pc < p->ncode && p->code[pc].op != OP_STS; pc++)
			ldg += p->code[pc].op == OP_LDG;
		while (pc < p->ncode && p->code[pc].op != OP_BAR)
			pc++;
		for (; pc < p->ncode && p->code[pc].op != OP_FFMA; pc++)
			lds += p->code[pc].op == OP_LDS;
		ck_assert_uint_lt(pc, p->ncode);
		if (target) {
			ck_assert_uint_eq(ldg, 2);
			ck_assert_uint_ge(lds, 4);
		} else {
			ck_assert_uint_eq(ldg, 1);
			ck_assert_uint_eq(lds, 2);
		}
		program_free(p);
	}
}
END_TEST

/* A loop's step and compare move up as ptxas moves them, so the closing
 * branch does not wait on them: in branch_cost.cu's loop of 16 dependent
 * multiply-adds the H100's SASS counts, multiplies once, compares, then
 * runs the other 15 and branches (docs/data/xval-h100/branch-cost.txt);
 * nvcc's PTX counts and compares after the 16th. The front end's loop: the
 * counter's iadd first, one imad between it and the isetp that reads it,
 * and the bra straight after the last imad. */
START_TEST(loop_compare_scheduled_first)
{
	struct diag d;
	struct param_override v16[] = {{"V", "16"}};
	struct program *p = asm_load(src_path("workloads/micro/branch_cost.s"), v16, 1, &d);
	ck_assert_msg(p, "%s", d.msg);
	/* the loop of 16: the backward branch whose body holds 16 imads */
	bool found = false;
	for (uint32_t pc = 0; pc < p->ncode && !found; pc++) {
		const struct isa_insn *in = &p->code[pc];
		if (in->op != OP_BRA || in->off < 0 || (uint32_t)in->off >= pc)
			continue;
		uint32_t top = (uint32_t)in->off;
		unsigned imads = 0;
		for (uint32_t q = top; q < pc; q++)
			imads += p->code[q].op == OP_IMAD;
		if (imads != 16)
			continue;
		found = true;
		ck_assert_int_eq(p->code[top].op, OP_IADD);
		ck_assert_int_eq(p->code[top + 1].op, OP_IMAD);
		ck_assert_int_eq(p->code[top + 2].op, OP_ISETP);
		ck_assert_int_eq(p->code[pc - 1].op, OP_IMAD);
	}
	ck_assert(found);
	program_free(p);
}
END_TEST

/* Convergence barriers where ptxas writes them (isa/ptx_converge.c): the
 * front end brackets as many divergent regions with bssy/bsync as the
 * H100's SASS has BSSY/BSYNC pairs (ptxas 13.0 for sm_90,
 * docs/data/cuda-h100/sass.txt; grayscale, conv1d, thread_hist, guide_mm: docs/data/cuda-h200/), none around the matmuls' uniform loops;
 * divergent_loop's loop ptxas unrolls 16 times, with remainder loops of
 * their own (4 regions), the front end 4 times (fewer). */
static const struct {
	const char *workload;
	unsigned bssy; /* BSSY instructions in ptxas's code */
} sass_bssy[] = {
	{"ballot_mask", 0}, {"conv1d", 0}, {"divergent_loop", 4}, {"faulty", 0}, {"grayscale", 0}, {"guide_mm", 0},
	{"histogram", 2},
	{"naive_mm", 0}, {"reduce_interleaved", 0}, {"reduce_sequential", 0}, {"reduce_shfl", 0},
	{"saxpy", 0}, {"scan_block", 0}, {"seed_4x4", 0}, {"shfl_reduce", 0},
	{"spinlock", 1}, {"spinlock_sleep", 1}, {"stencil_1d", 1}, {"thread_hist", 0}, {"tiled_mm16", 0},
	{"tiled_mm32", 0}, {"tiled_mm8", 0}, {"transpose_naive", 0}, {"transpose_padded", 0},
	{"transpose_shared", 0}, {"vecadd", 0}, {"warp_aggregated_atomic", 1}, {"warp_reduce_syncwarp", 0},
};

START_TEST(convergence_barriers_as_ptxas)
{
	for (size_t i = 0; i < sizeof sass_bssy / sizeof sass_bssy[0]; i++) {
		char rel[128];
		snprintf(rel, sizeof rel, "workloads/cuda/%s.s", sass_bssy[i].workload);
		struct diag d;
		struct program *p = asm_load(src_path(rel), NULL, 0, &d);
		ck_assert_msg(p, "%s", d.msg);
		unsigned bssy = 0, bsync = 0;
		for (uint32_t pc = 0; pc < p->ncode; pc++) {
			bssy += p->code[pc].op == OP_BSSY;
			bsync += p->code[pc].op == OP_BSYNC;
			/* every branch meets after a bsync, never at one */
			if (p->code[pc].op == OP_BRA && p->ipdom[pc] < p->ncode)
				ck_assert_int_ne(p->code[p->ipdom[pc]].op, OP_BSYNC);
		}
		ck_assert_uint_eq(bssy, bsync);
		if (!strcmp(sass_bssy[i].workload, "divergent_loop"))
			ck_assert_msg(bssy >= 1 && bssy < sass_bssy[i].bssy, "%s: %u", rel, bssy);
		else
			ck_assert_msg(bssy == sass_bssy[i].bssy, "%s: %u bssy, ptxas %u", rel, bssy,
				      sass_bssy[i].bssy);
		program_free(p);
	}
}
END_TEST

static unsigned count_op(const struct program *p, enum isa_op op)
{
	unsigned n = 0;
	for (uint32_t pc = 0; pc < p->ncode; pc++)
		n += p->code[pc].op == op;
	return n;
}

/* Where the pairs go in shapes the CUDA workloads do not have
 * (tests/workloads/conv/, hand-written PTX): each kernel's pairs, and what
 * one warp of 32 runs of them, worked out from the code. */
START_TEST(convergence_barrier_shapes)
{
	struct diag d;
	/* an if on lanes 0-7, its paths meeting at a do-while loop that lane t
	 * leaves after max(1, t) steps: the if's bsync twice (two sides), the
	 * loop's once per group leaving it (lanes 0 and 1 together, then each
	 * of 2..31: 31), each bssy once: the loop's back edge runs neither */
	struct sim_stats st = run_done_stats("tests/workloads/conv/if_then_loop.s", "h100", NULL, 0);
	ck_assert_uint_eq(st.op_count[OP_BSSY], 2);
	ck_assert_uint_eq(st.op_count[OP_BSYNC], 2 + 31);
	/* a value set differently on two paths that meet only at the exit, then
	 * branched on: that branch gets a pair, the first none */
	struct program *p = asm_load(src_path("tests/workloads/conv/join_before_exit.s"), NULL, 0, &d);
	ck_assert_msg(p, "%s", d.msg);
	ck_assert_uint_eq(count_op(p, OP_BSSY), 1);
	ck_assert_uint_eq(count_op(p, OP_BSYNC), 1);
	program_free(p);
	/* __any_sync's answer is one for every lane: no pair */
	p = asm_load(src_path("tests/workloads/conv/vote_loop.s"), NULL, 0, &d);
	ck_assert_msg(p, "%s", d.msg);
	ck_assert_uint_eq(count_op(p, OP_BSSY) + count_op(p, OP_BSYNC), 0);
	program_free(p);
	/* a loop entered at its test, lane t leaving after t steps (32 groups):
	 * the bssy before the jump into it, once */
	st = run_done_stats("tests/workloads/conv/rotated_loop.s", "h100", NULL, 0);
	ck_assert_uint_eq(st.op_count[OP_BSSY], 1);
	ck_assert_uint_eq(st.op_count[OP_BSYNC], 32);
	/* two loops sharing their first instruction: two bssys before it, the
	 * outer one's back edge to the second (re-entering the inner loop), the
	 * inner one's past both */
	p = asm_load(src_path("tests/workloads/conv/nested_loops.s"), NULL, 0, &d);
	ck_assert_msg(p, "%s", d.msg);
	ck_assert_uint_eq(count_op(p, OP_BSSY), 2);
	ck_assert_uint_eq(count_op(p, OP_BSYNC), 2);
	unsigned back = 0;
	for (uint32_t pc = 0; pc < p->ncode; pc++) {
		const struct isa_insn *in = &p->code[pc];
		if (in->op != OP_BRA || (uint32_t)in->off > pc)
			continue;
		uint32_t t = (uint32_t)in->off;
		ck_assert_uint_ge(t, 2);
		bool outer = p->code[t].op == OP_BSSY;
		if (outer)
			ck_assert_int_eq(p->code[t - 1].op, OP_BSSY);
		else
			ck_assert(p->code[t - 1].op == OP_BSSY && p->code[t - 2].op == OP_BSSY);
		back |= outer ? 1 : 2;
	}
	ck_assert_uint_eq(back, 3);
	program_free(p);
	/* a divergent do-while behind a uniform guard: Z = 0 skips it and runs
	 * no pair (the bssy after the guard); Z = 1 runs its bssy once and its
	 * bsync once per group leaving it (as if_then_loop's loop: 31) */
	struct param_override z0[] = {{"Z", "0"}}, z1[] = {{"Z", "1"}};
	st = run_done_stats("tests/workloads/conv/guarded_loop.s", "h100", z0, 1);
	ck_assert_uint_eq(st.op_count[OP_BSSY] + st.op_count[OP_BSYNC], 0);
	st = run_done_stats("tests/workloads/conv/guarded_loop.s", "h100", z1, 1);
	ck_assert_uint_eq(st.op_count[OP_BSSY], 1);
	ck_assert_uint_eq(st.op_count[OP_BSYNC], 31);
	/* an if inside a loop meeting at the loop's start (continue): there the
	 * loop's bssy, then the if's bsync; the if's paths jump back to the
	 * bsync, past the bssy */
	p = asm_load(src_path("tests/workloads/conv/continue_loop.s"), NULL, 0, &d);
	ck_assert_msg(p, "%s", d.msg);
	unsigned backs = 0;
	for (uint32_t pc = 0; pc < p->ncode; pc++) {
		const struct isa_insn *in = &p->code[pc];
		if (in->op != OP_BRA || (uint32_t)in->off > pc)
			continue;
		uint32_t t = (uint32_t)in->off;
		ck_assert_uint_ge(t, 1);
		ck_assert_int_eq(p->code[t].op, OP_BSYNC);
		ck_assert_int_eq(p->code[t - 1].op, OP_BSSY);
		backs++;
	}
	ck_assert_uint_eq(backs, 2);
	program_free(p);
}
END_TEST

/* The diagnoses name the .cu line: the barrier of faulty.cu (line 8) and
 * the spin loop of spinlock.cu (the atomicCAS in acquire, line 11), as the
 * hand-written twins name their .s lines; and they have the same shape. */
START_TEST(diagnoses_name_cu_lines)
{
	static char cu[1 << 16], s[1 << 16];
	ck_assert_int_eq(run_simt_sim("configs/g80.ini workloads/cuda/faulty.s 2>&1", cu, sizeof cu), 3);
	ck_assert_int_eq(run_simt_sim("configs/g80.ini workloads/barrier_divergence.s 2>&1", s, sizeof s), 3);
	ck_assert_msg(strstr(cu, "barrier: bar.sync at ") && strstr(cu, ".ptx:47 (workloads/cuda/faulty.cu:8)"), "%s", cu);
	ck_assert(strstr(s, "barrier: bar.sync at workloads/barrier_divergence.s:"));
	ck_assert(strstr(cu, "waiting: warp 0 threads 0,2,4,...,30") && strstr(s, "waiting: warp 0 threads 0,2,4,...,30"));
	ck_assert_int_eq(run_simt_sim("configs/g80.ini workloads/cuda/spinlock.s 2>&1", cu, sizeof cu), 5);
	ck_assert_int_eq(run_simt_sim("configs/g80.ini workloads/spinlock.s 2>&1", s, sizeof s), 5);
	ck_assert_msg(strstr(cu, "workloads/cuda/spinlock.cu:11)"), "%s", cu);
	ck_assert(strstr(cu, "threads 1-31, in the loop over") && strstr(s, "threads 1-31, in the loop over"));
	ck_assert(strstr(cu, "parked: threads 0 of warp 0") && strstr(s, "parked: threads 0 of warp 0"));
}
END_TEST

/* __trap() (tests/ptx/trap.cu): where thread 37 holds a negative value the
 * run stops at its trap with a fault, exit 4, naming the .cu line and the
 * first lane that trapped, timed and --functional, on both divergence
 * models, as an H200 fails the launch (docs/data/cuda-h200/trap.txt:
 * "unspecified launch failure"); with no negative value the kernel runs
 * through and its results are right. */
START_TEST(trap_fails_the_launch)
{
	static char out[1 << 14];
	static const char *const runs[] = {"configs/g80.ini tests/ptx/trap.s 2>&1",
					    "configs/h100.ini tests/ptx/trap.s 2>&1",
					    "configs/h100.ini tests/ptx/trap.s --functional 2>&1"};
	for (unsigned i = 0; i < 3; i++) {
		ck_assert_int_eq(run_simt_sim(runs[i], out, sizeof out), 4);
		ck_assert_msg(strstr(out, "(tests/ptx/trap.cu:8) trap: the kernel called __trap()") &&
				      strstr(out, "block (0,0,0), warp 1, lane 5 (thread 37)") && !strstr(out, "buffer"),
			      "%s", out);
	}
	char *gpu = read_file(src_path("docs/data/cuda-h200/trap.txt"), NULL);
	ck_assert(gpu && strstr(gpu, "unspecified launch failure") && strstr(gpu, "rc=4"));
	free(gpu);
	static char text[1024];
	snprintf(text, sizeof text, ".ptx \"%s\" trap_negative\n.buffer A s32 64 iota\n.buffer O s32 64 zero\n"
		 ".arg A\n.arg O\n.grid 1\n.block 64\n", src_path("tests/ptx/trap.ptx"));
	for (int k = 0; k < 2; k++) {
		struct run x;
		run_text(&x, text, k ? "h100" : "g80", NULL);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		const int32_t *o = (const int32_t *)x.g.bufs[1].data;
		for (int i = 0; i < 64; i++)
			ck_assert_int_eq(o[i], 2 * i);
		done(&x);
	}
}
END_TEST

/* A .arg value is converted to its parameter's type: saxpy's a is .f32, so
 * `.arg a 2` passes 2.0f (0x40000000), and an integer parameter refuses a
 * float. */
START_TEST(arg_types)
{
	char text[1024];
	snprintf(text, sizeof text,
		 ".cuda \"%s\" saxpy\n.buffer X f32 4 iota\n.buffer Y f32 4 value(1.0)\n.arg n 4\n.arg a 2\n"
		 ".arg X\n.arg Y\n.grid 1\n.block 32\n",
		 src_path("workloads/cuda/saxpy.cu"));
	struct program *p = must_assemble(text);
	ck_assert_uint_eq(p->args[0].value, 4);
	ck_assert_uint_eq(p->args[1].value, 0x40000000u);
	ck_assert_str_eq(p->ptx_entry, "_Z5saxpyifPKfPf");
	program_free(p);
	snprintf(text, sizeof text,
		 ".cuda \"%s\" saxpy\n.buffer X f32 4 iota\n.buffer Y f32 4 value(1.0)\n.arg n 4.5\n.arg a 2\n"
		 ".arg X\n.arg Y\n.grid 1\n.block 32\n",
		 src_path("workloads/cuda/saxpy.cu"));
	ck_assert(strstr(assemble_error(text), "expected an integer immediate, got the float 4.5"));
	snprintf(text, sizeof text,
		 ".cuda \"%s\" saxpy\n.buffer X f32 4 iota\n.buffer Y f32 4 value(1.0)\n.arg n 4\n.arg a 2\n"
		 ".arg X\n.grid 1\n.block 32\n",
		 src_path("workloads/cuda/saxpy.cu"));
	ck_assert(strstr(assemble_error(text), "kernel saxpy takes 4 parameters but .arg binds 3"));
}
END_TEST

/* A struct or vector passed by value (tests/ptx/structs.ptx): its argument
 * words are the fields the kernel reads, in offset order, named NAME_OFFSET,
 * each with its parameter, offset and bytes (simt-gpu packs them); hidden
 * arguments follow every word; the refusals name the fields. */
START_TEST(struct_args)
{
	static const char head[] = ".ptx \"%s\" structs\n.buffer IN s32 32 iota\n.buffer O u32 128 zero\n"
				   ".buffer P f32 32 zero\n.arg m {-7, 200, -1234, 100000, 0.75, IN}\n%s\n"
				   ".arg t {65000, 3, 250, -5}\n.arg w {11, -3, 1000, 77}\n.arg O\n.arg P\n.grid 1\n.block 32\n";
	char text[2048];
	snprintf(text, sizeof text, head, src_path("tests/ptx/structs.ptx"), ".arg v {1.5, -2.25, 4}");
	struct program *p = must_assemble(text);
	ck_assert_uint_eq(p->ptx_nparams, 6);
	ck_assert_uint_eq(p->ptx_nwords, 6 + 3 + 4 + 4 + 2);
	ck_assert_uint_eq(p->nargs, p->ptx_nwords);
	/* Mixed: c (u8, as nvcc reads a signed char), u, s (s16), k, f, in;
	 * Tail.q: nvcc reads its low word alone (4 bytes) */
	static const struct {
		const char *name;
		unsigned param, offset, bytes;
		uint32_t value;
	} want[] = {{"m_0", 0, 0, 1, 0xf9}, {"m_1", 0, 1, 1, 200}, {"m_2", 0, 2, 2, 0xfffffb2e},
		    {"m_4", 0, 4, 4, 100000}, {"m_8", 0, 8, 4, 0x3f400000}, {"m_16", 0, 16, 8, 0},
		    {"v_0", 1, 0, 4, 0x3fc00000}, {"v_4", 1, 4, 4, 0xc0100000}, {"v_8", 1, 8, 4, 0x40800000},
		    {"t_0", 2, 0, 2, 65000}, {"t_2", 2, 2, 1, 3}, {"t_3", 2, 3, 1, 250}, {"t_8", 2, 8, 4, 0xfffffffb},
		    {"w_0", 3, 0, 4, 11}, {"w_12", 3, 12, 4, 77}};
	for (unsigned i = 0, k = 0; i < p->nargs && k < sizeof want / sizeof want[0]; i++) {
		if (strcmp(p->args[i].name, want[k].name))
			continue;
		ck_assert_uint_eq(p->args[i].param, want[k].param);
		ck_assert_uint_eq(p->args[i].offset, want[k].offset);
		ck_assert_uint_eq(p->args[i].bytes, want[k].bytes);
		if (!strcmp(want[k].name, "m_16"))
			ck_assert_int_eq(p->args[i].buffer, program_find_buffer(p, "IN"));
		else
			ck_assert_msg(p->args[i].buffer < 0 && p->args[i].value == want[k].value, "%s: %08x", want[k].name,
				      p->args[i].value);
		k++;
		if (k == sizeof want / sizeof want[0])
			break;
		ck_assert_msg(i + 1 < p->nargs, "argument %s missing", want[k].name);
	}
	ck_assert_str_eq(p->args[17].name, "O");
	ck_assert_uint_eq(p->args[17].param, 4);
	ck_assert_uint_eq(p->args[17].bytes, 0);
	ck_assert_uint_eq(p->ptx_param_size[0], 24);
	ck_assert_uint_eq(p->ptx_param_size[1], 12);
	ck_assert_uint_eq(p->ptx_param_size[4], 0);
	program_free(p);
	static const struct {
		const char *arg, *says;
	} bad[] = {
		{".arg v {1, 2, O}", "field 3 (byte 8) of parameter 2 of structs is not a pointer: give a value"},
		{".arg v {1, 2}", "test.s:6:13: error: parameter 2 of structs: the list gives 2 values for the 3 fields the kernel "
				  "reads (f32 at byte 0, f32 at byte 4, f32 at byte 8)"},
		{".arg v {}", "test.s:6:9: error: parameter 2 of structs: the list gives no values for the 3 fields the kernel "
			      "reads (f32 at byte 0, f32 at byte 4, f32 at byte 8)"},
		{".arg v {1, 2, 3, 4}", "parameter 2 of structs: value 4 of a list for the 3 fields the kernel reads (f32 at "
					"byte 0, f32 at byte 4, f32 at byte 8)"},
		{".arg v 1", "parameter 2 of structs is a struct of 12 bytes passed by value: give its fields' values as { v, ... }; "
			     "the kernel reads 3 fields (f32 at byte 0, f32 at byte 4, f32 at byte 8)"},
		{".arg m {1, 2, 3}", "test.s:6:6: error: struct argument 'm' is already defined"},
		{".arg v {1, 2 3}", "expected ',' or '}' in the field values"},
		{".arg v {1, 2, 3} 4", "test.s:6:18: error: unexpected '4' at end of line"},
		{".arg m_0 5\n.arg v {1, 2, 3}", "test.s:6:6: error: argument 'm_0' is already defined"},
	};
	for (unsigned k = 0; k < sizeof bad / sizeof bad[0]; k++) {
		snprintf(text, sizeof text, head, src_path("tests/ptx/structs.ptx"), bad[k].arg);
		const char *e = assemble_error(text);
		ck_assert_msg(strstr(e, bad[k].says), "%s: %s", bad[k].arg, e);
	}
	/* a plain workload binds a buffer to an argument of another name (as
	 * --disasm writes a struct's pointer field) */
	p = must_assemble(".buffer X u32 4 zero\n.arg x X\n.arg X\n.grid 1\n.block 32\n    exit\n");
	ck_assert_int_eq(p->args[0].buffer, 0);
	ck_assert_int_eq(p->args[1].buffer, 0);
	program_free(p);
}
END_TEST

/* The registers of the translated tiled kernel: few enough for occupancy
 * to mean something (ptxas -v: 30 for sm_90, docs/data/cuda-h100) and
 * .regs overrides the count occupancy uses without shrinking storage. */
START_TEST(regs_override)
{
	char text[1024];
	snprintf(text, sizeof text,
		 ".cuda \"%s\" MatrixMulKernel<16>\n.buffer A f32 256 random(1)\n.buffer B f32 256 random(2)\n"
		 ".buffer C f32 256 zero\n.arg m 16\n.arg n 16\n.arg k 16\n.arg A\n.arg B\n.arg C\n.grid 1\n.block 16, 16\n"
		 ".regs 12\n.check C matmul(A, B, 16, 16, 16)\n",
		 src_path("workloads/cuda/tiled_mm.cu"));
	struct program *p = must_assemble(text);
	ck_assert_uint_eq(p->nregs, 12);
	ck_assert_uint_gt(p->regs_alloc, 12);
	ck_assert_uint_le(p->regs_alloc, 40);
	struct run x;
	run_prog(&x, p, "h100", NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	done(&x);
}
END_TEST

/* Registers per thread: on h100.ini (compute capability 9.0) ptxas's count
 * for sm_90 where ptxas is found, 32 for the tiled kernel as ptxas reported
 * it on the lent H100's toolkit (docs/data/cuda-h100/ptxas.txt); on g80.ini
 * (1.0, which no toolkit targets) the front end's own allocation. */
START_TEST(regs_from_ptxas)
{
	static char out[1 << 16];
	ck_assert_int_eq(run_simt_sim("configs/g80.ini workloads/cuda/tiled_mm16.s --json - 2>/dev/null", out, sizeof out), 0);
	ck_assert_msg(strstr(out, "\"regs_source\": \"allocation\""), "%s", out);
	ck_assert_int_eq(run_simt_sim("configs/h100.ini workloads/cuda/tiled_mm16.s --json - 2>/dev/null", out, sizeof out), 0);
	if (run_cmd("PATH=\"$PATH:/usr/local/cuda/bin\" command -v ptxas >/dev/null 2>&1", NULL, 0) != 0) {
		fprintf(stderr, "regs_from_ptxas: ptxas not found: the allocation's count is used\n");
		ck_assert_msg(strstr(out, "\"regs_source\": \"allocation\""), "%s", out);
		return;
	}
	ck_assert_msg(strstr(out, "\"regs_source\": \"ptxas sm_90\"") && strstr(out, "\"regs_per_thread\": 32,"), "%s", out);
	/* without a toolkit: the allocation's count, and the run still passes */
	char cmd[4600];
	snprintf(cmd, sizeof cmd, "cd %s && SIMT_PTXAS=none %s configs/h100.ini workloads/cuda/tiled_mm16.s --json - 2>/dev/null",
		 src_dir(), getenv("SIMT_SIM"));
	ck_assert_int_eq(run_cmd(cmd, out, sizeof out), 0);
	ck_assert_msg(strstr(out, "\"regs_source\": \"allocation\"") && strstr(out, "\"check\": \"pass\""), "%s", out);

	/* --disasm writes ptxas's count beside the code's (.regs 32, 40), so the
	 * program it writes runs as the kernel does: the same occupancy, cycles */
	static char dis[1 << 16];
	snprintf(cmd, sizeof cmd, "cd %s && %s configs/h100.ini workloads/cuda/tiled_mm16.s --disasm > /tmp/simt-disasm-%d.s",
		 src_dir(), getenv("SIMT_SIM"), (int)getpid());
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
	ck_assert_int_eq(run_simt_sim("configs/h100.ini workloads/cuda/tiled_mm16.s --json - 2>/dev/null", out, sizeof out), 0);
	snprintf(cmd, sizeof cmd, "configs/h100.ini /tmp/simt-disasm-%d.s --json - 2>/dev/null", (int)getpid());
	ck_assert_int_eq(run_simt_sim(cmd, dis, sizeof dis), 0);
	snprintf(cmd, sizeof cmd, "/tmp/simt-disasm-%d.s", (int)getpid());
	unlink(cmd);
	ck_assert_msg(strstr(dis, "\"regs_per_thread\": 32,"), "%s", dis);
	const char *keys[] = {"\"cycles\": ", "\"blocks_per_sm\": ", "\"warp_instructions\": "};
	for (int k = 0; k < 3; k++) {
		const char *a = strstr(out, keys[k]), *b = strstr(dis, keys[k]);
		ck_assert(a && b);
		ck_assert_msg(strtoull(a + strlen(keys[k]), NULL, 10) == strtoull(b + strlen(keys[k]), NULL, 10), "%s", keys[k]);
	}
}
END_TEST

/* A .cuda kernel is compiled by nvcc where it is found (into a cache), else
 * runs from the committed .ptx beside the .cu: the same program either way;
 * a .cu that does not compile is refused with nvcc's message. */
START_TEST(cuda_with_and_without_nvcc)
{
	static char with[1 << 16], without[1 << 16];
	char cmd[4600];
	snprintf(cmd, sizeof cmd, "cd %s && SIMT_NVCC=none %s configs/h100.ini workloads/cuda/tiled_mm16.s --json - 2>/dev/null",
		 src_dir(), getenv("SIMT_SIM"));
	ck_assert_int_eq(run_cmd(cmd, without, sizeof without), 0);
	ck_assert_int_eq(run_simt_sim("configs/h100.ini workloads/cuda/tiled_mm16.s --json - 2>/dev/null", with, sizeof with), 0);
	const char *a = strstr(with, "\"cycles\""), *b = strstr(without, "\"cycles\"");
	ck_assert(a && b);
	ck_assert_msg(!strncmp(a, b, (size_t)(strstr(a, "\"sms\"") - a)), "with nvcc:\n%s\nwithout:\n%s", with, without);
	if (run_cmd("PATH=\"$PATH:/usr/local/cuda/bin\" command -v nvcc >/dev/null 2>&1", NULL, 0) != 0) {
		fprintf(stderr, "cuda_with_and_without_nvcc: nvcc not found: the compile path is not exercised\n");
		return;
	}
	char dir[] = "/tmp/simt-cuda-XXXXXX";
	ck_assert(mkdtemp(dir));
	char path[256];
	snprintf(path, sizeof path, "%s/broken.cu", dir);
	FILE *f = fopen(path, "w");
	ck_assert(f);
	fputs("__global__ void k(int *x) { x[0] = undeclared; }\n", f);
	fclose(f);
	snprintf(path, sizeof path, "%s/broken.s", dir);
	f = fopen(path, "w");
	ck_assert(f);
	fputs(".cuda \"broken.cu\" k\n.buffer X s32 1 zero\n.arg X\n.grid 1\n.block 1\n", f);
	fclose(f);
	static char out[1 << 14];
	snprintf(cmd, sizeof cmd, "%s configs/h100.ini %s 2>&1", getenv("SIMT_SIM"), path);
	char full[5000];
	snprintf(full, sizeof full, "cd %s && %s", src_dir(), cmd);
	ck_assert_int_eq(run_cmd(full, out, sizeof out), 2);
	ck_assert_msg(strstr(out, "broken.s:1:7: error: ") && strstr(out, "broken.cu does not compile: ") &&
			      strstr(out, "identifier \"undeclared\" is undefined"),
		      "%s", out);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	ck_assert_int_eq(run_cmd(cmd, NULL, 0), 0);
}
END_TEST

/* The committed .ptx files are what nvcc writes for the .cu files
 * (scripts/cuda_ptx.sh --check); skipped, saying so, without nvcc. */
START_TEST(committed_ptx_current)
{
	char out[4096];
	if (run_cmd("command -v nvcc >/dev/null 2>&1 || test -x /usr/local/cuda/bin/nvcc", NULL, 0) != 0) {
		fprintf(stderr, "committed_ptx_current: nvcc not found, skipped\n");
		return;
	}
	char cmd[4600];
	snprintf(cmd, sizeof cmd, "PATH=$PATH:/usr/local/cuda/bin %s/scripts/cuda_ptx.sh --check 2>&1", src_dir());
	ck_assert_msg(run_cmd(cmd, out, sizeof out) == 0, "%s", out);
}
END_TEST


/* ---- printf --------------------------------------------------------------- */

/* The lines an H200 printed (docs/data/cuda-h200/NAME: the kernel's
 * output, then simt-gpu's own line, which starts "simt-gpu:"; '#' lines
 * are notes), joined. */
static char *gpu_printed(const char *name)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/docs/data/cuda-h200/%s", src_dir(), name);
	char *text = read_file(path, NULL);
	ck_assert_msg(text, "%s", path);
	char *out = xcalloc(strlen(text) + 1, 1), *o = out;
	for (char *line = text; *line;) {
		char *nl = strchr(line, '\n');
		size_t n = nl ? (size_t)(nl - line + 1) : strlen(line);
		if (line[0] != '#' && strncmp(line, "simt-gpu:", 9)) {
			memcpy(o, line, n);
			o += n;
		}
		line += n;
	}
	free(text);
	return out;
}

/* The text of a run's printfs, in its order. */
static char *sim_printed(const struct run *x)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	ck_assert(f);
	for (unsigned i = 0; i < x->r.nprints; i++)
		printf_text(f, &x->r, &x->r.prints[i]);
	fclose(f);
	return text;
}

/* Every conversion, flag, width, precision and size, on integers and floats
 * at their edges (NaN, the infinities, -0, a denormal, FLT_MAX, INT_MIN),
 * and 64-bit arguments (a string picked by a branch, sizeof, widened
 * products), and floats under --use_fast_math (cvt.ftz.f64.f32: a
 * subnormal prints as a zero of its sign): the text an H200 printed for the
 * same workloads, byte for byte, on both divergence models. */
START_TEST(printf_as_h200)
{
	static const struct {
		const char *workload, *gpu;
		unsigned printfs;
	} w[] = {{"tests/ptx/printf.s", "printf_formats.txt", 6},
		 {"tests/ptx/printf_widened.s", "printf_widened.txt", 1},
		 {"tests/ptx/printf_fastmath.s", "printf_fastmath.txt", 1}};
	static const char *const cfgs[] = {"g80", "h100"};
	for (unsigned i = 0; i < sizeof w / sizeof w[0]; i++) {
		char *want = gpu_printed(w[i].gpu);
		ck_assert_uint_eq(strlen(want) > 0, 1);
		for (unsigned k = 0; k < 2; k++) {
			struct run x;
			run_file(&x, w[i].workload, cfgs[k], NULL, NULL, 0);
			ck_assert_int_eq(x.r.status, SIM_DONE);
			ck_assert_uint_eq(x.r.nprints, w[i].printfs * 32);
			ck_assert_uint_eq(x.r.prints_dropped, 0);
			char *got = sim_printed(&x);
			ck_assert_msg(!strcmp(got, want), "%s on %s: the printf output differs from the H200's:\n%s",
				      w[i].workload, cfgs[k], got);
			/* a warp's lanes print in lane order, each printf after the last */
			for (unsigned j = 0; j < x.r.nprints; j++)
				ck_assert_uint_eq(x.r.prints[j].thread, j % 32);
			free(got);
			done(&x);
		}
		free(want);
	}
}
END_TEST

/* printf of 64-bit integers whose high words the front end computes
 * (tests/ptx/printf_int64.s): a long long parameter (-5000000000: its
 * hidden high word), its product with the thread index, a difference of two
 * pointers, an unsigned shift; the text is the host's printf of the same
 * values, on both configs. */
START_TEST(printf_int64_as_host)
{
	char want[1024];
	size_t k = 0;
	const long long n = -5000000000ll;
	for (unsigned t = 0; t < 4; t++)
		k += (size_t)snprintf(want + k, sizeof want - k, "%u %lld %lld %lld %llu\n", t, n,
				      (long long)((unsigned long long)n * t - 5), (long long)t,
				      (unsigned long long)n * 3 >> 5);
	static const char *const cfgs[] = {"g80", "h100"};
	for (unsigned c = 0; c < 2; c++) {
		struct run x;
		run_file(&x, "tests/ptx/printf_int64.s", cfgs[c], NULL, NULL, 0);
		ck_assert_int_eq(x.r.status, SIM_DONE);
		char *got = sim_printed(&x);
		ck_assert_msg(!strcmp(got, want), "%s: the printf output differs from the host's:\n%s", cfgs[c], got);
		free(got);
		done(&x);
	}
}
END_TEST


static int cmp_lines(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The lines of text, sorted (the GPU's order of blocks is its own). */
static unsigned sorted_lines(char *text, char **lines, unsigned max)
{
	unsigned n = 0;
	for (char *save = NULL, *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		ck_assert_uint_lt(n, max);
		lines[n++] = l;
	}
	qsort(lines, n, sizeof *lines, cmp_lines);
	return n;
}

/* Hello from every thread of three blocks, the odd ones again from a
 * divergent branch: the H200's lines (in its order of blocks), the same
 * whatever runs the SMs: one host thread, four (--jobs 4), the functional
 * mode. */
START_TEST(printf_hello_as_h200)
{
	char *want = gpu_printed("printf_hello.txt");
	static char out[4][65536];
	static const char *const args[] = {
		"configs/h100.ini tests/ptx/printf_hello.s", "configs/h100.ini tests/ptx/printf_hello.s --jobs 4",
		"configs/g80.ini tests/ptx/printf_hello.s", "configs/h100.ini tests/ptx/printf_hello.s --functional"};
	for (unsigned k = 0; k < 4; k++) {
		char cmd[256];
		snprintf(cmd, sizeof cmd, "%s 2>/dev/null | sed -n '/^simt-sim:/q;p'", args[k]);
		ck_assert_int_eq(run_simt_sim(cmd, out[k], sizeof out[k]), 0);
	}
	ck_assert_str_eq(out[1], out[0]); /* --jobs 4: the same order */
	static char *gl[512], *sl[512];
	unsigned ng = sorted_lines(want, gl, 512);
	ck_assert_uint_eq(ng, 3 * 64 + 3 * 32);
	for (unsigned k = 0; k < 4; k++) {
		unsigned ns = sorted_lines(out[k], sl, 512);
		ck_assert_uint_eq(ns, ng);
		for (unsigned i = 0; i < ng; i++)
			ck_assert_str_eq(sl[i], gl[i]);
	}
	free(want);
}
END_TEST

/* The argument buffer's layout: every argument after C's promotions at
 * the next offset aligned to its size, as a struct of those members lays
 * out (offsetof, independent of pformat.c); the refusals. */
START_TEST(printf_format_layout)
{
	struct args {
		int d;
		double f;
		const char *s;
		long ld;
		int c;
		long long lld;
		int hd;
		unsigned u;
		double g;
		void *p;
		int x;
	};
	static const char fmt[] = "%d %f %s %ld %c %lld %hd %u %g %p %x %% done\n";
	static const uint32_t off[] = {offsetof(struct args, d), offsetof(struct args, f), offsetof(struct args, s),
				      offsetof(struct args, ld), offsetof(struct args, c), offsetof(struct args, lld),
				      offsetof(struct args, hd), offsetof(struct args, u), offsetof(struct args, g),
				      offsetof(struct args, p), offsetof(struct args, x)};
	struct pf_format f;
	size_t at;
	const char *why;
	ck_assert(pf_parse(fmt, sizeof fmt, &f, &at, &why));
	ck_assert_uint_eq(f.nconv, 11);
	for (unsigned i = 0; i < 11; i++)
		ck_assert_uint_eq(f.conv[i].offset, off[i]);
	ck_assert_uint_eq(f.bytes, offsetof(struct args, x) + sizeof(int));
	ck_assert_uint_eq(f.conv[1].kind, PF_DOUBLE);
	ck_assert_uint_eq(f.conv[2].kind, PF_STRING);
	ck_assert_uint_eq(f.conv[7].kind, PF_UINT);
	pf_free(&f);
	ck_assert(pf_parse("no conversions %%\n", 18, &f, &at, &why));
	ck_assert_uint_eq(f.nconv, 0);
	ck_assert_uint_eq(f.bytes, 0);
	pf_free(&f);
	static const struct {
		const char *fmt;
		size_t at;
		const char *why;
	} bad[] = {{"x %n", 2, "%n is not supported"},
		   {"%hhd", 0, "the size hh is not supported (an H200 prints a wrong value for it)"},
		   {"a %*d", 2, "a width of '*' is not supported"},
		   {"%.*f", 0, "a precision of '*' is not supported"},
		   {"%lc", 0, "this size is not supported with this conversion"},
		   {"%Lf", 0, "this size is not supported (h, l and ll are)"},
		   {"%zu", 0, "this size is not supported (h, l and ll are)"},
		   {"%a", 0, "this conversion is not supported (d i u o x X c s f e E g G p are)"},
		   {"end %", 4, "a conversion without its type at the end of the format"},
		   {"%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d %d", 65,
		    "more than 32 arguments (CUDA's printf takes at most 32)"}};
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_msg(!pf_parse(bad[i].fmt, strlen(bad[i].fmt), &f, &at, &why), "%s accepted", bad[i].fmt);
		ck_assert_uint_eq(at, bad[i].at);
		ck_assert_str_eq(why, bad[i].why);
	}
}
END_TEST

/* The printfs' cost model (configs/h100.ini, sm.printf_*): a printf holds
 * its warp printf_cycles + printf_lane_cycles a lane from the start of its
 * turn, and the GPU's printfs take turns of printf_turn_cycles +
 * printf_turn_lane_cycles a lane. Each warp of printf_turns.s times its
 * printf with clock64: one warp alone takes the hold (and the few cycles of
 * the instructions around it); n warps at once, one turn after another, the
 * last at least n - 1 turns later; on one SM or on eight, one host thread
 * or four, the same. */
START_TEST(printf_turns_model)
{
	static const char *const sets[] = {"sm.printf_cycles=20000", "sm.printf_lane_cycles=100",
					   "sm.printf_turn_cycles=3000", "sm.printf_turn_lane_cycles=50", NULL};
	struct param_override ov[3] = {{"BLOCKS", "1"}, {"WARPS", "1"}, {"LANES", "32"}};
	struct run x;
	run_file(&x, "tests/ptx/printf_turns.s", "h100", sets, ov, 3);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	uint32_t alone = ((const uint32_t *)x.g.bufs[program_find_buffer(x.p, "out")].data)[0];
	ck_assert_uint_ge(alone, 20000 + 100 * 32);
	ck_assert_uint_lt(alone, 20000 + 100 * 32 + 200);
	done(&x);
	static const char *const shapes[][2] = {{"1", "8"}, {"8", "1"}};
	uint32_t last[2];
	for (unsigned k = 0; k < 2; k++) {
		ov[0].value = shapes[k][0];
		ov[1].value = shapes[k][1];
		run_file(&x, "tests/ptx/printf_turns.s", "h100", sets, ov, 3);
		const uint32_t *out = (const uint32_t *)x.g.bufs[program_find_buffer(x.p, "out")].data;
		last[k] = 0;
		for (unsigned w = 0; w < 8; w++)
			last[k] = out[w] > last[k] ? out[w] : last[k];
		ck_assert_uint_ge(last[k], 20000 + 100 * 32 + 7 * (3000 + 50 * 32));
		ck_assert_uint_lt(last[k], 20000 + 100 * 32 + 7 * (3000 + 50 * 32) + 2000);
		done(&x);
	}
	/* --jobs: the same cycles (each warp's, dumped) */
	static char a[4096], b[4096];
	ck_assert_int_eq(run_simt_sim("configs/h100.ini tests/ptx/printf_turns.s -D BLOCKS=8 --json - 2>/dev/null | "
				      "grep -v host_seconds", a, sizeof a), 0);
	ck_assert_int_eq(run_simt_sim("configs/h100.ini tests/ptx/printf_turns.s -D BLOCKS=8 --jobs 4 --json - 2>/dev/null "
				      "| grep -v host_seconds", b, sizeof b), 0);
	ck_assert_str_eq(a, b);
}
END_TEST

/* A run keeps the first 2^20 printfs of its order and counts the rest:
 * 1,024 threads printing 1,100 times each (the format "x\n" in a buffer,
 * printf written in simt ISA). A printf of more than 256 bytes of
 * arguments (CUDA's 32 arguments) is a fault, nothing printed. */
START_TEST(printf_kept_and_bounded)
{
	struct run x;
	run_text(&x,
		 ".buffer F u32 1 {2680}\n.arg F\n.grid 4\n.block 256\n"
		 "    ldc r1, F\n    mov r2, 0\nloop:\n    printf [rz], r1, 0\n    iadd r2, r2, 1\n"
		 "    isetp.lt.s32 p0, r2, 1100\n    @p0 bra loop\n    exit\n",
		 "g80", NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	ck_assert_uint_eq(x.r.nprints, SIM_MAX_PRINTS);
	ck_assert_uint_eq(x.r.prints_dropped, 1024u * 1100u - SIM_MAX_PRINTS);
	for (unsigned i = 1; i < x.r.nprints; i++)
		ck_assert(x.r.prints[i].cycle > x.r.prints[i - 1].cycle ||
			  (x.r.prints[i].cycle == x.r.prints[i - 1].cycle && x.r.prints[i].sm >= x.r.prints[i - 1].sm));
	char *text = sim_printed(&x);
	ck_assert_uint_eq(strlen(text), 2u * SIM_MAX_PRINTS);
	ck_assert_int_eq(strncmp(text, "x\nx\n", 4), 0);
	free(text);
	done(&x);
	run_text(&x, ".local 512\n.buffer F u32 1 {2680}\n.arg F\n.grid 1\n.block 32\n    ldc r1, F\n"
		     "    printf [rz], r1, 257\n    exit\n", "g80", NULL);
	ck_assert_int_eq(x.r.status, SIM_FAULT);
	ck_assert_uint_eq(x.r.nprints, 0);
	done(&x);
}
END_TEST

/* ".buffer NAME u32 N {...}" holding the bytes of str and a NUL. */
static void string_buffer(char *out, size_t size, const char *name, const char *str)
{
	size_t len = strlen(str) + 1, words = (len + 3) / 4;
	int n = snprintf(out, size, ".buffer %s u32 %zu {", name, words);
	for (size_t w = 0; w < words; w++) {
		uint32_t v = 0;
		for (size_t b = 0; b < 4; b++)
			v |= (uint32_t)(4 * w + b < len ? (unsigned char)str[4 * w + b] : 0) << (8 * b);
		n += snprintf(out + n, size - (size_t)n, "%s%u", w ? ", " : "", v);
	}
	snprintf(out + n, size - (size_t)n, "}\n");
}

/* What a printf prints is taken at the call, as the GPU's vprintf takes
 * it: a %s string changed after the printf prints as it was. A NULL %s
 * prints "(null)" with its width and flags, as C's printf and an H200 do;
 * a conversion of 64 characters and more, and a %c of 0 (a NUL in the
 * JSON text, \u0000), as C's printf. printf in simt ISA: the pointer's
 * two words stored with stl. */
START_TEST(printf_taken_at_the_call)
{
	static char text[8192], f1[256], f2[256], f3[512], str[128];
	static const char spec[] = "[%-------------------------------------------------------------------5d]\n";
	string_buffer(f1, sizeof f1, "F1", "before: %s|[%10s][%-8s]\n");
	string_buffer(f2, sizeof f2, "F2", "after: %s|a%cb\n");
	string_buffer(f3, sizeof f3, "F3", spec);
	string_buffer(str, sizeof str, "S", "abc");
	snprintf(text, sizeof text,
		 "%s%s%s%s.local 32\n.arg F1\n.arg F2\n.arg F3\n.arg S\n.grid 1\n.block 1\n"
		 "    ldc r1, F1\n    ldc r2, F2\n    ldc r5, F3\n    ldc r3, S\n"
		 "    stl [rz], r3\n    stl [rz+4], rz\n    stl [rz+8], rz\n    stl [rz+12], rz\n"
		 "    stl [rz+16], rz\n    stl [rz+20], rz\n    printf [rz], r1, 24\n"
		 "    mov r4, 88\n    stg.u8 [r3], r4\n    stl [rz+8], rz\n    printf [rz], r2, 12\n"
		 "    mov r6, 7\n    stl [rz], r6\n    printf [rz], r5, 4\n    exit\n",
		 f1, f2, f3, str);
	struct run x;
	run_text(&x, text, "g80", NULL);
	ck_assert_int_eq(x.r.status, SIM_DONE);
	ck_assert_uint_eq(x.r.nprints, 3);
	char *got = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&got, &len);
	for (unsigned i = 0; i < x.r.nprints; i++)
		printf_text(f, &x.r, &x.r.prints[i]);
	fclose(f);
	char want[256];
	int n = snprintf(want, sizeof want, "before: %s|[%10s][%-8s]\n", "abc", "(null)", "(null)");
	n += snprintf(want + n, sizeof want - (size_t)n, "after: %s|a", "Xbc");
	want[n++] = 0; /* the %c of 0 */
	n += snprintf(want + n, sizeof want - (size_t)n, "b\n");
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat"
	n += snprintf(want + n, sizeof want - (size_t)n, spec, 7);
#pragma GCC diagnostic pop
	ck_assert_uint_eq(len, (size_t)n);
	ck_assert_int_eq(memcmp(got, want, len), 0);
	free(got);
	done(&x);
}
END_TEST

/* --json: every printf with where it came from and its text; --disasm:
 * simt ISA (the format strings' buffers named without '$') that assembles
 * again into a kernel printing the same. */
START_TEST(printf_json_and_disasm)
{
	static char js[262144], dis[65536], again[65536];
	ck_assert_int_eq(run_simt_sim("configs/h100.ini tests/ptx/printf.s --json - 2>/dev/null", js, sizeof js), 0);
	ck_assert_ptr_nonnull(strstr(js, "\"printf\": [\n    {\"cycle\": "));
	ck_assert_ptr_nonnull(strstr(js, "\"block\": 0, \"thread\": 31, \"text\": \"t=31 ld=123 lu=123 lld=123 hd=123\\u000a\"}\n  ],"));
	ck_assert_ptr_nonnull(strstr(js, "\"text\": \"t=7 f=nan e=nan g=nan E=NAN G=NAN\\u000a\""));
	ck_assert_ptr_nonnull(strstr(js, "\"printf_not_recorded\": 0"));
	unsigned n = 0;
	for (const char *q = js; (q = strstr(q, "\"text\": ")); q++)
		n++;
	ck_assert_uint_eq(n, 6 * 32);
	char path[64], cmd[256];
	snprintf(path, sizeof path, "/tmp/simt-printf-dis-%d.s", (int)getpid());
	snprintf(cmd, sizeof cmd, "configs/h100.ini tests/ptx/printf.s --disasm > %s 2>&1 && grep -c 'printf \\[' %s", path,
		 path);
	ck_assert_int_eq(run_simt_sim(cmd, dis, sizeof dis), 0);
	ck_assert_int_eq(atoi(dis), 6);
	snprintf(cmd, sizeof cmd, "configs/h100.ini %s 2>&1 | sed -n '/^simt-sim:/q;p'", path);
	ck_assert_int_eq(run_simt_sim(cmd, again, sizeof again), 0);
	char *want = gpu_printed("printf_formats.txt");
	ck_assert_str_eq(again, want);
	free(want);
	unlink(path);
}
END_TEST

Suite *ptx_suite(void)
{
	Suite *s = suite_create("ptx");
	TCase *t = tcase_create("ptx");
	tcase_set_timeout(t, 600);
	tcase_add_test(t, malformed_fixtures);
	tcase_add_test(t, printf_as_h200);
	tcase_add_test(t, printf_int64_as_host);
	tcase_add_test(t, printf_hello_as_h200);
	tcase_add_test(t, printf_format_layout);
	tcase_add_test(t, printf_turns_model);
	tcase_add_test(t, printf_json_and_disasm);
	tcase_add_test(t, printf_kept_and_bounded);
	tcase_add_test(t, printf_taken_at_the_call);
	tcase_add_test(t, division_unsigned);
	tcase_add_test(t, division_signed);
	tcase_add_test(t, division_by_zero);
	tcase_add_test(t, float_ops);
	tcase_add_test(t, counted_loops_unrolled);
	tcase_add_test(t, atomic_inc_dec);
	tcase_add_test(t, cache_operators);
	tcase_add_test(t, module_variables);
	tcase_add_test(t, launch_bounds);
	tcase_add_test(t, predicate_immediates);
	tcase_add_test(t, local_variables);
	tcase_add_test(t, float_compares);
	tcase_add_test(t, template_plain_names);
	tcase_add_test(t, saturate_f32);
	tcase_add_test(t, expf_within_two_ulp);
	tcase_add_test(t, rounding_f32);
	tcase_add_test(t, rounded_ops_f32);
	tcase_add_test(t, shfl_width_as_h200);
	tcase_add_test(t, bitops_as_h200);
	tcase_add_test(t, redux_as_h200);
	tcase_add_test(t, fastmath_as_h200);
	tcase_add_test(t, div_approx_as_h200);
	tcase_add_test(t, match_all_as_h200);
	tcase_add_test(t, int64_as_host);
	tcase_add_test(t, int64_mem_as_host);
	tcase_add_test(t, atomic64_as_host);
	tcase_add_test(t, shared64_as_host);
	tcase_add_test(t, pair_edges_as_host);
	tcase_add_test(t, int64_edges_as_host);
	tcase_add_test(t, i2f64_as_h200);
	tcase_add_test(t, f64_as_h200);
	tcase_add_test(t, ddot_as_h200);
	tcase_add_test(t, narrow_as_h200);
	tcase_add_test(t, bitfield_as_h200);
	tcase_add_test(t, barrier_reductions_as_h200);
	tcase_add_test(t, pack_halves);
	tcase_add_test(t, cvt_narrow_extends);
	tcase_add_test(t, static_shared_beyond_the_limit);
	tcase_add_loop_test(t, every_cuda_workload, 0, (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(t, diagnoses_name_cu_lines);
	tcase_add_test(t, trap_fails_the_launch);
	tcase_add_test(t, loads_scheduled_first);
	tcase_add_test(t, tiled_loads_scheduled_for_sm90);
	tcase_add_test(t, loop_compare_scheduled_first);
	tcase_add_test(t, convergence_barriers_as_ptxas);
	tcase_add_test(t, convergence_barrier_shapes);
	tcase_add_test(t, arg_types);
	tcase_add_test(t, struct_args);
	tcase_add_test(t, regs_override);
	tcase_add_test(t, regs_from_ptxas);
	tcase_add_test(t, cuda_with_and_without_nvcc);
	tcase_add_test(t, committed_ptx_current);
	suite_add_tcase(s, t);
	return s;
}
