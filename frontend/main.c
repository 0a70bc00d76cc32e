/*
 * main.c - the simt-sim command.
 *
 *   simt-sim CONFIG.ini WORKLOAD.s [options]
 *
 * Exit codes (the contract in docs/ARCHITECTURE.md): 0 ran and every check
 * passed; 1 a check failed; 2 bad usage or bad input; 3 deadlock; 4 kernel
 * memory fault; 5 no forward progress or the step limit.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "func.h"
#include "program.h"
#include "util.h"
#include "workload.h"

enum { EXIT_PASS = 0, EXIT_CHECK = 1, EXIT_USAGE = 2, EXIT_DEADLOCK = 3, EXIT_FAULT = 4,
       EXIT_PROGRESS = 5 };

#define MAX_OPT 64

struct options {
	const char *config, *workload;
	struct param_override defs[MAX_OPT];
	char *def_storage[MAX_OPT];
	unsigned ndefs;
	const char *sets[MAX_OPT];
	unsigned nsets;
	const char *dumps[MAX_OPT];
	unsigned ndumps;
	const char *json;
	uint64_t max_steps;
	int disasm;
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: simt-sim CONFIG.ini WORKLOAD.s [options]\n"
		"  -D NAME=VALUE          override a workload parameter (e.g. -D M=100 -D TILE=8)\n"
		"  --set SECTION.KEY=VAL  override a config key (see --help-config)\n"
		"  --json FILE            machine-readable results (- for stdout)\n"
		"  --dump NAME=FILE       write buffer NAME after the run as raw little-endian bytes\n"
		"  --max-cycles N         stop with exit code 5 after N warp instructions\n"
		"  --disasm               print the assembled workload as source and exit\n"
		"  --help-config          list every config key\n"
		"exit codes: 0 pass, 1 check failed, 2 bad input, 3 deadlock, 4 memory fault,\n"
		"            5 no forward progress\n");
}

static int bad_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "simt-sim: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n");
	usage(stderr);
	return EXIT_USAGE;
}

static int parse_args(int argc, char **argv, struct options *o)
{
	memset(o, 0, sizeof *o);
	const char *pos[2];
	int npos = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *val = NULL;
#define NEEDVAL()                                                              \
	do {                                                                   \
		if (i + 1 >= argc)                                             \
			return bad_usage("%s needs a value", a);               \
		val = argv[++i];                                               \
	} while (0)
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return -1;
		} else if (!strcmp(a, "--help-config")) {
			cfg_print_help(stdout);
			return -1;
		} else if (!strncmp(a, "-D", 2)) {
			if (a[2])
				val = a + 2;
			else
				NEEDVAL();
			const char *eq = strchr(val, '=');
			if (!eq || eq == val || !eq[1])
				return bad_usage("-D %s: expected NAME=VALUE", val);
			if (o->ndefs >= MAX_OPT)
				return bad_usage("too many -D options%s", "");
			char *s = xstrdup(val);
			s[eq - val] = 0;
			o->def_storage[o->ndefs] = s;
			o->defs[o->ndefs].name = s;
			o->defs[o->ndefs].value = s + (eq - val) + 1;
			o->ndefs++;
		} else if (!strcmp(a, "--set")) {
			NEEDVAL();
			if (o->nsets >= MAX_OPT)
				return bad_usage("too many --set options%s", "");
			o->sets[o->nsets++] = val;
		} else if (!strcmp(a, "--dump")) {
			NEEDVAL();
			if (!strchr(val, '=') || o->ndumps >= MAX_OPT)
				return bad_usage("--dump %s: expected NAME=FILE", val);
			o->dumps[o->ndumps++] = val;
		} else if (!strcmp(a, "--json")) {
			NEEDVAL();
			o->json = val;
		} else if (!strcmp(a, "--max-cycles")) {
			NEEDVAL();
			char *end;
			errno = 0;
			unsigned long long v = strtoull(val, &end, 10);
			if (errno || end == val || *end || v == 0 || val[0] == '-')
				return bad_usage("--max-cycles %s: expected a positive integer", val);
			o->max_steps = v;
		} else if (!strcmp(a, "--disasm")) {
			o->disasm = 1;
		} else if (a[0] == '-' && a[1]) {
			return bad_usage("unknown option '%s'", a);
		} else {
			if (npos >= 2)
				return bad_usage("unexpected argument '%s'", a);
			pos[npos++] = a;
		}
#undef NEEDVAL
	}
	if (npos < 2)
		return bad_usage("%s", npos ? "missing WORKLOAD.s" : "missing CONFIG.ini and WORKLOAD.s");
	o->config = pos[0];
	o->workload = pos[1];
	return 0;
}

static int report_diag(const struct diag *d)
{
	char buf[2048];
	diag_format(d, buf, sizeof buf);
	fputs(buf, stderr);
	return EXIT_USAGE;
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", (unsigned)(unsigned char)*s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

static void write_json(FILE *f, const struct program *p, const struct gpu_config *c,
		       const struct sim_result *r, const char *check, double secs)
{
	const struct sim_stats *s = &r->stats;
	static const char *const status[] = {"done", "deadlock", "fault", "no_progress"};
	fprintf(f, "{\n  \"mode\": \"functional\",\n  \"workload\": ");
	json_str(f, p->files[0]);
	fprintf(f, ",\n  \"kernel\": ");
	json_str(f, p->name);
	fprintf(f, ",\n  \"status\": \"%s\",\n  \"check\": \"%s\",\n", status[r->status], check);
	fprintf(f, "  \"warp_instructions\": %" PRIu64 ",\n  \"thread_instructions\": %" PRIu64 ",\n",
		s->warp_insns, s->thread_insns);
	fprintf(f, "  \"simd_efficiency\": %.6f,\n",
		s->warp_insns ? (double)s->thread_insns / (32.0 * (double)s->warp_insns) : 0.0);
	fprintf(f, "  \"blocks\": %" PRIu64 ",\n  \"regs_per_thread\": %u,\n  \"shared_bytes\": %u,\n",
		s->blocks, p->nregs, p->shared_bytes);
	fprintf(f, "  \"grid\": [%u, %u, %u],\n  \"block\": [%u, %u, %u],\n", p->grid[0], p->grid[1],
		p->grid[2], p->block[0], p->block[1], p->block[2]);
	fprintf(f, "  \"opcodes\": {");
	int first = 1;
	for (int op = 0; op < OP_COUNT; op++)
		if (s->op_count[op]) {
			fprintf(f, "%s\"%s\": %" PRIu64, first ? "" : ", ", isa_ops[op].name, s->op_count[op]);
			first = 0;
		}
	fprintf(f, "},\n  \"config\": ");
	cfg_print_json(f, c);
	fprintf(f, ",\n  \"diagnosis\": ");
	json_str(f, r->diagnosis);
	fprintf(f, ",\n  \"host_seconds\": %.6f\n}\n", secs);
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int dump_buffers(const struct options *o, const struct program *p, const struct gmem *g)
{
	for (unsigned i = 0; i < o->ndumps; i++) {
		const char *eq = strchr(o->dumps[i], '=');
		char name[64];
		snprintf(name, sizeof name, "%.*s", (int)(eq - o->dumps[i]), o->dumps[i]);
		int b = program_find_buffer(p, name);
		if (b < 0) {
			fprintf(stderr, "simt-sim: --dump: the workload has no buffer '%s'\n", name);
			return EXIT_USAGE;
		}
		FILE *f = fopen(eq + 1, "wb");
		if (!f || fwrite(g->bufs[b].data, 1, g->bufs[b].size, f) != g->bufs[b].size) {
			fprintf(stderr, "simt-sim: --dump: cannot write '%s': %s\n", eq + 1, strerror(errno));
			if (f)
				fclose(f);
			return EXIT_USAGE;
		}
		if (fclose(f)) {
			fprintf(stderr, "simt-sim: --dump: cannot write '%s': %s\n", eq + 1, strerror(errno));
			return EXIT_USAGE;
		}
	}
	return 0;
}

static int run(const struct options *o)
{
	struct diag d;
	memset(&d, 0, sizeof d);
	struct gpu_config cfg;
	cfg_defaults(&cfg);
	if (!cfg_load(o->config, &cfg, &d))
		return report_diag(&d);
	for (unsigned i = 0; i < o->nsets; i++)
		if (!cfg_set(&cfg, o->sets[i], &d))
			return report_diag(&d);
	struct program *p = asm_load(o->workload, o->defs, o->ndefs, &d);
	if (!p)
		return report_diag(&d);
	if (o->disasm) {
		char *text = disasm_program(p);
		fputs(text, stdout);
		free(text);
		program_free(p);
		return 0;
	}
	/* launch limits of the configured GPU, as a CUDA launch would refuse them */
	uint32_t threads = p->block[0] * p->block[1] * p->block[2];
	const char *refuse = NULL;
	char why[256];
	if (threads > (uint32_t)cfg.max_threads_per_block) {
		snprintf(why, sizeof why, "the block has %u threads; %s allows at most %lld (sm.max_threads_per_block)",
			 threads, cfg.name, (long long)cfg.max_threads_per_block);
		refuse = why;
	} else if (p->shared_bytes > (uint64_t)cfg.max_shared_per_block) {
		snprintf(why, sizeof why, "the block uses %u bytes of shared memory; %s allows at most %lld (sm.max_shared_per_block)",
			 p->shared_bytes, cfg.name, (long long)cfg.max_shared_per_block);
		refuse = why;
	} else if (p->nregs > (uint64_t)cfg.max_regs_per_thread) {
		snprintf(why, sizeof why, "the kernel uses %u registers per thread; %s allows at most %lld (sm.max_regs_per_thread)",
			 p->nregs, cfg.name, (long long)cfg.max_regs_per_thread);
		refuse = why;
	}
	if (refuse) {
		fprintf(stderr, "%s: error: cannot launch: %s\n", o->workload, refuse);
		program_free(p);
		return EXIT_USAGE;
	}
	struct gmem g, initial;
	gmem_init(&g);
	gmem_init(&initial);
	uint32_t *args = xcalloc(p->nargs ? p->nargs : 1, sizeof(uint32_t));
	int rc = 0;
	if (!wl_setup(p, &g, args, &d) || !wl_setup(p, &initial, args, &d)) {
		rc = report_diag(&d);
		goto out;
	}
	struct func_opts fo = {(uint32_t)cfg.num_sms, (uint64_t)cfg.livelock_window, o->max_steps};
	struct sim_result *r = xcalloc(1, sizeof *r);
	double t0 = now();
	func_run(p, &g, args, &fo, r);
	double secs = now() - t0;
	const struct sim_stats *s = &r->stats;
	printf("simt-sim: %s on %s (functional run: instruction semantics only, no timing)\n", p->name,
	       cfg.name);
	printf("  grid %ux%ux%u, block %ux%ux%u, %u regs/thread, %u bytes shared/block\n", p->grid[0],
	       p->grid[1], p->grid[2], p->block[0], p->block[1], p->block[2], p->nregs, p->shared_bytes);
	printf("  blocks completed     %" PRIu64 "\n", s->blocks);
	printf("  warp instructions    %" PRIu64 "\n", s->warp_insns);
	printf("  thread instructions  %" PRIu64 "\n", s->thread_insns);
	printf("  SIMD efficiency      %.1f%%\n",
	       s->warp_insns ? 100.0 * (double)s->thread_insns / (32.0 * (double)s->warp_insns) : 0.0);
	const char *word = "none";
	if (r->status != SIM_DONE) {
		fputs(r->diagnosis, stderr);
		rc = r->status == SIM_DEADLOCK ? EXIT_DEADLOCK : r->status == SIM_FAULT ? EXIT_FAULT
											 : EXIT_PROGRESS;
	} else {
		int fails = wl_check(p, &initial, &g, stdout, &d);
		if (fails < 0) {
			free(r);
			rc = report_diag(&d);
			goto out;
		}
		word = wl_check_word(p, fails);
		rc = fails ? EXIT_CHECK : EXIT_PASS;
		int drc = dump_buffers(o, p, &g);
		if (drc)
			rc = drc;
	}
	if (o->json) {
		FILE *f = strcmp(o->json, "-") ? fopen(o->json, "w") : stdout;
		if (!f) {
			fprintf(stderr, "simt-sim: --json: cannot write '%s': %s\n", o->json, strerror(errno));
			rc = EXIT_USAGE;
		} else {
			write_json(f, p, &cfg, r, word, secs);
			if (f != stdout && fclose(f)) {
				fprintf(stderr, "simt-sim: --json: cannot write '%s'\n", o->json);
				rc = EXIT_USAGE;
			}
		}
	}
	free(r);
out:
	free(args);
	gmem_free(&g);
	gmem_free(&initial);
	program_free(p);
	return rc;
}

int main(int argc, char **argv)
{
	struct options o;
	int rc = parse_args(argc, argv, &o);
	if (rc == 0)
		rc = run(&o);
	else if (rc < 0)
		rc = 0;
	for (unsigned i = 0; i < o.ndefs; i++)
		free(o.def_storage[i]);
	return rc;
}
