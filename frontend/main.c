/*
 * main.c - the simt-sim command.
 *
 *   simt-sim CONFIG.ini WORKLOAD.s [options]
 *
 * Exit codes (the contract in docs/ARCHITECTURE.md): 0 ran and every check
 * passed; 1 a check failed; 2 bad usage or bad input; 3 deadlock; 4 kernel
 * memory fault or trap; 5 no forward progress or the step limit.
 */
#define _DEFAULT_SOURCE /* realpath, ftruncate */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "explain.h"
#include "gpu.h"
#include "json.h"
#include "outfile.h"
#include "occupancy.h"
#include "program.h"
#include "cuda_tools.h"
#include "util.h"
#include "printf_out.h"
#include "trace.h"
#include "workload.h"

enum { EXIT_PASS = 0, EXIT_CHECK = 1, EXIT_USAGE = 2, EXIT_DEADLOCK = 3, EXIT_FAULT = 4,
       EXIT_PROGRESS = 5, EXIT_HAZARD = 6 };

#define MAX_OPT 64

struct options {
	const char *config, *workload;
	struct param_override defs[MAX_OPT];
	char *def_storage[MAX_OPT];
	unsigned ndefs;
	const char *sets[MAX_OPT];
	const char *set_opt[MAX_OPT]; /* the option each came from: --set, --scheduler, --divergence */
	unsigned nsets;
	char *set_storage[MAX_OPT]; /* --scheduler, --divergence as sets */
	unsigned nset_storage;
	const char *dumps[MAX_OPT];
	unsigned ndumps;
	const char *json;
	const char *trace;
	uint64_t max_cycles;
	unsigned jobs;            /* -j/--jobs: host threads for a timed run (0: 1) */
	int disasm;
	int functional;           /* --functional: results only, no timing */
	int optin;                /* --optin (occupancy): the kernel opted in to more shared memory */
	unsigned checks;          /* enum sim_check: --racecheck, --initcheck, --synccheck */
	int occupancy;
	int occ_given;            /* --threads, --regs or --smem appeared */
	long long occ_threads, occ_regs, occ_smem;
};

/* The first option given that only a run uses (its name), or NULL;
 * workload: -D, which assembling a workload uses, is allowed. */
static const char *run_option(const struct options *o, bool workload)
{
	if (!workload && o->ndefs)
		return "-D";
	if (o->ndumps)
		return "--dump";
	if (o->trace)
		return "--trace";
	if (workload && o->json)
		return "--json";
	if (o->max_cycles)
		return "--max-cycles";
	if (o->jobs)
		return "--jobs";
	if (o->functional)
		return "--functional";
	if (o->checks)
		return "a check mode (--racecheck, --initcheck, --synccheck)";
	if (!workload && o->disasm)
		return "--disasm";
	return NULL;
}

/* Whether the output files (--json, --trace, each --dump) are all
 * different: two options writing one file would leave it holding a mix.
 * The same path, or two paths to one existing regular file, is an error
 * (printed here); a device such as /dev/null may take several. */
/* path with its directory resolved (realpath: "./x", "a//x" and a link to
 * the directory name one file), and a link to nothing by what it names (a
 * write through it makes that file); as given when the directory is not
 * there. */
static void canonical_path(const char *path, char *buf, size_t n)
{
	char cur[4096];
	snprintf(cur, sizeof cur, "%s", path);
	struct stat st;
	for (int hops = 0; hops < 8 && !lstat(cur, &st) && S_ISLNK(st.st_mode) && stat(cur, &st); hops++) {
		char to[4096];
		ssize_t k = readlink(cur, to, sizeof to - 1);
		if (k <= 0)
			break;
		to[k] = 0;
		const char *slash = strrchr(cur, '/');
		size_t keep = to[0] == '/' || !slash ? 0 : (size_t)(slash - cur) + 1; /* (the link's directory) */
		if (keep + (size_t)k >= sizeof cur)
			break;
		memcpy(cur + keep, to, (size_t)k + 1);
	}
	const char *slash = strrchr(cur, '/');
	char dir[4096];
	snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - cur) + 1 : 1, slash ? cur : ".");
	char *real = realpath(dir, NULL);
	if (real)
		snprintf(buf, n, "%s/%s", real, slash ? slash + 1 : cur);
	else
		snprintf(buf, n, "%s", cur);
	free(real);
}

/* Whether paths x and y name one file: the same path, or one existing
 * file by two paths; a device or pipe at x (which several may share, such
 * as /dev/null) never. */
