/*
 * trace.c - the warp-state trace writer. Each slot's open interval is kept
 * until its state, pc, mask or block changes; the closed interval becomes a
 * record in its SM's chunk buffer, compressed with zstd when the buffer is
 * full and at the end. Format: viz/trace_format.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "trace.h"
#include "trace_format.h"
#include "util.h"

#define CHUNK_BYTES (256u << 10) /* raw bytes per chunk (before compression) */
#define RECORD_MAX 48u           /* the longest record */
#define ZSTD_LEVEL 1

struct open_interval {
	uint64_t start, block;
	uint32_t pc, mask;
	uint8_t state, wib;
};

struct prev { /* what the slot's last record in the current chunk said */
	uint64_t block;
	uint32_t pc, mask;
	uint8_t wib;
	uint8_t seen;
};

struct mark {
	uint64_t cycle;
	uint32_t sm, pc, pc2;
	uint8_t slot, check;
};

struct sm_chunk {
	uint8_t *buf;
	size_t len;
	uint32_t nrec;
	uint64_t last_end;
	struct prev *prev; /* per slot */
};

struct trace_writer {
	FILE *f;
	int err;
	unsigned nsms, nslots;
	struct open_interval *open; /* nsms * nslots */
	struct sm_chunk *sm;
	ZSTD_CCtx *z;
	uint8_t *zbuf;
	size_t zcap;
	uint64_t nchunks;
	long total_at;    /* file offset of the header's total cycles (-1: not seekable) */
	struct mark *marks;  /* the check modes' findings, written at the end */
	unsigned nmarks, mcap;
};

static void put(struct trace_writer *t, const void *p, size_t n)
{
	if (!t->err && fwrite(p, 1, n, t->f) != n)
		t->err = errno ? errno : EIO;
}

static void put_u8(struct trace_writer *t, unsigned v)
{
	uint8_t b = (uint8_t)v;
	put(t, &b, 1);
}

static void put_u32(struct trace_writer *t, uint32_t v)
{
	uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
	put(t, b, 4);
}

static void put_u64(struct trace_writer *t, uint64_t v)
{
	put_u32(t, (uint32_t)v);
	put_u32(t, (uint32_t)(v >> 32));
}

static void put_str(struct trace_writer *t, const char *s)
{
	size_t n = strlen(s);
	if (n > 0xffff)
		n = 0xffff;
	put_u8(t, (unsigned)(n & 0xff));
	put_u8(t, (unsigned)(n >> 8));
	put(t, s, n);
}

static void write_header(struct trace_writer *t, const struct gpu_config *c, const struct program *p,
			 const char *workload)
{
	put(t, TRACE_MAGIC, 8);
	put_u32(t, TRACE_VERSION);
	put_u32(t, t->nsms);
	put_u32(t, t->nslots);
	put_u32(t, (uint32_t)c->sub_partitions);
	put_u32(t, (uint32_t)c->clock_mhz);
	put_u32(t, (uint32_t)(sim_peak_issue_rate(c) * 65536.0 + 0.5));
	t->total_at = ftell(t->f);
	int fl = fcntl(fileno(t->f), F_GETFL);
	if (fl != -1 && (fl & O_APPEND))
		t->total_at = -1; /* (appended to: a seek back would write at the end) */
	put_u64(t, 0); /* total cycles: patched by trace_writer_close */
	put_str(t, c->name);
	put_str(t, workload);
	put_u8(t, WSTATE_COUNT);
	for (unsigned k = 0; k < STALL_COUNT; k++)
		put_str(t, stall_names[k]);
	put_str(t, "idle");
	put_str(t, "exited");
	put_u32(t, p->ncode);
	char text[256], where[512];
	for (uint32_t pc = 0; pc < p->ncode; pc++) {
		disasm_insn(p, &p->code[pc], text, sizeof text);
		put_str(t, text);
		if (p->cuda_loc && p->cuda_loc[pc].line)
			snprintf(where, sizeof where, "%s:%u (%s:%u)", p->files[p->loc[pc].file], (unsigned)p->loc[pc].line,
				 p->files[p->cuda_loc[pc].file], (unsigned)p->cuda_loc[pc].line);
		else
			snprintf(where, sizeof where, "%s:%u", p->files[p->loc[pc].file], (unsigned)p->loc[pc].line);
		put_str(t, where);
	}
}

struct trace_writer *trace_writer_open(FILE *f, const struct gpu_config *c, const struct program *p,
				const char *workload)
{
	if ((uint64_t)c->max_warps > TRACE_MAX_SLOTS) {
		errno = ERANGE;
		return NULL;
	}
	struct trace_writer *t = xcalloc(1, sizeof *t);
	t->f = f;
	t->nsms = (unsigned)c->num_sms;
	t->nslots = (unsigned)c->max_warps;
	t->open = xcalloc((size_t)t->nsms * t->nslots, sizeof *t->open);
	for (size_t i = 0; i < (size_t)t->nsms * t->nslots; i++)
		t->open[i].state = WSTATE_IDLE;
	t->sm = xcalloc(t->nsms, sizeof *t->sm);
	for (unsigned i = 0; i < t->nsms; i++) {
		t->sm[i].buf = xmalloc(CHUNK_BYTES + RECORD_MAX);
		t->sm[i].prev = xcalloc(t->nslots, sizeof *t->sm[i].prev);
	}
	t->z = ZSTD_createCCtx();
	t->zcap = ZSTD_compressBound(CHUNK_BYTES + RECORD_MAX);
	t->zbuf = xmalloc(t->zcap);
	write_header(t, c, p, workload);
	return t;
}

