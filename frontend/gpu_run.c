/*
 * gpu_run.c - simt-gpu: run a CUDA workload (.ptx / .cuda) on a real GPU,
 * with the same buffers, arguments, launch geometry and checks as simt-sim.
 *
 *   simt-gpu WORKLOAD [-D NAME=VALUE]... [--repeat N]
 *
 * The kernel is the PTX the workload names, loaded through the CUDA driver
 * (cuModuleLoadData: the driver's PTX compiler makes the SASS for the GPU it
 * finds). Buffers are filled as wl_setup fills them, pointer parameters get
 * device addresses, values are passed as the workload converts them, and the
 * results are checked on the host by wl_check: the same lines simt-sim prints.
 * Made for `ncu --metrics smsp__inst_executed.sum simt-gpu ...` (docs/CUDA.md)
 * and for cross-validating one CUDA source on both sides.
 *
 * libcuda is opened at run time, so simt-gpu builds everywhere. Exit codes:
 * 0 checks pass (or none), 1 a check fails, 2 bad usage or workload, 3 no
 * CUDA driver or device, 4 a CUDA error.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_tools.h"
#include "program.h"
#include "util.h"
#include "outfile.h"
#include "workload.h"

/* The few driver API types and calls used (cuda.h's ABI). */
typedef int CUresult;
typedef int CUdevice;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef unsigned long long CUdeviceptr;

struct cuda {
	void *lib;
	CUresult (*Init)(unsigned);
	CUresult (*DeviceGet)(CUdevice *, int);
	CUresult (*DeviceGetName)(char *, int, CUdevice);
	CUresult (*PrimaryCtxRetain)(CUcontext *, CUdevice);
	CUresult (*PrimaryCtxRelease)(CUdevice);
	CUresult (*CtxSetCurrent)(CUcontext);
	CUresult (*ModuleLoadData)(CUmodule *, const void *);
	CUresult (*ModuleGetFunction)(CUfunction *, CUmodule, const char *);
	CUresult (*ModuleGetGlobal)(CUdeviceptr *, size_t *, CUmodule, const char *);
	CUresult (*MemAlloc)(CUdeviceptr *, size_t);
	CUresult (*MemFree)(CUdeviceptr);
	CUresult (*MemcpyHtoD)(CUdeviceptr, const void *, size_t);
	CUresult (*MemcpyDtoH)(void *, CUdeviceptr, size_t);
	CUresult (*LaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
				 void *, void **, void **);
	CUresult (*CtxSynchronize)(void);
	CUresult (*GetErrorString)(CUresult, const char **);
};

static bool load_cuda(struct cuda *c)
{
	c->lib = dlopen("libcuda.so.1", RTLD_NOW);
	if (!c->lib)
		c->lib = dlopen("libcuda.so", RTLD_NOW);
	if (!c->lib)
		return false;
	struct {
		void **fn;
		const char *name;
	} syms[] = {
		{(void **)&c->Init, "cuInit"},
		{(void **)&c->DeviceGet, "cuDeviceGet"},
		{(void **)&c->DeviceGetName, "cuDeviceGetName"},
		{(void **)&c->PrimaryCtxRetain, "cuDevicePrimaryCtxRetain"},
		{(void **)&c->PrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2"},
		{(void **)&c->CtxSetCurrent, "cuCtxSetCurrent"},
		{(void **)&c->ModuleLoadData, "cuModuleLoadData"},
		{(void **)&c->ModuleGetFunction, "cuModuleGetFunction"},
		{(void **)&c->ModuleGetGlobal, "cuModuleGetGlobal_v2"},
		{(void **)&c->MemAlloc, "cuMemAlloc_v2"},
		{(void **)&c->MemFree, "cuMemFree_v2"},
		{(void **)&c->MemcpyHtoD, "cuMemcpyHtoD_v2"},
		{(void **)&c->MemcpyDtoH, "cuMemcpyDtoH_v2"},
		{(void **)&c->LaunchKernel, "cuLaunchKernel"},
		{(void **)&c->CtxSynchronize, "cuCtxSynchronize"},
		{(void **)&c->GetErrorString, "cuGetErrorString"},
	};
	for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++) {
		*syms[i].fn = dlsym(c->lib, syms[i].name);
		if (!*syms[i].fn)
			return false;
	}
	return true;
}

