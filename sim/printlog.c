/*
 * printlog.c - the printfs of a run (struct sim_print): each SM logs its
 * own as its warps issue them (so SMs on several host threads never share
 * a log), with what they print read then (the arguments, the format and
 * the %s strings, as the GPU's vprintf takes them at the call), and at the
 * end of the run the logs are merged in the run's order: by cycle, then
 * SM, then the SM's own order. That is the clock loop's order whatever
 * runs the SMs (one thread, --jobs, SM by SM), so the printfs are the same
 * in every mode.
 */
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "pformat.h"
#include "util.h"

static void room(struct plog *g, size_t n)
{
	if (g->nbytes + n <= g->cap_bytes)
		return;
	size_t cap = g->cap_bytes ? g->cap_bytes : 256;
	while (cap < g->nbytes + n)
		cap *= 2;
	g->bytes = xrealloc(g->bytes, cap);
	g->cap_bytes = cap;
}

/* The string at global address addr (64 bits: a high word is no address
 * of simt-sim's) into the log: SIM_PSTR_*, its bytes, a NUL; its length. */
static size_t put_string(struct plog *g, const struct exec_env *env, uint64_t addr)
{
	uint32_t base = 0, size = 0;
	const uint8_t *h = addr >> 32 ? NULL : env->gmem.region(env->gmem.ctx, (uint32_t)addr, &base, &size, NULL);
	size_t n = 0;
	uint8_t kind = !addr ? SIM_PSTR_NULL : h && (uint32_t)addr - base < size ? SIM_PSTR_OK : SIM_PSTR_NONE;
	if (kind == SIM_PSTR_OK) {
		h += (uint32_t)addr - base;
		size_t max = size - ((uint32_t)addr - base);
		if (max > SIM_PSTR_MAX)
			max = SIM_PSTR_MAX;
		const uint8_t *nul = memchr(h, 0, max);
		n = nul ? (size_t)(nul - h) : max;
	}
	room(g, n + 2);
	g->bytes[g->nbytes] = kind;
	if (n)
		memcpy(g->bytes + g->nbytes + 1, h, n);
	g->bytes[g->nbytes + 1 + n] = 0;
	g->nbytes += n + 2;
	return n + 2;
}

void plog_record(void *ctx, const struct exec_env *env, uint32_t t, uint32_t fmt, const uint8_t *args,
		 uint32_t n)
{
	struct plog *g = ctx;
	if (g->kept[0] >= SIM_MAX_PRINTS || g->kept[1] >= SIM_MAX_PRINT_BYTES) {
		g->dropped++;
		return;
	}
	GROW(g->p, g->cap, g->n + 1);
	size_t off = g->nbytes;
	room(g, n);
	if (n)
		memcpy(g->bytes + g->nbytes, args, n);
	g->nbytes += n;
	size_t text = put_string(g, env, fmt);
	/* the strings of its %s conversions (a format that does not parse is
	 * printed as such: simt-sim's output says so) */
	struct pf_format pf;
	size_t at;
	const char *why;
	if (g->bytes[off + n] == SIM_PSTR_OK &&
	    pf_parse((const char *)g->bytes + off + n + 1, text - 2, &pf, &at, &why)) {
		for (unsigned i = 0; i < pf.nconv; i++) {
			const struct pf_conv *c = &pf.conv[i];
			if (c->kind != PF_STRING || c->offset + c->size > n)
				continue;
			uint32_t lo, hi;
			memcpy(&lo, g->bytes + off + c->offset, 4);
			memcpy(&hi, g->bytes + off + c->offset + 4, 4);
			text += put_string(g, env, (uint64_t)hi << 32 | lo);
		}
		pf_free(&pf);
	}
	uint32_t block = env->ctaid[0] + env->nctaid[0] * (env->ctaid[1] + env->nctaid[1] * env->ctaid[2]);
	g->p[g->n++] = (struct sim_print){env->clock, env->smid, block, t, fmt, n, (uint32_t)text, off};
	g->kept[0]++;
	g->kept[1] += n + text + sizeof(struct sim_print);
}

void plog_free(struct plog *g)
{
	free(g->p);
	free(g->bytes);
	memset(g, 0, sizeof *g);
}

void plog_collect(struct sim *s, struct sim_result *r)
{
	size_t total = 0, bytes = 0;
	for (unsigned i = 0; i < s->nsms; i++) {
		total += s->sms[i].plog.n;
		bytes += s->sms[i].plog.nbytes;
		r->prints_dropped += s->sms[i].plog.dropped;
	}
	if (!total)
		goto done;
	/* a merge of the SMs' logs, each already in its own order: the least
	 * (cycle, SM) head next */
	r->prints = xcalloc(total, sizeof *r->prints);
	r->print_bytes = xcalloc(bytes ? bytes : 1, 1);
	unsigned *head = xcalloc(s->nsms, sizeof *head);
	size_t used = 0;
	for (size_t k = 0; k < total; k++) {
		unsigned best = s->nsms;
		for (unsigned i = 0; i < s->nsms; i++) {
			const struct plog *g = &s->sms[i].plog;
			if (head[i] < g->n && (best == s->nsms || g->p[head[i]].cycle < s->sms[best].plog.p[head[best]].cycle))
				best = i;
		}
		const struct plog *g = &s->sms[best].plog;
		struct sim_print p = g->p[head[best]++];
		size_t len = (size_t)p.nbytes + p.ntext;
		memcpy(r->print_bytes + used, g->bytes + p.off, len);
		p.off = used;
		used += len;
		r->prints[k] = p;
	}
	r->nprints = (unsigned)total;
	free(head);
done:
	for (unsigned i = 0; i < s->nsms; i++)
		plog_free(&s->sms[i].plog);
}
