/*
 * asm.c - the two-pass assembler for workload (.s) files.
 *
 * Pass 1 reads the file (expanding .include), lexes every line, defines
 * parameters (.param, with -D overrides), shared-memory symbols (.shared)
 * and labels, and counts instructions. Pass 2 parses instructions and the
 * remaining directives with every name known. The first error stops it.
 */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cfg.h"
#include "program.h"
#include "ptx.h"
#include "util.h"

#define MAX_LINE 65536
#define MAX_TOKS 8192
#define MAX_INCLUDE_DEPTH 8

/* The index of an enclosing .rept (innermost first), for the lines of one
 * repetition. */
struct rept_bind {
	char name[PROG_NAME_MAX];
	int64_t value;
	const struct rept_bind *outer;
};

struct line {
	unsigned file; /* index into program.files */
	unsigned lineno;
	char *text;
	const struct rept_bind *bind; /* .rept indices in scope, or NULL */
	bool repeated;                /* a copy made by .rept */
};

#define MAX_LINES (1u << 18)  /* lines after .include and .rept */
#define MAX_REPT 65536        /* repetitions of one .rept */
#define MAX_REPT_DEPTH 16     /* .rept inside .rept */
#define MAX_EXPAND (2u * MAX_LINES) /* source lines visited while expanding (empty .rept bodies too) */

struct as {
	struct program *p;
	struct diag *d;
	struct line *src;     /* the source lines as read (own their text) */
	unsigned nsrc;
	struct line *lines;   /* the lines pass 2 parses: .rept expanded (share src's text) */
	unsigned nlines, cap_lines;
	unsigned cap_files, cap_labels, cap_params, cap_buffers, cap_args, cap_shared, cap_checks, cap_reports;
	const struct param_override *ov;
	unsigned nov;
	bool *ov_used;
	struct token *toks;
	/* the line being parsed */
	const struct line *cur;
	int max_reg;
	bool have_grid, have_block;
	unsigned kernel_line;    /* the line of .kernel, 0 before it */
	unsigned regs_line;
	uint32_t allowed_i; /* CHECK_EXPR validation: value of i */
	bool allow_i;
	unsigned regs_touched;       /* .regs COUNT, TOUCHED: TOUCHED (0: not given) */
	struct check_spec *checking; /* CHECK_EXPR validation: the check, whose binds
				      * lookup records */
	unsigned visited;         /* source lines pass 1 has visited (MAX_EXPAND) */
	struct rept_bind **binds; /* every .rept index binding (owned) */
	unsigned nbinds, cap_binds;
	/* a CUDA kernel (.ptx / .cuda) */
	bool have_ptx;
	struct ptx_kernel ptx;
	unsigned ptx_file;        /* index of the .ptx in program.files */
	unsigned cuda_file0;      /* index of its first .file in program.files */
	unsigned ptx_line;        /* the directive's line (index into lines) */
	unsigned ptx_bound;       /* the kernel's parameters .arg has bound */
	char (*structs)[PROG_NAME_MAX]; /* the names .arg gave struct parameters (their
					 * fields' arguments are NAME_OFFSET) */
	unsigned nstructs, cap_structs;
	bool have_dyn;
	bool have_local;      /* .local was given */
	const struct asm_hooks *hooks; /* how .cuda compiles, or NULL */
	unsigned nimplicit;       /* buffers 0 .. nimplicit-1: the kernel's module-scope variables */
	bool implicit_given[64];  /* ... that a .buffer of the workload redefined */
};

/* ---- diagnostics --------------------------------------------------------- */

