/* outfile.c - an output file written whole or not at all (outfile.h). */
#define _DEFAULT_SOURCE /* realpath, sigaction */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

/* The partial files being written, for outfile_remove_partials: state
 * outside any caller's context because a signal handler can reach nothing
 * else (the one such table in the project). Each slot points at a tracked
 * outfile's tmp; the outfile stays where it is while it is written. */
enum { MAX_PARTIALS = 80 };
static const char *volatile partials[MAX_PARTIALS];

static void track(struct outfile *o)
{
	for (unsigned i = 0; i < MAX_PARTIALS; i++)
		if (!partials[i]) {
			partials[i] = o->tmp;
			return;
		}
}

static void untrack(struct outfile *o)
{
	for (unsigned i = 0; i < MAX_PARTIALS; i++)
		if (partials[i] == o->tmp)
			partials[i] = NULL;
}

void outfile_remove_partials(void)
{
	for (unsigned i = 0; i < MAX_PARTIALS; i++)
		if (partials[i])
			unlink(partials[i]); /* (async-signal-safe) */
}

/* A temporary file from template tmp (mkstemp), given the mode perm. */
static FILE *make_temp(char *tmp, mode_t perm, const char *mode)
{
	int fd = mkstemp(tmp);
	if (fd < 0)
		return NULL;
	fchmod(fd, perm);
	FILE *f = fdopen(fd, mode);
	if (!f) {
		int e = errno;
		close(fd);
		remove(tmp);
		errno = e;
	}
	return f;
}

/* Whether a rename may replace the existing file st in the directory of
 * path: ours (rename would give it our owner), one link (rename would
 * leave the others with the old contents), and not in a sticky directory
 * of someone else's (rename would be refused after the run). */
static bool may_replace(const char *path, const struct stat *st)
{
	uid_t me = geteuid();
	if (st->st_nlink != 1 || st->st_uid != me)
		return false;
	char dir[4096];
	const char *slash = strrchr(path, '/');
	snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + 1 : 1, slash ? path : ".");
	struct stat ds;
	return stat(dir, &ds) == 0 && (!(ds.st_mode & S_ISVTX) || ds.st_uid == me || me == 0);
}

bool outfile_open(struct outfile *o, const char *path, const char *mode, bool allow_stdout)
{
	memset(o, 0, sizeof *o);
	if (allow_stdout && !strcmp(path, "-")) {
		o->f = stdout;
		o->kind = OUT_DIRECT;
		o->is_stdout = true;
		return true;
	}
	if (!*path) {
		errno = ENOENT;
		return false;
	}
	size_t len = strlen(path);
	if (len >= sizeof o->path) {
		errno = ENAMETOOLONG;
		return false;
	}
	memcpy(o->path, path, len + 1);
	/* the system's names for streams and devices (/dev/stdout, /dev/fd/1,
	 * /proc/self/fd/1 link to whatever the shell redirected): in place */
	bool system = !strncmp(path, "/dev/", 5) || !strncmp(path, "/proc/", 6);
	struct stat st;
	bool exists = false;
	if (!system && !lstat(path, &st) && S_ISLNK(st.st_mode)) {
		char *real = realpath(path, NULL); /* (NULL: a link to nothing) */
		if (real && strlen(real) < sizeof o->path && !stat(real, &st)) {
			snprintf(o->path, sizeof o->path, "%s", real);
			exists = true;
		} else {
			system = true; /* a link to nothing: written through, in place */
		}
		free(real);
	} else if (!system) {
		exists = !lstat(path, &st);
	}
	if (exists && S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		return false;
	}
	if (system || (exists && !S_ISREG(st.st_mode))) {
		o->kind = OUT_DIRECT;
		/* a name for one of the program's own descriptors: written through
		 * a copy of it, at its offset and in its mode (reopening it would
		 * empty a file the shell appends to) */
		int fd = !strcmp(path, "/dev/stdout") ? 1 : !strcmp(path, "/dev/stderr") ? 2 : -1;
		const char *num = !strncmp(path, "/dev/fd/", 8) ? path + 8 : !strncmp(path, "/proc/self/fd/", 14) ? path + 14
															  : NULL;
		if (num && *num && strspn(num, "0123456789") == strlen(num) && strlen(num) < 8)
			fd = atoi(num);
		if (fd >= 0 && fcntl(fd, F_GETFD) != -1) {
			int d = dup(fd);
			o->f = d >= 0 ? fdopen(d, mode) : NULL;
			if (!o->f && d >= 0)
				close(d);
			return o->f != NULL;
		}
		o->f = fopen(path, mode);
		return o->f != NULL;
	}
	mode_t perm;
	if (exists) {
		if (access(o->path, W_OK)) /* (EACCES, EROFS) */
			return false;
		perm = st.st_mode & 07777;
	} else { /* (mkstemp makes it 0600: a new file gets 0666 less the umask) */
		mode_t mask = umask(0);
		umask(mask);
		perm = 0666 & ~mask;
	}
	o->kind = !exists || may_replace(o->path, &st) ? OUT_RENAME : OUT_COPY;
	if (o->kind == OUT_RENAME) {
		snprintf(o->tmp, sizeof o->tmp, "%s.partXXXXXX", o->path);
		if ((o->f = make_temp(o->tmp, perm, mode))) {
			track(o);
			return true;
		}
		if (!exists && errno != ENAMETOOLONG)
			return false; /* (no file can be made there) */
		o->kind = OUT_COPY; /* (a read-only directory, a name too long for a suffix) */
	}
	/* copied into the file at commit, from a temporary file elsewhere */
	const char *dir = getenv("TMPDIR");
	snprintf(o->tmp, sizeof o->tmp, "%s/simt-outXXXXXX", dir && *dir ? dir : "/tmp");
	if (!(o->f = make_temp(o->tmp, 0600, mode)))
		return false;
	track(o);
	return true;
}

