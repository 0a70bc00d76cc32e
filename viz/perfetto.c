/*
 * perfetto.c - the Chrome trace-event JSON export (format: the Trace Event
 * Format document; "X" complete events, "C" counters, "M" metadata).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "trace_format.h"
#include "perfetto.h"

/* cycles as microseconds (cycles / 1000, exactly) */
static void ts(FILE *f, uint64_t c)
{
	fprintf(f, "%" PRIu64 ".%03u", c / 1000, (unsigned)(c % 1000));
}

struct delta {
	uint64_t at;
	int d;
};

static int by_time(const void *a, const void *b)
{
	const struct delta *x = a, *y = b;
	return x->at < y->at ? -1 : x->at > y->at;
}

bool perfetto_write(struct model *m, FILE *f, uint64_t c0, uint64_t c1)
{
	struct trace *t = &m->t;
	fputs("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"time\":\"1 ns = 1 cycle\",\"config\":", f);
	json_string(f, t->config);
	fputs(",\"workload\":", f);
	json_string(f, t->workload);
	fputs("},\"traceEvents\":[\n", f);
	for (unsigned sm = 0; sm < t->nsms; sm++) {
		fprintf(f, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%u,\"args\":{\"name\":\"SM %u\"}},\n", sm, sm);
		fprintf(f, "{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":%u,\"args\":{\"sort_index\":%u}},\n", sm, sm);
		for (unsigned k = 0; k < t->nslots; k++) {
			fprintf(f, "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%u,\"tid\":%u,\"args\":{\"name\":\"slot %u (sub-partition %u)\"}},\n",
				sm, k, k, k % t->nsub);
			fprintf(f, "{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":%u,\"tid\":%u,\"args\":{\"sort_index\":%u}},\n",
				sm, k, k);
		}
	}
	struct delta **dl = calloc(t->nsms, sizeof *dl);
	size_t *nd = calloc(t->nsms, sizeof *nd), *cap = calloc(t->nsms, sizeof *cap);
	struct trace_rec *r = NULL;
	size_t rcap = 0;
	bool ok = true;
	for (size_t i = 0; i < t->nchunks && ok; i++) {
		const struct trace_chunk *k = &t->chunks[i];
		if (k->min_start >= c1 || k->max_end <= c0)
			continue;
		if (k->nrec > rcap) {
			rcap = k->nrec;
			free(r);
			r = malloc(rcap * sizeof *r);
		}
		if (!trace_decode(t, i, r, m->err, sizeof m->err)) {
			ok = false;
			break;
		}
		for (uint32_t j = 0; j < k->nrec; j++) {
			uint64_t s = r[j].start > c0 ? r[j].start : c0, e = r[j].end < c1 ? r[j].end : c1;
			if (s >= e)
				continue;
			unsigned sm = model_sm(m, r[j].slot), slot = model_slot(m, r[j].slot);
			fprintf(f, "{\"ph\":\"X\",\"pid\":%u,\"tid\":%u,\"name\":", sm, slot);
			json_string(f, t->state_names[r[j].state]);
			fprintf(f, ",\"ts\":");
			ts(f, s);
			fputs(",\"dur\":", f);
			ts(f, e - s);
			if ((int)r[j].state == t->st_exited) {
				fprintf(f, ",\"args\":{\"block\":%" PRIu64 ",\"warp\":%u}},\n", r[j].block, r[j].wib);
				continue;
			}
			fprintf(f, ",\"args\":{\"block\":%" PRIu64 ",\"warp\":%u,\"pc\":%u,\"mask\":\"0x%08x\",\"insn\":", r[j].block,
				r[j].wib, r[j].pc, r[j].mask);
			json_string(f, t->disasm[r[j].pc]);
			fputs(",\"source\":", f);
			json_string(f, t->srcloc[r[j].pc]);
			fputs("}},\n", f);
			if (nd[sm] + 2 > cap[sm]) {
				cap[sm] = cap[sm] ? 2 * cap[sm] : 1024;
				dl[sm] = realloc(dl[sm], cap[sm] * sizeof **dl);
			}
			dl[sm][nd[sm]++] = (struct delta){s, 1};
			dl[sm][nd[sm]++] = (struct delta){e, -1};
		}
	}
	/* running (resident, not exited) warps per SM, at every change */
	for (unsigned sm = 0; sm < t->nsms && ok; sm++) {
		if (nd[sm])
			qsort(dl[sm], nd[sm], sizeof **dl, by_time);
		long n = 0, shown = -1;
		for (size_t i = 0; i < nd[sm]; i++) {
			n += dl[sm][i].d;
			if ((i + 1 < nd[sm] && dl[sm][i + 1].at == dl[sm][i].at) || n == shown)
				continue;
			shown = n;
			fprintf(f, "{\"ph\":\"C\",\"pid\":%u,\"name\":\"running warps\",\"ts\":", sm);
			ts(f, dl[sm][i].at);
			fprintf(f, ",\"args\":{\"warps\":%ld}},\n", n);
		}
	}
	/* the check modes' findings: instant events on the slot's track */
	static const char *const check[TRACE_MARK_KINDS] = {"racecheck", "initcheck", "synccheck"};
	for (size_t i = 0; i < t->nmarks && ok; i++) {
		const struct trace_mark *k = &t->marks[i];
		if (k->cycle < c0 || k->cycle >= c1)
			continue;
		fprintf(f, "{\"ph\":\"i\",\"s\":\"t\",\"pid\":%u,\"tid\":%u,\"name\":\"%s\",\"ts\":", k->sm, k->slot,
			check[k->check]);
		ts(f, k->cycle);
		fprintf(f, ",\"args\":{\"pc\":%u,\"insn\":", k->pc);
		json_string(f, t->disasm[k->pc]);
		fprintf(f, ",\"at\":");
		json_string(f, t->srcloc[k->pc]);
		fprintf(f, ",\"other_pc\":%u}},\n", k->pc2);
	}
	fputs("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":0,\"args\":{\"name\":\"SM 0\"}}\n]}\n", f);
	for (unsigned sm = 0; sm < t->nsms; sm++)
		free(dl[sm]);
	free(dl);
	free(nd);
	free(cap);
	free(r);
	return ok;
}
