/* config.c - INI loading through inih and the one key table. */
#include "config.h"
#include "explain.h"
#include "json.h"
#include "sched.h"
#include "util.h"

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
			char names[256];
			snprintf(msg, msize, "%s.%s = '%s' is not a scheduler (one of: %s)", section, name,
				 value, explain_sched_names(names, sizeof names));
			return false;
		}
		if (k->allowed[0] && !word_in(value, k->allowed)) {
			snprintf(msg, msize, "%s.%s = '%s' is not one of %s", section, name, value, k->allowed);
			return false;
		}
		snprintf(f, 64, "%s", value);
		return true;
	}
	int64_t v;
	if (!cfg_parse_int(value, &v)) {
		snprintf(msg, msize, "%s.%s = '%.80s': expected a whole number in %" PRId64 "..%" PRId64
				     " (decimal, or hexadecimal after 0x)", section, name, value, k->lo, k->hi);
		return false;
	}
	if (v < k->lo || v > k->hi) {
		snprintf(msg, msize, "%s.%s = %" PRId64 " is out of range %" PRId64 "..%" PRId64, section, name, v,
			 k->lo, k->hi);
		return false;
	}
	memcpy(f, &v, sizeof v);
	return true;
}

bool cfg_parse_int(const char *s, int64_t *out)
{
	bool neg = *s == '-';
	s += neg;
	unsigned base = 10;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		base = 16, s += 2;
	if (!*s)
		return false;
	uint64_t v = 0;
	for (; *s; s++) {
		unsigned dgt;
		if (*s >= '0' && *s <= '9')
			dgt = (unsigned)(*s - '0');
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			dgt = (unsigned)(*s - 'a' + 10);
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			dgt = (unsigned)(*s - 'A' + 10);
		else
			return false;
		if (v > ((uint64_t)INT64_MAX - dgt) / base)
			return false; /* out of any key's range: refused, never wrapped */
		v = v * base + dgt;
	}
	*out = neg ? -(int64_t)v : (int64_t)v;
	return true;
}

struct load_ctx {
	struct gpu_config *c;
	struct cfg_origin *o;
	char msg[512];
	bool failed;
	unsigned nset;            /* keys the file set */
	unsigned seen[NKEYS];     /* the line that set each key, 0 if none */
	/* the reader: the text, where it is, and the number of the line last given to inih */
	const char *text, *at;
	unsigned lineno, fail_line;
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
		snprintf(l->msg, sizeof l->msg, "%s.%s is given twice (first at line %u)", section, name,
			 l->seen[k - keys]);
		l->failed = true;
		l->fail_line = l->lineno;
		return 0;
	}
	if (!set_key(l->c, section, name, value, l->msg, sizeof l->msg)) {
		l->failed = true;
		l->fail_line = l->lineno;
		return 0;
	}
	l->seen[k - keys] = l->lineno;
	if (l->o) {
		l->o->line[k - keys] = l->lineno;
		l->o->set_by[k - keys] = NULL;
	}
	l->nset++;
	return 1;
}

/* inih's line reader over the checked text: it counts lines, so that every
 * key knows the line that set it. */
static char *next_line(char *str, int num, void *stream)
{
	struct load_ctx *l = stream;
	if (!*l->at)
		return NULL;
	size_t n = strcspn(l->at, "\n");
	n += l->at[n] == '\n';
	if (n >= (size_t)num) { /* checked against CFG_MAX_LINE: only a smaller inih buffer gets here */
		snprintf(l->msg, sizeof l->msg, "line is too long for the INI reader (%d bytes)", num);
		l->failed = true;
		l->fail_line = l->lineno + 1;
		return NULL;
	}
	memcpy(str, l->at, n);
	str[n] = 0;
	l->at += n;
	l->lineno++;
	return str;
}

/* What inih would read wrongly without a word: NUL bytes, carriage returns
 * that end no line, lines longer than its buffer (it would split them and
 * read the tail as a line of its own), a section header without ']' or
 * with more than a comment after it (it would drop the rest), an
 * indented line after a key (it would continue that key's value). */
