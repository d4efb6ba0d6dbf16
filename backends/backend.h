/* Internal: the per-backend operation tables and the active-backend accessor. The ops
 * structs (backends/ops_gen.h), each backend's tables (backends/table_<backend>_gen.h) and
 * the public functions (backends/api_gen.c) are generated from the lists by tools/gen_api.c.
 * Every symbol here is hidden: tests and benchmarks reach the tables through the
 * test-only static library pasta_testing, not through libpasta's ABI. */
#ifndef PASTA_BACKENDS_BACKEND_H
#define PASTA_BACKENDS_BACKEND_H

#include <stdint.h>

#include "backends/ops_gen.h"
#include "core/names.h"
/* The lists: their internal entries' codes (PASTA_CHAIN_*, PASTA_MSM_F_*). */
#include "curves/curve_list.h"
#include "fft/fft_list.h"
#include "fields/field_list.h"
#include "msm/msm_list.h"
#include "pasta/backend.h"
#include "pasta/curve.h"
#include "pasta/field.h"
#include "pasta/msm.h"

typedef struct pasta_ops {
    pasta_backend backend;
    const char *name;
    const struct pasta_fp_ops *fp;
    const struct pasta_fq_ops *fq;
    const struct pasta_pallas_ops *pallas; /* curves */
    const struct pasta_vesta_ops *vesta;
} pasta_ops;

/* Every backend's table; pasta_ops_x86_64_asm exists only when PASTA_X86_64_ASM is on,
 * pasta_ops_x86_64_ifma only when PASTA_X86_64_IFMA is on too. */
PASTA_INTERNAL extern const pasta_ops pasta_ops_portable;
#ifdef PASTA_X86_64_ASM
PASTA_INTERNAL extern const pasta_ops pasta_ops_x86_64_asm;
#endif
#if defined(PASTA_X86_64_IFMA) && defined(PASTA_X86_64_ASM)
PASTA_INTERNAL extern const pasta_ops pasta_ops_x86_64_ifma;
#endif

/* The table of the active backend (selected on first use; see include/pasta/backend.h). */
PASTA_INTERNAL const pasta_ops *pasta_active_ops(void);
/* The table of backend b if compiled in and supported by this CPU, else NULL. */
PASTA_INTERNAL const pasta_ops *pasta_ops_for(pasta_backend b);

/* backends/dispatch.c: selects the backend if none is yet (the lazy stubs call it). */
PASTA_INTERNAL void pasta_dispatch_init(void);
/* backends/api_gen.c: copies t's entries into the public functions' pointers. */
PASTA_INTERNAL void pasta_api_install(const pasta_ops *t);

#endif /* PASTA_BACKENDS_BACKEND_H */
