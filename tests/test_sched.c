/* test_sched.c - each warp-scheduler policy's ranking, on hand-made
 * candidates, against the rule its paper or docs/SCHEDULERS.md states. */
#include <string.h>

#include "common.h"
#include "explain.h"
#include "config.h"
#include "sched.h"

static struct gpu_config cfg(void)
{
	struct gpu_config c;
	cfg_defaults(&c);
	c.two_level_active = 2;
	return c;
}

/* index of the first eligible candidate in the ranking, or -1 */
static int first_eligible(const struct sched_cand *c, const unsigned *order, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (c[order[i]].eligible)
			return (int)order[i];
	return -1;
}

START_TEST(lrr_rotates_after_the_last_issuer)
{
	struct gpu_config c = cfg();
	const struct sched_ops *p = sched_find("lrr");
	void *s = p->create(&c, 8);
	struct sched_cand k[4] = {{0, 10, true, false}, {2, 11, true, false}, {4, 12, false, false},
				  {6, 13, true, false}};
	unsigned order[4];
	unsigned n = p->rank(s, k, 4, order);
	ck_assert_uint_eq(n, 4);
	ck_assert_int_eq(first_eligible(k, order, 4), 0); /* nothing issued yet: slot 0 first */
	p->issued(s, 0);
	p->rank(s, k, 4, order);
	ck_assert_int_eq(first_eligible(k, order, 4), 1); /* slot 2 after slot 0 */
	p->issued(s, 2);
	p->rank(s, k, 4, order);
	ck_assert_int_eq(order[0], 2);                    /* slot 4 is next in turn ... */
	ck_assert_int_eq(first_eligible(k, order, 4), 3); /* ... but cannot issue: slot 6 */
	p->issued(s, 6);
	p->rank(s, k, 4, order);
	ck_assert_int_eq(first_eligible(k, order, 4), 0); /* wraps around */
	p->destroy(s);
}
END_TEST

START_TEST(gto_is_greedy_then_oldest)
{
	struct gpu_config c = cfg();
	const struct sched_ops *p = sched_find("gto");
	void *s = p->create(&c, 8);
	struct sched_cand k[3] = {{1, 30, true, false}, {3, 10, true, false}, {5, 20, true, false}};
	unsigned order[3];
	p->rank(s, k, 3, order);
	ck_assert_int_eq(first_eligible(k, order, 3), 1); /* oldest: age 10, slot 3 */
	p->issued(s, 5);
	p->rank(s, k, 3, order);
	ck_assert_int_eq(first_eligible(k, order, 3), 2); /* greedy: slot 5 again */
	k[2].eligible = false;
	p->rank(s, k, 3, order);
	ck_assert_int_eq(first_eligible(k, order, 3), 1); /* it stalls: the oldest */
	p->destroy(s);
}
END_TEST

START_TEST(oldest_ignores_history)
{
	const struct sched_ops *p = sched_find("oldest");
	struct sched_cand k[3] = {{1, 30, true, false}, {3, 10, false, false}, {5, 20, true, false}};
	unsigned order[3];
	p->rank(NULL, k, 3, order);
	ck_assert_int_eq(order[0], 1);
	ck_assert_int_eq(order[1], 2);
	ck_assert_int_eq(order[2], 0);
	ck_assert_int_eq(first_eligible(k, order, 3), 2);
}
END_TEST

/* pool of 2: warps join the pending queue in order; the pool takes the
 * first two; a pool warp stalled on global memory is demoted and the next
 * pending warp promoted. */
START_TEST(two_level_demotes_long_stalls)
{
	struct gpu_config c = cfg();
	const struct sched_ops *p = sched_find("two_level");
	void *s = p->create(&c, 8);
	struct sched_cand k[4] = {{0, 0, true, false}, {1, 1, true, false}, {2, 2, true, false},
				  {3, 3, true, false}};
	unsigned order[4];
	unsigned n = p->rank(s, k, 4, order);
	ck_assert_uint_eq(n, 2); /* only the pool may issue */
	ck_assert(order[0] == 0 && order[1] == 1);
	p->issued(s, 0);
	k[0].eligible = false;
	k[0].long_wait = true; /* slot 0 waits on a global load */
	n = p->rank(s, k, 4, order);
	ck_assert_uint_eq(n, 2);
	ck_assert(order[0] == 1 && order[1] == 2); /* 0 demoted, 2 promoted; round robin after 0 */
	k[0].eligible = true;
	k[0].long_wait = false; /* its load is back: it queues behind 3 */
	k[1].long_wait = true;
	k[1].eligible = false;
	n = p->rank(s, k, 4, order);
	ck_assert_uint_eq(n, 2);
	ck_assert((order[0] == 2 && order[1] == 3) || (order[0] == 3 && order[1] == 2));
	p->destroy(s);
}
END_TEST

/* A policy marked eligible_only orders the eligible warps the same whether
 * it is shown every warp or only those (the SM shows it only those): random
 * rounds, the eligible slots in ranked order compared, the first issuing. */
