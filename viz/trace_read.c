/*
 * trace_read.c - the trace reader: bounds-checked parsing of the header,
 * the chunks and their records (format: trace_format.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include "trace_format.h"
#include "trace_read.h"

#define END_BYTES 17u /* 'E', u64 cycles, u64 chunks */

struct cur {
	const uint8_t *p;
	size_t n, at;   /* size, position */
	size_t base;    /* offset of p in the file, for messages */
	char *err;
	size_t errlen;
	bool bad;
};

static bool fail(struct cur *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(struct cur *c, const char *fmt, ...)
{
	if (c->bad)
		return false;
	c->bad = true;
	int k = snprintf(c->err, c->errlen, "at byte %zu: ", c->base + c->at);
	if (k < 0 || (size_t)k >= c->errlen)
		return false;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->err + k, c->errlen - (size_t)k, fmt, ap);
	va_end(ap);
	return false;
}

static bool need(struct cur *c, size_t k, const char *what)
{
	if (c->bad)
		return false;
	if (c->n - c->at < k)
		return fail(c, "truncated: %s needs %zu bytes, %zu left", what, k, c->n - c->at);
	return true;
}

static inline uint8_t get_u8(struct cur *c, const char *what)
{
	return need(c, 1, what) ? c->p[c->at++] : 0;
}

