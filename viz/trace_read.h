/*
 * trace_read.h - read a warp-state trace (viz/trace_format.h). Every
 * check a corrupt or truncated file can fail is made here and reported as
 * text naming the byte offset; nothing past this point trusts the file.
 */
#ifndef SIMT_TRACE_READ_H
#define SIMT_TRACE_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One interval of one warp slot: [start, end) in one state. */
struct trace_rec {
	uint64_t start, end;
	uint64_t block;
	uint32_t pc, mask;
	uint16_t slot;   /* global slot: sm * slots + slot in the SM */
	uint8_t state, wib;
};

struct trace_chunk {
	size_t offset;            /* of its stored bytes in the file */
	uint32_t sm, nrec, raw, stored;
	uint8_t codec;
	uint64_t min_start, max_end;
};

/* A check mode's finding at a cycle, on a warp slot (TRACE_MARK_* check). */
struct trace_mark {
	uint64_t cycle;
	uint32_t sm, pc, pc2;
	uint8_t slot, check;
};

struct trace {
	const uint8_t *data;      /* the whole file (not owned) */
	size_t size;
	uint32_t version, nsms, nslots, nsub, clock_mhz;
	double peak_issue;        /* warp instructions a sub-partition can issue per cycle */
	char *config, *workload;
	unsigned nstates;
	char **state_names;
	int st_selected, st_idle, st_exited; /* those states' numbers (-1: absent) */
	uint32_t ncode;
	char **disasm, **srcloc;  /* per pc */
	uint64_t header_cycles;   /* the header's total cycles (0: not written) */
	uint64_t total_cycles;    /* the end record's */
	struct trace_chunk *chunks;
	size_t nchunks;
	struct trace_mark *marks; /* version 3: the check modes' findings, in the order found */
	size_t nmarks;
	uint64_t nrecords;
	/* decoding scratch, kept between chunks */
	uint8_t *zbuf;
	size_t zcap;
	struct ZSTD_DCtx_s *zctx;
};

/* Called for each chunk's records while trace_load checks them (may be
 * NULL); t's header is complete by then. */
struct trace;
typedef void (*trace_visit)(void *ctx, const struct trace *t, const struct trace_rec *r, size_t n, uint32_t sm);

/* Parse data[0..size): the header, the end record and the chunk index
 * (each chunk's header; nothing decoded yet). On error returns false with a
 * message in err. Call trace_free afterwards either way. */
bool trace_index(struct trace *t, const uint8_t *data, size_t size, char *err, size_t errlen);

/* Check every chunk of an indexed trace: decoded, every record in range,
 * each slot's intervals in order without overlap; fills the chunks'
 * min_start and max_end. Calls visit with each chunk's records: from
 * `threads` threads (0: one per CPU), each owning whole SMs, so visit may
 * run concurrently for different SMs, never for the same SM, and sees one
 * SM's chunks in file order. The error reported is the first in file order. */
bool trace_check(struct trace *t, trace_visit visit, void *ctx, unsigned threads, char *err, size_t errlen);

/* trace_index and trace_check on one thread. */
bool trace_load(struct trace *t, const uint8_t *data, size_t size, trace_visit visit, void *ctx, char *err,
		size_t errlen);

/* Decode chunk i (already checked by trace_load) into out (nrec entries). */
bool trace_decode(struct trace *t, size_t i, struct trace_rec *out, char *err, size_t errlen);

void trace_free(struct trace *t);

/* Map a file read-only; returns NULL with err set. */
const uint8_t *trace_map(const char *path, size_t *size, char *err, size_t errlen);
void trace_unmap(const uint8_t *data, size_t size);

#endif
