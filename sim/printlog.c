/*
 * printlog.c - the printfs of a run (struct sim_print): each SM logs its
 * own as its warps issue them (so SMs on several host threads never share
 * a log), and at the end of the run the logs are merged in the run's order:
 * by cycle, then SM, then the SM's own order. That is the clock loop's
 * order whatever runs the SMs (one thread, --jobs, SM by SM), so the
 * printfs are the same in every mode.
 */
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "util.h"

void plog_record(void *ctx, const struct exec_env *env, uint32_t t, uint32_t fmt, const uint8_t *args,
		 uint32_t n)
{
	struct plog *g = ctx;
	if (*g->kept >= SIM_MAX_PRINTS) {
		g->dropped++;
		return;
	}
	++*g->kept;
	GROW(g->p, g->cap, g->n + 1);
	if (g->nbytes + n > g->cap_bytes) {
		size_t cap = g->cap_bytes ? g->cap_bytes : 256;
		while (cap < g->nbytes + n)
			cap *= 2;
		g->bytes = xrealloc(g->bytes, cap);
		g->cap_bytes = cap;
	}
	if (n)
		memcpy(g->bytes + g->nbytes, args, n);
	uint32_t block = env->ctaid[0] + env->nctaid[0] * (env->ctaid[1] + env->nctaid[1] * env->ctaid[2]);
	g->p[g->n++] = (struct sim_print){env->clock, env->smid, block, t, fmt, n, g->nbytes};
	g->nbytes += n;
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
	unsigned keep = total > SIM_MAX_PRINTS ? SIM_MAX_PRINTS : (unsigned)total;
	r->prints_dropped += total - keep;
	r->prints = xcalloc(keep, sizeof *r->prints);
	r->print_bytes = xcalloc(bytes ? bytes : 1, 1);
	unsigned *head = xcalloc(s->nsms, sizeof *head);
	size_t used = 0;
	for (unsigned k = 0; k < keep; k++) {
		unsigned best = s->nsms;
		for (unsigned i = 0; i < s->nsms; i++) {
			const struct plog *g = &s->sms[i].plog;
			if (head[i] < g->n && (best == s->nsms || g->p[head[i]].cycle < s->sms[best].plog.p[head[best]].cycle))
				best = i;
		}
		const struct plog *g = &s->sms[best].plog;
		struct sim_print p = g->p[head[best]++];
		memcpy(r->print_bytes + used, g->bytes + p.off, p.nbytes);
		p.off = used;
		used += p.nbytes;
		r->prints[k] = p;
	}
	r->nprints = keep;
	free(head);
done:
	for (unsigned i = 0; i < s->nsms; i++)
		plog_free(&s->sms[i].plog);
}