static bool same_file(const char *x, const char *y)
{
	struct stat a, b;
	bool ax = !stat(x, &a), by = !stat(y, &b);
	if (ax && !S_ISREG(a.st_mode))
		return false;
	if (ax && by && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
		return true;
	char cx[4200], cy[4200];
	canonical_path(x, cx, sizeof cx);
	canonical_path(y, cy, sizeof cy);
	return !strcmp(cx, cy);
}

/* The output files the options name (--json but stdout, --trace, each
 * --dump): each option, its argument as given, and its file, into opt,
 * arg and path (room for MAX_OPT + 2). Returns how many. */
static unsigned list_outputs(const struct options *o, const char **opt, const char **arg, const char **path)
{
	unsigned n = 0;
	if (o->json && strcmp(o->json, "-")) {
		opt[n] = "--json";
		arg[n] = path[n] = o->json;
		n++;
	}
	if (o->trace) {
		opt[n] = "--trace";
		arg[n] = path[n] = o->trace;
		n++;
	}
	for (unsigned i = 0; i < o->ndumps; i++) {
		opt[n] = "--dump";
		arg[n] = o->dumps[i];
		path[n++] = strchr(o->dumps[i], '=') + 1;
	}
	return n;
}

static bool distinct_outputs(const struct options *o)
{
	const char *opt[MAX_OPT + 2], *arg[MAX_OPT + 2], *path[MAX_OPT + 2]; /* (as given, and its file) */
	unsigned n = list_outputs(o, opt, arg, path);
	/* the inputs, last: an output naming one would destroy it */
	unsigned nout = n;
	opt[n] = "the config";
	arg[n] = path[n] = o->config;
	n += o->config != NULL;
	opt[n] = "the workload";
	arg[n] = path[n] = o->workload;
	n += o->workload != NULL;
	for (unsigned i = 0; i < n; i++)
		for (unsigned j = 0; j < i && j < nout; j++) {
			if (!same_file(path[i], path[j]))
				continue;
			if (i >= nout)
				fprintf(stderr, "simt-sim: %s %s would overwrite %s %s: give it another path\n", opt[j],
					arg[j], opt[i], arg[i]);
			else
				fprintf(stderr, "simt-sim: %s %s and %s %s write the same file: give each its own\n",
					opt[j], arg[j], opt[i], arg[i]);
			return false;
		}
	return true;
}

/* Whether no output names a file the workload reads besides itself (its
 * includes, a .ptx or .cu kernel and the .ptx beside a .cu, file(...)
 * fills and check references, known once it is assembled): one would be
 * overwritten. */
static bool outputs_spare_inputs(const struct options *o, const struct program *p)
{
	const char *opt[MAX_OPT + 2], *arg[MAX_OPT + 2], *path[MAX_OPT + 2];
	unsigned n = list_outputs(o, opt, arg, path);
	for (unsigned k = 0; k < n; k++) {
		const char *in = NULL;
		char sib[4200];
		for (unsigned i = 0; i < p->nfiles && !in; i++) {
			if (same_file(path[k], p->files[i]))
				in = p->files[i];
			/* a .cu's PTX beside it: what runs where nvcc is not */
			size_t fl = strlen(p->files[i]);
			if (!in && fl > 3 && !strcmp(p->files[i] + fl - 3, ".cu") && fl + 2 < sizeof sib) {
				snprintf(sib, sizeof sib, "%.*s.ptx", (int)(fl - 3), p->files[i]);
				if (same_file(path[k], sib))
					in = sib;
			}
		}
		for (unsigned i = 0; i < p->nbuffers && !in; i++)
			if (p->buffers[i].fill == FILL_FILE && same_file(path[k], p->buffers[i].path))
				in = p->buffers[i].path;
		for (unsigned i = 0; i < p->nchecks && !in; i++)
			if (p->checks[i].kind == CHECK_FILE && same_file(path[k], p->checks[i].path))
				in = p->checks[i].path;
		if (in) {
			fprintf(stderr, "simt-sim: %s %s would overwrite %s, which the workload reads: give it another path\n",
				opt[k], arg[k], in);
			return false;
		}
	}
	return true;
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: simt-sim CONFIG.ini WORKLOAD.s [options]\n"
		"  -D NAME=VALUE          override a workload parameter (e.g. -D M=100 -D TILE=8)\n"
		"  --set SECTION.KEY=VAL  override a config key (see --help-config)\n"
		"  --json FILE            machine-readable results (- for stdout)\n"
		"  --trace FILE           write the warp-state trace (for simt-view)\n"
		"  --functional           results only, no timing: the same checks, dumps, faults and\n"
		"                         deadlock diagnoses, much faster (no cycles, stalls or memory figures)\n"
		"  --dump NAME=FILE       write buffer NAME after the run as raw little-endian bytes\n"
		"  --scheduler NAME       warp-scheduler policy (sm.scheduler): lrr, gto, two_level, oldest\n"
		"  --divergence NAME      divergence model (sm.divergence): stack, its\n"
		"  --max-cycles N         stop with exit code 5 at cycle N\n"
		"  -j, --jobs N           simulate the SMs on N host threads (the same results for every N)\n"
		"  --disasm               print the assembled workload as source and exit\n"
		"  --racecheck            report shared-memory races between threads of a block\n"
		"  --racecheck-global     ... and global-memory races between any threads of the grid\n"
		"  --initcheck            report reads of memory nothing wrote\n"
		"  --synccheck            report misuse of barriers and warp-wide operations\n"
		"  --help-config          list every config key\n"
		"usage: simt-sim CONFIG.ini --occupancy --threads T --regs R --smem BYTES [--optin]\n"
		"  blocks per SM and what limits them, by CUDA's occupancy rules; --optin: the kernel\n"
		"  opted in to sm.max_shared_per_block_optin bytes of shared memory per block\n"
		"exit codes: 0 pass, 1 check failed, 2 bad input, 3 deadlock, 4 memory fault or trap,\n"
		"            5 no forward progress, 6 a check mode found hazards\n");
}

static int bad_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "simt-sim: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n");
	usage(stderr);
	return EXIT_USAGE;
}

/* s as a decimal count: digits only (no sign, no space), at most max. */
static bool parse_count(const char *s, unsigned long long max, unsigned long long *v)
{
	if (!*s || strspn(s, "0123456789") != strlen(s))
		return false;
	errno = 0;
	*v = strtoull(s, NULL, 10);
	return !errno && *v <= max;
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
			o->set_opt[o->nsets] = "--set";
			o->sets[o->nsets++] = val;
		} else if (!strcmp(a, "--dump")) {
			NEEDVAL();
			if (!strchr(val, '=') || o->ndumps >= MAX_OPT)
				return bad_usage("--dump %s: expected NAME=FILE", val);
			o->dumps[o->ndumps++] = val;
		} else if (!strcmp(a, "--json")) {
			NEEDVAL();
			o->json = val;
		} else if (!strcmp(a, "--trace")) {
			NEEDVAL();
			o->trace = val;
		} else if (!strcmp(a, "--max-cycles")) {
			NEEDVAL();
			unsigned long long v;
			if (!parse_count(val, UINT64_MAX, &v) || v == 0)
				return bad_usage("--max-cycles %s: expected a positive integer", val);
			o->max_cycles = v;
		} else if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
			NEEDVAL();
			unsigned long long v;
			if (!parse_count(val, 1024, &v) || v == 0)
				return bad_usage("--jobs %s: expected a number of host threads, 1 to 1024", val);
			o->jobs = (unsigned)v;
		} else if (!strcmp(a, "--scheduler") || !strcmp(a, "--divergence")) {
			NEEDVAL();
			if (o->nsets >= MAX_OPT)
				return bad_usage("too many --set options%s", "");
			/* (each its own text: a repeated option's every value is checked) */
			size_t n = strlen(a + 2) + strlen(val) + 5;
			char *set = xmalloc(n);
			snprintf(set, n, "sm.%s=%s", a + 2, val);
			o->set_storage[o->nset_storage++] = set;
			o->set_opt[o->nsets] = a;
			o->sets[o->nsets++] = set;
		} else if (!strcmp(a, "--occupancy")) {
			o->occupancy = 1;
		} else if (!strcmp(a, "--threads") || !strcmp(a, "--regs") || !strcmp(a, "--smem")) {
			NEEDVAL();
			unsigned long long v;
			if (!parse_count(val, 1 << 24, &v))
				return bad_usage("%s: expected a non-negative integer (at most 16777216)", a);
			*(a[2] == 't' ? &o->occ_threads : a[2] == 'r' ? &o->occ_regs : &o->occ_smem) = (long long)v;
			o->occ_given = 1;
		} else if (!strcmp(a, "--disasm")) {
			o->disasm = 1;
		} else if (!strcmp(a, "--functional")) {
			o->functional = 1;
		} else if (!strcmp(a, "--optin")) {
			o->optin = 1;
		} else if (!strcmp(a, "--racecheck")) {
			o->checks |= CHECK_RACE;
		} else if (!strcmp(a, "--racecheck-global")) {
			o->checks |= CHECK_RACE | CHECK_RACE_GLOBAL;
		} else if (!strcmp(a, "--initcheck")) {
			o->checks |= CHECK_INIT;
		} else if (!strcmp(a, "--synccheck")) {
			o->checks |= CHECK_SYNC;
		} else if (a[0] == '-' && a[1]) {
			return bad_usage("unknown option '%s'", a);
		} else {
			if (npos >= 2)
				return bad_usage("unexpected argument '%s'", a);
			pos[npos++] = a;
		}
