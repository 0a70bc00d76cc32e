/* simt.c - the table of divergence models (as sched.c is for schedulers). */
#include <string.h>

#include "simt.h"

const struct simt_ops *simt_find(const char *name)
{
	static const struct simt_ops *const models[] = {&simt_stack_ops, &simt_its_ops};
	for (size_t i = 0; i < sizeof models / sizeof models[0]; i++)
		if (!strcmp(models[i]->name, name))
			return models[i];
	return NULL;
}

int simt_policy_find(const struct simt_ops *ops, const char *name)
{
	for (int i = 0; ops->policies[i]; i++)
		if (!strcmp(ops->policies[i], name))
			return i;
	return -1;
}
