/*
 * fuzz_trace.c - libFuzzer entry for the trace reader: any input must load
 * or be refused with a message, never crash, and a loaded trace must
 * summarise and decode again cleanly. Corpus seeds: tests/traces/.
 */
#include <stdint.h>
#include <stdlib.h>

#include "lod.h"
#include "trace_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct trace t;
	struct lod l;
	char err[256];
	lod_init(&l, 1 << 16);
	if (trace_load(&t, data, size, lod_visit, &l, err, sizeof err)) {
		lod_finish(&l, &t);
		for (size_t i = 0; i < t.nchunks; i++) {
			struct trace_rec *r = malloc(t.chunks[i].nrec * sizeof *r);
			if (!trace_decode(&t, i, r, err, sizeof err))
				abort(); /* trace_load checked it */
			free(r);
		}
	}
	lod_free(&l);
	trace_free(&t);
	return 0;
}