#undef NEEDVAL
	}
	if (o->occupancy) {
		if (npos != 1)
			return bad_usage("%s", "--occupancy takes CONFIG.ini and no workload");
		const char *stray = run_option(o, false);
		if (stray)
			return bad_usage("--occupancy runs no workload: %s does not apply", stray);
		if (!o->occ_threads)
			return bad_usage("%s", "--occupancy needs --threads T (and --regs R, --smem BYTES)");
		o->config = pos[0];
		return 0;
	}
	if (o->optin)
		return bad_usage("%s", "--optin belongs to the occupancy command: a workload opts in with .optin");
	if (o->occ_threads || o->occ_regs || o->occ_smem || o->occ_given)
		return bad_usage("%s", "--threads, --regs and --smem belong to the occupancy command: add --occupancy "
				       "(a workload's own geometry comes from its .block and .regs)");
	if (npos < 2)
		return bad_usage("%s", npos ? "missing WORKLOAD.s" : "missing CONFIG.ini and WORKLOAD.s");
	if (o->functional && o->trace)
		return bad_usage("%s", "--trace records timing, which --functional does not simulate: drop one");
	if (o->disasm) {
		const char *stray = run_option(o, true);
		if (stray)
			return bad_usage("--disasm prints the program and runs nothing: %s does not apply", stray);
	}
	o->config = pos[0];
	o->workload = pos[1];
	if (!distinct_outputs(o))
		return EXIT_USAGE;
	return 0;
}

static int report_diag(const struct diag *d)
{
	char buf[2048];
	diag_format(d, buf, sizeof buf);
	fputs(buf, stderr);
	return EXIT_USAGE;
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

/* Share of the time functional unit u of a sub-partition was occupied by
 * issued instructions, over the cycles its SM had a resident warp. */
static double pipe_busy(const struct gpu_config *c, const struct sim_stats *s, int u)
{
	double cap = (double)s->active_sm_cycles * (double)c->sub_partitions;
	return cap > 0 ? (double)s->unit_busy[u] / cap : 0.0;
}

/* Warp instructions per cycle of the SMs' span (the launch's cycles outside
 * the SMs left out, as Nsight Compute's IPC counts active cycles). */
static double sm_ipc(const struct sim_stats *s)
{
	uint64_t span = s->cycles - s->launch_cycles;
	return span ? (double)s->warp_insns / (double)span : 0.0;
}

/* Achieved DRAM bandwidth over the SMs' span (GB/s at the configured
 * clock; the launch's cycles outside the SMs left out, as for IPC). */
static double dram_gb_s(const struct gpu_config *c, const struct sim_stats *s)
{
	uint64_t bytes = s->mem.dram_read_bytes + s->mem.dram_write_bytes;
	uint64_t span = s->cycles - s->launch_cycles;
	return span ? (double)bytes * (double)c->clock_mhz / (double)span / 1000.0 : 0.0;
}

/* A finding of a check mode that is on (synccheck's reports are warnings
 * without --synccheck). */
static bool is_hazard(const struct sim_report *rep, unsigned checks)
{
	return (rep->kind == HAZ_RACE && (checks & (CHECK_RACE | CHECK_RACE_GLOBAL))) || (rep->kind == HAZ_UNINIT && (checks & CHECK_INIT)) ||
	       (report_is_sync(rep->kind) && (checks & CHECK_SYNC));
}

static void write_json(FILE *f, const struct program *p, const struct gpu_config *c,
		       const struct sim_result *r, const struct gmem *g, const char *check, double secs,
		       unsigned checks, bool functional)
{
	const struct explain_env env = {p, g, c};
	const struct sim_stats *s = &r->stats;
	static const char *const status[] = {"done", "deadlock", "fault", "no_progress"};
	fprintf(f, "{\n  \"workload\": ");
	json_string(f, p->files[0]);
	fprintf(f, ",\n  \"kernel\": ");
	json_string(f, p->name);
	fprintf(f, ",\n  \"status\": \"%s\",\n  \"check\": \"%s\",\n  \"mode\": \"%s\",\n", status[r->status], check,
		functional ? "functional" : "timed");
#define STAT(field, key, label, unit) fprintf(f, "  \"%s\": %" PRIu64 ",\n", key, s->field);
#include "stats.def"
#undef STAT
	fprintf(f, "  \"ipc\": %.6f,\n", sm_ipc(s));
	fprintf(f, "  \"ipc_per_sm\": %.6f,\n",
		s->active_sm_cycles ? (double)s->warp_insns / (double)s->active_sm_cycles : 0.0);
	fprintf(f, "  \"simd_efficiency\": %.6f,\n",
		s->warp_insns ? (double)s->thread_insns / (32.0 * (double)s->warp_insns) : 0.0);
	fprintf(f, "  \"achieved_occupancy\": %.6f,\n",
		s->active_sm_cycles ? (double)s->active_warp_cycles / ((double)s->active_sm_cycles * r->max_warps) : 0.0);
	fprintf(f, "  \"theoretical_occupancy\": %.6f,\n",
		(double)r->blocks_per_sm * r->warps_per_block / r->max_warps);
	fprintf(f, "  \"blocks_per_sm\": %u,\n  \"occupancy_limiter\": ", r->blocks_per_sm);
	json_string(f, explain_limiter(r->limiter));
	fprintf(f, ",\n  \"regs_per_thread\": %u,\n", p->nregs);
	if (p->ptx_entry) { /* a CUDA kernel: where its registers and code came from */
		fprintf(f, "  \"regs_source\": ");
		json_string(f, p->regs_source);
		fprintf(f, ",\n  \"ptx_entry\": ");
		json_string(f, p->ptx_entry);
		fprintf(f, ",\n  \"ptx_instructions\": %u,\n  \"code_instructions\": %u,\n", p->ptx_insns, p->ncode);
	}
	fprintf(f, "  \"shared_bytes\": %u,\n", p->shared_bytes);
	fprintf(f, "  \"grid\": [%u, %u, %u],\n  \"block\": [%u, %u, %u],\n", p->grid[0], p->grid[1],
		p->grid[2], p->block[0], p->block[1], p->block[2]);
	fprintf(f, "  \"pipe_utilization\": {");
	for (int u = 0; u < UNIT_COUNT; u++)
		fprintf(f, "%s\"%s\": %.6f", u ? ", " : "", isa_unit_names[u], pipe_busy(c, s, u));
	fprintf(f, "},\n");
	fprintf(f, "  \"stalls\": {");
	for (int k = 0; k < STALL_COUNT; k++)
		fprintf(f, "%s\"%s\": %" PRIu64, k ? ", " : "", stall_names[k], s->stalls[k]);
	fprintf(f, "},\n  \"sms\": [");
	for (unsigned i = 0; i < r->nsms; i++)
		fprintf(f, "%s{\"blocks\": %" PRIu64 ", \"warp_instructions\": %" PRIu64
			   ", \"active_cycles\": %" PRIu64 ", \"max_resident_blocks\": %u}",
			i ? ", " : "", r->sms[i].blocks, r->sms[i].warp_insns, r->sms[i].active_cycles,
			r->sms[i].max_blocks);
	fprintf(f, "],\n  \"memory\": {\"coalescing\": ");
	json_string(f, c->coalescing);
#define MSTAT(field, key, label) fprintf(f, ", \"%s\": %" PRIu64, key, s->mem.field);
#include "memstats.def"
#undef MSTAT
	fprintf(f, ", \"dram_gb_per_s\": %.3f},\n", dram_gb_s(c, s));
	fprintf(f, "  \"reports\": {");
	for (unsigned i = 0; i < p->nreports && r->status == SIM_DONE; i++) {
		char v[64];
		wl_report_value(p, g, i, v, sizeof v);
		fprintf(f, "%s\"%s\": %s", i ? ", " : "", p->reports[i].name, v);
	}
	fprintf(f, "},\n");
	fprintf(f, "  \"opcodes\": {");
	int first = 1;
	for (int op = 0; op < OP_COUNT; op++)
		if (s->op_count[op]) {
			fprintf(f, "%s\"%s\": %" PRIu64, first ? "" : ", ", isa_ops[op].name, s->op_count[op]);
			first = 0;
		}
	fprintf(f, "},\n  \"config\": ");
	cfg_print_json(f, c);
	char *diagnosis = explain_string(&env, r, true), *warnings = explain_string(&env, r, false);
	fprintf(f, ",\n  \"diagnosis\": ");
	json_string(f, diagnosis);
	fprintf(f, ",\n  \"warnings\": ");
	json_string(f, warnings);
	free(diagnosis);
	free(warnings);
	/* the findings of the check modes that are on */
	fprintf(f, ",\n  \"checks\": [");
	static const char *const check_names[] = {"racecheck", "initcheck", "synccheck", "racecheck-global"};
	for (unsigned k = 0, n = 0; k < 4; k++)
		if (checks >> k & 1)
			fprintf(f, "%s\"%s\"", n++ ? ", " : "", check_names[k]);
	fprintf(f, "],\n  \"hazards\": [");
	unsigned n = 0;
	for (unsigned i = 0; i < r->nreports; i++)
		if (is_hazard(&r->reports[i], checks)) {
			fprintf(f, "%s\n    ", n++ ? "," : "");
			explain_json(f, &env, &r->reports[i]);
		}
	fprintf(f, "%s],\n  \"hazards_not_recorded\": %" PRIu64, n ? "\n  " : "", r->reports_dropped);
	fprintf(f, ",\n  \"printf\": [");
	for (unsigned i = 0; i < r->nprints; i++) {
		const struct sim_print *pr = &r->prints[i];
		char *line = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&line, &len);
		if (mem) {
			printf_text(mem, r, pr);
			fclose(mem);
		}
		fprintf(f, "%s\n    {\"cycle\": %" PRIu64 ", \"sm\": %u, \"block\": %u, \"thread\": %u, \"text\": ",
			i ? "," : "", pr->cycle, pr->sm, pr->block, pr->thread);
		json_string_n(f, line ? line : "", line ? len : 0); /* (a %c of 0 prints a NUL) */
		fputc('}', f);
		free(line);
	}
	fprintf(f, "%s],\n  \"printf_not_recorded\": %" PRIu64, r->nprints ? "\n  " : "", r->prints_dropped);
	fprintf(f, ",\n  \"host_seconds\": %.6f\n}\n", secs);
}

