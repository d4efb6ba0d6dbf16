/* Internal: the per-backend operation tables, generated from the layers' lists
 * (registered in backends/layers.h), and the active-backend accessor.
 * Every symbol here is hidden: tests and benchmarks reach the tables through the
 * test-only static library pasta_testing, not through libpasta's ABI. */
#ifndef PASTA_BACKENDS_BACKEND_H
#define PASTA_BACKENDS_BACKEND_H

#include <stdint.h>

#include "backends/layers.h"
#include "core/list.h"
#include "pasta/backend.h"
#include "pasta/curve.h"
#include "pasta/field.h"
#include "pasta/msm.h"

/* One struct member per list entry: a pointer with the entry's prototype. */
#define PASTA_OPS_MEMBER_V(name, kinds) void (*name)(PASTA_PARAMS(kinds));
#define PASTA_OPS_MEMBER_R(type, name, kinds) type (*name)(PASTA_PARAMS(kinds));

#define PASTA_FIELD_TEMPLATE "backends/ops_struct.h"
#define PASTA_CURVE_TEMPLATE "backends/ops_struct.h"
#include "core/for_each.h"
#undef PASTA_FIELD_TEMPLATE
#undef PASTA_CURVE_TEMPLATE

typedef struct pasta_ops {
    pasta_backend backend;
    const char *name;
    const struct pasta_fp_ops *fp;
    const struct pasta_fq_ops *fq;
    const struct pasta_pallas_ops *pallas; /* curves */
    const struct pasta_vesta_ops *vesta;
} pasta_ops;

/* Every backend's table; pasta_ops_x86_64_asm exists only when PASTA_X86_64_ASM is on. */
PASTA_INTERNAL extern const pasta_ops pasta_ops_portable;
#ifdef PASTA_X86_64_ASM
PASTA_INTERNAL extern const pasta_ops pasta_ops_x86_64_asm;
#endif

/* The table of the active backend (selected on first use; see include/pasta/backend.h). */
PASTA_INTERNAL const pasta_ops *pasta_active_ops(void);
/* The table of backend b if compiled in and supported by this CPU, else NULL. */
PASTA_INTERNAL const pasta_ops *pasta_ops_for(pasta_backend b);

#endif /* PASTA_BACKENDS_BACKEND_H */
