/* test_trace.c - the warp-state trace: the intervals of a small workload
 * worked out by hand, the trace's cycles per state equal to the stall
 * counts, the reader on a trace written from the format by an independent
 * writer (tests/traces/make.py) and on a corpus of bad traces, and the
 * level-of-detail summary against the exact intervals. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "config.h"
#include "lod.h"
#include "run.h"
#include "trace_format.h"
#include "trace_read.h"

struct loaded {
	struct trace t;
	uint8_t *data;
	size_t size;
	struct trace_rec *r;
	size_t n, cap;
	char err[512];
};

static void collect(void *ctx, const struct trace *t, const struct trace_rec *r, size_t n, uint32_t sm)
{
	(void)t;
	(void)sm;
	struct loaded *L = ctx;
	if (L->n + n > L->cap) {
		L->cap = (L->n + n) * 2;
		L->r = realloc(L->r, L->cap * sizeof *L->r);
	}
	memcpy(L->r + L->n, r, n * sizeof *r);
	L->n += n;
}

static int by_slot_time(const void *a, const void *b)
{
	const struct trace_rec *x = a, *y = b;
	if (x->slot != y->slot)
		return x->slot < y->slot ? -1 : 1;
	return x->start < y->start ? -1 : x->start > y->start;
}

static uint8_t *read_all(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	ck_assert_msg(f, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	uint8_t *d = malloc((size_t)n + 1);
	ck_assert_int_eq(fread(d, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*size = (size_t)n;
	return d;
}

/* Load path (bool: expected to load), records sorted by slot and time. */
static bool load(struct loaded *L, const char *path)
{
	memset(L, 0, sizeof *L);
	L->data = read_all(path, &L->size);
	bool ok = trace_load(&L->t, L->data, L->size, collect, L, L->err, sizeof L->err);
	if (ok)
		qsort(L->r, L->n, sizeof *L->r, by_slot_time);
	return ok;
}

static void unload(struct loaded *L)
{
	trace_free(&L->t);
	free(L->data);
	free(L->r);
}

static const char *state_name(const struct loaded *L, const struct trace_rec *r)
{
	return L->t.state_names[r->state];
}

/* Run workloads/tiled_mm.s at n x n x n on config, writing the trace to a
 * fresh file named after tag (path[64]); x holds the run. */
static void traced_tiled_mm(struct run *x, const char *config, const char *n, const char *tag, char *path)
{
	snprintf(path, 64, "/tmp/simt-test-%s-%d.trc", tag, (int)getpid());
	struct diag d = {0};
	const struct param_override ov[] = {{"M", n}, {"N", n}, {"K", n}};
	struct program *p = asm_load(src_path("workloads/tiled_mm.s"), ov, 3, &d);
	ck_assert_msg(p, "%s", d.msg);
	run_prog_traced(x, p, config, NULL, path);
}

struct want {
	unsigned slot;
	uint64_t start, end;
	const char *state;
	uint32_t pc;
};

static void expect_records(const struct loaded *L, const struct want *w, size_t n)
{
	ck_assert_uint_eq(L->n, n);
	for (size_t i = 0; i < n; i++) {
		const struct trace_rec *r = &L->r[i];
		ck_assert_msg(r->slot == w[i].slot && r->start == w[i].start && r->end == w[i].end &&
				      !strcmp(state_name(L, r), w[i].state) && r->pc == w[i].pc,
			      "record %zu: slot %u [%llu, %llu) %s pc %u; expected slot %u [%llu, %llu) %s pc %u", i,
			      r->slot, (unsigned long long)r->start, (unsigned long long)r->end, state_name(L, r), r->pc,
			      w[i].slot, (unsigned long long)w[i].start, (unsigned long long)w[i].end, w[i].state, w[i].pc);
	}
}

/* tests/workloads/trace_two_warps.s on g80: two warps (slots 0 and 1 of SM
 * 0), one scheduler, loose round robin; int on the 8 SPs: a warp
 * instruction holds them I = 32 / 8 = 4 cycles, its result is ready
 * L = 24 cycles after issue; exit goes to the branch unit (free every cycle).
 *   cycle 0: both can issue; slot 0 goes first, slot 1 is not selected.
 *   slot 0: pc 1 needs r1 from cycle 0 + L = 24: wait [1, 24); issues pc 1 at
 *           24, exit at 25; then exited until its block ends.
 *   slot 1: the SPs are busy until 0 + I = 4: math pipe throttle [1, 4);
 *           issues pc 0 at 4, waits for r1 until 4 + L = 28, issues pc 1 at
 *           28 and exit at 29. The block ends: the run takes 30 cycles. */
