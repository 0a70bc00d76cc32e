/* xval_onesrc.c - simt-xval --one-source: the one-source cross-validation
 * (docs/VALIDATION.md, "One source"). Every case of scripts/xval/cases.txt
 * (or --cases FILE) is a workload whose CUDA kernel runs unchanged on the
 * GPU (simt-gpu under Nsight Compute: scripts/xval/gpu.sh) and, from the
 * same PTX, on the simulator; scripts/xval/table.py collects the GPU's
 * answers and prints the table. This file runs those steps in order, so
 * that the table has one definition (table.py) and one command. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "xval.h"

/* Run argv (a NULL-terminated list) with CASES=cases when cases is not
 * NULL, stdout to out_path when not NULL; returns its exit status, or -1
 * when it could not run or was killed. */
static int run(char *const argv[], const char *cases, const char *out_path)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (cases)
			setenv("CASES", cases, 1);
		if (out_path && !freopen(out_path, "w", stdout))
			_exit(126);
		execvp(argv[0], argv);
		fprintf(stderr, "simt-xval: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Whether a command runs here (exit 0 with its output discarded). */
static bool have(const char *sh)
{
	char *const argv[] = {"sh", "-c", (char *)sh, NULL};
	return run(argv, NULL, NULL) == 0;
}

int xval_one_source(const struct xval_opts *o, const char *bindir, const char *answers, const char *cases,
		    const char *max_size)
{
	char sim[4200], gpu[4200], jobs[16], collected[4200];
	snprintf(sim, sizeof sim, "%s/simt-sim", bindir);
	snprintf(jobs, sizeof jobs, "%d", o->jobs);
	if (!answers) { /* the GPU side: simt-gpu under ncu, into o->gpu_dir */
		snprintf(gpu, sizeof gpu, "%s/simt-gpu", bindir);
		if (!have("nvidia-smi -L > /dev/null 2>&1") || !have("ncu --version > /dev/null 2>&1")) {
			printf("simt-xval: skipped: --one-source needs an NVIDIA GPU and Nsight Compute (ncu); "
			       "--answers FILE compares with stored answers instead\n");
			return 0;
		}
		char *const g[] = {"sh", "scripts/xval/gpu.sh", gpu, (char *)o->gpu_dir, NULL};
		if (run(g, cases, NULL) != 0) {
			fprintf(stderr, "simt-xval: scripts/xval/gpu.sh failed\n");
			return XV_GPU;
		}
		snprintf(collected, sizeof collected, "%s/answers.txt", o->gpu_dir);
		char *const c[] = {"python3", "scripts/xval/table.py", "collect", (char *)o->gpu_dir, NULL};
		if (run(c, cases, collected) != 0) {
			fprintf(stderr, "simt-xval: collecting the GPU's answers failed\n");
			return XV_GPU;
		}
		printf("simt-xval: the GPU's answers are in %s\n", collected);
		answers = collected;
	}
	char *t[] = {"python3", "scripts/xval/table.py", "table", (char *)answers, sim, (char *)o->config,
		     "-j", jobs, NULL, NULL, NULL, NULL, NULL};
	unsigned nt = 8;
	if (max_size) {
		t[nt++] = "--max-size";
		t[nt++] = (char *)max_size;
	}
	if (o->sim_dir) {
		t[nt++] = "--sim-dir";
		t[nt++] = (char *)o->sim_dir;
	}
	int rc = run(t, cases, NULL);
	return rc < 0 ? XV_GPU : rc;
}