bool outfile_write(struct outfile *o, const void *buf, size_t n)
{
	errno = 0;
	if (fwrite(buf, 1, n, o->f) == n)
		return true;
	if (!o->err)
		o->err = errno ? errno : EIO;
	return false;
}

/* Copy file from into path (emptied first: its inode, owner, mode and
 * other links kept). Returns 0 or an errno value. */
static int copy_into(const char *from, const char *path)
{
	int in = open(from, O_RDONLY);
	if (in < 0)
		return errno;
	int out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	if (out < 0) {
		int e = errno;
		close(in);
		return e;
	}
	int err = 0;
	char buf[65536];
	for (;;) {
		ssize_t n = read(in, buf, sizeof buf);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n < 0 ? errno : 0;
			break;
		}
		for (ssize_t done = 0; done < n;) {
			ssize_t w = write(out, buf + done, (size_t)(n - done));
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0) {
				err = w < 0 ? errno : EIO;
				break;
			}
			done += w;
		}
		if (err)
			break;
	}
	if (close(out) && !err)
		err = errno;
	close(in);
	return err;
}

int outfile_commit(struct outfile *o)
{
	if (!o->f)
		return 0;
	int err = o->err;
	errno = 0;
	if (fflush(o->f) && !err) /* (what is still buffered fails here, with its reason) */
		err = errno ? errno : EIO;
	if (ferror(o->f) && !err)
		err = EIO;
	if (o->is_stdout) {
		o->f = NULL;
		return err;
	}
	if (fclose(o->f) && !err)
		err = errno ? errno : EIO;
	o->f = NULL;
	if (o->kind == OUT_DIRECT)
		return err;
	if (!err)
		err = o->kind == OUT_RENAME ? (rename(o->tmp, o->path) ? errno : 0) : copy_into(o->tmp, o->path);
	if (err || o->kind == OUT_COPY)
		remove(o->tmp);
	untrack(o);
	return err;
}

void outfile_discard(struct outfile *o)
{
	if (!o->f)
		return;
	if (!o->is_stdout)
		fclose(o->f);
	o->f = NULL;
	if (o->kind != OUT_DIRECT) {
		remove(o->tmp);
		untrack(o);
	}
}

/* A signal that ends the program: the partial files go, then the signal
 * does what it would have done. */
static void on_signal(int sig)
{
	outfile_remove_partials();
	signal(sig, SIG_DFL);
	raise(sig);
}

void outfile_clean_on_signals(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
	for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		struct sigaction sa, old;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		/* (a signal the caller's parent set to be ignored stays ignored) */
		if (!sigaction(sigs[i], NULL, &old) && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	}
}