START_TEST(test_two_warps_exact)
{
	struct gpu_config c = load_shipped_config("g80");
	ck_assert(c.int_on_fp32 && c.fp32_lanes == 8 && c.fp32_latency == 24 && c.sub_partitions == 1 &&
		  !strcmp(c.scheduler, "lrr"));
	char path[64];
	snprintf(path, sizeof path, "/tmp/simt-test-trace-%d.trc", (int)getpid());
	struct diag d = {0};
	struct program *p = asm_load(src_path("tests/workloads/trace_two_warps.s"), NULL, 0, &d);
	ck_assert_msg(p, "%s", d.msg);
	struct run x;
	run_prog_traced(&x, p, "g80", NULL, path);
	ck_assert_uint_eq(x.r.stats.cycles, 30);
	struct loaded L;
	ck_assert_msg(load(&L, path), "%s", L.err);
	ck_assert_uint_eq(L.t.total_cycles, 30);
	ck_assert_uint_eq(L.t.header_cycles, 30); /* patched into the header at the end */
	ck_assert_uint_eq(L.t.nslots, 24);
	const struct want w[] = {
		{0, 0, 1, "selected", 0},     {0, 1, 24, "wait", 1},
		{0, 24, 25, "selected", 1},   {0, 25, 26, "selected", 2},
		{0, 26, 30, "exited", 0},     {1, 0, 1, "not_selected", 0},
		{1, 1, 4, "math_pipe_throttle", 0}, {1, 4, 5, "selected", 0},
		{1, 5, 28, "wait", 1},        {1, 28, 29, "selected", 1},
		{1, 29, 30, "selected", 2},
	};
	expect_records(&L, w, sizeof w / sizeof *w);
	for (size_t i = 0; i < L.n; i++) {
		bool exited = !strcmp(state_name(&L, &L.r[i]), "exited");
		ck_assert_uint_eq(L.r[i].mask, exited ? 0 : 0xffffffffu);
		ck_assert_uint_eq(L.r[i].block, 0);
		ck_assert_uint_eq(L.r[i].wib, L.r[i].slot);
	}
	ck_assert_str_eq(L.t.disasm[1], "iadd r2, r1, 1");
	ck_assert(strstr(L.t.srcloc[1], "trace_two_warps.s:8") != NULL);
	unload(&L);
	done(&x);
	unlink(path);
}
END_TEST

/* Every warp-cycle the statistics count under a stall reason is in the
 * trace under that state, for a run long enough to need many chunks. */
START_TEST(test_cycles_match_stalls)
{
	static const char *const cfgs[] = {"g80", "h100"};
	for (int k = 0; k < 2; k++) {
		char path[64];
		struct run x;
		traced_tiled_mm(&x, cfgs[k], "128", "stalls", path);
		struct loaded L;
		ck_assert_msg(load(&L, path), "%s", L.err);
		uint64_t per[32] = {0};
		for (size_t i = 0; i < L.n; i++)
			per[L.r[i].state] += L.r[i].end - L.r[i].start;
		uint64_t running = 0;
		for (unsigned s = 0; s < STALL_COUNT; s++) {
			ck_assert_str_eq(L.t.state_names[s], stall_names[s]);
			ck_assert_msg(per[s] == x.r.stats.stalls[s], "%s %s: trace %llu, stats %llu", cfgs[k],
				      stall_names[s], (unsigned long long)per[s], (unsigned long long)x.r.stats.stalls[s]);
			running += per[s];
		}
		ck_assert_uint_eq(running, x.r.stats.active_warp_cycles);
		ck_assert_uint_eq(L.t.total_cycles, x.r.stats.cycles);
		if (k == 0)
			ck_assert_msg(L.t.nchunks > L.t.nsms, "%zu chunks: the test wants chunks to fill up",
				      L.t.nchunks);
		unload(&L);
		done(&x);
		unlink(path);
	}
}
END_TEST