/* The functional run's report: what it executed (no timing was simulated). */
static void write_text_functional(FILE *f, const struct sim_result *r)
{
	const struct sim_stats *s = &r->stats;
	fprintf(f, "  functional run: results only, no timing (no cycles, stalls or memory figures)\n");
	fprintf(f, "  warp instructions    %" PRIu64 "\n", s->warp_insns);
	fprintf(f, "  thread instructions  %" PRIu64 "\n", s->thread_insns);
	fprintf(f, "  SIMD efficiency      %.1f%%  (%" PRIu64 " divergent branches, %" PRIu64 " issues while split)\n",
		s->warp_insns ? 100.0 * (double)s->thread_insns / (32.0 * (double)s->warp_insns) : 0.0,
		s->divergent_branches, s->split_issues);
}

static void write_text(FILE *f, const struct program *p, const struct gpu_config *c,
		       const struct sim_result *r, bool functional)
{
	const struct sim_stats *s = &r->stats;
	if (functional)
		fprintf(f, "simt-sim: %s on %s (functional, %s divergence%s%s, %s barriers)\n", p->name, c->name,
			c->divergence, strcmp(c->divergence, "its") ? "" : " with ",
			strcmp(c->divergence, "its") ? "" : c->convergence, c->barrier);
	else
		fprintf(f, "simt-sim: %s on %s (%s scheduler, %s divergence%s%s, %s barriers)\n", p->name, c->name,
			c->scheduler, c->divergence, strcmp(c->divergence, "its") ? "" : " with ",
			strcmp(c->divergence, "its") ? "" : c->convergence, c->barrier);
	char from[40] = "";
	if (p->regs_source[0])
		snprintf(from, sizeof from, " (%s)", p->regs_source);
	fprintf(f, "  grid %ux%ux%u, block %ux%ux%u, %u regs/thread%s, %u bytes shared/block\n", p->grid[0],
		p->grid[1], p->grid[2], p->block[0], p->block[1], p->block[2], p->nregs, from, p->shared_bytes);
	if (functional) {
		write_text_functional(f, r);
		return;
	}
	fprintf(f, "  cycles               %" PRIu64 "  (%.3f us at %lld MHz", s->cycles,
		(double)s->cycles / (double)c->clock_mhz, (long long)c->clock_mhz);
	if (s->launch_cycles)
		fprintf(f, "; launch %" PRIu64 ", SMs %" PRIu64, s->launch_cycles, s->cycles - s->launch_cycles);
	fprintf(f, ")\n");
	fprintf(f, "  warp instructions    %" PRIu64 "\n", s->warp_insns);
	fprintf(f, "  thread instructions  %" PRIu64 "\n", s->thread_insns);
	fprintf(f, "  IPC                  %.3f per GPU, %.3f per active SM\n",
		sm_ipc(s), s->active_sm_cycles ? (double)s->warp_insns / (double)s->active_sm_cycles : 0.0);
	fprintf(f, "  SIMD efficiency      %.1f%%  (%" PRIu64 " divergent branches, %" PRIu64 " issues while split)\n",
		s->warp_insns ? 100.0 * (double)s->thread_insns / (32.0 * (double)s->warp_insns) : 0.0,
		s->divergent_branches, s->split_issues);
	fprintf(f, "  occupancy            %u blocks/SM (limited by %s): theoretical %.1f%%, achieved %.1f%%\n",
		r->blocks_per_sm, explain_limiter(r->limiter), pct((uint64_t)r->blocks_per_sm * r->warps_per_block, r->max_warps),
		s->active_sm_cycles ? 100.0 * (double)s->active_warp_cycles / ((double)s->active_sm_cycles * r->max_warps) : 0.0);
	fprintf(f, "  blocks per SM        ");
	uint64_t lo = UINT64_MAX, hi = 0;
	for (unsigned i = 0; i < r->nsms; i++) {
		if (r->sms[i].blocks < lo)
			lo = r->sms[i].blocks;
		if (r->sms[i].blocks > hi)
			hi = r->sms[i].blocks;
	}
	fprintf(f, "%" PRIu64 "..%" PRIu64 " over %u SMs\n", lo, hi, r->nsms);
	const struct mem_stats *ms = &s->mem;
	if (ms->global_accesses)
		fprintf(f, "  global memory        %" PRIu64 " requests, %" PRIu64 " transactions (%.2f per request), %" PRIu64
			   " sectors, %" PRIu64 " bytes for %" PRIu64 " requested (%s coalescing)\n",
			ms->global_accesses, ms->global_transactions,
			(double)ms->global_transactions / (double)ms->global_accesses, ms->global_sectors, ms->global_bytes,
			ms->global_bytes_requested, c->coalescing);
	if (ms->local_accesses)
		fprintf(f, "  local memory         %" PRIu64 " of the requests, %" PRIu64 " of the sectors\n", ms->local_accesses,
			ms->local_sectors);
	if (ms->l1_hits + ms->l1_pending_hits + ms->l1_misses)
		fprintf(f, "  L1                   %" PRIu64 " hits, %" PRIu64 " hits in flight, %" PRIu64
			   " misses (%.1f%% hit), %" PRIu64 " cycles waiting for an MSHR\n",
			ms->l1_hits, ms->l1_pending_hits, ms->l1_misses,
			pct(ms->l1_hits + ms->l1_pending_hits, ms->l1_hits + ms->l1_pending_hits + ms->l1_misses),
			ms->l1_mshr_full_cycles);
	if (ms->l1_bypassed)
		fprintf(f, "  L1 bypassed          %" PRIu64 " load transactions past the L1 to the L2 (ldg.cg)\n",
			ms->l1_bypassed);
	if (ms->l2_hits + ms->l2_misses)
		fprintf(f, "  L2                   %" PRIu64 " hits, %" PRIu64 " misses (%.1f%% hit)\n", ms->l2_hits,
			ms->l2_misses, pct(ms->l2_hits, ms->l2_hits + ms->l2_misses));
	if (ms->dram_read_bytes + ms->dram_write_bytes)
		fprintf(f, "  DRAM                 %" PRIu64 " bytes read, %" PRIu64 " written: %.1f GB/s achieved\n",
			ms->dram_read_bytes, ms->dram_write_bytes, dram_gb_s(c, s));
	if (ms->shared_accesses)
		fprintf(f, "  shared memory        %" PRIu64 " requests, %" PRIu64 " passes, %" PRIu64 " bank conflicts\n",
			ms->shared_accesses, ms->shared_passes, ms->shared_bank_conflicts);
	if (ms->const_accesses)
		fprintf(f, "  constant memory      %" PRIu64 " requests, %" PRIu64 " constant-cache requests (%.2f per request): %" PRIu64
			   " hits, %" PRIu64 " misses\n",
			ms->const_accesses, ms->const_requests, (double)ms->const_requests / (double)ms->const_accesses,
			ms->const_hits, ms->const_misses);
	if (ms->atomic_ops)
		fprintf(f, "  atomics              %" PRIu64 " operations, %" PRIu64 " serialised on an address\n",
			ms->atomic_ops, ms->atomic_serialised);
	fprintf(f, "  pipes busy           ");
	for (int u = 0; u < UNIT_COUNT; u++)
		fprintf(f, "%s%s %.1f%%", u ? ", " : "", isa_unit_names[u], 100.0 * pipe_busy(c, s, u));
	fprintf(f, "  (of SM-cycles with a resident warp, per sub-partition)\n");
	fprintf(f, "  stalls (share of %" PRIu64 " warp-cycles):\n", s->active_warp_cycles);
	for (int k = 0; k < STALL_COUNT; k++)
		if (s->stalls[k])
			fprintf(f, "    %-20s %5.1f%%\n", stall_names[k], pct(s->stalls[k], s->active_warp_cycles));
}