static bool check_text(const char *path, const char *text, size_t len, struct diag *d)
{
	unsigned line = 1;
	bool after_key = false; /* a key line came before, in this section */
	for (const char *bol = text; bol < text + len; line++) {
		const char *eol = memchr(bol, '\n', (size_t)(text + len - bol));
		size_t n = eol ? (size_t)(eol - bol) : (size_t)(text + len - bol);
		const char *nul = memchr(bol, 0, n);
		if (nul)
			return diag_error(d, path, line, (unsigned)(nul - bol) + 1, bol, "line contains a NUL byte");
		const char *cr = memchr(bol, '\r', n);
		if (cr && cr != bol + n - 1)
			return diag_error(d, path, line, (unsigned)(cr - bol) + 1, "",
					  "a carriage return inside a line (lines end with LF or CR LF; "
					  "CR alone is not read as a line end)");
		size_t chars = n; /* bytes before the newline, a CR included */
		if (chars > CFG_MAX_LINE)
			return diag_error(d, path, line, CFG_MAX_LINE + 1, "",
					  "line is too long (%zu characters; the INI reader takes at most %d)", chars,
					  CFG_MAX_LINE);
		const char *q = bol + strspn(bol, " \t");
		const char *close = q < bol + chars && *q == '[' ? memchr(q, ']', (size_t)(bol + chars - q)) : NULL;
		if (q < bol + chars && *q == '[' && !close)
			return diag_error(d, path, line, (unsigned)(q - bol) + 1, bol,
					  "expected ']' to end the section name");
		if (close) { /* after the ']': nothing, or a comment (inih would drop the rest unread) */
			const char *r = close + 1 + strspn(close + 1, " \t\r");
			if (r < bol + chars && *r != ';' && *r != '#')
				return diag_error(d, path, line, (unsigned)(r - bol) + 1, bol,
						  "expected the end of the line or a comment after the section name's ']'");
		}
		bool blank = q >= bol + chars || *q == '\r';
		if (!blank && *q != ';' && *q != '#') {
			if (q > bol && after_key)
				return diag_error(d, path, line, (unsigned)(q - bol) + 1, bol,
						  "an indented line would continue the value of the key above it "
						  "(the INI reader's continuation lines): remove the indentation");
			after_key = *q != '[';
		}
		bol = eol ? eol + 1 : text + len;
	}
	return true;
}

bool cfg_load(const char *path, struct gpu_config *c, struct cfg_origin *o, struct diag *d)
{
	size_t len;
	char why[128];
	char *text = read_input(path, READ_MAX_TEXT, &len, why, sizeof why);
	if (!text)
		return diag_error(d, path, 0, 0, "", "cannot read config: %s", why);
	bool ok = cfg_parse(path, text, len, c, o, d);
	free(text);
	return ok;
}

bool cfg_parse(const char *path, const char *text, size_t len, struct gpu_config *c, struct cfg_origin *o,
	       struct diag *d)
{
	struct load_ctx l;
	memset(&l, 0, sizeof l);
	l.c = c;
	l.o = o;
	if (o) {
		memset(o, 0, sizeof *o);
		snprintf(o->file, sizeof o->file, "%s", path);
	}
	if (!check_text(path, text, len, d))
		return false;
	l.text = l.at = text;
	int line = ini_parse_stream(next_line, &l, handler, &l);
	bool ok = true;
	if (line != 0) {
		if (!l.failed)
			snprintf(l.msg, sizeof l.msg, "malformed line (expected [section] or key = value)");
		unsigned at = l.failed ? l.fail_line : (unsigned)(line > 0 ? line : 0);
		/* the offending line, for the caret-less echo */
		const char *bol = text;
		for (unsigned i = 1; i < at && bol; i++) {
			bol = strchr(bol, '\n');
			bol = bol ? bol + 1 : NULL;
		}
		ok = diag_error(d, path, at, 0, bol ? bol : "", "%s", l.msg);
	} else if (!l.nset) {
		/* a file that sets nothing is a mistake (a wrong path, an empty
		 * file), not a request for the built-in defaults */
		ok = diag_error(d, path, 0, 0, "",
				"the config sets no key (expected [section] and key = value lines; see --help-config)");
	}
	return ok;
}

bool cfg_set_as(struct gpu_config *c, struct cfg_origin *o, const char *assignment, const char *opt,
		struct diag *d)
{
	char buf[256];
	if (strlen(assignment) >= sizeof buf)
		return diag_error(d, opt, 0, 0, "", "'%.40s...': longer than %zu characters", assignment,
				  sizeof buf - 1);
	snprintf(buf, sizeof buf, "%s", assignment);
	char *eq = strchr(buf, '='), *dot = strchr(buf, '.');
	if (!eq || !dot || dot > eq)
		return diag_error(d, opt, 0, 0, "", "'%s': expected SECTION.KEY=VALUE", assignment);
	*eq = 0;
	*dot = 0;
	char msg[512];
	if (!set_key(c, buf, dot + 1, eq + 1, msg, sizeof msg))
		return diag_error(d, opt, 0, 0, "", "%s", msg);
	const struct key *k = find_key(buf, dot + 1);
	if (o && k)
		o->set_by[k - keys] = opt;
	return true;
}

bool cfg_set(struct gpu_config *c, struct cfg_origin *o, const char *assignment, struct diag *d)
{
	return cfg_set_as(c, o, assignment, "--set", d);
}

void cfg_locate(const struct cfg_origin *o, struct diag *d)
{
	if (!o || !d->set || !d->key[0])
		return;
	for (size_t i = 0; i < NKEYS; i++) {
		char name[80];
		snprintf(name, sizeof name, "%s.%s", keys[i].section, keys[i].key);
		if (strcmp(name, d->key))
			continue;
		if (o->set_by[i]) {
			snprintf(d->file, sizeof d->file, "%s", o->set_by[i]);
		} else {
			snprintf(d->file, sizeof d->file, "%s", o->file);
			d->line = o->line[i];
			if (!d->line) {
				size_t n = strlen(d->msg);
				snprintf(d->msg + n, sizeof d->msg - n, " (the default: the file does not set %s)", name);
			}
		}
		return;
	}
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
			json_string(f, fld);
		}
	}
	fprintf(f, "}");
}