/* The same run writes the same trace, byte for byte. */
START_TEST(test_trace_deterministic)
{
	char path[2][64];
	uint8_t *data[2];
	size_t size[2];
	for (int k = 0; k < 2; k++) {
		struct run x;
		traced_tiled_mm(&x, "h100", "64", k ? "det1" : "det0", path[k]);
		done(&x);
		data[k] = read_all(path[k], &size[k]);
		unlink(path[k]);
	}
	ck_assert_uint_eq(size[0], size[1]);
	ck_assert(memcmp(data[0], data[1], size[0]) == 0);
	free(data[0]);
	free(data[1]);
}
END_TEST

/* tests/traces/good.trc, written by make.py from the format alone. */
START_TEST(test_reader_good)
{
	struct loaded L;
	ck_assert_msg(load(&L, src_path("tests/traces/good.trc")), "%s", L.err);
	ck_assert_uint_eq(L.t.nsms, 2);
	ck_assert_uint_eq(L.t.nslots, 4);
	ck_assert_uint_eq(L.t.nsub, 2);
	ck_assert_str_eq(L.t.config, "testcfg");
	ck_assert_uint_eq(L.t.total_cycles, 30);
	const struct want w[] = {
		{0, 0, 1, "selected", 0},   {0, 1, 24, "wait", 1},    {0, 24, 25, "selected", 1},
		{0, 25, 26, "selected", 2}, {0, 26, 30, "exited", 0}, {1, 0, 4, "math_pipe_throttle", 0},
		{7, 10, 30, "barrier", 1},
	};
	expect_records(&L, w, sizeof w / sizeof *w);
	ck_assert_uint_eq(L.r[5].mask, 0x0000ffff);
	ck_assert_uint_eq(L.r[5].wib, 1);
	ck_assert_uint_eq(L.r[6].mask, 0xf0f0f0f0);
	ck_assert_uint_eq(L.r[6].block, 7);
	ck_assert_uint_eq(L.r[6].wib, 2);
	unload(&L);
}
END_TEST

/* Version 3's marks (make.py's marked trace): read as written, in order. */
START_TEST(test_reader_marks)
{
	struct loaded L;
	ck_assert_msg(load(&L, src_path("tests/traces/marked.trc")), "%s", L.err);
	ck_assert_uint_eq(L.t.version, 3);
	ck_assert_uint_eq(L.t.nmarks, 2);
	const struct trace_mark *a = &L.t.marks[0], *b = &L.t.marks[1];
	ck_assert(a->cycle == 24 && a->sm == 0 && a->slot == 0 && a->check == TRACE_MARK_RACE && a->pc == 1 && a->pc2 == 0);
	ck_assert(b->cycle == 10 && b->sm == 1 && b->slot == 3 && b->check == TRACE_MARK_SYNC && b->pc == 1 && b->pc2 == 1);
	ck_assert_uint_eq(L.n, 7); /* the records are the good trace's */
	unload(&L);
}
END_TEST

/* simt-sim --racecheck --trace: the race of tiled_mm_nosync.s on g80 (one,
 * test_checks.c says why) is a mark at the cycle and warp slot of the
 * write, naming both pcs (37, the store; 43, the earlier load). */
START_TEST(test_run_marks_race)
{
	char out[8192], path[64], args[256];
	snprintf(path, sizeof path, "/tmp/simt-marks-%d.trc", (int)getpid());
	snprintf(args, sizeof args, "configs/g80.ini workloads/bugs/tiled_mm_nosync.s --racecheck --trace %s", path);
	ck_assert_int_eq(run_simt_sim(args, out, sizeof out), 6);
	struct loaded L;
	ck_assert_msg(load(&L, path), "%s", L.err);
	ck_assert_uint_eq(L.t.nmarks, 1);
	const struct trace_mark *k = &L.t.marks[0];
	ck_assert(k->check == TRACE_MARK_RACE && k->pc == 37 && k->pc2 == 43);
	/* the slot that issued the store is issuing it at that cycle */
	bool issued = false;
	for (size_t i = 0; i < L.n; i++)
		if (L.r[i].slot == k->sm * L.t.nslots + k->slot && L.r[i].start <= k->cycle && k->cycle < L.r[i].end)
			issued = !strcmp(state_name(&L, &L.r[i]), "selected") && L.r[i].pc == 37;
	ck_assert(issued);
	unload(&L);
	remove(path);
}
END_TEST