START_TEST(eligible_only_policies_ignore_the_others)
{
	struct gpu_config c = cfg();
	unsigned checked = 0;
	for (size_t i = 0; sched_at(i); i++) {
		const struct sched_ops *p = sched_at(i);
		if (!p->eligible_only)
			continue;
		checked++;
		void *all = p->create ? p->create(&c, 16) : NULL, *few = p->create ? p->create(&c, 16) : NULL;
		uint32_t rng = 12345;
		for (unsigned round = 0; round < 500; round++) {
			struct sched_cand k[12], e[12];
			unsigned map[12], n = 0, ne = 0;
			for (unsigned slot = 0; slot < 16; slot++) {
				rng = rng * 1103515245u + 12345u;
				if (n == 12 || (rng >> 16) % 4 == 0)
					continue; /* slot empty */
				k[n] = (struct sched_cand){slot, (rng >> 8) % 64, (rng >> 20) % 3 != 0, (rng >> 24) % 2 != 0};
				if (k[n].eligible) {
					e[ne] = k[n];
					map[ne++] = n;
				}
				n++;
			}
			unsigned oa[12], of[12], sa[12], sf[12], na = 0, nf = 0;
			unsigned ra = p->rank(all, k, n, oa), rf = p->rank(few, e, ne, of);
			for (unsigned j = 0; j < ra; j++)
				if (k[oa[j]].eligible)
					sa[na++] = k[oa[j]].slot;
			for (unsigned j = 0; j < rf; j++)
				sf[nf++] = k[map[of[j]]].slot;
			ck_assert_uint_eq(na, ne);
			ck_assert_uint_eq(nf, ne);
			ck_assert_mem_eq(sa, sf, ne * sizeof *sa);
			if (ne && p->issued) {
				p->issued(all, sa[0]);
				p->issued(few, sa[0]);
			}
		}
		if (p->destroy) {
			p->destroy(all);
			p->destroy(few);
		}
	}
	ck_assert_uint_eq(checked, 3);             /* lrr, gto, oldest */
	ck_assert(!sched_two_level.eligible_only); /* its pool follows the stalled warps */
}
END_TEST

START_TEST(table_and_names)
{
	ck_assert_ptr_null(sched_find("fifo"));
	char names[256];
	ck_assert_str_eq(explain_sched_names(names, sizeof names), "lrr, gto, two_level, oldest");
	ck_assert_ptr_eq(sched_find("two_level"), &sched_two_level);
}
END_TEST

/* pick (the SM's shortcut with one issue a cycle) names the slot rank puts
 * first, for every policy that has one: random eligible candidate sets of
 * 128 slots, dense to sparse (slots ascending, ages with ties; pick sees them as a set of slots) after
 * random issue histories. */
START_TEST(pick_is_ranks_first)
{
	struct gpu_config c = cfg();
	unsigned picked = 0;
	for (size_t pi = 0; sched_at(pi); pi++) {
		const struct sched_ops *p = sched_at(pi);
		if (!p->pick)
			continue;
		ck_assert(p->eligible_only); /* pick is for eligible_only policies */
		void *st = p->create ? p->create(&c, 128) : NULL;
		uint32_t rng = 12345;
		for (unsigned round = 0; round < 2000; round++) {
			struct sched_cand k[128];
			unsigned n = 0, order[128];
			for (unsigned slot = 0; slot < 128; slot++) {
				rng = rng * 1103515245u + 12345u;
				if ((rng >> 16) % (2 + round % 40) == 0) /* dense to sparse */
					k[n++] = (struct sched_cand){slot, (rng >> 8) % 16, true, false};
			}
			if (!n)
				continue;
			uint64_t set[2] = {0, 0}, age[128] = {0};
			for (unsigned i = 0; i < n; i++) {
				set[k[i].slot / 64] |= 1ull << (k[i].slot % 64);
				age[k[i].slot] = k[i].age;
			}
			p->rank(st, k, n, order);
			ck_assert_uint_eq(p->pick(st, set, 2, age), k[order[0]].slot);
			picked++;
			if (p->issued) { /* the next round's history: one of these, or another slot */
				rng = rng * 1103515245u + 12345u;
				p->issued(st, (rng >> 16) % 4 ? k[(rng >> 4) % n].slot : (rng >> 8) % 128);
			}
		}
		if (p->destroy)
			p->destroy(st);
	}
	ck_assert_uint_ge(picked, 3 * 1900); /* lrr, gto and oldest */
}
END_TEST

Suite *sched_suite(void)
{
	Suite *s = suite_create("sched");
	TCase *t = tcase_create("sched");
	tcase_add_test(t, lrr_rotates_after_the_last_issuer);
	tcase_add_test(t, gto_is_greedy_then_oldest);
	tcase_add_test(t, oldest_ignores_history);
	tcase_add_test(t, two_level_demotes_long_stalls);
	tcase_add_test(t, eligible_only_policies_ignore_the_others);
	tcase_add_test(t, table_and_names);
	tcase_add_test(t, pick_is_ranks_first);
	suite_add_tcase(s, t);
	return s;
}
