/* outfile.c - an output file written whole or not at all (outfile.h). */
#define _DEFAULT_SOURCE /* realpath */
#include "outfile.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

bool outfile_open(struct outfile *o, const char *path, const char *mode, bool allow_stdout)
{
	memset(o, 0, sizeof *o);
	if (allow_stdout && !strcmp(path, "-")) {
		o->f = stdout;
		o->direct = o->is_stdout = true;
		return true;
	}
	if (strlen(path) >= sizeof o->path) {
		errno = ENAMETOOLONG;
		return false;
	}
	snprintf(o->path, sizeof o->path, "%s", path);
	struct stat st;
	if (!lstat(path, &st) && S_ISLNK(st.st_mode)) {
		char *real = realpath(path, NULL); /* (NULL: a link to nothing) */
		if (real && strlen(real) < sizeof o->path)
			snprintf(o->path, sizeof o->path, "%s", real);
		bool dangling = !real;
		free(real);
		if (dangling || stat(o->path, &st))
			o->direct = true;
	} else if (lstat(path, &st)) {
		st.st_mode = 0; /* nothing there: a new file */
	}
	if (!o->direct && st.st_mode && S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		return false;
	}
	if (!o->direct && st.st_mode && !S_ISREG(st.st_mode))
		o->direct = true;
	if (o->direct) {
		o->f = fopen(path, mode);
		return o->f != NULL;
	}
	if (st.st_mode && access(o->path, W_OK)) /* (EACCES, EROFS) */
		return false;
	snprintf(o->tmp, sizeof o->tmp, "%s.partXXXXXX", o->path);
	int fd = mkstemp(o->tmp);
	if (fd < 0)
		return false;
	mode_t perm;
	if (st.st_mode) {
		perm = st.st_mode & 07777;
	} else { /* (mkstemp makes it 0600: a new file gets 0666 less the umask) */
		mode_t mask = umask(0);
		umask(mask);
		perm = 0666 & ~mask;
	}
	fchmod(fd, perm);
	o->f = fdopen(fd, mode);
	if (!o->f) {
		int e = errno;
		close(fd);
		remove(o->tmp);
		errno = e;
		return false;
	}
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
	if (o->direct)
		return err;
	if (!err && rename(o->tmp, o->path))
		err = errno;
	if (err)
		remove(o->tmp);
	return err;
}

void outfile_discard(struct outfile *o)
{
	if (!o->f)
		return;
	if (!o->is_stdout)
		fclose(o->f);
	o->f = NULL;
	if (!o->direct)
		remove(o->tmp);
}