/* The longest run a trace may hold (2^62 cycles, make.py) loads and
 * summarises quickly: nothing walks it cycle by cycle or overflows. */
START_TEST(test_reader_long_run)
{
	struct loaded L;
	ck_assert_msg(load(&L, src_path("tests/traces/long_run.trc")), "%s", L.err);
	ck_assert_uint_eq(L.t.total_cycles, (uint64_t)1 << 62);
	struct lod l;
	lod_init(&l, 1 << 20);
	struct trace t2;
	char err[256];
	ck_assert(trace_load(&t2, L.data, L.size, lod_visit, &l, err, sizeof err));
	lod_finish(&l, &t2);
	/* slot 1 (SM 0) spends the second half of the run at the barrier */
	unsigned top = l.nlev - 1, barrier = 5;
	ck_assert_str_eq(L.t.state_names[barrier], "barrier");
	ck_assert_uint_eq(l.dom[top - 1][1 * l.nb[top - 1] + l.nb[top - 1] - 1], barrier);
	/* and issued for 5 cycles in the first overview column */
	ck_assert(l.issue[0] > 0);
	lod_free(&l);
	trace_free(&t2);
	unload(&L);
}
END_TEST

/* Each trace of tests/traces/bad is refused with the message expect.txt names. */
START_TEST(test_reader_bad_corpus)
{
	FILE *f = fopen(src_path("tests/traces/bad/expect.txt"), "r");
	ck_assert(f);
	char line[512];
	int n = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = 0;
		char *tab = strchr(line, '\t');
		ck_assert(tab);
		*tab = 0;
		char rel[600];
		snprintf(rel, sizeof rel, "tests/traces/bad/%s.trc", line);
		struct loaded L;
		ck_assert_msg(!load(&L, src_path(rel)), "%s loaded", line);
		ck_assert_msg(strstr(L.err, tab + 1) != NULL, "%s: '%s' does not say '%s'", line, L.err, tab + 1);
		unload(&L);
		n++;
	}
	fclose(f);
	ck_assert_int_ge(n, 30);
}
END_TEST

/* Every prefix of a valid trace is refused (truncation anywhere). */
START_TEST(test_reader_truncated_everywhere)
{
	size_t size;
	uint8_t *d = read_all(src_path("tests/traces/good.trc"), &size);
	for (size_t n = 0; n < size; n++) {
		uint8_t *cut = malloc(n ? n : 1);
		memcpy(cut, d, n);
		struct trace t;
		char err[256];
		ck_assert_msg(!trace_load(&t, cut, n, NULL, NULL, err, sizeof err), "a prefix of %zu bytes loaded", n);
		trace_free(&t);
		free(cut);
	}
	free(d);
}
END_TEST

/* The summary's dominant state of each bucket equals the one counted from
 * the exact intervals, at every level. */
START_TEST(test_lod_matches_exact)
{
	char path[64];
	struct run x;
	traced_tiled_mm(&x, "g80", "64", "lod", path);
	struct loaded L;
	ck_assert_msg(load(&L, path), "%s", L.err);
	struct lod l;
	/* a budget for 4 cycles per base bucket */
	lod_init(&l, (L.t.total_cycles / 4 + 1) * L.t.nsms * L.t.nslots);
	struct trace t2;
	char err[256];
	ck_assert(trace_load(&t2, L.data, L.size, lod_visit, &l, err, sizeof err));
	lod_finish(&l, &t2);
	ck_assert_uint_gt(l.bsize[0], 1);
	ck_assert_uint_gt(l.nlev, 2);
	unsigned idle = (unsigned)L.t.st_idle;
	for (unsigned k = 0; k < l.nlev; k++) {
		uint64_t bs = l.bsize[k];
		size_t i = 0;
		for (unsigned g = 0; g < l.nslots; g++) {
			while (i < L.n && L.r[i].slot < g)
				i++;
			size_t first = i;
			for (uint64_t b = 0; b < l.nb[k]; b++) {
				uint64_t h[32] = {0}, b0 = b * bs, b1 = b0 + bs < l.total ? b0 + bs : l.total;
				uint64_t busy = 0;
				for (size_t j = first; j < L.n && L.r[j].slot == g && L.r[j].start < b1; j++) {
					uint64_t s = L.r[j].start > b0 ? L.r[j].start : b0, e = L.r[j].end < b1 ? L.r[j].end : b1;
					if (s < e) {
						h[L.r[j].state] += e - s;
						busy += e - s;
					}
				}
				h[idle] += (b1 - b0) - busy;
				unsigned best = 0;
				for (unsigned s = 1; s < L.t.nstates; s++)
					if (h[s] > h[best])
						best = s;
				ck_assert_msg(l.dom[k][(size_t)g * l.nb[k] + b] == best, "level %u slot %u bucket %llu: %u, expected %u",
					      k, g, (unsigned long long)b, l.dom[k][(size_t)g * l.nb[k] + b], best);
				while (first < L.n && L.r[first].slot == g && L.r[first].end <= b1)
					first++;
			}
		}
	}
	lod_free(&l);
	trace_free(&t2);
	unload(&L);
	done(&x);
	unlink(path);
}
END_TEST