static int cu_fail(const struct cuda *c, CUresult r, const char *what)
{
	const char *s = NULL;
	if (c->GetErrorString)
		c->GetErrorString(r, &s);
	fprintf(stderr, "simt-gpu: %s: %s (CUDA error %d)\n", what, s ? s : "unknown", r);
	return 4;
}

#define CU(call, what)                               \
	do {                                         \
		CUresult r_ = (call);                \
		if (r_ != 0) {                       \
			rc = cu_fail(&cu, r_, what); \
			goto out;                    \
		}                                    \
	} while (0)

static const char usage_text[] = "usage: simt-gpu WORKLOAD [-D NAME=VALUE]... [--repeat N] [--dump NAME=FILE]...\n"
				 "  runs a CUDA workload (.ptx or .cuda kernel) on the GPU with simt-sim's inputs and "
				 "checks\n";

/* Bad usage: what was wrong, then the usage; exit 2. */
static int usage(const char *why, const char *arg)
{
	if (why)
		fprintf(stderr, "simt-gpu: %s%s%s%s\n", why, arg ? " '" : "", arg ? arg : "", arg ? "'" : "");
	fputs(usage_text, stderr);
	return 2;
}

int main(int argc, char **argv)
{
	const char *path = NULL;
	struct param_override ov[64];
	unsigned nov = 0;
	long repeat = 1;
	const char *dump_name[16], *dump_path[16]; /* --dump: a buffer's bytes after the run, as simt-sim's */
	unsigned ndumps = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(usage_text, stdout);
			return 0;
		} else if (!strcmp(argv[i], "-D") && i + 1 < argc) {
			char *eq = strchr(argv[++i], '=');
			if (!eq || eq == argv[i])
				return usage("-D takes NAME=VALUE, found", argv[i]);
			if (nov == 64)
				return usage("at most 64 -D options", NULL);
			*eq = 0;
			ov[nov++] = (struct param_override){argv[i], eq + 1};
		} else if (!strcmp(argv[i], "--repeat") && i + 1 < argc) {
			char *end;
			repeat = strtol(argv[++i], &end, 10);
			if (end == argv[i] || *end || repeat < 1 || repeat > 1000)
				return usage("--repeat takes a count 1..1000, found", argv[i]);
		} else if (!strcmp(argv[i], "--dump") && i + 1 < argc) {
			char *eq = strchr(argv[++i], '=');
			if (!eq || eq == argv[i] || !eq[1])
				return usage("--dump takes NAME=FILE, found", argv[i]);
			if (ndumps == 16)
				return usage("at most 16 --dump options", NULL);
			*eq = 0;
			dump_name[ndumps] = argv[i];
			dump_path[ndumps++] = eq + 1;
		} else if (argv[i][0] == '-') {
			return usage("unknown or incomplete option", argv[i]);
		} else if (path) {
			return usage("one workload only; a second", argv[i]);
		} else {
			path = argv[i];
		}
	}
	if (!path)
		return usage("no workload given", NULL);
	struct diag d;
	memset(&d, 0, sizeof d);
	long long cc = 0; /* nvcc's oldest target: the driver compiles the PTX for the GPU */
	struct asm_hooks hooks = {nvcc_cuda_to_ptx, &cc, 0}; /* the driver's ptxas schedules */
	struct program *p = asm_load_hooked(path, ov, nov, &hooks, &d);
	if (!p) {
		char buf[1024];
		diag_format(&d, buf, sizeof buf);
		fprintf(stderr, "%s\n", buf);
		return 2;
	}
	if (!p->ptx_entry) {
		fprintf(stderr, "simt-gpu: %s: not a CUDA workload (it has no .ptx or .cuda kernel)\n", path);
		program_free(p);
		return 2;
	}
	struct gmem g;
	gmem_init(&g);
	uint32_t *args = xcalloc(p->nargs ? p->nargs : 1, sizeof *args);
	struct cuda cu;
	memset(&cu, 0, sizeof cu);
	int rc = 0;
	CUcontext ctx = NULL;
	CUdevice dev = 0;
	CUdeviceptr *dbuf = NULL;
	bool *is_var = NULL;  /* buffer i is a module-scope variable of the kernel's */
	size_t *dsize = NULL; /* bytes copied to and from the device per buffer */
	char *ptx = NULL;
	unsigned long long *vals = xcalloc(p->ptx_nparams ? p->ptx_nparams : 1, sizeof *vals);
	void **kp = xcalloc(p->ptx_nparams ? p->ptx_nparams : 1, sizeof *kp);
	unsigned char **bytes = xcalloc(p->ptx_nparams ? p->ptx_nparams : 1, sizeof *bytes);
	struct gmem initial;
	struct wl_expected expected = {0, NULL};
	gmem_init(&initial);
	if (!wl_setup(p, &g, args, &d) || !wl_check_ready(p, &g, &expected, &d)) { /* (g is initial until the launch) */
		char buf[1024];
		diag_format(&d, buf, sizeof buf);
		fprintf(stderr, "%s\n", buf);
		rc = 2;
		goto out;
	}
	unsigned dump_buf[16];
	for (unsigned k = 0; k < ndumps; k++) {
		unsigned i = 0;
		while (i < g.n && strcmp(g.bufs[i].name, dump_name[k]))
			i++;
		if (i == g.n) {
			fprintf(stderr, "simt-gpu: --dump %s: the workload has no buffer of that name\n", dump_name[k]);
			rc = 2;
			goto out;
		}
		dump_buf[k] = i;
	}
	if (!load_cuda(&cu)) {
		const char *why = dlerror();
		fprintf(stderr, "simt-gpu: no CUDA driver (libcuda.so.1): %s\n", why ? why : "not found");
		rc = 3;
		goto out;
	}
	if (cu.Init(0) != 0) {
		fprintf(stderr, "simt-gpu: no CUDA device\n");
		rc = 3;
		goto out;
	}
	char name[256];
	CU(cu.DeviceGet(&dev, 0), "cuDeviceGet");
	CU(cu.DeviceGetName(name, sizeof name, dev), "cuDeviceGetName");
	CU(cu.PrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
	CU(cu.CtxSetCurrent(ctx), "cuCtxSetCurrent");
	size_t len;
	ptx = read_file(p->files[p->loc[0].file], &len);
	if (!ptx) {
		fprintf(stderr, "simt-gpu: cannot read %s\n", p->files[p->loc[0].file]);
		rc = 2;
		goto out;
	}
	CUmodule mod;
	CUfunction fn;
	CU(cu.ModuleLoadData(&mod, ptx), "cuModuleLoadData (the driver compiling the PTX)");
	CU(cu.ModuleGetFunction(&fn, mod, p->ptx_entry), "cuModuleGetFunction");
	/* buffers: device copies of the filled ones; a copy of the inputs for
	 * the checks that read them */
	dbuf = xcalloc(g.n ? g.n : 1, sizeof *dbuf);
	/* a module-scope variable's buffer is the variable itself (argument
	 * ptx_nwords + j names it); the others are allocated */
	is_var = xcalloc(g.n ? g.n : 1, 1);
	dsize = xcalloc(g.n ? g.n : 1, sizeof *dsize);
	for (unsigned i = p->ptx_nwords; i < p->nargs; i++)
		if (p->args[i].buffer >= 0)
			is_var[p->args[i].buffer] = true;
	for (unsigned i = 0; i < g.n; i++) {
		if (is_var[i]) {
			size_t bytes;
			/* (the variable's PTX name: the buffer's writes '$' as '_') */
			const char *var = i < p->nptx_globals ? p->ptx_global_names[i] : g.bufs[i].name;
			CU(cu.ModuleGetGlobal(&dbuf[i], &bytes, mod, var), "cuModuleGetGlobal");
			if (bytes > g.bufs[i].size) {
				fprintf(stderr, "simt-gpu: variable %s has %zu bytes, its buffer %u\n", g.bufs[i].name, bytes,
					g.bufs[i].size);
				rc = 2;
				goto out;
			}
			dsize[i] = bytes;
			CU(cu.MemcpyHtoD(dbuf[i], g.bufs[i].data, bytes), "cuMemcpyHtoD");
		} else {
			dsize[i] = g.bufs[i].size;
			CU(cu.MemAlloc(&dbuf[i], g.bufs[i].size ? g.bufs[i].size : 4), "cuMemAlloc");
			CU(cu.MemcpyHtoD(dbuf[i], g.bufs[i].data, g.bufs[i].size), "cuMemcpyHtoD");
		}
		if (gmem_add(&initial, g.bufs[i].name, g.bufs[i].size) < 0) {
			fprintf(stderr, "simt-gpu: buffer %s: no host memory for a copy of its %u bytes\n", g.bufs[i].name,
				g.bufs[i].size);
			rc = 2;
			goto out;
		}
		memcpy(initial.bufs[i].data, g.bufs[i].data, g.bufs[i].size);
	}
	/* parameters: a buffer's device address, or the value (a 64-bit one with
	 * its high word, arg_spec.hi); a struct's fields each at its offset,
	 * in as many bytes as the kernel reads there, the bytes it does not read
	 * zero */
	for (unsigned i = 0; i < p->ptx_nparams; i++) {
		kp[i] = &vals[i]; /* little-endian: a 4-byte parameter reads the low word */
		if (p->ptx_param_size[i])
			kp[i] = bytes[i] = xcalloc(1, p->ptx_param_size[i]);
	}
	for (unsigned i = 0; i < p->ptx_nwords; i++) { /* the hidden arguments are not passed */
		const struct arg_spec *a = &p->args[i];
		unsigned long long v = a->buffer >= 0 ? dbuf[a->buffer] : (unsigned long long)a->hi << 32 | args[i];
		if (a->bytes)
			memcpy(bytes[a->param] + a->offset, &v, a->bytes); /* (little-endian) */
		else
			vals[a->param] = v;
	}
	unsigned dyn = p->dyn_shared;
	for (long r = 0; r < repeat && rc == 0; r++) {
		if (r > 0) /* every launch starts from the same inputs */
			for (unsigned i = 0; i < g.n; i++)
				CU(cu.MemcpyHtoD(dbuf[i], initial.bufs[i].data, dsize[i]), "cuMemcpyHtoD");
		CU(cu.LaunchKernel(fn, p->grid[0], p->grid[1], p->grid[2], p->block[0], p->block[1], p->block[2], dyn,
				   NULL, kp, NULL),
		   "cuLaunchKernel");
		CU(cu.CtxSynchronize(), "the kernel");
	}
	for (unsigned i = 0; i < g.n; i++)
		CU(cu.MemcpyDtoH(g.bufs[i].data, dbuf[i], dsize[i]), "cuMemcpyDtoH");
	printf("simt-gpu: %s (%s) on %s, grid %ux%ux%u, block %ux%ux%u, %u bytes dynamic shared\n", p->name,
	       p->ptx_entry, name, p->grid[0], p->grid[1], p->grid[2], p->block[0], p->block[1], p->block[2], dyn);
	for (unsigned i = 0; i < p->nreports; i++) { /* as simt-sim prints them */
		char v[64];
		wl_report_value(p, &g, i, v, sizeof v);
		printf("report %s = %s\n", p->reports[i].name, v);
	}
	for (unsigned k = 0; k < ndumps; k++) {
		struct outfile of;
		const struct gmem_buffer *b = &g.bufs[dump_buf[k]];
		if (!outfile_open(&of, dump_path[k], "wb", false)) {
			fprintf(stderr, "simt-gpu: --dump %s: cannot write %s\n", dump_name[k], dump_path[k]);
			rc = 2;
			goto out;
		}
		outfile_write(&of, b->data, b->size);
		if (outfile_commit(&of)) {
			fprintf(stderr, "simt-gpu: --dump %s: cannot write %s\n", dump_name[k], dump_path[k]);
			rc = 2;
			goto out;
		}
	}
	int failed = wl_check(p, &initial, &expected, &g, stdout, &d);
	if (failed < 0) {
		char buf[1024];
		diag_format(&d, buf, sizeof buf);
		fprintf(stderr, "%s\n", buf);
		rc = 2;
	} else {
		rc = failed ? 1 : 0;
	}
out:
	free(vals);
	free(kp);
	for (unsigned i = 0; i < p->ptx_nparams; i++)
		free(bytes[i]);
	free(bytes);
	if (dbuf)
		for (unsigned i = 0; i < g.n; i++)
			if (dbuf[i] && !(is_var && is_var[i])) /* variables are the module's */
				cu.MemFree(dbuf[i]);
	if (ctx)
		cu.PrimaryCtxRelease(dev);
	free(dbuf);
	free(dsize);
	free(is_var);
	free(ptx);
	free(args);
	gmem_free(&g);
	gmem_free(&initial);
	wl_expected_free(&expected);
	program_free(p);
	return rc;
}