static uint32_t get_u32(struct cur *c, const char *what)
{
	if (!need(c, 4, what))
		return 0;
	const uint8_t *b = c->p + c->at;
	c->at += 4;
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static uint64_t get_u64(struct cur *c, const char *what)
{
	uint64_t lo = get_u32(c, what);
	return lo | (uint64_t)get_u32(c, what) << 32;
}

static inline uint64_t get_varint(struct cur *c, const char *what)
{
	if (c->at < c->n && c->p[c->at] < 0x80) /* one byte: most of them */
		return c->p[c->at++];
	uint64_t v = 0;
	for (unsigned shift = 0; shift < 64; shift += 7) {
		uint8_t b = get_u8(c, what);
		if (c->bad)
			return 0;
		if (shift == 63 && b > 1) {
			fail(c, "%s: varint overflows 64 bits", what);
			return 0;
		}
		v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			return v;
	}
	fail(c, "%s: varint longer than 10 bytes", what);
	return 0;
}

static char *get_str(struct cur *c, const char *what)
{
	unsigned n = get_u8(c, what);
	n |= (unsigned)get_u8(c, what) << 8;
	if (!need(c, n, what))
		return NULL;
	char *s = malloc(n + 1);
	if (!s) {
		fail(c, "out of memory");
		return NULL;
	}
	memcpy(s, c->p + c->at, n);
	s[n] = 0;
	c->at += n;
	for (unsigned i = 0; i < n; i++)
		if (s[i] == 0 || (unsigned char)s[i] < 0x20) {
			c->at -= n - i;
			fail(c, "%s: control character in text", what);
			free(s);
			return NULL;
		}
	return s;
}

static int find_state(const struct trace *t, const char *name)
{
	for (unsigned i = 0; i < t->nstates; i++)
		if (!strcmp(t->state_names[i], name))
			return (int)i;
	return -1;
}

static bool read_header(struct trace *t, struct cur *c)
{
	if (!need(c, 8, "magic"))
		return false;
	if (memcmp(c->p, TRACE_MAGIC, 8))
		return fail(c, "not a simt-sim trace (bad magic)");
	c->at = 8;
	t->version = get_u32(c, "version");
	if (!c->bad && (t->version < 1 || t->version > TRACE_VERSION))
		return fail(c, "trace version %u; this reader knows versions 1 to %u", t->version, TRACE_VERSION);
	t->nsms = get_u32(c, "SM count");
	t->nslots = get_u32(c, "slot count");
	t->nsub = get_u32(c, "sub-partition count");
	t->clock_mhz = get_u32(c, "clock");
	t->peak_issue = t->version >= 2 ? get_u32(c, "peak issue rate") / 65536.0 : 1.0;
	if (!c->bad && !(t->peak_issue > 0 && t->peak_issue <= 16))
		return fail(c, "peak issue rate %g per cycle (expected more than 0, at most 16)", t->peak_issue);
	t->header_cycles = get_u64(c, "total cycles");
	if (c->bad)
		return false;
	if (!t->nsms || t->nsms > 4096)
		return fail(c, "%u SMs (expected 1..4096)", t->nsms);
	if (!t->nslots || t->nslots > TRACE_MAX_SLOTS)
		return fail(c, "%u warp slots per SM (expected 1..%u)", t->nslots, TRACE_MAX_SLOTS);
	if (!t->nsub || t->nsub > t->nslots)
		return fail(c, "%u sub-partitions for %u slots", t->nsub, t->nslots);
	if ((uint64_t)t->nsms * t->nslots > 65535)
		return fail(c, "%u SMs x %u slots exceed 65535 slots", t->nsms, t->nslots);
	t->config = get_str(c, "config name");
	t->workload = get_str(c, "workload path");
	t->nstates = get_u8(c, "state count");
	if (c->bad)
		return false;
	if (t->nstates < 1 || t->nstates > TRACE_MAX_STATES)
		return fail(c, "%u states (expected 1..%u)", t->nstates, TRACE_MAX_STATES);
	t->state_names = calloc(t->nstates, sizeof *t->state_names);
	for (unsigned i = 0; i < t->nstates && !c->bad; i++)
		t->state_names[i] = get_str(c, "state name");
	t->ncode = get_u32(c, "instruction count");
	if (c->bad)
		return false;
	if (!t->ncode || t->ncode > c->n / 4)
		return fail(c, "%u instructions (the file is %zu bytes)", t->ncode, c->n);
	t->disasm = calloc(t->ncode, sizeof *t->disasm);
	t->srcloc = calloc(t->ncode, sizeof *t->srcloc);
	for (uint32_t pc = 0; pc < t->ncode && !c->bad; pc++) {
		t->disasm[pc] = get_str(c, "instruction text");
		t->srcloc[pc] = get_str(c, "source line");
	}
	if (c->bad)
		return false;
	t->st_selected = find_state(t, "selected");
	t->st_idle = find_state(t, "idle");
	t->st_exited = find_state(t, "exited");
	return true;
}

struct prev {
	uint64_t block;
	uint32_t pc, mask;
	uint8_t wib, seen;
};

/* Decode the records of a chunk whose raw bytes are raw[0..n). */
static bool decode_records(const struct trace *t, const struct trace_chunk *k, const uint8_t *raw, size_t n,
			   struct trace_rec *out, char *err, size_t errlen)
{
	struct cur c = {raw, n, 0, k->offset, err, errlen, false};
	struct prev prev[TRACE_MAX_SLOTS];
	memset(prev, 0, sizeof prev);
	uint64_t end = 0;
	for (uint32_t i = 0; i < k->nrec; i++) {
		struct trace_rec *r = &out[i];
		int64_t d = trace_unzigzag(get_varint(&c, "record end"));
		if (c.bad)
			return false;
		/* 0 - (uint64_t)d: |d| without negating INT64_MIN (found by fuzz-trace) */
		if ((d < 0 && 0 - (uint64_t)d > end) || (d > 0 && (uint64_t)d > t->total_cycles - end))
			return fail(&c, "record %u ends outside the run (0..%llu cycles)", i,
				    (unsigned long long)t->total_cycles);
		end = (uint64_t)((int64_t)end + d);
		unsigned slot = get_u8(&c, "record slot");
		unsigned state = get_u8(&c, "record state");
		unsigned flags = get_u8(&c, "record flags");
		if (c.bad)
			return false;
		if (slot >= t->nslots)
			return fail(&c, "record %u: slot %u (the SM has %u)", i, slot, t->nslots);
		if (state >= t->nstates || (int)state == t->st_idle)
			return fail(&c, "record %u: state %u is not a state a record can have", i, state);
		if (flags & ~(unsigned)(TR_PC_SAME | TR_PC_NEXT | TR_MASK | TR_BLOCK) ||
		    (flags & TR_PC_SAME && flags & TR_PC_NEXT))
			return fail(&c, "record %u: bad flags 0x%02x", i, flags);
		struct prev *pv = &prev[slot];
		if (!pv->seen && (flags & (TR_PC_SAME | TR_PC_NEXT) || !(flags & TR_MASK) || !(flags & TR_BLOCK)))
			return fail(&c, "record %u: slot %u's first record in the chunk refers to a previous one", i, slot);
		uint64_t pc = flags & TR_PC_SAME ? pv->pc : flags & TR_PC_NEXT ? (uint64_t)pv->pc + 1
										  : get_varint(&c, "record pc");
		if (flags & TR_MASK)
			pv->mask = get_u32(&c, "record mask");
		if (flags & TR_BLOCK) {
			pv->block = get_varint(&c, "record block");
			pv->wib = get_u8(&c, "record warp");
		}
		uint64_t len = get_varint(&c, "record length");
		if (c.bad)
			return false;
		if (pc >= t->ncode)
			return fail(&c, "record %u: pc %llu (the program has %u instructions)", i, (unsigned long long)pc,
				    t->ncode);
		if (!len || len > end)
			return fail(&c, "record %u: length %llu for an interval ending at cycle %llu", i,
				    (unsigned long long)len, (unsigned long long)end);
		pv->pc = (uint32_t)pc;
		pv->seen = 1;
		*r = (struct trace_rec){end - len, end, pv->block, pv->pc, pv->mask,
					(uint16_t)(k->sm * t->nslots + slot), (uint8_t)state, pv->wib};
	}
	if (c.at != c.n) {
		c.at = c.n;
		return fail(&c, "%zu bytes after the chunk's %u records", n - c.at, k->nrec);
	}
	return true;
}

/* Decompression scratch: one per thread. */
struct scratch {
	uint8_t *zbuf;
	size_t zcap;
	ZSTD_DCtx *z;
};

static bool decode_with(const struct trace *t, const struct trace_chunk *k, struct scratch *sc, struct trace_rec *out,
			char *err, size_t errlen)
{
	const uint8_t *stored = t->data + k->offset;
	if (k->codec == TRACE_RAW)
		return decode_records(t, k, stored, k->raw, out, err, errlen);
	if (k->raw > sc->zcap) { /* kept between calls: no allocation per chunk */
		free(sc->zbuf);
		sc->zcap = k->raw;
		sc->zbuf = malloc(sc->zcap);
	}
	if (!sc->z)
		sc->z = ZSTD_createDCtx();
	if (!sc->zbuf || !sc->z) {
		snprintf(err, errlen, "out of memory");
		return false;
	}
	size_t got = ZSTD_decompressDCtx(sc->z, sc->zbuf, k->raw, stored, k->stored);
	if (ZSTD_isError(got) || got != k->raw) {
		snprintf(err, errlen, "at byte %zu: chunk does not decompress to its %u bytes (%s)", k->offset, k->raw,
			 ZSTD_isError(got) ? ZSTD_getErrorName(got) : "wrong size");
		return false;
	}
	return decode_records(t, k, sc->zbuf, k->raw, out, err, errlen);
}

bool trace_decode(struct trace *t, size_t i, struct trace_rec *out, char *err, size_t errlen)
{
	struct scratch sc = {t->zbuf, t->zcap, t->zctx};
	bool ok = decode_with(t, &t->chunks[i], &sc, out, err, errlen);
	t->zbuf = sc.zbuf;
	t->zcap = sc.zcap;
	t->zctx = sc.z;
	return ok;
}

/* The marks section after its tag: every field in range. */
static bool read_marks(struct trace *t, struct cur *c)
{
	uint32_t n = get_u32(c, "mark count");
	if (c->bad)
		return false;
	if (!n || n > TRACE_MAX_MARKS || (size_t)n * TRACE_MARK_BYTES > c->n - c->at)
		return fail(c, "%u marks (expected 1..%u, each %u bytes, before the end record)", n, TRACE_MAX_MARKS,
			    TRACE_MARK_BYTES);
	t->marks = calloc(n, sizeof *t->marks);
	for (uint32_t i = 0; i < n; i++) {
		struct trace_mark *m = &t->marks[i];
		m->cycle = get_u64(c, "mark cycle");
		m->sm = get_u32(c, "mark SM");
		m->slot = get_u8(c, "mark slot");
		m->check = get_u8(c, "mark check");
		m->pc = get_u32(c, "mark pc");
		m->pc2 = get_u32(c, "mark pc");
		if (c->bad)
			return false;
		if (m->sm >= t->nsms || m->slot >= t->nslots || m->check >= TRACE_MARK_KINDS || m->pc >= t->ncode ||
		    m->pc2 >= t->ncode || m->cycle > t->total_cycles)
			return fail(c, "bad mark %u: cycle %llu, SM %u, slot %u, check %u, pcs %u and %u", i,
				    (unsigned long long)m->cycle, m->sm, m->slot, m->check, m->pc, m->pc2);
	}
	t->nmarks = n;
	return true;
}

bool trace_index(struct trace *t, const uint8_t *data, size_t size, char *err, size_t errlen)
{
	memset(t, 0, sizeof *t);
	t->data = data;
	t->size = size;
	struct cur c = {data, size, 0, 0, err, errlen, false};
	if (!read_header(t, &c))
		return false;
	size_t body = c.at;
	if (size - body < END_BYTES || data[size - END_BYTES] != 'E') {
		c.at = size;
		return fail(&c, "truncated: no end record (the run did not finish writing the trace)");
	}
	struct cur e = {data, size, size - END_BYTES + 1, 0, err, errlen, false};
	t->total_cycles = get_u64(&e, "total cycles");
	uint64_t nchunks = get_u64(&e, "chunk count");
	if (t->total_cycles > TRACE_MAX_CYCLES)
		return fail(&e, "%llu cycles: more than a run can have (2^62)", (unsigned long long)t->total_cycles);
	if (t->header_cycles && t->header_cycles != t->total_cycles)
		return fail(&e, "the header says %llu cycles, the end record %llu", (unsigned long long)t->header_cycles,
			    (unsigned long long)t->total_cycles);
	if (nchunks > (size - body) / 18)
		return fail(&e, "%llu chunks cannot fit in %zu bytes", (unsigned long long)nchunks, size - body);
	t->chunks = calloc(nchunks ? nchunks : 1, sizeof *t->chunks);
	c.n = size - END_BYTES;
	while (c.at < c.n) {
		uint8_t tag = get_u8(&c, "chunk tag");
		if (tag == 'M' && t->version >= 3 && !t->marks) {
			if (!read_marks(t, &c))
				return false;
			continue;
		}
		if (tag != 'C') {
			c.at--;
			return fail(&c, t->version >= 3 ? "expected a chunk ('C') or the marks ('M')" : "expected a chunk ('C')");
		}
		if (t->nchunks == nchunks) {
			c.at--;
			return fail(&c, "more chunks than the end record's %llu", (unsigned long long)nchunks);
		}
		struct trace_chunk *k = &t->chunks[t->nchunks];
		k->sm = get_u32(&c, "chunk SM");
		k->nrec = get_u32(&c, "chunk record count");
		k->codec = get_u8(&c, "chunk codec");
		k->raw = get_u32(&c, "chunk size");
		k->stored = get_u32(&c, "chunk stored size");
		if (c.bad || !need(&c, k->stored, "chunk data"))
			return false;
		if (k->sm >= t->nsms || k->codec > TRACE_ZSTD || k->raw > TRACE_CHUNK_RAW_MAX ||
		    (k->codec == TRACE_RAW && k->stored != k->raw) || k->nrec > k->raw / 5 || !k->nrec)
			return fail(&c, "bad chunk: SM %u, %u records, codec %u, %u bytes stored as %u", k->sm, k->nrec,
				    k->codec, k->raw, k->stored);
		k->offset = c.at;
		c.at += k->stored;
		t->nchunks++;
	}
	if (t->nchunks != nchunks)
		return fail(&c, "truncated: %zu chunks, the end record says %llu", t->nchunks, (unsigned long long)nchunks);
	return true;
}

/* One checking thread: the chunks of SMs first, first + step, ... in file
 * order (each slot's intervals are in order within its SM's chunks). */
struct job {
	struct trace *t;
	trace_visit visit;
	void *ctx;
	unsigned first, step;
	uint64_t *last;        /* per global slot: end of its latest interval (slots split by SM) */
	uint64_t nrec;
	size_t bad_chunk;      /* the first chunk that failed (SIZE_MAX: none) */
	char err[512];
};

static void *check_chunks(void *arg)
{
	struct job *j = arg;
	struct trace *t = j->t;
	struct scratch sc = {NULL, 0, NULL};
	struct trace_rec *recs = NULL;
	size_t cap = 0;
	for (size_t ci = 0; ci < t->nchunks; ci++) {
		struct trace_chunk *k = &t->chunks[ci];
		if (k->sm % j->step != j->first)
			continue;
		if (k->nrec > cap) {
			cap = k->nrec;
			free(recs);
			recs = malloc(cap * sizeof *recs);
		}
		bool ok = recs && decode_with(t, k, &sc, recs, j->err, sizeof j->err);
		if (!recs)
			snprintf(j->err, sizeof j->err, "out of memory");
		k->min_start = UINT64_MAX;
		for (uint32_t i = 0; i < k->nrec && ok; i++) {
			const struct trace_rec *r = &recs[i];
			if (r->start < j->last[r->slot]) {
				snprintf(j->err, sizeof j->err,
					 "in the chunk at byte %zu: SM %u slot %u: interval [%llu, %llu) overlaps the one before (ending at %llu)",
					 k->offset, k->sm, r->slot % t->nslots, (unsigned long long)r->start,
					 (unsigned long long)r->end, (unsigned long long)j->last[r->slot]);
				ok = false;
			}
			j->last[r->slot] = r->end;
			if (r->start < k->min_start)
				k->min_start = r->start;
			if (r->end > k->max_end)
				k->max_end = r->end;
		}
		if (!ok) {
			j->bad_chunk = ci;
			break;
		}
		if (j->visit)
			j->visit(j->ctx, t, recs, k->nrec, k->sm);
		j->nrec += k->nrec;
	}
	free(recs);
	free(sc.zbuf);
	ZSTD_freeDCtx(sc.z);
	return NULL;
}

bool trace_check(struct trace *t, trace_visit visit, void *ctx, unsigned threads, char *err, size_t errlen)
{
	if (!threads) {
		long n = sysconf(_SC_NPROCESSORS_ONLN);
		threads = n > 0 ? (unsigned)n : 1;
	}
	if (threads > t->nsms)
		threads = t->nsms;
	if (threads > 64)
		threads = 64;
	uint64_t *last = calloc((size_t)t->nsms * t->nslots, sizeof *last);
	struct job jobs[64];
	pthread_t tid[64];
	bool running[64] = {false};
	for (unsigned k = 0; k < threads; k++) {
		jobs[k] = (struct job){t, visit, ctx, k, threads, last, 0, SIZE_MAX, ""};
		if (k > 0)
			running[k] = pthread_create(&tid[k], NULL, check_chunks, &jobs[k]) == 0;
	}
	/* this thread: job 0, and any job whose thread could not start (jobs own
	 * disjoint SMs, so they may run in any order) */
	for (unsigned k = 0; k < threads; k++)
		if (!running[k])
			check_chunks(&jobs[k]);
	for (unsigned k = 1; k < threads; k++)
		if (running[k])
			pthread_join(tid[k], NULL);
	free(last);
	/* the first failure in file order, whichever thread met it */
	size_t bad = SIZE_MAX;
	const char *msg = NULL;
	t->nrecords = 0;
	for (unsigned k = 0; k < threads; k++) {
		t->nrecords += jobs[k].nrec;
		if (jobs[k].bad_chunk < bad) {
			bad = jobs[k].bad_chunk;
			msg = jobs[k].err;
		}
	}
	if (msg) {
		snprintf(err, errlen, "%s", msg);
		return false;
	}
	return true;
}

bool trace_load(struct trace *t, const uint8_t *data, size_t size, trace_visit visit, void *ctx, char *err,
		size_t errlen)
{
	return trace_index(t, data, size, err, errlen) && trace_check(t, visit, ctx, 1, err, errlen);
}

void trace_free(struct trace *t)
{
	free(t->config);
	free(t->workload);
	if (t->state_names)
		for (unsigned i = 0; i < t->nstates; i++)
			free(t->state_names[i]);
	free(t->state_names);
	if (t->disasm)
		for (uint32_t i = 0; i < t->ncode; i++) {
			free(t->disasm[i]);
			free(t->srcloc[i]);
		}
	free(t->disasm);
	free(t->srcloc);
	free(t->chunks);
	free(t->marks);
	free(t->zbuf);
	ZSTD_freeDCtx(t->zctx);
	memset(t, 0, sizeof *t);
}

const uint8_t *trace_map(const char *path, size_t *size, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0) {
		snprintf(err, errlen, "cannot open: %s", strerror(errno));
		return NULL;
	}
	struct stat st;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "not a regular file");
		close(fd);
		return NULL;
	}
	*size = (size_t)st.st_size;
	if (!*size) {
		snprintf(err, errlen, "empty file: not a simt-sim trace");
		close(fd);
		return NULL;
	}
	void *p = mmap(NULL, *size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED) {
		snprintf(err, errlen, "cannot map: %s", strerror(errno));
		return NULL;
	}
	return p;
}

void trace_unmap(const uint8_t *data, size_t size)
{
	munmap((void *)(uintptr_t)data, size);
}
