/*
 * outfile.h - an output file written whole or not at all.
 *
 * The one way the tools write a result file (simt-sim's --json, --dump and
 * --trace; simt-view's --png, --perfetto and --shot). Contract:
 * - A regular file, or a path where nothing is yet, is written to a new file
 *   beside it (PATH.partXXXXXX, with the mode the file has or a new file
 *   would get) and renamed over PATH by outfile_commit once every byte is
 *   written (OUT_RENAME): a run that stops early, or a write that fails (a
 *   full disk), leaves what was at PATH as it was. A link is followed: the
 *   file it names is the one replaced.
 * - An existing file a rename must not replace (another user's, one with
 *   other hard links, in someone else's sticky directory) or beside which no
 *   file can be made (a read-only directory, a name with no room for the
 *   suffix) is written to a temporary file in $TMPDIR (or /tmp) and copied
 *   into the file at commit (OUT_COPY: its owner, mode and links kept; a
 *   stopped run leaves it as it was, a write failing during the copy
 *   leaves it part-written).
 * - An existing regular file that may not be written (its mode) is refused
 *   at outfile_open, as opening it would be; so is an empty name.
 * - Anything else (a device, a pipe, a link to nothing, and any name under
 *   /dev/ or /proc/, such as /dev/stdout) is written directly (OUT_DIRECT).
 * - "-" is stdout when the caller allows it (allow_stdout).
 * - A program that calls outfile_clean_on_signals removes its partial files
 *   when SIGINT, SIGTERM, SIGHUP or SIGPIPE ends it.
 */
#ifndef SIMT_OUTFILE_H
#define SIMT_OUTFILE_H

#include <stdbool.h>
#include <stdio.h>

enum outfile_kind { OUT_RENAME, OUT_COPY, OUT_DIRECT };

struct outfile {
	FILE *f;            /* where to write; NULL when not open */
	char path[4096];    /* the file replaced at commit (a link resolved) */
	char tmp[4200];     /* the file written, when not direct */
	enum outfile_kind kind;
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

/* Remove every partial file still open (async-signal-safe). */
void outfile_remove_partials(void);

/* Install handlers for SIGINT, SIGTERM, SIGHUP and SIGPIPE that remove the
 * partial files, then end the program as the signal would have (a signal
 * that was ignored stays ignored). */
void outfile_clean_on_signals(void);

/* Give the file up: close it and remove what was written beside the path
 * (a direct file keeps what was written). Safe on a closed outfile. */
void outfile_discard(struct outfile *o);

#endif
