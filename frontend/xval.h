/* xval.h - simt-xval's parts: the cases, the GPU runner (simt-cuda), the
 * simulator runner, the comparison table and the calibration. */
#ifndef SIMT_XVAL_H
#define SIMT_XVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "gpu_config.h"

enum { XV_OK = 0, XV_DIFFER = 1, XV_USAGE = 2, XV_GPU = 4 };

#define XV_MAX_SIZES 16
#define XV_MAX_CASES 128

struct xval_opts {
	const char *config, *gpu_dir, *csv, *json, *out, *cuda;
	const char *sim_dir; /* --one-source: simt-sim --json results to read, NAME.json (or NULL) */
	struct gpu_config cfg;
	int sizes[XV_MAX_SIZES];
	unsigned nsizes;
	int jobs;
	bool calibrate, reuse, quick, gpu_only, mm_only;
};

enum xkind { XK_MM, XK_MICRO };

struct xparam {
	const char *name;
	long value;
};

struct xcase {
	enum xkind kind;
	char id[128];             /* file-name-safe key in gpu.txt */
	char label[48];           /* kernel column */
	char workload[64];        /* the .s, relative to the source root */
	struct xparam p[6];       /* -D overrides of the .s */
	unsigned np;
	char gpu_args[192];       /* simt-cuda's arguments */
	char metric[32];          /* micro: the .report name, also simt-cuda's key */
	bool whole_kernel;        /* micro compared in kernel cycles (stream_copy) */
};

/* What the GPU said about a case (from simt-cuda's line). */
struct xgpu {
	bool have;
	double span_ns, sm_cycles, block_cycles, value, seconds;
};

/* What the simulator said. */
struct xsim {
	int status;               /* enum sim_status, or -1 when it could not run */
	uint64_t cycles;
	double value;             /* micro: the report */
	int same;                 /* matmul: 1 output equals the GPU's, 0 differs, -1 no GPU output,
				   * -2 the GPU's output has the wrong size */
	long first;               /* first differing element */
	float gpu_v, sim_v;
	bool check_pass;          /* the workload's own .check (host reference) */
	char err[256];
};

/* Cases: matmul over sizes and tiles, and the microbenchmarks; returns n. */
unsigned xval_cases(const struct xval_opts *o, struct xcase *c, unsigned max);
unsigned xval_calibration_cases(struct xcase *c, unsigned max);

/* NULL when simt-cuda runs and sees a GPU (its info line is saved in the
 * GPU directory), else why not. */
const char *xval_gpu_available(const struct xval_opts *o);

/* Run the GPU side of every case (or read it back with --reuse): XV_OK,
 * XV_GPU (the GPU program failed or wrote no answers), or XV_USAGE
 * (--reuse: gpu.txt unreadable, malformed, or with no answer for any case). */
int xval_gpu_run(const struct xval_opts *o, const struct xcase *c, unsigned n, struct xgpu *g);
/* The device line ("device=... clock_measured_mhz=..."), or "" */
const char *xval_gpu_info(const struct xval_opts *o);
double xval_kv(const char *line, const char *key); /* NAN when absent */

/* Run the simulator on every case, o->jobs at a time. */
void xval_sim_run(const struct xval_opts *o, const struct gpu_config *cfg, const struct xcase *c, unsigned n,
		  struct xsim *s);

int xval_compare(const struct xval_opts *o);
/* --one-source: scripts/xval/gpu.sh into o->gpu_dir (unless answers names
 * stored ones, as docs/data/xval-h100/gpu.txt), then table.py's table for
 * o->config with the simulator in bindir; cases: a cases file or NULL for
 * scripts/xval/cases.txt; max_size: simulate cases up to that^3, or NULL;
 * a case whose o->sim_dir/NAME.json exists is read from there, not simulated. */
int xval_one_source(const struct xval_opts *o, const char *bindir, const char *answers, const char *cases,
		    const char *max_size);
int xval_calibrate(const struct xval_opts *o);

#endif