/* Checking on several threads (as simt-view does) gives the same summary,
 * record count and, for bad traces, the same first error as one thread. */
START_TEST(test_threads_agree)
{
	char path[64];
	struct run x;
	traced_tiled_mm(&x, "g80", "64", "thr", path);
	size_t size;
	uint8_t *data = read_all(path, &size);
	struct trace t[2];
	struct lod l[2];
	char err[256];
	for (int k = 0; k < 2; k++) {
		ck_assert(trace_index(&t[k], data, size, err, sizeof err));
		lod_init(&l[k], 1 << 22);
		lod_shape(&l[k], &t[k]);
		ck_assert_msg(trace_check(&t[k], lod_visit, &l[k], k ? 5 : 1, err, sizeof err), "%s", err);
		lod_finish(&l[k], &t[k]);
	}
	ck_assert_uint_eq(t[0].nrecords, t[1].nrecords);
	ck_assert_uint_eq(l[0].nlev, l[1].nlev);
	for (unsigned k = 0; k < l[0].nlev; k++)
		ck_assert(memcmp(l[0].dom[k], l[1].dom[k], l[0].nb[k] * l[0].nslots) == 0);
	ck_assert(memcmp(l[0].issue, l[1].issue, (size_t)l[0].nsms * l[0].ocols * sizeof *l[0].issue) == 0);
	for (size_t i = 0; i < t[0].nchunks; i++)
		ck_assert(t[0].chunks[i].min_start == t[1].chunks[i].min_start &&
			  t[0].chunks[i].max_end == t[1].chunks[i].max_end);
	for (int k = 0; k < 2; k++) {
		lod_free(&l[k]);
		trace_free(&t[k]);
	}
	free(data);
	done(&x);
	unlink(path);
	/* bad traces: the same message from 1 and 2 threads */
	static const char *const bad[] = {"overlap_chunks", "zstd_garbage", "slot", "record_count"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char rel[128], e1[256], e2[256];
		snprintf(rel, sizeof rel, "tests/traces/bad/%s.trc", bad[i]);
		uint8_t *b = read_all(src_path(rel), &size);
		struct trace a, c;
		ck_assert(trace_index(&a, b, size, e1, sizeof e1) && trace_index(&c, b, size, e2, sizeof e2));
		ck_assert(!trace_check(&a, NULL, NULL, 1, e1, sizeof e1));
		ck_assert(!trace_check(&c, NULL, NULL, 2, e2, sizeof e2));
		ck_assert_str_eq(e1, e2);
		trace_free(&a);
		trace_free(&c);
		free(b);
	}
}
END_TEST

Suite *trace_suite(void)
{
	Suite *s = suite_create("trace");
	TCase *tc = tcase_create("trace");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_two_warps_exact);
	tcase_add_test(tc, test_cycles_match_stalls);
	tcase_add_test(tc, test_trace_deterministic);
	tcase_add_test(tc, test_reader_good);
	tcase_add_test(tc, test_reader_marks);
	tcase_add_test(tc, test_run_marks_race);
	tcase_add_test(tc, test_reader_long_run);
	tcase_add_test(tc, test_reader_bad_corpus);
	tcase_add_test(tc, test_reader_truncated_everywhere);
	tcase_add_test(tc, test_lod_matches_exact);
	tcase_add_test(tc, test_threads_agree);
	suite_add_tcase(s, tc);
	return s;
}
