/* Internal: the per-backend operation tables and the active-backend accessor. */
#ifndef PASTA_BACKENDS_BACKEND_H
#define PASTA_BACKENDS_BACKEND_H

#include <stdint.h>

#include "backends/alloc.h"
#include "backends/template.h"
#include "pasta/backend.h"
#include "pasta/field.h"
#include "pasta/curve.h"

/* Dependent-chain operations for benchmarks (the `chain` member of the field tables). */
enum { PASTA_CHAIN_ADD, PASTA_CHAIN_SUB, PASTA_CHAIN_DBL, PASTA_CHAIN_MUL, PASTA_CHAIN_SQR,
       PASTA_CHAIN_NEG };

#define FIELD fp
#include "fields/field_ops.h"
#undef FIELD
#define FIELD fq
#include "fields/field_ops.h"
#undef FIELD

/* ---- curves (curves/curve_ops.h) */
#define CURVE pallas
#define FIELD fp
#define SCALAR fq
#include "curves/curve_ops.h"
#undef CURVE
#undef FIELD
#undef SCALAR
#define CURVE vesta
#define FIELD fq
#define SCALAR fp
#include "curves/curve_ops.h"
#undef CURVE
#undef FIELD
#undef SCALAR

typedef struct pasta_ops {
    pasta_backend backend;
    const char *name;
    const struct pasta_fp_ops *fp;
    const struct pasta_fq_ops *fq;
    const struct pasta_pallas_ops *pallas; /* curves */
    const struct pasta_vesta_ops *vesta;
} pasta_ops;

/* Every backend's table; pasta_ops_x86_64_asm exists only when PASTA_X86_64_ASM is on. */
PASTA_API extern const pasta_ops pasta_ops_portable;
#ifdef PASTA_X86_64_ASM
PASTA_API extern const pasta_ops pasta_ops_x86_64_asm;
#endif

/* The table of the active backend (selected on first use; see include/pasta/backend.h). */
PASTA_INTERNAL const pasta_ops *pasta_active_ops(void);
/* The table of backend b if compiled in and supported by this CPU, else NULL. */
PASTA_API const pasta_ops *pasta_ops_for(pasta_backend b);

#endif /* PASTA_BACKENDS_BACKEND_H */