/* The config file, then every --set (and --scheduler, --divergence);
 * where each key came from goes to origin. */
static bool load_config(const struct options *o, struct gpu_config *cfg, struct cfg_origin *origin,
			struct diag *d)
{
	cfg_defaults(cfg);
	if (!cfg_load(o->config, cfg, origin, d))
		return false;
	for (unsigned i = 0; i < o->nsets; i++)
		if (!cfg_set_as(cfg, origin, o->sets[i], o->set_opt[i], d))
			return false;
	return true;
}

/* One resource's limit for the occupancy command: "none" when it does not
 * bind (no registers, no shared memory). */
static void occ_limit_line(FILE *f, const char *what, unsigned blocks, const char *why)
{
	if (blocks == UINT32_MAX)
		fprintf(f, "  %-14s   -  %s\n", what, why);
	else
		fprintf(f, "  %-14s %3u  %s\n", what, blocks, why);
}

static int cannot_write(const char *opt, const char *path)
{
	fprintf(stderr, "simt-sim: %s: cannot write '%s': %s\n", opt, path, strerror(errno));
	return EXIT_USAGE;
}

static void json_limit(FILE *f, const char *key, unsigned blocks)
{
	if (blocks == UINT32_MAX)
		fprintf(f, ", \"%s\": null", key);
	else
		fprintf(f, ", \"%s\": %u", key, blocks);
}