static bool err_at(struct as *a, unsigned col, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static bool err_at(struct as *a, unsigned col, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	const struct line *l = a->cur;
	return diag_error(a->d, l ? a->p->files[l->file] : a->p->files[0], l ? l->lineno : 0, col,
			  l ? l->text : "", "%s", msg);
}

static bool err_tok(struct as *a, const struct token *t, const char *what)
{
	if (t->kind == TK_END)
		return err_at(a, t->col, "expected %s, found end of line", what);
	return err_at(a, t->col, "expected %s, found '%.*s'", what, (int)(t->len > 40 ? 40 : t->len),
		      t->s);
}

static bool tok_is(const struct token *t, const char *s)
{
	return (t->kind == TK_IDENT || t->kind == TK_DIRECT) && t->len == strlen(s) &&
	       !memcmp(t->s, s, t->len);
}

static bool is_p(const struct token *t, int c) { return t->kind == TK_PUNCT && t->punct == c; }

static unsigned edit_distance(const char *a, unsigned la, const char *b, unsigned lb)
{
	unsigned row[64];
	if (la > 63 || lb > 63)
		return 99;
	for (unsigned j = 0; j <= lb; j++)
		row[j] = j;
	for (unsigned i = 1; i <= la; i++) {
		unsigned prev = row[0];
		row[0] = i;
		for (unsigned j = 1; j <= lb; j++) {
			unsigned cur = row[j];
			unsigned sub = prev + (a[i - 1] != b[j - 1]);
			unsigned del = row[j] + 1, ins = row[j - 1] + 1;
			row[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
			prev = cur;
		}
	}
	return row[lb];
}

/* ---- names ----------------------------------------------------------------- */

static bool reg_syntax(const char *s, unsigned len, int *num)
{
	if (len == 2 && s[0] == 'r' && s[1] == 'z') {
		*num = ISA_RZ;
		return true;
	}
	if (len < 2 || len > 4 || s[0] != 'r')
		return false;
	int v = 0;
	for (unsigned i = 1; i < len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return false;
		v = v * 10 + (s[i] - '0');
	}
	if (len > 2 && s[1] == '0')
		return false;
	*num = v;
	return true;
}

static bool pred_syntax(const char *s, unsigned len, int *num)
{
	if (len == 2 && s[0] == 'p' && s[1] == 't') {
		*num = ISA_PT;
		return true;
	}
	if (len == 2 && s[0] == 'p' && isdigit((unsigned char)s[1])) {
		/* p7..p9 are reserved words but name no predicate (-1): pt is
		 * number ISA_PT, not another name p7 */
		*num = s[1] - '0' < ISA_PT ? s[1] - '0' : -1;
		return true;
	}
	return false;
}

static bool reserved_name(const char *s, unsigned len)
{
	int n;
	return reg_syntax(s, len, &n) || pred_syntax(s, len, &n) || (len == 1 && s[0] == 'i') ||
	       (len == 3 && (!memcmp(s, "min", 3) || !memcmp(s, "max", 3)));
}

static int find_param(const struct program *p, const char *s, unsigned len)
{
	for (unsigned i = 0; i < p->nparams; i++)
		if (strlen(p->params[i].name) == len && !memcmp(p->params[i].name, s, len))
			return (int)i;
	return -1;
}

static int find_shared(const struct program *p, const char *s, unsigned len)
{
	for (unsigned i = 0; i < p->nshared; i++)
		if (strlen(p->shared[i].name) == len && !memcmp(p->shared[i].name, s, len))
			return (int)i;
	return -1;
}

static int find_label(const struct program *p, const char *s, unsigned len)
{
	for (unsigned i = 0; i < p->nlabels; i++)
		if (strlen(p->labels[i].name) == len && !memcmp(p->labels[i].name, s, len))
			return (int)i;
	return -1;
}

static int find_buffer_n(const struct program *p, const char *s, unsigned len)
{
	for (unsigned i = 0; i < p->nbuffers; i++)
		if (strlen(p->buffers[i].name) == len && !memcmp(p->buffers[i].name, s, len))
			return (int)i;
	return -1;
}

static int find_arg(const struct program *p, const char *s, unsigned len)
{
	for (unsigned i = 0; i < p->nargs; i++)
		if (strlen(p->args[i].name) == len && !memcmp(p->args[i].name, s, len))
			return (int)i;
	return -1;
}

static bool lookup_name(struct as *a, const char *s, unsigned len, struct value *out);

/* A name in an expression: lookup_name's, or i where a check allows it.
 * While a check is validated, the names it reads other than i are kept
 * with their values (check_spec.binds), for its evaluation after the run. */
static bool lookup(void *ctx, const char *s, unsigned len, struct value *out)
{
	struct as *a = ctx;
	if (lookup_name(a, s, len, out)) {
		struct check_spec *c = a->checking;
		if (c) {
			unsigned k = 0;
			while (k < c->nbinds && (strlen(c->binds[k].name) != len || memcmp(c->binds[k].name, s, len)))
				k++;
			if (k == c->nbinds && len < PROG_NAME_MAX) {
				c->binds = xrealloc(c->binds, (c->nbinds + 1) * sizeof *c->binds);
				memset(&c->binds[k], 0, sizeof c->binds[k]);
				memcpy(c->binds[k].name, s, len);
				c->binds[k].v = *out;
				c->nbinds++;
			}
		}
		return true;
	}
	if (a->allow_i && len == 1 && s[0] == 'i') {
		*out = (struct value){false, a->allowed_i, 0, false};
		return true;
	}
	return false;
}

/* A .rept index in scope, parameter, shared symbol or SM. */
static bool lookup_name(struct as *a, const char *s, unsigned len, struct value *out)
{
	for (const struct rept_bind *b = a->cur ? a->cur->bind : NULL; b; b = b->outer)
		if (strlen(b->name) == len && !memcmp(b->name, s, len)) {
			*out = (struct value){false, b->value, 0, false};
			return true;
		}
	int i = find_param(a->p, s, len);
	if (i >= 0) {
		*out = a->p->params[i].v;
		return true;
	}
	i = find_shared(a->p, s, len);
	if (i >= 0) {
		*out = (struct value){false, a->p->shared[i].offset, 0, false};
		return true;
	}
	if (len == 2 && !memcmp(s, "SM", 2)) { /* the target's compute capability x 10; 0: unknown */
		*out = (struct value){false, a->hooks ? (int64_t)a->hooks->target_cc : 0, 0, false};
		return true;
	}
	return false;
}

/* BUF[idx] in a .check expression, validated at assembly (the buffer exists,
 * the index, where known, is inside it); the value is read at check time
 * (workload.c): here it is unknown. */
static bool check_index(void *ctx, const char *s, unsigned len, struct value ix, struct value *out, char *why,
			size_t n)
{
	int64_t idx = ix.i;
	struct as *a = ctx;
	int b = find_buffer_n(a->p, s, len);
	if (b < 0) {
		snprintf(why, n, "unknown buffer '%.*s' (declare it with .buffer first)", (int)(len > 40 ? 40 : len), s);
		return false;
	}
	const struct buffer_spec *bs = &a->p->buffers[b];
	if (!ix.unknown && (idx < 0 || idx >= (int64_t)bs->count)) {
		snprintf(why, n, "index %lld is outside buffer %s (%u elements) for i = %u", (long long)idx, bs->name,
			 bs->count, a->allowed_i);
		return false;
	}
	*out = (struct value){bs->type == ELEM_F32, 0, 0.0, true};
	return true;
}

static bool eval(struct as *a, int *pos, struct value *v)
{
	struct expr_env env = {lookup, a->allow_i ? check_index : NULL, a, a->p->files[a->cur->file],
			       a->cur->lineno, a->cur->text, a->d};
	return expr_eval(a->toks, pos, &env, v);
}

/* An integer expression within [lo, hi]. */
static bool eval_int(struct as *a, int *pos, int64_t lo, int64_t hi, const char *what,
		     int64_t *out)
{
	const struct token *t = &a->toks[*pos];
	struct value v;
	if (!eval(a, pos, &v))
		return false;
	if (v.is_float)
		return err_at(a, t->col, "%s must be an integer, got the float %g (a '.' or an exponent makes a float)",
			      what, v.f);
	if (v.i < lo || v.i > hi)
		return err_at(a, t->col, "%s %lld is out of range %lld..%lld", what, (long long)v.i,
			      (long long)lo, (long long)hi);
	*out = v.i;
	return true;
}

static bool name_token(struct as *a, int pos, const char *what, char *out)
{
	const struct token *t = &a->toks[pos];
	if (t->kind != TK_IDENT || memchr(t->s, '.', t->len))
		return err_tok(a, t, what);
	if (t->len >= PROG_NAME_MAX)
		return err_at(a, t->col, "name is too long (at most %d characters)", PROG_NAME_MAX - 1);
	if (reserved_name(t->s, t->len))
		return err_at(a, t->col, "'%.*s' is reserved (a register, predicate or built-in name)",
			      (int)t->len, t->s);
	memcpy(out, t->s, t->len);
	out[t->len] = 0;
	return true;
}

static bool expect_end(struct as *a, int pos)
{
	const struct token *t = &a->toks[pos];
	if (t->kind != TK_END)
		return err_at(a, t->col, "unexpected '%.*s' at end of line", (int)(t->len > 40 ? 40 : t->len),
			      t->s);
	return true;
}

/* ---- reading and includes ----------------------------------------------- */

/* Text files are read whole and then handled as C strings: a NUL byte
 * would end the text early and silently, so it is an error, at its line
 * and column. */
static bool no_nul(struct diag *d, const char *path, const char *text, size_t len)
{
	const char *nul = memchr(text, 0, len);
	if (!nul)
		return true;
	const char *bol = text;
	unsigned line = 1;
	for (const char *q = text; q < nul; q++)
		if (*q == '\n')
			line++, bol = q + 1;
	return diag_error(d, path, line, (unsigned)(nul - bol) + 1, bol, "line contains a NUL byte");
}

static char *resolve_path(const char *base, const char *rel, unsigned len)
{
	if (len && rel[0] == '/')
		return xstrndup(rel, len);
	const char *slash = strrchr(base, '/');
	size_t dl = slash ? (size_t)(slash - base + 1) : 0;
	char *r = xmalloc(dl + len + 1);
	memcpy(r, base, dl);
	memcpy(r + dl, rel, len);
	r[dl + len] = 0;
	return r;
}

static unsigned add_file(struct as *a, const char *path)
{
	GROW(a->p->files, a->cap_files, a->p->nfiles + 1);
	a->p->files[a->p->nfiles] = xstrdup(path);
	return a->p->nfiles++;
}

static bool read_source(struct as *a, unsigned file, const char *text, int depth)
{
	unsigned lineno = 0;
	const char *s = text;
	while (*s || s == text) {
		const char *nl = strchr(s, '\n');
		size_t len = nl ? (size_t)(nl - s) : strlen(s);
		lineno++;
		struct line l = {file, lineno, xstrndup(s, len), NULL, false};
		if (len && l.text[len - 1] == '\r')
			l.text[len - 1] = 0;
		GROW(a->lines, a->cap_lines, a->nlines + 1);
		a->lines[a->nlines] = l;
		a->cur = &a->lines[a->nlines++];
		const char *cr = strchr(l.text, '\r');
		if (cr) {
			a->cur->text[cr - l.text] = 0; /* (the echo: the line up to it) */
			return err_at(a, (unsigned)(cr - l.text) + 1, "a carriage return inside a line (lines end with LF or "
				      "CR LF; CR alone is not read as a line end)");
		}
		if (len > MAX_LINE)
			return err_at(a, 1, "line is too long (at most %d characters)", MAX_LINE);
		/* .include "path" is expanded here */
		const char *q = l.text;
		while (*q == ' ' || *q == '\t')
			q++;
		if (!strncmp(q, ".include", 8) && !isalnum((unsigned char)q[8])) {
			int n = lex_line(l.text, a->toks, MAX_TOKS, a->p->files[file], lineno, a->d);
			if (n < 0)
				return false;
			const struct token *t = &a->toks[1];
			if (t->kind != TK_STRING)
				return err_tok(a, t, "a quoted file name after .include");
			if (!expect_end(a, 2))
				return false;
			if (depth >= MAX_INCLUDE_DEPTH)
				return err_at(a, t->col, "includes nest too deeply (at most %d)",
					      MAX_INCLUDE_DEPTH);
			char *path = resolve_path(a->p->files[file], t->s + 1, t->len - 2);
			size_t flen;
			char why[128];
			char *inc = read_input(path, READ_MAX_TEXT, &flen, why, sizeof why);
			if (!inc) {
				bool r = err_at(a, t->col, "cannot read included file '%s': %s", path, why);
				free(path);
				return r;
			}
			unsigned fi = add_file(a, path);
			free(path);
			bool ok = no_nul(a->d, a->p->files[fi], inc, flen) && read_source(a, fi, inc, depth + 1);
			free(inc);
			if (!ok)
				return false;
			l.text[0] = 0; /* the include line itself is done */
		}
		if (!nl)
			break;
		s = nl + 1;
	}
	return true;
}

/* ---- pass 1 ----------------------------------------------------------------- */

static bool do_param(struct as *a, int pos)
{
	char name[PROG_NAME_MAX];
	if (!name_token(a, pos, "a parameter name after .param", name))
		return false;
	const struct token *nt = &a->toks[pos];
	if (find_param(a->p, nt->s, nt->len) >= 0 || find_shared(a->p, nt->s, nt->len) >= 0)
		return err_at(a, nt->col, "'%s' is already defined", name);
	pos++;
	struct value v;
	if (!eval(a, &pos, &v))
		return false;
	if (!expect_end(a, pos))
		return false;
	for (unsigned i = 0; i < a->nov; i++) {
		if (strcmp(a->ov[i].name, name))
			continue;
		a->ov_used[i] = true;
		struct token ot[64];
		struct diag od = {0};
		char where[80];
		snprintf(where, sizeof where, "-D %s", name);
		int n = lex_line(a->ov[i].value, ot, 64, where, 0, &od);
		int op = 0;
		struct expr_env env = {lookup, NULL, a, where, 0, a->ov[i].value, &od};
		if (n < 0 || !expr_eval(ot, &op, &env, &v) || ot[op].kind != TK_END)
			return diag_error(a->d, "command line", 0, 0, "",
					  "-D %s=%s: expected a number%s%s", name, a->ov[i].value,
					  od.set ? ": " : "", od.set ? od.msg : "");
	}
	GROW(a->p->params, a->cap_params, a->p->nparams + 1);
	struct param *pr = &a->p->params[a->p->nparams++];
	snprintf(pr->name, sizeof pr->name, "%s", name);
	pr->v = v;
	return true;
}

static bool do_shared(struct as *a, int pos)
{
	char name[PROG_NAME_MAX];
	if (a->have_ptx) /* (before the kernel: do_ptx) */
		return err_at(a, a->toks[pos - 1].col, "a CUDA kernel's shared memory comes from its code: remove .shared");
	if (!name_token(a, pos, "a symbol name after .shared", name))
		return false;
	const struct token *nt = &a->toks[pos];
	if (find_param(a->p, nt->s, nt->len) >= 0 || find_shared(a->p, nt->s, nt->len) >= 0)
		return err_at(a, nt->col, "'%s' is already defined", name);
	pos++;
	int64_t size;
	if (!eval_int(a, &pos, 1, 1 << 24, "shared size (bytes)", &size) || !expect_end(a, pos))
		return false;
	/* each array starts 16-byte aligned, so 128-bit accesses can be aligned */
	uint32_t off = (a->p->shared_bytes + 15u) & ~15u;
	if ((uint64_t)off + (uint64_t)size > (1u << 24))
		return err_at(a, nt->col, "static shared memory exceeds 16 MiB");
	GROW(a->p->shared, a->cap_shared, a->p->nshared + 1);
	struct shared_sym *s = &a->p->shared[a->p->nshared++];
	snprintf(s->name, sizeof s->name, "%s", name);
	s->offset = off;
	s->size = (uint32_t)size;
	a->p->shared_bytes = off + (uint32_t)size;
	return true;
}

/* Does the line (from token pos) hold an instruction? */
static bool is_insn_start(const struct token *t)
{
	return t->kind == TK_IDENT || is_p(t, '@');
}

/* Is line li a .rept (+1) or .endr (-1) line? Lexes only lines that start
 * with one, so that their own errors surface when pass 1 reaches them. */
static int rept_kind(const struct line *l)
{
	const char *q = l->text + strspn(l->text, " \t");
	if (!strncmp(q, ".rept", 5) && !isalnum((unsigned char)q[5]) && q[5] != '_')
		return 1;
	if (!strncmp(q, ".endr", 5) && !isalnum((unsigned char)q[5]) && q[5] != '_')
		return -1;
	return 0;
}

/* Is line l a .if (+1), .else (2) or .endif (-1) line? */
static int if_kind(const struct line *l)
{
	const char *q = l->text + strspn(l->text, " \t");
	static const struct {
		const char *d;
		int kind;
	} ds[] = {{".if", 1}, {".else", 2}, {".endif", -1}};
	for (unsigned i = 0; i < 3; i++) {
		size_t n = strlen(ds[i].d);
		if (!strncmp(q, ds[i].d, n) && !isalnum((unsigned char)q[n]) && q[n] != '_')
			return ds[i].kind;
	}
	return 0;
}

/* Pass 1 reads the source lines (a->src, as read, includes expanded) and
 * writes the lines pass 2 parses (a->lines): the same, with every .rept
 * expanded and the .rept/.endr lines left out. Output lines share their
 * text with the source lines. Work and memory are linear in the output,
 * which is at most MAX_LINES lines. */
/* Whether two paths name one file. */
static bool same_file(const char *x, const char *y)
{
	struct stat sx, sy;
	return !stat(x, &sx) && !stat(y, &sy) && sx.st_dev == sy.st_dev && sx.st_ino == sy.st_ino;
}

/* .ptx "FILE" ENTRY  or  .cuda "FILE.cu" ENTRY: the kernel comes from PTX
 * (the .cu's PTX is the .ptx beside it). Translated here, in pass 1, so that
 * its shared arrays and parameters are known to pass 2. */
static bool do_ptx(struct as *a, const struct token *t, int pos)
{
	bool cuda = tok_is(t, ".cuda");
	if (a->have_ptx)
		return err_at(a, t->col, "a workload has one kernel: %.*s is given twice", (int)t->len, t->s);
	if (a->p->nshared)
		return err_at(a, t->col, "a CUDA kernel's shared memory comes from its code: remove .shared");
	const struct token *ft = &a->toks[pos];
	if (ft->kind != TK_STRING)
		return err_tok(a, ft, cuda ? "a quoted .cu path" : "a quoted .ptx path");
	const struct token *et = &a->toks[pos + 1];
	if (et->kind == TK_END)
		return err_tok(a, et, "the kernel's name (its .entry, or the plain function name)");
	int last = pos + 1;
	while (a->toks[last].kind != TK_END)
		last++;
	const struct token *lt = &a->toks[last - 1];
	char entry[256];
	size_t elen = (size_t)(lt->s + lt->len - et->s);
	if (elen >= sizeof entry)
		return err_at(a, et->col, "kernel name too long");
	memcpy(entry, et->s, elen);
	entry[elen] = 0;
	char *path = resolve_path(a->p->files[a->cur->file], ft->s + 1, ft->len - 2);
	char *cu = NULL; /* .cuda: the .cu as the workload names it */
	if (cuda) {
		size_t n = strlen(path);
		if (n < 4 || strcmp(path + n - 3, ".cu")) {
			free(path);
			return err_at(a, ft->col, ".cuda takes a .cu file (the PTX beside it is used)");
		}
		cu = path;
		char *ptx = NULL, why[1024] = "";
		int st = a->hooks && a->hooks->cuda_to_ptx ? a->hooks->cuda_to_ptx(cu, a->hooks->ctx, &ptx, why, sizeof why) : 1;
		if (st == 2) {
			bool r = err_at(a, ft->col, "%s does not compile: %s", cu, why);
			free(cu);
			return r;
		}
		if (st == 0) {
			path = ptx;
		} else {
			path = xmalloc(n + 2);
			memcpy(path, cu, n - 3);
			strcpy(path + n - 3, ".ptx");
		}
	}
	size_t len;
	char why[128];
	char *text = read_input(path, READ_MAX_TEXT, &len, why, sizeof why);
	if (!text) {
		bool r = err_at(a, ft->col, "cannot read %s: %s%s", path, why,
				cuda ? " (without nvcc, a .cuda kernel runs from the .ptx beside the .cu: scripts/cuda_ptx.sh)" : "");
		free(path);
		free(cu);
		return r;
	}
	bool ok = no_nul(a->d, path, text, len) && ptx_translate(path, text, entry, a->hooks ? a->hooks->target_cc : 0, &a->ptx, a->d);
	free(text);
	if (!ok) {
		free(path);
		free(cu);
		return false;
	}
	a->have_ptx = true;
	a->ptx_line = (unsigned)(a->cur - a->lines);
	a->ptx_file = add_file(a, path);
	free(path);
	a->cuda_file0 = a->p->nfiles;
	for (unsigned i = 0; i < a->ptx.ncuda_files; i++) {
		/* .file names are relative to the .ptx; the .cu of a .cuda kernel
		 * is named as the workload names it */
		const char *f = a->ptx.cuda_files[i] ? a->ptx.cuda_files[i] : "?";
		char *full = resolve_path(a->p->files[a->ptx_file], f, (unsigned)strlen(f));
		if (cu && same_file(full, cu)) {
			free(full);
			full = xstrdup(cu);
		}
		add_file(a, full);
		free(full);
	}
	free(cu);
	struct program *p = a->p;
	for (unsigned i = 0; i < a->ptx.nshared; i++) {
		GROW(p->shared, a->cap_shared, p->nshared + 1);
		p->shared[p->nshared++] = a->ptx.shared[i];
	}
	p->shared_bytes = a->ptx.shared_bytes;
	p->local_bytes = a->ptx.local_bytes;
	/* module-scope variables: a buffer each, first in the buffer list,
	 * holding the variable's initial value (a .buffer of the same name in
	 * the workload replaces it) */
	if (a->ptx.nglobals > 64)
		return err_at(a, t->col, "the kernel uses more than 64 module-scope variables");
	for (unsigned i = 0; i < a->ptx.nglobals; i++) {
		const struct ptx_global *g = &a->ptx.globals[i];
		struct buffer_spec bs;
		memset(&bs, 0, sizeof bs);
		/* its name with '$' written '_', made unique among the
		 * variables' names and the buffers named before it */
		ptx_global_buffer_name(g->name, bs.name, sizeof bs.name);
		for (bool clash = true; clash;) {
			clash = false;
			for (unsigned j = 0; j < a->ptx.nglobals && !clash; j++)
				clash = (j != i && !strcmp(a->ptx.globals[j].name, bs.name)) ||
					(j < i && !strcmp(p->buffers[j].name, bs.name));
			size_t len = strlen(bs.name);
			if (clash && len + 1 < sizeof bs.name) {
				bs.name[len] = '_';
				bs.name[len + 1] = 0;
			} else if (clash) {
				return err_at(a, t->col, "no name left for the kernel's module-scope variable %s", g->name);
			}
		}
		bs.type = ELEM_U32;
		bs.count = (g->size + 3) / 4 ? (g->size + 3) / 4 : 1;
		bs.fill = FILL_ZERO;
		bs.file = a->cur->file;
		bs.line = a->cur->lineno;
		bs.constant = g->constant;
		bool zero = true;
		for (uint32_t j = 0; j < g->size; j++)
			zero = zero && !g->init[j];
		if (!zero) {
			bs.fill = FILL_LIST;
			bs.list = xcalloc(bs.count, 4);
			memcpy(bs.list, g->init, g->size); /* little-endian words */
		}
		GROW(p->buffers, a->cap_buffers, p->nbuffers + 1);
		p->buffers[p->nbuffers++] = bs;
	}
	a->nimplicit = a->ptx.nglobals;
	p->ptx_global_names = xcalloc(a->ptx.nglobals ? a->ptx.nglobals : 1, sizeof *p->ptx_global_names);
	for (unsigned i = 0; i < a->ptx.nglobals; i++)
		p->ptx_global_names[i] = xstrdup(a->ptx.globals[i].name);
	p->nptx_globals = a->ptx.nglobals;
	snprintf(p->name, sizeof p->name, "%s", a->ptx.name);
	p->ptx_entry = xstrdup(a->ptx.entry);
	p->ptx_insns = a->ptx.ptx_insns;
	return true;
}

/* After pass 2: the kernel's code replaces the (empty) hand-written one. */
static bool take_ptx(struct as *a)
{
	struct program *p = a->p;
	struct ptx_kernel *k = &a->ptx;
	if (a->ptx_bound != k->nparams) {
		a->cur = &a->lines[a->ptx_line];
		return err_at(a, 1, "kernel %s takes %u parameter%s but .arg binds %u", k->name, k->nparams,
			      k->nparams == 1 ? "" : "s", a->ptx_bound);
	}
	assert(p->nargs == k->nwords); /* every parameter bound, a word a field */
	for (uint32_t i = 0; i < p->ncode; i++)
		free(p->src_text[i]);
	free(p->code);
	free(p->loc);
	free(p->src_text);
	free(p->labels);
	p->labels = NULL;
	p->nlabels = 0;
	p->ncode = k->ncode;
	p->code = k->code;
	p->src_text = k->src_text;
	k->code = NULL;
	k->src_text = NULL;
	p->loc = xcalloc(p->ncode, sizeof *p->loc);
	p->cuda_loc = xcalloc(p->ncode, sizeof *p->cuda_loc);
	for (uint32_t i = 0; i < p->ncode; i++) {
		p->loc[i].file = (uint16_t)a->ptx_file;
		p->loc[i].line = k->line[i];
		if (k->cuda[i].line) {
			p->cuda_loc[i].file = (uint16_t)(a->cuda_file0 + k->cuda[i].file);
			p->cuda_loc[i].line = k->cuda[i].line;
		}
	}
	GROW(p->labels, a->cap_labels, k->nlabels + 1);
	for (unsigned i = 0; i < k->nlabels; i++)
		if (k->labels[i].pc < p->ncode)
			p->labels[p->nlabels++] = k->labels[i];
	memcpy(p->maxntid, k->maxntid, sizeof p->maxntid);
	memcpy(p->reqntid, k->reqntid, sizeof p->reqntid);
	p->maxnreg = k->maxnreg;
	p->regs_alloc = k->nregs;
	if (!p->regs_explicit)
		p->nregs = k->nregs;
	/* module-scope variables: their buffers' addresses are hidden arguments
	 * after the parameters */
	p->ptx_nparams = k->nparams;
	p->ptx_nwords = k->nwords;
	p->ptx_param_size = xcalloc(k->nparams ? k->nparams : 1, sizeof *p->ptx_param_size);
	for (unsigned i = 0; i < k->nparams; i++)
		p->ptx_param_size[i] = k->params[i].type == PTX_P_BYTES ? k->params[i].size : 0;
	for (unsigned i = 0; i < k->nglobals; i++) {
		a->cur = &a->lines[a->ptx_line];
		const char *gname = p->buffers[i].name; /* (its buffer's: first in the list) */
		if (find_arg(p, gname, (unsigned)strlen(gname)) >= 0)
			return err_at(a, 1, "an .arg is named %s, as the kernel's module-scope variable is", gname);
		if (p->nargs >= 1024)
			return err_at(a, 1, "too many kernel arguments (at most 1024 words, the addresses of the kernel's module-scope variables included)");
		struct arg_spec ar;
		memset(&ar, 0, sizeof ar);
		snprintf(ar.name, sizeof ar.name, "%s", gname);
		ar.buffer = (int)i;
		GROW(p->args, a->cap_args, p->nargs + 1);
		p->args[p->nargs++] = ar;
	}
	/* a 64-bit parameter's high word, where the kernel reads it: a hidden
	 * argument after those, NAME_hi (ptx_hi_word) */
	for (unsigned i = 0; i < k->nparams; i++) {
		if (!k->params[i].hi_read)
			continue;
		a->cur = &a->lines[a->ptx_line];
		if (p->nargs >= 1024)
			return err_at(a, 1, "too many kernel arguments (at most 1024 words, the high words of the kernel's 64-bit parameters included)");
		assert(p->nargs == ptx_hi_word(k, i));
		const struct arg_spec *of = &p->args[k->params[i].word];
		struct arg_spec ar;
		memset(&ar, 0, sizeof ar);
		snprintf(ar.name, sizeof ar.name, "%.*s_hi", (int)sizeof ar.name - 4, of->name);
		while (find_arg(p, ar.name, (unsigned)strlen(ar.name)) >= 0 && strlen(ar.name) + 1 < sizeof ar.name)
			strcat(ar.name, "_");
		ar.buffer = -1;
		ar.value = of->buffer >= 0 ? 0 : of->hi;
		GROW(p->args, a->cap_args, p->nargs + 1);
		p->args[p->nargs++] = ar;
	}
	return true;
}

struct pass1 {
	uint32_t pc;
};

static bool expand(struct as *a, unsigned begin, unsigned end, const struct rept_bind *bind, unsigned depth,
		   struct pass1 *st);

/* .rept COUNT  or  .rept NAME, COUNT  at source line li (a->cur, its copy):
 * the lines up to the matching .endr, COUNT times, NAME being 0 .. COUNT-1
 * in copy k. Copies keep their source line numbers. *endr gets the .endr's
 * source line. */
static bool do_rept(struct as *a, unsigned li, unsigned limit, int pos, unsigned depth, struct pass1 *st,
		    unsigned *endr)
{
	char name[PROG_NAME_MAX] = "";
	const struct token *nt = &a->toks[pos];
	const struct rept_bind *outer = a->cur->bind;
	unsigned col = (unsigned)strspn(a->cur->text, " \t") + 1;
	if (depth >= MAX_REPT_DEPTH)
		return err_at(a, col, "repetitions nest too deeply (at most %d)", MAX_REPT_DEPTH);
	if (nt->kind == TK_IDENT && is_p(&a->toks[pos + 1], ',')) {
		if (!name_token(a, pos, "an index name after .rept", name))
			return false;
		if (find_param(a->p, nt->s, nt->len) >= 0 || find_shared(a->p, nt->s, nt->len) >= 0)
			return err_at(a, nt->col, "'%s' is already defined", name);
		for (const struct rept_bind *b = outer; b; b = b->outer)
			if (!strcmp(b->name, name))
				return err_at(a, nt->col, "'%s' is already the index of an enclosing .rept", name);
		pos += 2;
	}
	int64_t count;
	if (!eval_int(a, &pos, 0, MAX_REPT, "repetition count", &count) || !expect_end(a, pos))
		return false;
	unsigned end = li + 1;
	for (int d = 1; end < limit; end++) {
		d += rept_kind(&a->src[end]);
		if (!d)
			break;
	}
	if (end >= limit)
		return err_at(a, col, "'.rept' without a matching '.endr'");
	if ((uint64_t)(end - li - 1) * (uint64_t)count + a->nlines > MAX_LINES)
		return err_at(a, col, ".rept makes the workload too long (over %u lines)", MAX_LINES);
	*endr = end;
	for (int64_t c = 0; c < count; c++) {
		const struct rept_bind *bind = outer;
		if (name[0]) {
			struct rept_bind *b = xmalloc(sizeof *b);
			snprintf(b->name, sizeof b->name, "%s", name);
			b->value = c;
			b->outer = outer;
			GROW(a->binds, a->cap_binds, a->nbinds + 1);
			a->binds[a->nbinds++] = b;
			bind = b;
		}
		if (!expand(a, li + 1, end, bind, depth + 1, st))
			return false;
	}
	return true;
}

/* .if COND at source line li (a->cur, its copy): the lines up to its .else
 * (or .endif) when COND is not 0, else those from the .else to the .endif.
 * *endif gets the .endif's source line. */
static bool do_if(struct as *a, unsigned li, unsigned limit, unsigned depth, struct pass1 *st, unsigned *endif)
{
	unsigned col = (unsigned)strspn(a->cur->text, " \t") + 1;
	int pos = 1;
	int64_t cond;
	if (!eval_int(a, &pos, INT64_MIN, INT64_MAX, "condition", &cond) || !expect_end(a, pos))
		return false;
	unsigned els = 0, end = li + 1;
	for (int d = 1; end < limit; end++) {
		int k = if_kind(&a->src[end]);
		if (k == 2 && d == 1) {
			if (els)
				return err_at(a, col, "'.if' with two '.else'");
			els = end;
		} else if (k != 2) {
			d += k;
		}
		if (!d)
			break;
	}
	if (end >= limit)
		return err_at(a, col, "'.if' without a matching '.endif'");
	*endif = end;
	if (cond)
		return expand(a, li + 1, els ? els : end, a->cur->bind, depth, st);
	return !els || expand(a, els + 1, end, a->cur->bind, depth, st);
}

/* One output line (a->cur): labels, .param, .shared, instruction count. */
static bool pass1_line(struct as *a, struct pass1 *st)
{
	const struct token *t = &a->toks[0];
	int pos = 0;
	if (t->kind == TK_IDENT && is_p(&a->toks[1], ':')) {
		if (memchr(t->s, '.', t->len))
			return err_at(a, t->col, "a label name cannot contain '.'");
		if (t->len >= PROG_NAME_MAX)
			return err_at(a, t->col, "label is too long (at most %d characters)", PROG_NAME_MAX - 1);
		if (reserved_name(t->s, t->len))
			return err_at(a, t->col, "'%.*s' is reserved and cannot be a label", (int)t->len, t->s);
		int prev = find_label(a->p, t->s, t->len);
		if (prev >= 0)
			return err_at(a, t->col, "label '%.*s' is already defined%s", (int)t->len, t->s,
				      a->cur->repeated ? " (a label inside .rept is defined again by each repetition)" : "");
		GROW(a->p->labels, a->cap_labels, a->p->nlabels + 1);
		struct label *lb = &a->p->labels[a->p->nlabels++];
		memcpy(lb->name, t->s, t->len);
		lb->name[t->len] = 0;
		lb->pc = st->pc;
		pos = 2;
	}
	t = &a->toks[pos];
	if (t->kind == TK_DIRECT) {
		if (pos)
			return err_at(a, t->col, "a directive cannot follow a label");
		if (tok_is(t, ".endr"))
			return err_at(a, t->col, "'.endr' without a '.rept' before it");
		if (tok_is(t, ".else") || tok_is(t, ".endif"))
			return err_at(a, t->col, "'%.*s' without an '.if' before it", (int)t->len, t->s);
		if (tok_is(t, ".param") && !do_param(a, pos + 1))
			return false;
		if (tok_is(t, ".shared") && !do_shared(a, pos + 1))
			return false;
		if ((tok_is(t, ".ptx") || tok_is(t, ".cuda")) && !do_ptx(a, t, pos + 1))
			return false;
	} else if (is_insn_start(t)) {
		if (st->pc >= (1u << 24))
			return err_at(a, t->col, "kernel has too many instructions");
		st->pc++;
	} else if (t->kind != TK_END) {
		return err_tok(a, t, "an instruction, a directive or a label");
	}
	return true;
}

static bool expand(struct as *a, unsigned begin, unsigned end, const struct rept_bind *bind, unsigned depth,
		   struct pass1 *st)
{
	for (unsigned li = begin; li < end; li++) {
		if (a->nlines >= MAX_LINES)
			return err_at(a, 1, "the workload is too long (over %u lines)", MAX_LINES);
		if (++a->visited > MAX_EXPAND) { /* repetitions of nothing cost time too */
			a->cur = &a->src[li];
			return err_at(a, 1, "expanding .rept visits over %u lines", MAX_EXPAND);
		}
		GROW(a->lines, a->cap_lines, a->nlines + 1);
		struct line *l = &a->lines[a->nlines++];
		*l = a->src[li];
		l->bind = bind;
		l->repeated = depth > 0;
		a->cur = l;
		if (lex_line(l->text, a->toks, MAX_TOKS, a->p->files[l->file], l->lineno, a->d) < 0)
			return false;
		if (a->toks[0].kind == TK_DIRECT && tok_is(&a->toks[0], ".rept")) {
			/* the .rept line is not kept: its copy stays here for diagnoses */
			struct line rept = *l;
			a->nlines--;
			a->cur = &rept;
			unsigned endr = li;
			if (!do_rept(a, li, end, 1, depth, st, &endr))
				return false;
			li = endr;
			continue;
		}
		if (a->toks[0].kind == TK_DIRECT && tok_is(&a->toks[0], ".if")) {
			struct line cond = *l; /* as .rept: dropped, its copy kept for diagnoses */
			a->nlines--;
			a->cur = &cond;
			unsigned endif = li;
			if (!do_if(a, li, end, depth, st, &endif))
				return false;
			li = endif;
			continue;
		}
		if (!pass1_line(a, st))
			return false;
	}
	return true;
}

static bool pass1(struct as *a)
{
	struct pass1 st = {0};
	/* the source lines become a->src; a->lines is filled again, expanded */
	a->src = a->lines;
	a->nsrc = a->nlines;
	a->lines = NULL;
	a->nlines = a->cap_lines = 0;
	if (!expand(a, 0, a->nsrc, NULL, 0, &st))
		return false;
	a->p->ncode = st.pc;
	return true;
}

/* ---- operands -------------------------------------------------------------- */

static void use_reg(struct as *a, int r, unsigned count)
{
	if (r != ISA_RZ && r + (int)count - 1 > a->max_reg)
		a->max_reg = r + (int)count - 1;
}

static bool parse_reg(struct as *a, int *pos, uint8_t *out)
{
	const struct token *t = &a->toks[*pos];
	int r;
	if (t->kind != TK_IDENT || !reg_syntax(t->s, t->len, &r))
		return err_tok(a, t, "a register (r0..r254 or rz)");
	bool rz = t->len == 2 && t->s[1] == 'z';
	if (!rz && r > ISA_MAX_REGS - 1) /* r255 is not another name of rz */
		return err_at(a, t->col, "register r%d is out of range (r0..r254)", r);
	*out = (uint8_t)r;
	(*pos)++;
	use_reg(a, r, 1);
	return true;
}

static bool parse_pred(struct as *a, int *pos, uint8_t *out, bool *neg, bool allow_neg)
{
	const struct token *t = &a->toks[*pos];
	if (neg)
		*neg = false;
	if (is_p(t, '!')) {
		if (!allow_neg)
			return err_at(a, t->col, "a destination predicate cannot be negated");
		*neg = true;
		t = &a->toks[++*pos];
	}
	int p;
	if (t->kind != TK_IDENT || !pred_syntax(t->s, t->len, &p))
		return err_tok(a, t, "a predicate (p0..p6 or pt)");
	if (p < 0)
		return err_at(a, t->col, "there is no predicate %.*s: simt-sim has p0..p6, and pt (always true)", (int)t->len,
			      t->s);
	*out = (uint8_t)p;
	(*pos)++;
	return true;
}

static bool to_imm(struct as *a, const struct token *t, struct value v, bool fl, bool mov,
		   uint32_t *out)
{
	if (fl || (mov && v.is_float)) {
		float f = (float)value_f(v);
		if (f != f)
			return err_at(a, t->col, "a NaN immediate is not supported");
		memcpy(out, &f, 4);
		return true;
	}
	if (v.is_float) {
		return err_at(a, t->col, "expected an integer immediate, got the float %g", v.f);
	}
	if (v.i < INT32_MIN || v.i > (int64_t)UINT32_MAX)
		return err_at(a, t->col, "immediate %lld does not fit in 32 bits", (long long)v.i);
	*out = (uint32_t)v.i;
	return true;
}

/* A source: a register or an immediate expression (at most one per insn). */
static bool parse_src(struct as *a, int *pos, struct isa_insn *in, int slot)
{
	const struct token *t = &a->toks[*pos];
	int r;
	if (t->kind == TK_IDENT && reg_syntax(t->s, t->len, &r))
		return parse_reg(a, pos, &in->src[slot]);
	if (t->kind == TK_IDENT && pred_syntax(t->s, t->len, &r))
		return err_at(a, t->col, "expected a register or an immediate, found the predicate '%.*s'",
			      (int)t->len, t->s);
	if (t->kind == TK_SPECIAL)
		return err_at(a, t->col, "special registers are read with s2r, not used as operands");
	/* one immediate in imm; a second one in off where the format has no
	 * address offset (e.g. shfl's lane and mask) */
	bool second = in->imm_src != 0;
	if (second && (in->imm2_src || isa_fmts[isa_ops[in->op].fmt].has_off))
		return err_at(a, t->col, "too many immediate operands (at most %s; put this one in a register with mov)",
			      isa_fmts[isa_ops[in->op].fmt].has_off ? "one with an address" : "two");
	struct value v;
	if (!eval(a, pos, &v))
		return false;
	uint32_t bits = 0; /* set by to_imm (gcc -O2 cannot tell) */
	if (!to_imm(a, t, v, isa_imm_is_float(in), in->op == OP_MOV, &bits))
		return false;
	if (second) {
		in->off = (int32_t)bits;
		in->imm2_src = (uint8_t)(slot + 1);
	} else {
		in->imm = bits;
		in->imm_src = (uint8_t)(slot + 1);
	}
	return true;
}

static bool parse_addr(struct as *a, int *pos, struct isa_insn *in)
{
	const struct token *t = &a->toks[*pos];
	if (!is_p(t, '['))
		return err_tok(a, t, "an address '[reg + offset]'");
	(*pos)++;
	t = &a->toks[*pos];
	int r;
	in->src[0] = ISA_RZ;
	int64_t off = 0;
	if (t->kind == TK_IDENT && reg_syntax(t->s, t->len, &r)) {
		if (!parse_reg(a, pos, &in->src[0]))
			return false;
		t = &a->toks[*pos];
		if (is_p(t, '+') || is_p(t, '-')) {
			/* parse from the sign so that "r1 - 4 - 2" means r1 + (-4 - 2) */
			if (!eval_int(a, pos, INT32_MIN, INT32_MAX, "address offset", &off))
				return false;
		}
	} else if (!is_p(t, ']')) {
		if (!eval_int(a, pos, INT32_MIN, INT32_MAX, "address", &off))
			return false;
	}
	t = &a->toks[*pos];
	if (!is_p(t, ']'))
		return err_tok(a, t, "']' to close the address");
	(*pos)++;
	in->off = (int32_t)off;
	return true;
}

static bool comma(struct as *a, int *pos)
{
	if (!is_p(&a->toks[*pos], ','))
		return err_tok(a, &a->toks[*pos], "','");
	(*pos)++;
	return true;
}

static bool parse_mnemonic(struct as *a, const struct token *t, struct isa_insn *in)
{
	unsigned used;
	int op = isa_lookup_mnemonic(t->s, t->len, &used);
	if (op < 0) {
		unsigned base = (unsigned)(memchr(t->s, '.', t->len) ? (const char *)memchr(t->s, '.', t->len) - t->s : t->len);
		const char *best = NULL;
		unsigned bd = 3;
		for (int i = 0; i < OP_COUNT; i++) {
			const char *nm = isa_ops[i].name;
			unsigned dd = edit_distance(t->s, t->len, nm, (unsigned)strlen(nm));
			unsigned db = edit_distance(t->s, base, nm, (unsigned)strcspn(nm, "."));
			if (db < dd)
				dd = db;
			if (dd < bd) {
				bd = dd;
				best = nm;
			}
		}
		if (best)
			return err_at(a, t->col, "unknown mnemonic '%.*s' (did you mean '%s'?)",
				      (int)t->len, t->s, best);
		return err_at(a, t->col, "unknown mnemonic '%.*s'", (int)t->len, t->s);
	}
	in->op = (uint8_t)op;
	const struct isa_opinfo *oi = &isa_ops[op];
	bool filled[2] = {false, false};
	unsigned p = used;
	int next = 0;
	while (p < t->len) {
		unsigned start = p + 1, e = start;
		while (e < t->len && t->s[e] != '.')
			e++;
		const char *w = t->s + start;
		unsigned wl = e - start;
		bool ok = false;
		for (int slot = next; slot < 2 && !ok; slot++) {
			const struct isa_modset_info *ms = &isa_modsets[oi->ms[slot]];
			for (unsigned k = 0; k < ms->count; k++)
				if (strlen(ms->words[k]) == wl && !memcmp(ms->words[k], w, wl)) {
					in->mod[slot] = (uint8_t)k;
					filled[slot] = true;
					next = slot + 1;
					ok = true;
					break;
				}
			if (!ok && !ms->optional && !filled[slot])
				break; /* a required modifier must come first */
		}
		if (!ok) {
			char list[256] = "";
			for (int slot = 0; slot < 2; slot++) {
				const struct isa_modset_info *ms = &isa_modsets[oi->ms[slot]];
				for (unsigned k = 0; k < ms->count; k++) {
					strncat(list, " .", sizeof list - strlen(list) - 1);
					strncat(list, ms->words[k], sizeof list - strlen(list) - 1);
				}
			}
			if (!list[0])
				return err_at(a, t->col + start, "'%s' takes no modifiers, found '.%.*s'",
					      oi->name, (int)wl, w);
			return err_at(a, t->col + start,
				      "unknown or misplaced modifier '.%.*s' for '%s' (expected, in order:%s)",
				      (int)wl, w, oi->name, list);
		}
		p = e;
	}
	for (int slot = 0; slot < 2; slot++) {
		const struct isa_modset_info *ms = &isa_modsets[oi->ms[slot]];
		if (!filled[slot] && !ms->optional) {
			char list[128] = "";
			for (unsigned k = 0; k < ms->count; k++) {
				strncat(list, " .", sizeof list - strlen(list) - 1);
				strncat(list, ms->words[k], sizeof list - strlen(list) - 1);
			}
			return err_at(a, t->col + t->len, "'%s' needs a modifier, one of:%s", oi->name, list);
		}
	}
	if ((in->op == OP_ATOMG || in->op == OP_ATOMS) && in->mod[1] == ATYPE_F32 &&
	    in->mod[0] != ATOM_ADD && in->mod[0] != ATOM_EXCH)
		return err_at(a, t->col, "'.f32' atomics are only add and exch");
	if ((in->op == OP_ATOMG || in->op == OP_ATOMS) && isa_atom64(in) && (in->mod[0] == ATOM_INC || in->mod[0] == ATOM_DEC))
		return err_at(a, t->col, "'inc' and 'dec' atomics are 32-bit only");
	if ((in->op == OP_ATOMG || in->op == OP_ATOMS) && in->mod[1] == ATYPE_F64 && in->mod[0] != ATOM_ADD)
		return err_at(a, t->col, "'.f64' atomics are only add");
	if ((oi->flags & IF_LOCAL) && isa_width_regs(in) > 1)
		return err_at(a, t->col, "'%s' moves at most 32 bits a lane (local memory is interleaved by 32-bit word): use one per word",
			      oi->name);
	return true;
}

static bool parse_insn(struct as *a, int pos, uint32_t pc)
{
	struct isa_insn in;
	memset(&in, 0, sizeof in);
	in.guard = ISA_PT;
	const struct token *t = &a->toks[pos];
	if (is_p(t, '@')) {
		pos++;
		bool neg;
		if (!parse_pred(a, &pos, &in.guard, &neg, true))
			return false;
		in.guard_neg = neg;
		t = &a->toks[pos];
	}
	if (t->kind != TK_IDENT)
		return err_tok(a, t, "a mnemonic");
	if (!parse_mnemonic(a, t, &in))
		return false;
	pos++;
	const struct isa_opinfo *oi = &isa_ops[in.op];
	const struct isa_fmtinfo *fi = &isa_fmts[oi->fmt];
	unsigned width = isa_width_regs(&in);
	/* destination */
	const struct token *dt = &a->toks[pos];
	if (fi->dst == SLOT_REG) {
		if (!parse_reg(a, &pos, &in.dst))
			return false;
		unsigned n = width;
		if (in.op == OP_S2R)
			n = 1; /* checked below once the special is known */
		bool pair = !(oi->flags & (IF_WIDE | IF_ATOMIC)) && isa_slot_regs(&in, 0) == 2;
		if (pair)
			n = 2;
		if (pair && in.dst != ISA_RZ && in.dst % 2)
			return err_at(a, dt->col, "'%s' writes a register pair (a double): its destination is an even register (r%u is not)",
				      oi->name, in.dst);
		if (n > 1 && in.dst != ISA_RZ && in.dst % n)
			return err_at(a, dt->col, "a %u-bit access needs a destination register that is a multiple of %u (r%u is not)",
				      n * 32, n, in.dst);
		if (n > 1 && in.dst != ISA_RZ && in.dst + n > ISA_MAX_REGS)
			return err_at(a, dt->col, "registers r%u..r%u are out of range", in.dst, in.dst + n - 1);
		use_reg(a, in.dst, n);
	} else if (fi->dst == SLOT_PRED) {
		if (!parse_pred(a, &pos, &in.dst, NULL, false))
			return false;
	}
	bool need_comma = fi->dst != SLOT_NONE;
	if (oi->fmt == FMT_L) {
		t = &a->toks[pos];
		if (t->kind != TK_IDENT)
			return err_tok(a, t, "a label");
		int li = find_label(a->p, t->s, t->len);
		if (li < 0) {
			const char *best = NULL;
			unsigned bd = 3;
			for (unsigned i = 0; i < a->p->nlabels; i++) {
				unsigned dd = edit_distance(t->s, t->len, a->p->labels[i].name,
							    (unsigned)strlen(a->p->labels[i].name));
				if (dd < bd) {
					bd = dd;
					best = a->p->labels[i].name;
				}
			}
			if (best)
				return err_at(a, t->col, "undefined label '%.*s' (did you mean '%s'?)",
					      (int)t->len, t->s, best);
			return err_at(a, t->col, "undefined label '%.*s'", (int)t->len, t->s);
		}
		if (a->p->labels[li].pc >= a->p->ncode)
			return err_at(a, t->col, "label '%.*s' marks no instruction (it is after the last one)",
				      (int)t->len, t->s);
		in.off = (int32_t)a->p->labels[li].pc;
		pos++;
	} else if (oi->fmt == FMT_R_C) {
		if (!comma(a, &pos))
			return false;
		t = &a->toks[pos];
		if (t->kind != TK_IDENT)
			return err_tok(a, t, "a kernel argument name");
		int ai = find_arg(a->p, t->s, t->len);
		if (ai < 0)
			return err_at(a, t->col, "unknown kernel argument '%.*s' (declare it with .arg before use)",
				      (int)t->len, t->s);
		in.off = ai * 4;
		pos++;
	}
	for (int s = 0; s < 3; s++) {
		enum isa_slot k = fi->src[s];
		if (k == SLOT_NONE)
			continue;
		if (need_comma && !comma(a, &pos))
			return false;
		need_comma = true;
		const struct token *st = &a->toks[pos];
		bool neg = false;
		switch (k) {
		case SLOT_REG:
			if (!parse_reg(a, &pos, &in.src[s]))
				return false;
			if (width > 1 && in.src[s] != ISA_RZ) {
				if (in.src[s] % width)
					return err_at(a, st->col, "a %u-bit access needs a source register that is a multiple of %u (r%u is not)",
						      width * 32, width, in.src[s]);
				if (in.src[s] + width > ISA_MAX_REGS)
					return err_at(a, st->col, "registers r%u..r%u are out of range",
						      in.src[s], in.src[s] + width - 1);
				use_reg(a, in.src[s], width);
			}
			break;
		case SLOT_PRED:
			if (!parse_pred(a, &pos, &in.src[s], &neg, true))
				return false;
			in.pneg |= (uint8_t)(neg << s);
			break;
		case SLOT_SRC:
			if (!parse_src(a, &pos, &in, s))
				return false;
			if (isa_slot_regs(&in, (unsigned)s + 1) == 2) { /* a register pair */
				const char *what = isa_atom64(&in) ? "a 64-bit atomic's operand" : "a double";
				if (in.imm_src == s + 1 || in.imm2_src == s + 1)
					return err_at(a, st->col, "%s is a register pair, not an immediate", what);
				if (in.src[s] != ISA_RZ && in.src[s] % 2)
					return err_at(a, st->col, "%s is a register pair: an even register (r%u is not)", what,
						      in.src[s]);
				if (in.src[s] != ISA_RZ && in.src[s] + 2 > ISA_MAX_REGS)
					return err_at(a, st->col, "registers r%u..r%u are out of range", in.src[s], in.src[s] + 1);
				use_reg(a, in.src[s], 2);
			}
			break;
		case SLOT_SPECIAL: {
			int found = -1;
			for (int i = 0; i < SR_COUNT; i++)
				if (st->kind == TK_SPECIAL && strlen(isa_special_names[i]) == st->len &&
				    !memcmp(isa_special_names[i], st->s, st->len))
					found = i;
			if (found < 0)
				return err_tok(a, st, "a special register such as %tid.x, %ctaid.y, %laneid or %clock");
			in.src[s] = (uint8_t)found;
			pos++;
			if (found == SR_CLOCK64) {
				if (in.dst != ISA_RZ && in.dst % 2)
					return err_at(a, dt->col, "%%clock64 needs an even destination register (it writes r%u and r%u)",
						      in.dst, in.dst + 1);
				if (in.dst != ISA_RZ && in.dst + 2 > ISA_MAX_REGS)
					return err_at(a, dt->col, "%%clock64 writes a register pair: r%u and r%u, and r%u does not exist (r0..r254)",
						      in.dst, in.dst + 1, in.dst + 1);
				use_reg(a, in.dst, 2);
			}
			break;
		}
		case SLOT_ADDR:
			if (!parse_addr(a, &pos, &in))
				return false;
			break;
		case SLOT_NONE:
			break;
		}
	}
	if (!expect_end(a, pos))
		return false;
	if (!isa_valid(&in))
		return err_at(a, t->col, "internal error: invalid instruction encoding");
	a->p->code[pc] = in;
	a->p->loc[pc] = (struct src_loc){(uint16_t)a->cur->file, a->cur->lineno};
	const char *txt = a->cur->text;
	while (*txt == ' ' || *txt == '\t')
		txt++;
	a->p->src_text[pc] = xstrdup(txt);
	return true;
}

/* ---- directives ------------------------------------------------------------ */

static bool to_elem(struct as *a, const struct token *t, enum elem_type ty, struct value v,
		    uint32_t *out)
{
	if (ty == ELEM_F32) {
		float f = (float)value_f(v);
		memcpy(out, &f, 4);
		return true;
	}
	if (v.is_float)
		return err_at(a, t->col, "a %s element must be an integer, got %g", elem_type_names[ty], v.f);
	int64_t lo = ty == ELEM_S32 ? INT32_MIN : 0, hi = ty == ELEM_S32 ? INT32_MAX : UINT32_MAX;
	if (v.i < lo || v.i > hi)
		return err_at(a, t->col, "value %lld does not fit in %s", (long long)v.i, elem_type_names[ty]);
	*out = (uint32_t)v.i;
	return true;
}

/* { v, v, ... } converted to ty; *n gets the count. */
static bool parse_list(struct as *a, int *pos, enum elem_type ty, uint32_t **out, uint32_t *n)
{
	if (!is_p(&a->toks[*pos], '{'))
		return err_tok(a, &a->toks[*pos], "'{'");
	(*pos)++;
	uint32_t *vals = NULL;
	unsigned cap = 0, cnt = 0;
	for (;;) {
		const struct token *t = &a->toks[*pos];
		struct value v;
		GROW(vals, cap, cnt + 1);
		if (!eval(a, pos, &v) || !to_elem(a, t, ty, v, &vals[cnt])) {
			free(vals);
			return false;
		}
		cnt++;
		t = &a->toks[*pos];
		if (is_p(t, '}'))
			break;
		if (!is_p(t, ',')) {
			free(vals);
			return err_tok(a, t, "',' or '}' in the value list");
		}
		(*pos)++;
	}
	(*pos)++;
	*out = vals;
	*n = cnt;
	return true;
}

static bool string_arg(struct as *a, int *pos, char **path)
{
	/* file("path") */
	if (!is_p(&a->toks[*pos], '('))
		return err_tok(a, &a->toks[*pos], "'(' after file");
	const struct token *s = &a->toks[*pos + 1];
	if (s->kind != TK_STRING)
		return err_tok(a, s, "a quoted path");
	if (!is_p(&a->toks[*pos + 2], ')'))
		return err_tok(a, &a->toks[*pos + 2], "')'");
	*path = resolve_path(a->p->files[a->cur->file], s->s + 1, s->len - 2);
	*pos += 3;
	return true;
}

static bool paren_expr(struct as *a, int *pos, struct value *v, const char *what)
{
	if (!is_p(&a->toks[*pos], '('))
		return err_tok(a, &a->toks[*pos], what);
	(*pos)++;
	if (!eval(a, pos, v))
		return false;
	if (!is_p(&a->toks[*pos], ')'))
		return err_tok(a, &a->toks[*pos], "')'");
	(*pos)++;
	return true;
}

static bool do_buffer(struct as *a, int pos)
{
	struct buffer_spec b;
	memset(&b, 0, sizeof b);
	b.file = a->cur->file;
	b.line = a->cur->lineno;
	if (!name_token(a, pos, "a buffer name after .buffer", b.name))
		return false;
	const struct token *nt = &a->toks[pos];
	int prev = find_buffer_n(a->p, nt->s, nt->len);
	bool redefine = prev >= 0 && (unsigned)prev < a->nimplicit && !a->implicit_given[prev];
	if (prev >= 0 && !redefine)
		return err_at(a, nt->col, "buffer '%s' is already defined", b.name);
	pos++;
	const struct token *tt = &a->toks[pos];
	int ty = -1;
	for (int i = 0; i < 3; i++)
		if (tok_is(tt, elem_type_names[i]))
			ty = i;
	if (ty < 0)
		return err_tok(a, tt, "an element type (f32, u32 or s32)");
	b.type = (enum elem_type)ty;
	pos++;
	int64_t count;
	if (!eval_int(a, &pos, 1, 1 << 28, "buffer element count", &count))
		return false;
	b.count = (uint32_t)count;
	const struct token *ft = &a->toks[pos];
	if (tok_is(ft, "zero")) {
		b.fill = FILL_ZERO;
		pos++;
	} else if (tok_is(ft, "uninit")) {
		b.fill = FILL_UNINIT;
		pos++;
	} else if (tok_is(ft, "iota")) {
		b.fill = FILL_IOTA;
		pos++;
	} else if (tok_is(ft, "value")) {
		struct value v;
		pos++;
		if (!paren_expr(a, &pos, &v, "'(' after value") || !to_elem(a, ft, b.type, v, &b.value))
			return false;
		b.fill = FILL_VALUE;
	} else if (tok_is(ft, "random")) {
		struct value v;
		pos++;
		if (!paren_expr(a, &pos, &v, "'(' after random"))
			return false;
		if (v.is_float || v.i < 0 || v.i > UINT32_MAX)
			return err_at(a, ft->col, "random(SEED) needs an integer seed in 0..4294967295");
		b.fill = FILL_RANDOM;
		b.seed = (uint32_t)v.i;
	} else if (tok_is(ft, "chase")) {
		struct value v;
		pos++;
		if (!paren_expr(a, &pos, &v, "'(' after chase"))
			return false;
		if (b.type != ELEM_U32)
			return err_at(a, ft->col, "chase(STRIDE) fills addresses: the buffer must be u32");
		if (v.is_float || v.i < 4 || v.i % 4 || v.i > (int64_t)b.count * 4)
			return err_at(a, ft->col, "chase(STRIDE) needs a stride in bytes, a multiple of 4 from 4 to the buffer's %llu bytes",
				      (unsigned long long)b.count * 4);
		b.fill = FILL_CHASE;
		b.seed = (uint32_t)v.i;
	} else if (tok_is(ft, "file")) {
		pos++;
		b.path_col = a->toks[pos + 1].col;
		if (!string_arg(a, &pos, &b.path))
			return false;
		b.fill = FILL_FILE;
	} else if (is_p(ft, '{')) {
		uint32_t n;
		if (!parse_list(a, &pos, b.type, &b.list, &n))
			return false;
		b.fill = FILL_LIST;
		if (n != b.count) {
			free(b.list);
			return err_at(a, ft->col, "the list has %u values but the buffer has %u elements", n,
				      b.count);
		}
	} else {
		return err_tok(a, ft, "a fill: zero, uninit, value(V), iota, random(SEED), chase(STRIDE), file(\"path\") or { list }");
	}
	if (tok_is(&a->toks[pos], "const")) { /* constant memory: ldk reads it */
		if (b.fill == FILL_UNINIT) {
			free(b.path);
			free(b.list);
			return err_at(a, a->toks[pos].col,
				      "a const buffer cannot be uninit: no kernel writes constant memory, give it a fill");
		}
		b.constant = true;
		pos++;
	}
	if (!expect_end(a, pos)) {
		free(b.path);
		free(b.list);
		return false;
	}
	if (redefine) { /* the workload's own buffer for a module-scope variable */
		struct buffer_spec *old = &a->p->buffers[prev];
		const struct ptx_global *g = &a->ptx.globals[prev];
		if (b.constant && !g->constant) {
			free(b.path);
			free(b.list);
			return err_at(a, nt->col, "buffer '%s' holds the kernel's __device__ variable %s: it cannot be const",
				      b.name, g->name);
		}
		b.constant = g->constant; /* a __constant__ variable's buffer is constant memory */
		if (b.constant && b.fill == FILL_UNINIT) {
			free(b.path);
			free(b.list);
			return err_at(a, ft->col,
				      "buffer '%s' holds the kernel's __constant__ variable %s: a const buffer cannot be uninit (no kernel writes constant memory), give it a fill",
				      b.name, g->name);
		}
		if ((uint64_t)b.count * 4 < g->size) {
			free(b.path);
			free(b.list);
			return err_at(a, nt->col, "buffer '%s' has %u bytes; the kernel's variable %s needs %u", b.name,
				      b.count * 4, g->name, g->size);
		}
		free(old->path);
		free(old->list);
		free(old->line_text);
		*old = b;
		if (b.fill == FILL_FILE)
			old->line_text = xstrdup(a->cur->text);
		a->implicit_given[prev] = true;
		return true;
	}
	if (b.fill == FILL_FILE)
		b.line_text = xstrdup(a->cur->text);
	GROW(a->p->buffers, a->cap_buffers, a->p->nbuffers + 1);
	a->p->buffers[a->p->nbuffers++] = b;
	return true;
}

/* A kernel parameter's (or field's) value at *pos: an expression converted
 * to type pt (no PTX, pp NULL: any 32-bit value, a float as its bits) or,
 * where named, a buffer's name alone (that no expression name hides; a
 * 64-bit type: the buffer's address); what names it in errors: "parameter
 * 2 of k". */
static bool arg_value(struct as *a, int *pos, const struct ptx_param *pp, enum ptx_ptype pt, const char *what,
		      bool named, struct arg_spec *g)
{
	const struct token *vt = &a->toks[*pos];
	bool wide = pp && ptx_ptype_bytes(pt) == 8;
	g->buffer = -1;
	struct value nv;
	if (named && vt->kind == TK_IDENT && !lookup_name(a, vt->s, vt->len, &nv) &&
	    (a->toks[*pos + 1].kind == TK_END || is_p(&a->toks[*pos + 1], ',') || is_p(&a->toks[*pos + 1], '}'))) {
		int b = find_buffer_n(a->p, vt->s, vt->len);
		if (b >= 0) {
			if (pp && !wide)
				return err_at(a, vt->col, "%s is not a pointer: give a value", what);
			g->buffer = b;
			(*pos)++;
			return true;
		}
	}
	struct value v;
	if (!eval(a, pos, &v))
		return false;
	if (pp && pt == PTX_P_F64) { /* a double: the value's binary64, its high word apart */
		double d = v.is_float ? v.f : (double)v.i;
		uint64_t u;
		memcpy(&u, &d, 8);
		g->value = (uint32_t)u;
		g->hi = (uint32_t)(u >> 32);
		return true;
	}
	if (wide && !v.is_float) { /* a 64-bit value: any int64, its high word apart */
		g->value = (uint32_t)v.i;
		g->hi = (uint32_t)((uint64_t)v.i >> 32);
		return true;
	}
	if (!to_imm(a, vt, v, pp && pt == PTX_P_F32, !pp, &g->value))
		return false;
	unsigned nb = pp ? ptx_ptype_narrow_bits(pt) : 0;
	if (nb) { /* an 8/16-bit parameter: a value its bits hold, signed or not (nvcc
		   * declares a short or signed char .u16/.u8), the word extended
		   * as the parameter's type says */
		int64_t lo = -((int64_t)1 << (nb - 1)), hi = ((int64_t)1 << nb) - 1;
		if (v.i < lo || v.i > hi)
			return err_at(a, vt->col, "%s is %u-bit: %lld is outside %lld..%lld", what, nb, (long long)v.i,
				      (long long)lo, (long long)hi);
		uint32_t m = (1u << nb) - 1;
		g->value &= m;
		if (ptx_ptype_signed(pt) && (g->value >> (nb - 1)))
			g->value |= ~m;
	}
	return true;
}

static bool add_arg(struct as *a, unsigned col, const struct arg_spec *g)
{
	if (a->p->nargs >= 1024)
		return err_at(a, col, "too many kernel arguments (at most 1024 words)");
	GROW(a->p->args, a->cap_args, a->p->nargs + 1);
	a->p->args[a->p->nargs++] = *g;
	return true;
}

/* .arg NAME {v, ...} for a CUDA parameter passed as bytes (a struct or
 * vector): one value per field the kernel reads, in offset order; field k
 * is argument NAME_OFFSET. */
static bool arg_fields(struct as *a, int pos, const struct token *nt, const struct ptx_param *pp)
{
	unsigned pi = a->ptx_bound;
	/* the fields, for the errors (last in them: a long list is cut) */
	char list[240] = "";
	for (unsigned f = 0; f < pp->nfields; f++) {
		size_t at = strlen(list);
		if (at > sizeof list - 32) {
			snprintf(list + at, sizeof list - at, ", ...");
			break;
		}
		snprintf(list + at, sizeof list - at, "%s%s at byte %u", f ? ", " : "", ptx_ptype_names[pp->fields[f].type],
			 (unsigned)pp->fields[f].offset);
	}
	for (unsigned i = 0; i < a->nstructs; i++)
		if (strlen(a->structs[i]) == nt->len && !memcmp(a->structs[i], nt->s, nt->len))
			return err_at(a, nt->col, "struct argument '%.*s' is already defined", (int)nt->len, nt->s);
	if (!is_p(&a->toks[pos], '{'))
		return err_at(a, a->toks[pos].col,
			      "parameter %u of %s is a struct of %u bytes passed by value: give its fields' values as { v, ... }; the kernel reads %u field%s (%s)",
			      pi + 1, a->ptx.name, (unsigned)pp->size, pp->nfields, pp->nfields == 1 ? "" : "s",
			      pp->nfields ? list : "none");
	pos++;
	for (unsigned f = 0;; f++) {
		const struct token *t = &a->toks[pos];
		if (f == 0 && is_p(t, '}')) {
			if (!pp->nfields)
				break; /* (a struct the kernel never reads) */
			return err_at(a, t->col, "parameter %u of %s: the list gives no values for the %u field%s the kernel reads (%s)",
				      pi + 1, a->ptx.name, pp->nfields, pp->nfields == 1 ? "" : "s", list);
		}
		if (f >= pp->nfields)
			return err_at(a, t->col, "parameter %u of %s: value %u of a list for the %u field%s the kernel reads (%s)",
				      pi + 1, a->ptx.name, f + 1, pp->nfields, pp->nfields == 1 ? "" : "s",
				      pp->nfields ? list : "none");
		struct arg_spec g;
		memset(&g, 0, sizeof g);
		if ((size_t)snprintf(g.name, sizeof g.name, "%.*s_%u", (int)nt->len, nt->s, (unsigned)pp->fields[f].offset) >=
		    sizeof g.name)
			return err_at(a, nt->col, "argument name too long");
		if (find_arg(a->p, g.name, (unsigned)strlen(g.name)) >= 0)
			return err_at(a, nt->col, "argument '%s' (field %u of '%.*s') is already defined", g.name, f + 1,
				      (int)nt->len, nt->s);
		char what[160];
		snprintf(what, sizeof what, "field %u (byte %u) of parameter %u of %s", f + 1,
			 (unsigned)pp->fields[f].offset, pi + 1, a->ptx.name);
		g.param = pi;
		g.offset = pp->fields[f].offset;
		g.bytes = ptx_ptype_bytes(pp->fields[f].type);
		if (!arg_value(a, &pos, pp, pp->fields[f].type, what, true, &g) || !add_arg(a, nt->col, &g))
			return false;
		t = &a->toks[pos];
		if (is_p(t, '}')) {
			if (f + 1 < pp->nfields)
				return err_at(a, t->col, "parameter %u of %s: the list gives %u value%s for the %u fields the kernel reads (%s)",
					      pi + 1, a->ptx.name, f + 1, f ? "s" : "", pp->nfields, list);
			break;
		}
		if (!is_p(t, ','))
			return err_tok(a, t, "',' or '}' in the field values");
		pos++;
	}
	GROW(a->structs, a->cap_structs, a->nstructs + 1);
	snprintf(a->structs[a->nstructs++], sizeof a->structs[0], "%.*s", (int)nt->len, nt->s);
	a->ptx_bound++;
	return expect_end(a, pos + 1);
}

static bool do_arg(struct as *a, int pos)
{
	struct arg_spec g;
	memset(&g, 0, sizeof g);
	const struct token *nt = &a->toks[pos];
	if (!name_token(a, pos, "an argument name after .arg", g.name))
		return false;
	if (find_arg(a->p, nt->s, nt->len) >= 0)
		return err_at(a, nt->col, "argument '%s' is already defined", g.name);
	pos++;
	const struct ptx_param *pp = NULL;
	if (a->have_ptx) {
		if (a->ptx_bound >= a->ptx.nparams)
			return err_at(a, nt->col, "kernel %s takes only %u parameter%s", a->ptx.name, a->ptx.nparams,
				      a->ptx.nparams == 1 ? "" : "s");
		pp = &a->ptx.params[a->ptx_bound];
		if (pp->type == PTX_P_BYTES)
			return arg_fields(a, pos, nt, pp);
	}
	char what[160];
	snprintf(what, sizeof what, "parameter %u of %s", a->ptx_bound + 1, pp ? a->ptx.name : "");
	if (a->toks[pos].kind == TK_END) {
		g.buffer = find_buffer_n(a->p, nt->s, nt->len);
		if (g.buffer < 0)
			return err_at(a, nt->col, "'%s' is not a buffer; give a value: .arg NAME VALUE",
				      g.name);
		if (pp && ptx_ptype_bytes(pp->type) != 8)
			return err_at(a, nt->col, "%s is not a pointer: give a value", what);
	} else if (!arg_value(a, &pos, pp, pp ? pp->type : PTX_P_U32, what, true, &g) || !expect_end(a, pos)) {
		return false;
	}
	if (pp)
		g.param = a->ptx_bound++;
	return add_arg(a, nt->col, &g);
}

static bool do_dims(struct as *a, int pos, uint32_t dims[3], bool block)
{
	static const int64_t gmax[3] = {INT32_MAX, 65535, 65535};
	static const int64_t bmax[3] = {1024, 1024, 64};
	const struct token *first = &a->toks[pos];
	for (int i = 0; i < 3; i++)
		dims[i] = 1;
	for (int i = 0; i < 3; i++) {
		int64_t v;
		if (!eval_int(a, &pos, 1, block ? bmax[i] : gmax[i], block ? "block dimension" : "grid dimension", &v))
			return false;
		dims[i] = (uint32_t)v;
		if (a->toks[pos].kind == TK_END)
			break;
		if (i == 2 || !comma(a, &pos))
			return i == 2 ? expect_end(a, pos) : false;
	}
	if (block && (uint64_t)dims[0] * dims[1] * dims[2] > 1024)
		return err_at(a, first->col, "a block has at most 1024 threads, this one has %llu",
			      (unsigned long long)dims[0] * dims[1] * dims[2]);
	return true;
}

static bool buffer_ref(struct as *a, int *pos, int *out)
{
	const struct token *t = &a->toks[*pos];
	if (t->kind != TK_IDENT)
		return err_tok(a, t, "a buffer name");
	*out = find_buffer_n(a->p, t->s, t->len);
	if (*out < 0)
		return err_at(a, t->col, "unknown buffer '%.*s' (declare it with .buffer first)",
			      (int)(t->len > 40 ? 40 : t->len), t->s);
	(*pos)++;
	return true;
}

static bool do_check(struct as *a, int pos)
{
	struct check_spec c;
	memset(&c, 0, sizeof c);
	c.file = a->cur->file;
	c.line = a->cur->lineno;
	if (!buffer_ref(a, &pos, &c.buffer))
		return false;
	const struct buffer_spec *cb = &a->p->buffers[c.buffer];
	const struct token *kt = &a->toks[pos];
	if (tok_is(kt, "matmul")) {
		pos++;
		int64_t dims[3];
		if (!is_p(&a->toks[pos], '('))
			return err_tok(a, &a->toks[pos], "'(' after matmul");
		pos++;
		if (!buffer_ref(a, &pos, &c.a) || !comma(a, &pos) || !buffer_ref(a, &pos, &c.b))
			return false;
		for (int i = 0; i < 3; i++)
			if (!comma(a, &pos) || !eval_int(a, &pos, 1, 1 << 16, "matrix dimension", &dims[i]))
				return false;
		if (!is_p(&a->toks[pos], ')'))
			return err_tok(a, &a->toks[pos], "')'");
		pos++;
		c.m = (uint32_t)dims[0];
		c.n = (uint32_t)dims[1];
		c.k = (uint32_t)dims[2];
		const struct buffer_spec *ba = &a->p->buffers[c.a], *bb = &a->p->buffers[c.b];
		if (cb->type != ELEM_F32 || ba->type != ELEM_F32 || bb->type != ELEM_F32)
			return err_at(a, kt->col, "matmul checks need f32 buffers");
		if ((uint64_t)c.m * c.n > ba->count || (uint64_t)c.n * c.k > bb->count ||
		    (uint64_t)c.m * c.k > cb->count)
			return err_at(a, kt->col, "matmul(%s, %s, %u, %u, %u) needs %s >= %llu, %s >= %llu, %s >= %llu elements",
				      ba->name, bb->name, c.m, c.n, c.k, ba->name,
				      (unsigned long long)c.m * c.n, bb->name, (unsigned long long)c.n * c.k,
				      cb->name, (unsigned long long)c.m * c.k);
		c.kind = CHECK_MATMUL;
	} else if (tok_is(kt, "expr")) {
		pos++;
		if (!is_p(&a->toks[pos], '('))
			return err_tok(a, &a->toks[pos], "'(' after expr");
		pos++;
		/* validate now (with i = 0 and i = count-1); keep text and tokens for the check */
		int start = pos;
		struct value v;
		a->allow_i = true;
		a->checking = &c;
		bool ok = true;
		for (int k = 0; k < 2 && ok; k++) { /* i = 0, then the last element */
			a->allowed_i = k ? cb->count - 1 : 0;
			int at = start;
			ok = eval(a, &at, &v);
			if (!k)
				pos = at;
			/* a value known now (no element read) that no element holds */
			if (ok && !v.unknown && !elem_holds(cb->type, v))
				ok = err_at(a, a->toks[start].col,
					    "expr is %.17g for i = %u, which no 32-bit element holds (%d..%u)", value_f(v),
					    a->allowed_i, INT32_MIN, UINT32_MAX);
		}
		a->allow_i = false;
		a->checking = NULL;
		if (ok && !is_p(&a->toks[pos], ')'))
			ok = err_tok(a, &a->toks[pos], "')'");
		if (!ok) {
			free(c.binds);
			return false;
		}
		const struct token *st = &a->toks[start], *et = &a->toks[pos];
		c.expr_text = xstrndup(st->s, (size_t)(et->s - st->s));
		c.line_text = xstrdup(a->cur->text);
		struct diag ld = {0};
		c.expr_toks = xmalloc(sizeof(struct token) * MAX_TOKS);
		if (lex_line(c.expr_text, c.expr_toks, MAX_TOKS, "", 0, &ld) < 0) {
			free(c.expr_text);
			free(c.expr_toks);
			free(c.line_text);
			free(c.binds);
			return err_at(a, st->col, "cannot re-read the expression");
		}
		for (int k = 0; k < MAX_TOKS; k++) { /* columns in the source line */
			c.expr_toks[k].col += st->col - 1;
			if (c.expr_toks[k].kind == TK_END)
				break;
		}
		pos++;
		c.kind = CHECK_EXPR;
	} else if (tok_is(kt, "file")) {
		pos++;
		c.path_col = a->toks[pos + 1].col;
		if (!string_arg(a, &pos, &c.path))
			return false;
		c.kind = CHECK_FILE;
	} else if (is_p(kt, '{')) {
		if (!parse_list(a, &pos, cb->type, &c.list, &c.count))
			return false;
		if (c.count > cb->count) {
			free(c.list);
			return err_at(a, kt->col, "the list has %u values but buffer %s has %u elements",
				      c.count, cb->name, cb->count);
		}
		c.kind = CHECK_LIST;
	} else {
		return err_tok(a, kt, "a check: matmul(A, B, M, N, K), expr(E), file(\"path\") or { list }");
	}
	if (!expect_end(a, pos)) {
		free(c.expr_text);
		free(c.expr_toks);
		free(c.line_text);
		free(c.binds);
		free(c.path);
		free(c.list);
		return false;
	}
	if (c.kind == CHECK_FILE)
		c.line_text = xstrdup(a->cur->text);
	GROW(a->p->checks, a->cap_checks, a->p->nchecks + 1);
	a->p->checks[a->p->nchecks++] = c;
	return true;
}

static bool do_report(struct as *a, int pos)
{
	struct report_spec r;
	memset(&r, 0, sizeof r);
	r.line = a->cur->lineno;
	const struct token *nt = &a->toks[pos];
	if (!name_token(a, pos, "a report name after .report", r.name))
		return false;
	for (unsigned i = 0; i < a->p->nreports; i++)
		if (!strcmp(a->p->reports[i].name, r.name))
			return err_at(a, nt->col, "report '%s' is already defined", r.name);
	pos++;
	if (!buffer_ref(a, &pos, &r.buffer))
		return false;
	const struct buffer_spec *b = &a->p->buffers[r.buffer];
	int64_t idx;
	if (!comma(a, &pos) || !eval_int(a, &pos, 0, (int64_t)b->count - 1, "element index", &idx) ||
	    !expect_end(a, pos))
		return false;
	r.index = (uint32_t)idx;
	GROW(a->p->reports, a->cap_reports, a->p->nreports + 1);
	a->p->reports[a->p->nreports++] = r;
	return true;
}

static bool do_directive(struct as *a, const struct token *t, int pos)
{
	if (tok_is(t, ".param") || tok_is(t, ".shared") || tok_is(t, ".ptx") || tok_is(t, ".cuda"))
		return true; /* done in pass 1 */
	if (tok_is(t, ".dynshared")) {
		int64_t n;
		if (!a->have_ptx)
			return err_at(a, t->col, ".dynshared sizes a CUDA kernel's extern __shared__ array: it needs .ptx or .cuda before it");
		if (a->have_dyn)
			return err_at(a, t->col, ".dynshared is given twice");
		if (!eval_int(a, &pos, 0, 1 << 24, "dynamic shared memory (bytes)", &n) || !expect_end(a, pos))
			return false;
		a->have_dyn = true;
		a->p->shared_bytes += (uint32_t)n;
		a->p->dyn_shared = (uint32_t)n;
		/* the extern __shared__ array (size 0, last) gets the bytes */
		for (unsigned i = 0; i < a->p->nshared; i++)
			if (a->p->shared[i].size == 0)
				a->p->shared[i].size = (uint32_t)n;
		return true;
	}
	if (tok_is(t, ".local")) {
		int64_t n;
		if (a->have_ptx)
			return err_at(a, t->col, "a CUDA kernel's local memory comes from its code: remove .local");
		if (a->have_local)
			return err_at(a, t->col, ".local is given twice");
		/* (CUDA's limit: 512 KB of local memory a thread) */
		if (!eval_int(a, &pos, 0, 1 << 19, "local memory per thread (bytes)", &n) || !expect_end(a, pos))
			return false;
		a->have_local = true;
		a->p->local_bytes = (uint32_t)n;
		return true;
	}
	if (tok_is(t, ".optin")) {
		if (a->p->optin)
			return err_at(a, t->col, ".optin is given twice");
		if (!expect_end(a, pos))
			return false;
		a->p->optin = true;
		return true;
	}
	if (tok_is(t, ".kernel")) {
		char name[PROG_NAME_MAX];
		if (a->kernel_line)
			return err_at(a, t->col, "a workload has one kernel: .kernel is given twice (first at line %u)",
				      a->kernel_line);
		a->kernel_line = a->cur->lineno;
		if (a->have_ptx)
			return err_at(a, t->col, ".kernel names a hand-written kernel: a .ptx or .cuda kernel is named by "
				      "its entry there (remove .kernel)");
		if (!name_token(a, pos, "a kernel name after .kernel", name))
			return false;
		/* a CUDA template's name keeps its arguments: .kernel MatrixMulKernel<16> */
		int q = pos + 1;
		if (is_p(&a->toks[q], '<')) {
			while (a->toks[q].kind != TK_END && !is_p(&a->toks[q], '>'))
				q++;
			if (!is_p(&a->toks[q], '>'))
				return err_tok(a, &a->toks[q], "'>' to close the template arguments");
			const struct token *nt = &a->toks[pos], *gt = &a->toks[q];
			size_t len = (size_t)(gt->s + 1 - nt->s);
			if (len >= sizeof name)
				return err_at(a, nt->col, "kernel name too long (at most %d characters)", PROG_NAME_MAX - 1);
			memcpy(name, nt->s, len);
			name[len] = 0;
			pos = q;
		}
		if (!expect_end(a, pos + 1))
			return false;
		snprintf(a->p->name, sizeof a->p->name, "%s", name);
		return true;
	}
	if (tok_is(t, ".regs")) { /* .regs COUNT[, TOUCHED] */
		int64_t n, touched = 0;
		if (!eval_int(a, &pos, 1, ISA_MAX_REGS, "register count", &n))
			return false;
		if (is_p(&a->toks[pos], ',')) {
			pos++;
			if (!eval_int(a, &pos, n, ISA_MAX_REGS, "registers the code touches", &touched))
				return false;
		}
		if (!expect_end(a, pos))
			return false;
		if (a->p->regs_explicit)
			return err_at(a, t->col, ".regs is given twice");
		a->regs_touched = (unsigned)touched;
		a->p->nregs = (unsigned)n;
		a->p->regs_explicit = true;
		a->regs_line = (unsigned)(a->cur - a->lines);
		return true;
	}
	if (tok_is(t, ".buffer"))
		return do_buffer(a, pos);
	if (tok_is(t, ".arg"))
		return do_arg(a, pos);
	if (tok_is(t, ".grid") || tok_is(t, ".block")) {
		bool block = tok_is(t, ".block");
		bool *have = block ? &a->have_block : &a->have_grid;
		if (*have)
			return err_at(a, t->col, "%.*s is given twice", (int)t->len, t->s);
		*have = true;
		return do_dims(a, pos, block ? a->p->block : a->p->grid, block);
	}
	if (tok_is(t, ".check"))
		return do_check(a, pos);
	if (tok_is(t, ".report"))
		return do_report(a, pos);
	static const char *const known[] = {".kernel", ".regs", ".param", ".shared", ".buffer", ".arg",
					    ".grid", ".block", ".check", ".report", ".include", ".rept", ".endr",
					    ".ptx", ".cuda", ".dynshared", ".optin", ".local"};
	const char *best = NULL;
	unsigned bd = 3;
	for (unsigned i = 0; i < sizeof known / sizeof known[0]; i++) {
		unsigned dd = edit_distance(t->s, t->len, known[i], (unsigned)strlen(known[i]));
		if (dd < bd) {
			bd = dd;
			best = known[i];
		}
	}
	if (best)
		return err_at(a, t->col, "unknown directive '%.*s' (did you mean '%s'?)", (int)t->len, t->s,
			      best);
	return err_at(a, t->col, "unknown directive '%.*s'", (int)t->len, t->s);
}

static bool pass2(struct as *a)
{
	struct program *p = a->p;
	p->code = xcalloc(p->ncode ? p->ncode : 1, sizeof *p->code);
	p->loc = xcalloc(p->ncode ? p->ncode : 1, sizeof *p->loc);
	p->src_text = xcalloc(p->ncode ? p->ncode : 1, sizeof *p->src_text);
	uint32_t pc = 0;
	unsigned last_line = 0;
	for (unsigned li = 0; li < a->nlines; li++) {
		a->cur = &a->lines[li];
		if (lex_line(a->cur->text, a->toks, MAX_TOKS, p->files[a->cur->file], a->cur->lineno,
			     a->d) < 0)
			return false;
		int pos = 0;
		if (a->toks[0].kind == TK_IDENT && is_p(&a->toks[1], ':'))
			pos = 2;
		const struct token *t = &a->toks[pos];
		if (t->kind == TK_DIRECT) {
			if (!do_directive(a, t, pos + 1))
				return false;
		} else if (is_insn_start(t)) {
			if (!parse_insn(a, pos, pc++))
				return false;
			last_line = li;
		}
	}
	a->cur = NULL;
	if (a->have_ptx) {
		if (p->ncode) {
			a->cur = &a->lines[last_line];
			return err_at(a, 1, "a workload with a CUDA kernel (.ptx/.cuda) has no instructions of its own");
		}
		if (!take_ptx(a))
			return false;
		a->cur = NULL;
	}
	if (p->ncode == 0)
		return err_at(a, 0, "the workload has no instructions");
	if (!a->have_grid)
		return err_at(a, 0, "missing .grid directive (the launch grid, e.g. .grid 4, 4)");
	if (!a->have_block)
		return err_at(a, 0, "missing .block directive (the block shape, e.g. .block 16, 16)");
	const struct isa_insn *last = &p->code[p->ncode - 1];
	if (!((last->op == OP_EXIT || last->op == OP_BRA) && last->guard == ISA_PT)) {
		a->cur = &a->lines[last_line];
		return err_at(a, (unsigned)strspn(a->cur->text, " \t") + 1, "the kernel can run past its last instruction: end it with 'exit' or an unconditional 'bra'");
	}
	unsigned used = (unsigned)(a->max_reg + 1);
	if (a->have_ptx) {
		/* registers come from the kernel's allocation (take_ptx) */
	} else if (p->regs_explicit) {
		unsigned may = a->regs_touched ? a->regs_touched : p->nregs;
		if (may < used) {
			a->cur = &a->lines[a->regs_line];
			return err_at(a, 1, ".regs %u is too few: the kernel uses r%d", may, a->max_reg);
		}
	} else {
		p->nregs = used ? used : 1;
	}
	if (!a->have_ptx)
		p->regs_alloc = a->regs_touched ? a->regs_touched : p->nregs;
	if (!p->name[0]) {
		const char *base = strrchr(p->files[0], '/');
		base = base ? base + 1 : p->files[0];
		size_t n = strcspn(base, ".");
		snprintf(p->name, sizeof p->name, "%.*s", (int)(n < PROG_NAME_MAX - 1 ? n : PROG_NAME_MAX - 1), base);
	}
	return true;
}

static struct program *assemble(const char *path, const char *text, const struct param_override *ov, unsigned nov,
				 const struct asm_hooks *hooks, struct diag *d)
{
	struct as a;
	memset(&a, 0, sizeof a);
	a.hooks = hooks;
	a.p = xcalloc(1, sizeof *a.p);
	a.d = d;
	a.ov = ov;
	a.nov = nov;
	a.ov_used = xcalloc(nov ? nov : 1, sizeof(bool));
	a.toks = xmalloc(sizeof(struct token) * MAX_TOKS);
	a.max_reg = -1;
	add_file(&a, path);
	bool ok = read_source(&a, 0, text, 0) && pass1(&a);
	if (ok) {
		for (unsigned i = 0; i < nov; i++)
			if (!a.ov_used[i]) {
				char names[256] = "";
				for (unsigned k = 0; k < a.p->nparams; k++) {
					strncat(names, k ? ", " : "", sizeof names - strlen(names) - 1);
					strncat(names, a.p->params[k].name, sizeof names - strlen(names) - 1);
				}
				ok = diag_error(d, "command line", 0, 0, "",
						"-D %s: the workload has no parameter '%s' (its parameters: %s)",
						ov[i].name, ov[i].name, names[0] ? names : "none");
				break;
			}
	}
	ok = ok && pass2(&a);
	if (ok) {
		a.p->ipdom = xcalloc(a.p->ncode, sizeof *a.p->ipdom);
		cfg_ipdom(a.p->code, a.p->ncode, a.p->ipdom);
		a.p->spin = xcalloc(a.p->ncode, sizeof *a.p->spin);
		cfg_spin(a.p->code, a.p->ncode, a.p->spin);
	}
	/* before pass 1 (an error while reading) the source is still in lines */
	struct line *own = a.src ? a.src : a.lines;
	unsigned nown = a.src ? a.nsrc : a.nlines;
	for (unsigned i = 0; i < nown; i++)
		free(own[i].text);
	free(a.src);
	free(a.lines);
	for (unsigned i = 0; i < a.nbinds; i++)
		free(a.binds[i]);
	free(a.binds);
	free(a.structs);
	free(a.toks);
	free(a.ov_used);
	ptx_kernel_free(&a.ptx);
	if (!ok) {
		program_free(a.p);
		return NULL;
	}
	return a.p;
}

struct program *asm_from_string(const char *path, const char *text,
				const struct param_override *ov, unsigned nov, struct diag *d)
{
	return assemble(path, text, ov, nov, NULL, d);
}

struct program *asm_from_buffer(const char *path, const char *text, size_t len,
				const struct param_override *ov, unsigned nov, struct diag *d)
{
	if (!no_nul(d, path, text, len))
		return NULL;
	return asm_from_string(path, text, ov, nov, d);
}

struct program *asm_load_hooked(const char *path, const struct param_override *ov, unsigned nov,
				const struct asm_hooks *hooks, struct diag *d)
{
	size_t len;
	char why[128];
	char *text = read_input(path, READ_MAX_TEXT, &len, why, sizeof why);
	if (!text) {
		diag_error(d, path, 0, 0, "", "cannot read workload: %s", why);
		return NULL;
	}
	struct program *p = no_nul(d, path, text, len) ? assemble(path, text, ov, nov, hooks, d) : NULL;
	free(text);
	return p;
}

struct program *asm_load(const char *path, const struct param_override *ov, unsigned nov,
			 struct diag *d)
{
	return asm_load_hooked(path, ov, nov, NULL, d);
}
