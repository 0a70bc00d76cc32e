/*
 * replay.c - run a fuzz target's entry point over every file of the given
 * corpus directories, without libFuzzer (any compiler): CI replays the
 * committed corpora (tests/fuzz/corpus/TARGET) and the repository inputs
 * that seed them (scripts/fuzz.sh; the corpora do not repeat them) as a
 * regression test, under the sanitizers in the sanitizer build. Regular
 * files only. Exits 0 when every input ran.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
	unsigned n = 0;
	for (int i = 1; i < argc; i++) {
		DIR *d = opendir(argv[i]);
		if (!d) {
			fprintf(stderr, "replay: cannot open %s\n", argv[i]);
			return 1;
		}
		struct dirent *e;
		while ((e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			char path[4096];
			snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
			struct stat st;
			if (stat(path, &st) || !S_ISREG(st.st_mode))
				continue; /* a seed directory's subdirectories */
			size_t len;
			char why[128];
			char *data = read_input(path, 1u << 20, &len, why, sizeof why);
			if (!data) {
				fprintf(stderr, "replay: %s: %s\n", path, why);
				closedir(d);
				return 1;
			}
			LLVMFuzzerTestOneInput((const uint8_t *)data, len);
			free(data);
			n++;
		}
		closedir(d);
	}
	printf("replay: %u inputs ran\n", n);
	return n ? 0 : 1;
}