static int occupancy_command(const struct options *o)
{
	struct diag d;
	memset(&d, 0, sizeof d);
	struct gpu_config cfg;
	struct cfg_origin origin;
	if (!load_config(o, &cfg, &origin, &d))
		return report_diag(&d);
	struct occ_result r;
	occ_compute(&cfg, (unsigned)o->occ_threads, (unsigned)o->occ_regs, (uint32_t)o->occ_smem, o->optin, &r);
	if (!r.blocks) {
		/* a per-block limit: CUDA refuses the launch */
		fprintf(stderr, "simt-sim: a block of %lld threads with %lld registers per thread and %lld bytes of "
				"shared memory cannot run on %s: it exceeds the %s",
			o->occ_threads, o->occ_regs, o->occ_smem, cfg.name,
			r.limiter == OCC_SMEM_PER_BLOCK && o->optin && cfg.max_shared_per_block_optin > cfg.max_shared_per_block
				? "shared memory a block may opt in to (sm.max_shared_per_block_optin)"
				: explain_limiter(r.limiter));
		if (r.limiter == OCC_SMEM_PER_BLOCK && !o->optin && cfg.max_shared_per_block_optin > cfg.max_shared_per_block)
			fprintf(stderr, "; a kernel that opts in may use %lld bytes (--optin)",
				(long long)cfg.max_shared_per_block_optin);
		fprintf(stderr, "\n");
		return EXIT_USAGE;
	}
	double occ = (double)r.blocks * r.warps_per_block / (double)cfg.max_warps;
	if (o->json) {
		struct outfile of;
		if (!outfile_open(&of, o->json, "w", true))
			return cannot_write("--json", o->json);
		FILE *f = of.f;
		fprintf(f, "{\"blocks_per_sm\": %u, \"limiter\": \"%s\", \"warps_per_block\": %u, "
			   "\"regs_per_block\": %u, \"smem_per_block\": %u, \"occupancy\": %.6f",
			r.blocks, explain_limiter(r.limiter), r.warps_per_block, r.regs_per_block,
			r.smem_per_block, occ);
		json_limit(f, "blocks_by_warps", r.by_warps);
		json_limit(f, "blocks_by_blocks", r.by_blocks);
		json_limit(f, "blocks_by_registers", r.by_regs);
		json_limit(f, "blocks_by_shared_memory", r.by_smem);
		fprintf(f, "}\n");
		if ((errno = outfile_commit(&of)))
			return cannot_write("--json", o->json);
		return 0;
	}
	printf("blocks_per_sm %u\n", r.blocks);
	printf("limited by %s\n", explain_limiter(r.limiter));
	printf("occupancy %.1f%% (%u of %lld warps)\n", 100.0 * occ, r.blocks * r.warps_per_block,
	       (long long)cfg.max_warps);
	/* every resource's own limit, so the binding one can be explained */
	printf("blocks per SM each resource allows:\n");
	char why[160];
	uint64_t warp_cap = (uint64_t)cfg.max_threads / 32 < (uint64_t)cfg.max_warps ? (uint64_t)cfg.max_threads / 32
										   : (uint64_t)cfg.max_warps;
	snprintf(why, sizeof why, "%" PRIu64 " warps per SM / %u warps per block", warp_cap, r.warps_per_block);
	occ_limit_line(stdout, "warps", r.by_warps, why);
	snprintf(why, sizeof why, "sm.max_blocks");
	occ_limit_line(stdout, "blocks", r.by_blocks, why);
	if (r.by_regs == UINT32_MAX)
		snprintf(why, sizeof why, "no registers");
	else
		snprintf(why, sizeof why, "%lld registers per SM / %u per block (%lld per thread, allocated in units of %lld)",
			 (long long)cfg.registers, r.regs_per_block, o->occ_regs, (long long)cfg.reg_alloc_unit);
	occ_limit_line(stdout, "registers", r.by_regs, why);
	if (r.by_smem == UINT32_MAX)
		snprintf(why, sizeof why, "no shared memory");
	else
		snprintf(why, sizeof why, "%lld bytes per SM / %u per block (%lld requested, allocated in units of %lld)",
			 (long long)cfg.shared_mem, r.smem_per_block, o->occ_smem, (long long)cfg.shared_alloc_unit);
	occ_limit_line(stdout, "shared memory", r.by_smem, why);
	return 0;
}

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

struct progress {
	double start, last;
	bool tty;
	struct trace_writer *trace; /* --trace, or NULL */
};

static void on_report(void *ctx, const struct sim_report *rep)
{
	trace_writer_on_report(((struct progress *)ctx)->trace, rep);
}

static void on_state(void *ctx, const struct state_event *e)
{
	trace_writer_on_state(((struct progress *)ctx)->trace, e);
}

/* A phase of the run that can take long (filling or checking big buffers),
 * on the progress line when stderr is a terminal. */
static void phase(struct progress *pr, const char *what)
{
	if (pr->tty)
		fprintf(stderr, "\rsimt-sim: %s ...%30s\r", what, "");
}

static void on_progress(void *ctx, uint64_t cycle, uint64_t done, uint64_t total)
{
	struct progress *pr = ctx;
	if (!pr->tty)
		return;
	double t = now();
	if (t - pr->start < 1.0 || t - pr->last < 0.25)
		return;
	pr->last = t;
	fprintf(stderr, "\rsimt-sim: cycle %" PRIu64 ", %" PRIu64 "/%" PRIu64 " blocks (%.0f%%)   ", cycle, done,
		total, pct(done, total));
}


/* The run's output files, opened before the simulation so that a bad name
 * or an unwritable path is reported at once, not after a long run. Each is
 * an outfile (outfile.h): written beside its path and renamed into place
 * once whole, so a run that stops early or a write that fails leaves what
 * was there as it was. */
struct outputs {
	struct outfile json;          /* --json (f NULL: none) */
	struct outfile dump[MAX_OPT]; /* --dump files, in option order */
	int dump_buf[MAX_OPT];        /* ... and the buffer each writes */
	struct outfile trace;         /* --trace */
	struct trace_writer *tw;      /* ... and its writer */
	bool dumped;                  /* the run completed and the dumps were written */
	bool json_written;            /* the JSON document was written */
	bool ran;                     /* the simulation ran: the trace is finished and kept */
	uint64_t trace_cycles;        /* ... at this many cycles */
};

static int open_outputs(const struct options *o, const struct program *p, const struct gpu_config *cfg,
			struct outputs *out)
{
	for (unsigned i = 0; i < o->ndumps; i++) {
		const char *eq = strchr(o->dumps[i], '=');
		char name[64];
		snprintf(name, sizeof name, "%.*s", (int)(eq - o->dumps[i]), o->dumps[i]);
		out->dump_buf[i] = program_find_buffer(p, name);
		if (out->dump_buf[i] < 0) {
			fprintf(stderr, "simt-sim: --dump: the workload has no buffer '%s'\n", name);
			return EXIT_USAGE;
		}
		if (!outfile_open(&out->dump[i], eq + 1, "wb", false))
			return cannot_write("--dump", eq + 1);
	}
	if (o->json && !outfile_open(&out->json, o->json, "w", true))
		return cannot_write("--json", o->json);
	if (o->trace) {
		if (!outfile_open(&out->trace, o->trace, "wb", false))
			return cannot_write("--trace", o->trace);
		if (!(out->tw = trace_writer_open(out->trace.f, cfg, p, o->workload)))
			return cannot_write("--trace", o->trace);
	}
	return 0;
}