static void flush_chunk(struct trace_writer *t, unsigned sm)
{
	struct sm_chunk *k = &t->sm[sm];
	if (!k->nrec)
		return;
	size_t z = ZSTD_compressCCtx(t->z, t->zbuf, t->zcap, k->buf, k->len, ZSTD_LEVEL);
	bool zstd = !ZSTD_isError(z) && z < k->len;
	put_u8(t, 'C');
	put_u32(t, sm);
	put_u32(t, k->nrec);
	put_u8(t, zstd ? TRACE_ZSTD : TRACE_RAW);
	put_u32(t, (uint32_t)k->len);
	put_u32(t, (uint32_t)(zstd ? z : k->len));
	put(t, zstd ? t->zbuf : k->buf, zstd ? z : k->len);
	t->nchunks++;
	k->len = 0;
	k->nrec = 0;
	k->last_end = 0;
	memset(k->prev, 0, t->nslots * sizeof *k->prev);
}

/* Append the closed interval [o->start, end) of slot to its SM's chunk. */
static void emit(struct trace_writer *t, unsigned sm, unsigned slot, const struct open_interval *o, uint64_t end)
{
	struct sm_chunk *k = &t->sm[sm];
	struct prev *pv = &k->prev[slot];
	uint8_t *b = k->buf + k->len;
	size_t n = trace_put_varint(b, trace_zigzag((int64_t)(end - k->last_end)));
	k->last_end = end;
	b[n++] = (uint8_t)slot;
	b[n++] = o->state;
	size_t fl = n++;
	unsigned flags = 0;
	if (pv->seen && o->pc == pv->pc)
		flags |= TR_PC_SAME;
	else if (pv->seen && o->pc == pv->pc + 1)
		flags |= TR_PC_NEXT;
	else
		n += trace_put_varint(b + n, o->pc);
	if (!pv->seen || o->mask != pv->mask) {
		flags |= TR_MASK;
		for (int i = 0; i < 4; i++)
			b[n++] = (uint8_t)(o->mask >> (8 * i));
	}
	if (!pv->seen || o->block != pv->block || o->wib != pv->wib) {
		flags |= TR_BLOCK;
		n += trace_put_varint(b + n, o->block);
		b[n++] = o->wib;
	}
	b[fl] = (uint8_t)flags;
	n += trace_put_varint(b + n, end - o->start);
	*pv = (struct prev){o->block, o->pc, o->mask, o->wib, 1};
	k->len += n;
	k->nrec++;
	if (k->len >= CHUNK_BYTES)
		flush_chunk(t, sm);
}

void trace_writer_on_state(void *ctx, const struct state_event *e)
{
	struct trace_writer *t = ctx;
	struct open_interval *o = &t->open[(size_t)e->sm * t->nslots + e->slot];
	if (o->state != WSTATE_IDLE && e->cycle > o->start)
		emit(t, e->sm, e->slot, o, e->cycle);
	*o = (struct open_interval){e->cycle, e->block, e->pc, e->mask, (uint8_t)e->state, (uint8_t)e->warp_in_block};
}

void trace_writer_on_report(void *ctx, const struct sim_report *rep)
{
	struct trace_writer *t = ctx;
	if (t->nmarks >= TRACE_MAX_MARKS)
		return;
	GROW(t->marks, t->mcap, t->nmarks + 1);
	uint8_t check = rep->kind == HAZ_RACE ? TRACE_MARK_RACE : rep->kind == HAZ_UNINIT ? TRACE_MARK_INIT
										    : TRACE_MARK_SYNC;
	t->marks[t->nmarks++] = (struct mark){rep->cycle, rep->sm, rep->pc,
					      rep->kind == HAZ_RACE ? rep->pc2 : rep->pc, (uint8_t)rep->slot, check};
}

int trace_writer_close(struct trace_writer *t, uint64_t total_cycles)
{
	for (unsigned sm = 0; sm < t->nsms; sm++)
		for (unsigned k = 0; k < t->nslots; k++) {
			struct open_interval *o = &t->open[(size_t)sm * t->nslots + k];
			if (o->state != WSTATE_IDLE && total_cycles > o->start)
				emit(t, sm, k, o, total_cycles);
		}
	for (unsigned sm = 0; sm < t->nsms; sm++)
		flush_chunk(t, sm);
	if (t->nmarks) {
		put_u8(t, 'M');
		put_u32(t, t->nmarks);
		for (unsigned i = 0; i < t->nmarks; i++) {
			const struct mark *m = &t->marks[i];
			put_u64(t, m->cycle);
			put_u32(t, m->sm);
			put_u8(t, m->slot);
			put_u8(t, m->check);
			put_u32(t, m->pc);
			put_u32(t, m->pc2);
		}
	}
	put_u8(t, 'E');
	put_u64(t, total_cycles);
	put_u64(t, t->nchunks);
	/* (a write that fails at the flush before the seek leaves fclose nothing
	 * to fail on: each step's failure is kept) */
	errno = 0;
	if (!t->err && fflush(t->f))
		t->err = errno ? errno : EIO;
	if (t->total_at >= 0 && !t->err) {
		if (fseek(t->f, t->total_at, SEEK_SET) == 0)
			put_u64(t, total_cycles);
		else
			t->err = errno ? errno : EIO;
	}
	errno = 0;
	if (!t->err && fflush(t->f))
		t->err = errno ? errno : EIO;
	if (ferror(t->f) && !t->err)
		t->err = EIO;
	int err = t->err;
	for (unsigned i = 0; i < t->nsms; i++) {
		free(t->sm[i].buf);
		free(t->sm[i].prev);
	}
	free(t->sm);
	free(t->open);
	free(t->marks);
	free(t->zbuf);
	ZSTD_freeCCtx(t->z);
	free(t);
	return err;
}
