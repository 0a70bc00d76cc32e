/*
 * host_latency.c - this host's load-to-use latency by working-set size: a
 * chase of dependent loads through one random cycle over every 64-byte
 * line of a buffer, so that each load misses wherever the buffer outgrows
 * a level of the host's caches. bench/run.sh (FOOTPRINT=...) builds and
 * runs it.
 *
 *   host_latency [MB ...]     (default 1 2 4 8 16 32 64)
 *
 * Prints one line a size: "MB ns" (nanoseconds a load, median of 5).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define LINE 64          /* bytes of the host's cache line */
#define LOADS 4000000    /* loads timed a pass */
#define PASSES 5

static double seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* xorshift64: a fixed sequence, so every run chases the same cycle */
static uint64_t next_rand(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* nanoseconds a dependent load over a buffer of mb megabytes */
static double chase(size_t mb)
{
	size_t lines = (mb << 20) / LINE, words = LINE / sizeof(size_t);
	size_t *buf = aligned_alloc(LINE, lines * LINE);
	size_t *order = malloc(lines * sizeof *order);
	if (!buf || !order) {
		fprintf(stderr, "host_latency: out of memory at %zu MB\n", mb);
		exit(1);
	}
	uint64_t seed = 88172645463325252ull;
	for (size_t i = 0; i < lines; i++)
		order[i] = i;
	for (size_t i = lines - 1; i > 0; i--) { /* Fisher-Yates: one random cycle */
		size_t j = (size_t)(next_rand(&seed) % (i + 1)), t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (size_t i = 0; i < lines; i++)
		buf[order[i] * words] = order[(i + 1) % lines] * words;
	double ns[PASSES];
	size_t p = 0;
	for (size_t i = 0; i < lines; i++) /* once round: the buffer mapped and warm */
		p = buf[p];
	for (int r = 0; r < PASSES; r++) {
		double t0 = seconds();
		for (size_t i = 0; i < LOADS; i++)
			p = buf[p];
		ns[r] = (seconds() - t0) / LOADS * 1e9;
	}
	if (p == (size_t)-1) /* (keeps the chase) */
		puts("");
	free(buf);
	free(order);
	qsort(ns, PASSES, sizeof *ns, cmp_double);
	return ns[PASSES / 2];
}

int main(int argc, char **argv)
{
	static const size_t defaults[] = {1, 2, 4, 8, 16, 32, 64};
	size_t n = argc > 1 ? (size_t)argc - 1 : sizeof defaults / sizeof *defaults;
	for (size_t i = 0; i < n; i++) {
		size_t mb = argc > 1 ? strtoul(argv[i + 1], NULL, 10) : defaults[i];
		if (mb == 0) {
			fprintf(stderr, "host_latency: '%s' is not a size in MB\n", argv[i + 1]);
			return 2;
		}
		printf("%zu %.1f\n", mb, chase(mb));
	}
	return 0;
}