/* Finish every output: each the run wrote is committed (renamed into
 * place), each it never got to is given up, leaving what was at its path.
 * The trace is finished whenever the run ran (a deadlock's trace is kept).
 * A failed write, close or rename is exit code 2. */
static int close_outputs(const struct options *o, struct outputs *out)
{
	int rc = 0;
	for (unsigned i = 0; i < o->ndumps; i++) {
		if (!out->dumped) {
			outfile_discard(&out->dump[i]);
		} else if ((errno = outfile_commit(&out->dump[i]))) {
			rc = cannot_write("--dump", strchr(o->dumps[i], '=') + 1);
		}
	}
	if (!out->json_written) {
		outfile_discard(&out->json);
	} else if ((errno = outfile_commit(&out->json))) {
		rc = cannot_write("--json", o->json);
	}
	if (out->tw) {
		int err = trace_writer_close(out->tw, out->trace_cycles);
		out->tw = NULL;
		if (err || !out->ran) {
			outfile_discard(&out->trace);
		} else {
			err = outfile_commit(&out->trace);
		}
		if (err) {
			errno = err;
			rc = cannot_write("--trace", o->trace);
		}
	} else {
		outfile_discard(&out->trace);
	}
	return rc;
}

static void dump_buffers(const struct options *o, struct outputs *out, const struct gmem *g)
{
	out->dumped = true;
	for (unsigned i = 0; i < o->ndumps; i++)
		outfile_write(&out->dump[i], g->bufs[out->dump_buf[i]].data, g->bufs[out->dump_buf[i]].size);
}

/* Global memory g as the workload set it up: initial's contents (the
 * same buffers, made by the same wl_setup). */
static void restore_inputs(struct gmem *g, const struct gmem *initial)
{
	for (unsigned i = 0; i < g->n; i++)
		memcpy(g->bufs[i].data, initial->bufs[i].data, g->bufs[i].size);
}

/* The run's options on a sim, before sim_run; sm_major: SM by SM where it
 * applies (sim_set_sm_major). */
static void set_options(struct sim *sim, const struct options *o, bool sm_major)
{
	sim_set_checks(sim, o->checks);
	sim_set_functional(sim, o->functional);
	sim_set_jobs(sim, o->jobs);
	sim_set_sm_major(sim, sm_major);
}

