/*
 * fuzz_config.c - libFuzzer entry for the config loader and --set: any
 * input must load or be refused with a located message, never crash or
 * hang; a config that loads must either start a simulation of a small
 * kernel or be refused by it with a message naming a key, and a started
 * simulation must end (a cycle cap) in a documented status.
 *
 * Input: a config file's text, then optionally a line "--set" followed by
 * one SECTION.KEY=VALUE per line. Corpus seeds: configs/ and tests/badcfg/.
 *   meson setup build-fuzz -Dfuzz=true (CC=clang); build-fuzz/tests/fuzz/fuzz-config CORPUS
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "explain.h"
#include "gpu.h"
#include "program.h"
#include "util.h"
#include "workload.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Does the result say why the run stopped? */
static bool has_end(const struct sim_result *r)
{
	for (unsigned i = 0; i < r->nreports; i++)
		if (report_is_end(r->reports[i].kind))
			return true;
	return false;
}

static const char kernel[] =
	".buffer v u32 64 zero\n.arg v\n.grid 2\n.block 32\n.check v expr(i)\n"
	"        s2r r0, %tid.x\n        s2r r1, %ctaid.x\n        imad r0, r1, 32, r0\n"
	"        shl r2, r0, 2\n        ldc r3, v\n        iadd r3, r3, r2\n"
	"        stg [r3], r0\n        bar.sync\n        ldg r4, [r3]\n        exit\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = 0;
	size_t clen = size;
	char *sets = NULL;
	char *mark = strstr(text, "\n--set\n");
	if (mark && (size_t)(mark - text) < size) {
		clen = (size_t)(mark - text) + 1;
		sets = mark + 7;
		mark[1] = 0;
	}
	struct gpu_config c;
	struct cfg_origin o;
	struct diag d;
	memset(&d, 0, sizeof d);
	cfg_defaults(&c);
	bool ok = cfg_parse("fuzz.ini", text, clen, &c, &o, &d);
	for (char *s = sets; ok && s && *s;) {
		char *nl = strchr(s, '\n');
		if (nl)
			*nl = 0;
		ok = cfg_set(&c, &o, s, &d);
		s = nl ? nl + 1 : NULL;
	}
	if (!ok && !d.set)
		abort(); /* a refusal always says why */
	/* keep one run small: the fuzzer is after crashes, not big machines */
	if (ok && c.num_sms * c.max_warps <= 4096 && c.l1_size <= (1 << 22) && c.l2_size <= (1 << 24)) {
		struct diag pd = {0};
		struct program *p = asm_from_string("k.s", kernel, NULL, 0, &pd);
		if (!p)
			abort();
		struct gmem g;
		gmem_init(&g);
		uint32_t args[1];
		if (!wl_setup(p, &g, args, &pd))
			abort();
		struct sim_refused why;
		struct sim *s = sim_create(&c, p, &g, args, NULL, &why);
		if (s) {
			struct sim_result r;
			sim_run(s, 20000, &r);
			if (r.status != SIM_DONE && !has_end(&r))
				abort(); /* every stop is diagnosed */
			sim_result_free(&r);
			sim_destroy(s);
		} else {
			explain_refusal(&why, &c, p, &d);
			cfg_locate(&o, &d);
			if (!d.set)
				abort();
		}
		gmem_free(&g);
		program_free(p);
	}
	free(text);
	return 0;
}
