/*
 * outfile.h - an output file written whole or not at all.
 *
 * The one way the tools write a result file (simt-sim's --json, --dump and
 * --trace; simt-view's --png and --perfetto). Contract:
 * - A regular file, or a path where nothing is yet, is written to a new file
 *   beside it (PATH.partXXXXXX, with the mode the file has or a new file
 *   would get) and renamed over PATH by outfile_commit once every byte is
 *   written: a run that stops early, or a write that fails (a full disk),
 *   leaves what was at PATH as it was. A link is followed: the file it names
 *   is the one replaced.
 * - An existing regular file that may not be written (its mode) is refused
 *   at outfile_open, as opening it would be: a rename would replace it.
 * - Anything else (a device such as /dev/null, a pipe, a link to nothing)
 *   is written directly.
 * - "-" is stdout when the caller allows it (allow_stdout).
 */
#ifndef SIMT_OUTFILE_H
#define SIMT_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

struct outfile {
	FILE *f;            /* where to write; NULL when not open */
	char path[4096];    /* the file replaced at commit (a link resolved) */
	char tmp[4200];     /* the file written, when not direct */
	bool direct;        /* written in place (a device, a pipe, stdout) */
	int err;            /* the first failed write's errno (outfile_write), or 0 */
	bool is_stdout;
};

/* Open path for writing; mode "w" or "wb". Returns false with errno set
 * (EISDIR for a directory, EACCES for a regular file that may not be
 * written, ENAMETOOLONG, or what creating the file beside it set). */
bool outfile_open(struct outfile *o, const char *path, const char *mode, bool allow_stdout);

/* fwrite n bytes of buf to o->f, keeping why a short write failed (the
 * stream's error flag alone loses it). Returns whether all were written. */
bool outfile_write(struct outfile *o, const void *buf, size_t n);

/* Finish the file: flush, close and rename into place. Returns 0, or the
 * errno value of the first failure (a write, the close, the rename), in
 * which case the partial file is removed and what was at the path is as it
 * was (a direct file keeps what was written). Safe on a closed outfile. */
int outfile_commit(struct outfile *o);

/* Give the file up: close it and remove what was written beside the path
 * (a direct file keeps what was written). Safe on a closed outfile. */
void outfile_discard(struct outfile *o);

#endif
