/*
 * xval.c - simt-xval: cross-validation against a real CUDA GPU.
 *
 *   simt-xval [--config configs/h100.ini] [--sizes 32,100,256,500,1024] [-j N]
 *             [--gpu-dir DIR] [--reuse] [--csv FILE] [--json FILE] [--quick]
 *   simt-xval --calibrate [--config configs/h100.ini] --out FILE [--gpu-dir DIR] [--reuse]
 *
 * Runs the CUDA twins (workloads/cuda/xval.cu, built as simt-cuda next to
 * this program when the CUDA toolkit was found) on the GPU and the same
 * workloads on the simulator with the config, and prints one table:
 * output bit-exact or not, real cycles, simulated cycles, error. With no
 * simt-cuda or no GPU it says so and exits 0 (nothing to compare).
 *
 * The GPU's answers are kept in --gpu-dir (default: a fresh directory under
 * /tmp): one line per run in gpu.txt and each matmul's output C as a raw
 * file. --reuse takes them from there instead of running the GPU again, so
 * the comparison can be repeated after a model change without the GPU;
 * --gpu-only stops after the GPU runs (to compare elsewhere with --reuse).
 *
 * Exit codes: 0 compared (or skipped, with the reason), 1 an output differs
 * from the GPU's, 2 bad usage or bad input (with --reuse: a GPU directory
 * whose gpu.txt is missing, malformed or answers none of the cases), 4 the
 * GPU program failed.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "gpu.h"
#include "util.h"
#include "workload.h"
#include "xval.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: simt-xval [--config FILE] [--sizes LIST] [--quick] [--mm-only] [-j N] [--gpu-dir DIR] [--reuse]\n"
		"                 [--csv FILE] [--json FILE]\n"
		"       simt-xval --calibrate [--config FILE] --out FILE [--gpu-dir DIR] [--reuse]\n"
		"       simt-xval --one-source [--config FILE] [-j N] [--gpu-dir DIR | --answers FILE] [--cases FILE]\n"
		"                 [--max-size N] [--sim-dir DIR]\n"
		"--gpu-only runs only the GPU side into --gpu-dir; --reuse compares from it later\n"
		"Runs the CUDA twins of the workloads on the GPU and the workloads on the simulator,\n"
		"and prints real against simulated cycles (docs/VALIDATION.md). --one-source runs every\n"
		"case of scripts/xval/cases.txt (the CUDA kernels of workloads/cuda/) on the GPU under ncu\n"
		"and on the simulator from the same PTX, or compares with stored --answers; --sim-dir reads\n"
		"DIR/NAME.json (simt-sim --json, as scripts/xval/sims.sh writes them) for the cases it holds.\n");
}

/* The directory this program lives in (simt-cuda is looked for there). */
static void exe_dir(char *buf, size_t n)
{
	ssize_t k = readlink("/proc/self/exe", buf, n - 1);
	if (k <= 0) {
		snprintf(buf, n, ".");
		return;
	}
	buf[k] = 0;
	char *slash = strrchr(buf, '/');
	if (slash)
		*slash = 0;
}

