/* config.c - INI loading through inih and the one key table. */
#include "config.h"
#include "sched.h"

#include <errno.h>
#include <ini.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum ktype { K_INT, K_STR };

struct key {
	const char *section, *key;
	enum ktype type;
	size_t offset;
	int64_t lo, hi, def;
	const char *sdef;
	const char *allowed; /* "a|b|c", or "" for any */
	const char *help;
};

static const struct key keys[] = {
#define KEY_INT(sec, k, field, lo, hi, def, help)                                              \
	{#sec, #k, K_INT, offsetof(struct gpu_config, field), lo, hi, def, NULL, NULL, help},
#define KEY_STR(sec, k, field, def, allowed, help)                                             \
	{#sec, #k, K_STR, offsetof(struct gpu_config, field), 0, 0, 0, def, allowed, help},
#include "config_keys.def"
#undef KEY_INT
#undef KEY_STR
};
#define NKEYS (sizeof keys / sizeof keys[0])

void cfg_defaults(struct gpu_config *c)
{
	memset(c, 0, sizeof *c);
	for (size_t i = 0; i < NKEYS; i++) {
		char *f = (char *)c + keys[i].offset;
		if (keys[i].type == K_INT)
			memcpy(f, &keys[i].def, sizeof(int64_t));
		else
			snprintf(f, 64, "%s", keys[i].sdef);
	}
}

static const struct key *find_key(const char *section, const char *name)
{
	for (size_t i = 0; i < NKEYS; i++)
		if (!strcmp(keys[i].section, section) && !strcmp(keys[i].key, name))
			return &keys[i];
	return NULL;
}

static bool word_in(const char *w, const char *list)
{
	size_t n = strlen(w);
	for (const char *p = list; *p;) {
		size_t k = strcspn(p, "|");
		if (k == n && !strncmp(p, w, n))
			return true;
		p += k + (p[k] == '|');
	}
	return false;
}

/* Set one key; on error writes a message (without location) to msg. */
static bool set_key(struct gpu_config *c, const char *section, const char *name,
		    const char *value, char *msg, size_t msize)
{
	const struct key *k = find_key(section, name);
	if (!k) {
		bool known_section = false;
		for (size_t i = 0; i < NKEYS; i++)
			known_section |= !strcmp(keys[i].section, section);
		if (!known_section)
			snprintf(msg, msize, "unknown section [%s] (key %s.%s)", section, section, name);
		else
			snprintf(msg, msize, "unknown key %s.%s (see --help-config)", section, name);
		return false;
	}
	char *f = (char *)c + k->offset;
	if (k->type == K_STR) {
		if (strlen(value) >= 64) {
			snprintf(msg, msize, "%s.%s = \"%s\": at most 63 characters", section, name, value);
			return false;
		}
		if (!strcmp(section, "sm") && !strcmp(name, "scheduler") && !sched_find(value)) {
			snprintf(msg, msize, "%s.%s = '%s' is not a scheduler (one of: %s)", section, name,
				 value, sched_names());
			return false;
		}
		if (k->allowed[0] && !word_in(value, k->allowed)) {
			snprintf(msg, msize, "%s.%s = '%s' is not one of %s", section, name, value, k->allowed);
			return false;
		}
		snprintf(f, 64, "%s", value);
		return true;
	}
	char *end;
	errno = 0;
	long long v = strtoll(value, &end, 0);
	if (errno || end == value || *end) {
		snprintf(msg, msize, "%s.%s = '%s': expected an integer in %" PRId64 "..%" PRId64, section,
			 name, value, k->lo, k->hi);
		return false;
	}
	if (v < k->lo || v > k->hi) {
		snprintf(msg, msize, "%s.%s = %lld is out of range %" PRId64 "..%" PRId64, section, name, v,
			 k->lo, k->hi);
		return false;
	}
	int64_t vv = v;
	memcpy(f, &vv, sizeof vv);
	return true;
}

struct load_ctx {
	struct gpu_config *c;
	char msg[512];
	bool failed;
	unsigned nset;            /* keys the file set */
	unsigned char seen[NKEYS];
};

static int handler(void *user, const char *section, const char *name, const char *value)
{
	struct load_ctx *l = user;
	if (l->failed)
		return 0; /* keep the first error: ini_parse reports its line */
	if (!name) /* a section header with no keys yet */
		return 1;
	const struct key *k = find_key(section, name);
	if (k && l->seen[k - keys]) {
		snprintf(l->msg, sizeof l->msg, "%s.%s is given twice", section, name);
		l->failed = true;
		return 0;
	}
	if (!set_key(l->c, section, name, value, l->msg, sizeof l->msg)) {
		l->failed = true;
		return 0;
	}
	l->seen[k - keys] = 1;
	l->nset++;
	return 1;
}

bool cfg_load(const char *path, struct gpu_config *c, struct diag *d)
{
	struct load_ctx l;
	memset(&l, 0, sizeof l);
	l.c = c;
	FILE *f = fopen(path, "r");
	if (!f)
		return diag_error(d, path, 0, 0, "", "cannot read config: %s", strerror(errno));
	int line = ini_parse_file(f, handler, &l);
	fclose(f);
	if (line != 0) {
		if (!l.failed)
			snprintf(l.msg, sizeof l.msg, "malformed line (expected [section] or key = value)");
		return diag_error(d, path, (unsigned)(line > 0 ? line : 0), 0, "", "%s", l.msg);
	}
	/* a file that sets nothing is a mistake (a wrong path, an empty file),
	 * not a request for the built-in defaults */
	if (!l.nset)
		return diag_error(d, path, 0, 0, "", "the config sets no key (expected [section] and key = value lines; see --help-config)");
	return true;
}

bool cfg_set(struct gpu_config *c, const char *assignment, struct diag *d)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", assignment);
	char *eq = strchr(buf, '='), *dot = strchr(buf, '.');
	if (!eq || !dot || dot > eq)
		return diag_error(d, "--set", 0, 0, "", "'%s': expected SECTION.KEY=VALUE", assignment);
	*eq = 0;
	*dot = 0;
	char msg[512];
	if (!set_key(c, buf, dot + 1, eq + 1, msg, sizeof msg))
		return diag_error(d, "--set", 0, 0, "", "%s", msg);
	return true;
}

void cfg_print_help(FILE *f)
{
	for (size_t i = 0; i < NKEYS; i++) {
		const struct key *k = &keys[i];
		if (k->type == K_INT)
			fprintf(f, "%s.%s  integer %" PRId64 "..%" PRId64 ", default %" PRId64 "\n    %s\n",
				k->section, k->key, k->lo, k->hi, k->def, k->help);
		else
			fprintf(f, "%s.%s  %s%s, default \"%s\"\n    %s\n", k->section, k->key,
				k->allowed[0] ? "one of " : "string", k->allowed, k->sdef, k->help);
	}
}

void cfg_print_json(FILE *f, const struct gpu_config *c)
{
	fprintf(f, "{");
	for (size_t i = 0; i < NKEYS; i++) {
		const struct key *k = &keys[i];
		const char *fld = (const char *)c + k->offset;
		fprintf(f, "%s\"%s.%s\": ", i ? ", " : "", k->section, k->key);
		if (k->type == K_INT) {
			int64_t v;
			memcpy(&v, fld, sizeof v);
			fprintf(f, "%" PRId64, v);
		} else {
			fputc('"', f);
			for (const char *s = fld; *s; s++)
				fprintf(f, (*s == '"' || *s == '\\') ? "\\%c" : (*s < 0x20 ? "\\u%04x" : "%c"),
					*s);
			fputc('"', f);
		}
	}
	fprintf(f, "}");
}
