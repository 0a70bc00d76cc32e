/* program.c - ownership of an assembled program. */
#include "program.h"

#include <stdlib.h>
#include <string.h>

const char *const elem_type_names[3] = {"f32", "u32", "s32"};

void program_free(struct program *p)
{
	if (!p)
		return;
	for (unsigned i = 0; i < p->nbuffers; i++) {
		free(p->buffers[i].path);
		free(p->buffers[i].list);
		free(p->buffers[i].line_text);
	}
	for (unsigned i = 0; i < p->nchecks; i++) {
		free(p->checks[i].expr_text);
		free(p->checks[i].expr_toks);
		free(p->checks[i].line_text);
		free(p->checks[i].binds);
		free(p->checks[i].path);
		free(p->checks[i].list);
	}
	for (unsigned i = 0; i < p->nfiles; i++)
		free(p->files[i]);
	if (p->src_text)
		for (uint32_t i = 0; i < p->ncode; i++)
			free(p->src_text[i]);
	free(p->src_text);
	free(p->files);
	free(p->code);
	free(p->loc);
	free(p->cuda_loc);
	free(p->ptx_entry);
	free(p->ptx_param_size);
	for (unsigned i = 0; i < p->nptx_globals; i++)
		free(p->ptx_global_names[i]);
	free(p->ptx_global_names);
	free(p->labels);
	free(p->params);
	free(p->buffers);
	free(p->args);
	free(p->shared);
	free(p->checks);
	free(p->reports);
	free(p->ipdom);
	free(p->spin);
	free(p);
}

int program_find_buffer(const struct program *p, const char *name)
{
	for (unsigned i = 0; i < p->nbuffers; i++)
		if (!strcmp(p->buffers[i].name, name))
			return (int)i;
	return -1;
}

unsigned program_storage_regs(const struct program *p)
{
	return p->regs_alloc > p->nregs ? p->regs_alloc : p->nregs;
}