int main(int argc, char **argv)
{
	struct xval_opts o;
	memset(&o, 0, sizeof o);
	o.config = "configs/h100.ini";
	o.jobs = 1;
	const char *sizes = NULL, *answers = NULL, *cases = NULL, *max_size = NULL;
	bool one_source = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(a, "--calibrate")) {
			o.calibrate = true;
		} else if (!strcmp(a, "--reuse")) {
			o.reuse = true;
		} else if (!strcmp(a, "--mm-only")) {
			o.mm_only = true;
		} else if (!strcmp(a, "--gpu-only")) {
			o.gpu_only = true;
		} else if (!strcmp(a, "--quick")) {
			o.quick = true;
		} else if (!strcmp(a, "--one-source")) {
			one_source = true;
		} else if (v && !strcmp(a, "--answers")) {
			answers = argv[++i];
		} else if (v && !strcmp(a, "--cases")) {
			cases = argv[++i];
		} else if (v && !strcmp(a, "--sim-dir")) {
			o.sim_dir = argv[++i];
		} else if (v && !strcmp(a, "--max-size")) {
			max_size = argv[++i];
		} else if (v && !strcmp(a, "--config")) {
			o.config = argv[++i];
		} else if (v && !strcmp(a, "--sizes")) {
			sizes = argv[++i];
		} else if (v && !strcmp(a, "-j")) {
			char *end;
			long j = strtol(argv[++i], &end, 10);
			o.jobs = *argv[i] && !*end && j >= 1 && j <= 256 ? (int)j : 0;
		} else if (v && !strcmp(a, "--gpu-dir")) {
			o.gpu_dir = argv[++i];
		} else if (v && !strcmp(a, "--csv")) {
			o.csv = argv[++i];
		} else if (v && !strcmp(a, "--json")) {
			o.json = argv[++i];
		} else if (v && !strcmp(a, "--out")) {
			o.out = argv[++i];
		} else if (v && !strcmp(a, "--cuda")) {
			o.cuda = argv[++i];
		} else {
			fprintf(stderr, "simt-xval: unknown or incomplete option '%s'\n", a);
			usage(stderr);
			return XV_USAGE;
		}
	}
	if (o.jobs < 1 || o.jobs > 256) {
		fprintf(stderr, "simt-xval: -j takes 1..256\n");
		return XV_USAGE;
	}
	if (o.calibrate && !o.out) {
		fprintf(stderr, "simt-xval: --calibrate needs --out FILE (the config to write)\n");
		return XV_USAGE;
	}
	if ((answers || cases || max_size || o.sim_dir) && !one_source) {
		fprintf(stderr, "simt-xval: --answers, --cases, --max-size and --sim-dir go with --one-source\n");
		return XV_USAGE;
	}
	if (max_size && (!*max_size || strspn(max_size, "0123456789") != strlen(max_size) || strlen(max_size) > 5 ||
			 atoi(max_size) < 1)) {
		fprintf(stderr, "simt-xval: --max-size takes a size N (cases up to N^3)\n");
		return XV_USAGE;
	}
	o.nsizes = 0;
	if (sizes && !*sizes) {
		fprintf(stderr, "simt-xval: --sizes takes a comma-separated list of sizes 1..4096\n");
		return XV_USAGE;
	}
	if (sizes) {
		for (const char *p = sizes; *p;) {
			char *end;
			long n = strtol(p, &end, 10);
			if (end == p || n < 1 || n > 4096 || o.nsizes == XV_MAX_SIZES || (*end && *end != ',')) {
				fprintf(stderr, "simt-xval: --sizes takes a comma-separated list of sizes 1..4096\n");
				return XV_USAGE;
			}
			o.sizes[o.nsizes++] = (int)n;
			p = *end ? end + 1 : end;
			if (*end && !*p) { /* a trailing comma */
				fprintf(stderr, "simt-xval: --sizes takes a comma-separated list of sizes 1..4096\n");
				return XV_USAGE;
			}
		}
	}
	char dir[4096], cuda[4200];
	if (!o.cuda) {
		exe_dir(dir, sizeof dir);
		snprintf(cuda, sizeof cuda, "%s/simt-cuda", dir);
		o.cuda = cuda;
	}
	/* the cases name workloads and scripts by their place in the source tree */
	const char *need = one_source ? "scripts/xval/table.py" : "workloads/tiled_mm.s";
	if (access(need, R_OK)) {
		fprintf(stderr, "simt-xval: %s not found here: run simt-xval from simt-sim's source directory\n", need);
		return XV_USAGE;
	}
	struct diag d;
	memset(&d, 0, sizeof d);
	cfg_defaults(&o.cfg);
	if (!cfg_load(o.config, &o.cfg, NULL, &d)) {
		char buf[2048];
		diag_format(&d, buf, sizeof buf);
		fputs(buf, stderr);
		return XV_USAGE;
	}
	char tmpl[] = "/tmp/simt-xval.XXXXXX";
	if (one_source && answers) {
		exe_dir(dir, sizeof dir);
		return xval_one_source(&o, dir, answers, cases, max_size);
	}
	if (!o.gpu_dir) {
		if (o.reuse) {
			fprintf(stderr, "simt-xval: --reuse needs --gpu-dir DIR\n");
			return XV_USAGE;
		}
		if (!mkdtemp(tmpl)) {
			fprintf(stderr, "simt-xval: cannot make a directory under /tmp: %s\n", strerror(errno));
			return XV_GPU;
		}
		o.gpu_dir = tmpl;
	} else if (mkdir(o.gpu_dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "simt-xval: cannot make %s: %s\n", o.gpu_dir, strerror(errno));
		return XV_USAGE;
	}
	int rc;
	if (one_source) {
		exe_dir(dir, sizeof dir);
		rc = xval_one_source(&o, dir, NULL, cases, max_size);
	} else {
		const char *why = o.reuse ? NULL : xval_gpu_available(&o);
		if (why) {
			printf("simt-xval: skipped: %s\n", why);
			rc = 0;
		} else {
			rc = o.calibrate ? xval_calibrate(&o) : xval_compare(&o);
		}
	}
	if (o.gpu_dir == tmpl)
		rmdir(tmpl); /* (only if the GPU left nothing there: a skip) */
	return rc;
}