static int run(const struct options *o)
{
	struct diag d;
	memset(&d, 0, sizeof d);
	struct gpu_config cfg;
	struct cfg_origin origin;
	if (!load_config(o, &cfg, &origin, &d))
		return report_diag(&d);
	/* .cuda kernels: compiled by nvcc for this GPU where it is found, and
	 * scheduled for it */
	long long cc = cfg.compute_capability;
	struct asm_hooks hooks = {nvcc_cuda_to_ptx, &cc, (unsigned)cfg.compute_capability};
	struct program *p = asm_load_hooked(o->workload, o->defs, o->ndefs, &hooks, &d);
	if (!p)
		return report_diag(&d);
	/* a CUDA kernel's registers: ptxas's count for this GPU where it can
	 * compile for it, else the front end's allocation (or .regs) */
	if (p->ptx_entry) {
		char *regs_from = p->regs_source;
		size_t rn = sizeof p->regs_source;
		unsigned r;
		char whynot[128];
		if (p->regs_explicit)
			snprintf(regs_from, rn, ".regs");
		else if (cfg.compute_capability >= 75 &&
			 ptxas_regs(p->files[p->loc[0].file], p->ptx_entry, (unsigned)cfg.compute_capability, &r, whynot,
				    sizeof whynot)) {
			p->nregs = r ? r : 1;
			snprintf(regs_from, rn, "ptxas sm_%lld", (long long)cfg.compute_capability);
		} else {
			snprintf(regs_from, rn, "allocation");
		}
	}
	if (o->disasm) { /* (a CUDA kernel's registers as a run counts them: above) */
		char *text = disasm_program(p);
		fputs(text, stdout);
		free(text);
		program_free(p);
		return 0;
	}
	/* launch limits of the configured GPU, as a CUDA launch would refuse them */
	uint32_t threads = p->block[0] * p->block[1] * p->block[2];
	const char *refuse = NULL;
	char why[512];
	uint64_t maxntid = (uint64_t)p->maxntid[0] * p->maxntid[1] * p->maxntid[2];
	if (p->reqntid[0] &&
	    (p->block[0] != p->reqntid[0] || p->block[1] != p->reqntid[1] || p->block[2] != p->reqntid[2])) {
		snprintf(why, sizeof why, "the block is %u x %u x %u threads; the kernel requires %u x %u x %u (.reqntid)",
			 p->block[0], p->block[1], p->block[2], p->reqntid[0], p->reqntid[1], p->reqntid[2]);
		refuse = why;
	} else if (maxntid && threads > maxntid) {
		snprintf(why, sizeof why, "the block has %u threads; the kernel allows at most %llu (.maxntid, "
			 "__launch_bounds__)", threads, (unsigned long long)maxntid);
		refuse = why;
	} else if (p->maxnreg && !p->regs_explicit && p->nregs > p->maxnreg) {
		snprintf(why, sizeof why, "the translation needs %u registers a thread, more than the kernel's "
			 ".maxnreg %u: ptxas would spill to local memory, which simt-sim does not model (give .regs)",
			 p->nregs, p->maxnreg);
		refuse = why;
	} else if (threads > (uint32_t)cfg.max_threads_per_block) {
		snprintf(why, sizeof why, "the block has %u threads; %s allows at most %lld (sm.max_threads_per_block)",
			 threads, cfg.name, (long long)cfg.max_threads_per_block);
		refuse = why;
	} else if (p->ptx_entry && p->shared_bytes - p->dyn_shared > (uint64_t)cfg.max_shared_per_block) {
		/* CUDA's rule: static shared memory stays within the usual limit;
		 * only dynamic memory may use what an opt-in adds */
		snprintf(why, sizeof why, "the kernel declares %u bytes of static shared memory; %s allows at most %lld "
			 "(sm.max_shared_per_block), opted in or not: the part beyond must be dynamic (extern __shared__, "
			 ".dynshared)", p->shared_bytes - p->dyn_shared, cfg.name, (long long)cfg.max_shared_per_block);
		refuse = why;
	} else if (p->shared_bytes > occ_smem_limit(&cfg, p->optin)) {
		if (p->optin || cfg.max_shared_per_block_optin <= cfg.max_shared_per_block)
			snprintf(why, sizeof why, "the block uses %u bytes of shared memory; %s allows at most %llu (sm.%s)",
				 p->shared_bytes, cfg.name, (unsigned long long)occ_smem_limit(&cfg, p->optin),
				 p->optin && cfg.max_shared_per_block_optin > cfg.max_shared_per_block
					 ? "max_shared_per_block_optin" : "max_shared_per_block");
		else
			snprintf(why, sizeof why, "the block uses %u bytes of shared memory; %s allows at most %lld (sm.max_shared_per_block), "
				 "or %lld for a kernel that opts in (.optin)",
				 p->shared_bytes, cfg.name, (long long)cfg.max_shared_per_block,
				 (long long)cfg.max_shared_per_block_optin);
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
	if (!outputs_spare_inputs(o, p)) {
		program_free(p);
		return EXIT_USAGE;
	}
	struct outputs out;
	memset(&out, 0, sizeof out);
	int orc = open_outputs(o, p, &cfg, &out);
	if (orc) {
		close_outputs(o, &out);
		program_free(p);
		return orc;
	}
	struct gmem g, initial;
	struct wl_expected expected = {0, NULL};
	gmem_init(&g);
	gmem_init(&initial);
	uint32_t *args = xcalloc(p->nargs ? p->nargs : 1, sizeof(uint32_t));
	int rc = 0;
	struct sim *sim = NULL;
	struct sim_result *r = xcalloc(1, sizeof *r);
	struct progress pr = {now(), 0, isatty(2) != 0, out.tw};
	struct sim_observer obs = {.on_progress = on_progress, .ctx = &pr};
	if (out.tw) {
		obs.on_state = on_state;
		obs.on_report = on_report;
	}
	phase(&pr, "filling the buffers");
	if (!wl_setup(p, &g, args, &d) || !wl_setup(p, &initial, args, &d) || !wl_check_ready(p, &initial, &expected, &d)) {
		rc = report_diag(&d);
		goto out;
	}
	struct sim_refused refused;
	sim = sim_create(&cfg, p, &g, args, &obs, &refused);
	if (!sim) {
		explain_refusal(&refused, &cfg, p, &d);
		cfg_locate(&origin, &d);
		rc = report_diag(&d);
		goto out;
	}
	set_options(sim, o, true);
	double t0 = now();
	sim_run(sim, o->max_cycles, r);
	if (sim_redo(sim)) {
		/* SM by SM, the run stopped where it needs the whole GPU cycle by
		 * cycle (it ends early, or reports): again from the inputs, so
		 * (a sim as the first, which was made) */
		sim_result_free(r);
		sim_destroy(sim);
		restore_inputs(&g, &initial);
		if (!(sim = sim_create(&cfg, p, &g, args, &obs, &refused))) {
			rc = report_diag(&d);
			goto out;
		}
		set_options(sim, o, false);
		sim_run(sim, o->max_cycles, r);
	}
	out.ran = true;
	out.trace_cycles = r->stats.cycles - r->stats.launch_cycles;
	double secs = now() - t0;
	if (pr.tty)
		fprintf(stderr, "\r%60s\r", "");
	/* with --json -, stdout holds the JSON document alone */
	FILE *text = o->json && !strcmp(o->json, "-") ? stderr : stdout;
	/* the kernel's printf output first, as a CUDA program prints it when
	 * the kernel is done */
	for (unsigned i = 0; i < r->nprints; i++)
		printf_text(text, r, &r->prints[i]);
	if (r->prints_dropped)
		fprintf(stderr, "simt-sim: %" PRIu64 " more printfs were not kept (a run keeps %u)\n", r->prints_dropped,
			SIM_MAX_PRINTS);
	write_text(text, p, &cfg, r, o->functional);
	const struct explain_env env = {p, &g, &cfg};
	unsigned hazards = 0;
	for (unsigned i = 0; i < r->nreports; i++) {
		const struct sim_report *rep = &r->reports[i];
		if (report_is_end(rep->kind))
			continue;
		if (is_hazard(rep, o->checks)) {
			fprintf(stderr, "%s: ", explain_check(rep));
			hazards++;
		} else if (report_is_sync(rep->kind)) {
			fprintf(stderr, "warning: ");
		} else {
			continue;
		}
		explain_text(stderr, &env, rep);
	}
	if (r->reports_dropped)
		fprintf(stderr, "simt-sim: %" PRIu64 " more findings were not recorded (at most %u are)\n",
			r->reports_dropped, SIM_MAX_REPORTS);
	hazards += o->checks && r->reports_dropped;
	const char *word = "none";
	if (r->status != SIM_DONE) {
		for (unsigned i = 0; i < r->nreports; i++)
			if (report_is_end(r->reports[i].kind))
				explain_text(stderr, &env, &r->reports[i]);
		rc = r->status == SIM_DEADLOCK ? EXIT_DEADLOCK : r->status == SIM_FAULT ? EXIT_FAULT
											 : EXIT_PROGRESS;
	} else {
		/* the check's lines go out once it is done, after the progress line
		 * is cleared (a big host reference can take minutes) */
		phase(&pr, "checking the results");
		char *lines = NULL;
		size_t nlines = 0;
		FILE *mem = open_memstream(&lines, &nlines);
		int fails = wl_check(p, &initial, &expected, &g, mem ? mem : text, &d);
		if (mem)
			fclose(mem);
		if (pr.tty)
			fprintf(stderr, "\r%60s\r", "");
		if (lines)
			fputs(lines, text);
		free(lines);
		if (fails < 0) {
			rc = report_diag(&d);
			goto out;
		}
		word = wl_check_word(p, fails);
		rc = hazards ? EXIT_HAZARD : fails ? EXIT_CHECK : EXIT_PASS;
		char v[64];
		for (unsigned i = 0; i < p->nreports; i++) {
			wl_report_value(p, &g, i, v, sizeof v);
			fprintf(text, "report %s = %s\n", p->reports[i].name, v);
		}
		dump_buffers(o, &out, &g);
	}
	if (out.json.f) {
		write_json(out.json.f, p, &cfg, r, &g, word, secs, o->checks, o->functional);
		out.json_written = true;
	}
out:;
	int crc = close_outputs(o, &out); /* a failed output file: exit code 2 whatever the run did */
	if (crc)
		rc = crc;
	sim_result_free(r);
	free(r);
	sim_destroy(sim);
	free(args);
	gmem_free(&g);
	gmem_free(&initial);
	wl_expected_free(&expected);
	program_free(p);
	return rc;
}

int main(int argc, char **argv)
{
	struct options o;
	outfile_clean_on_signals(); /* (a run stopped by a signal leaves no partial output behind) */
	int rc = parse_args(argc, argv, &o);
	if (rc == 0)
		rc = o.occupancy ? occupancy_command(&o) : run(&o);
	else if (rc < 0)
		rc = 0;
	for (unsigned i = 0; i < o.ndefs; i++)
		free(o.def_storage[i]);
	for (unsigned i = 0; i < o.nset_storage; i++)
		free(o.set_storage[i]);
	return rc;
}
