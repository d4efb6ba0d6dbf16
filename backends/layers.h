/* The registry of layers: which lists make up the operations of a field instance (Fp, Fq)
 * and of a curve instance (Pallas, Vesta). Everything generated from lists (ops structs,
 * tables, public wrappers, the generated test) reads these four macros, so a new layer
 * (msm/, fft/) is: its list file, its template (included by backends/templates.h), and
 * its list appended here. A list for curve instances names its functions CV(name), one
 * for field instances F(name) (scripts/gen-index.sh relies on it). */
#ifndef PASTA_BACKENDS_LAYERS_H
#define PASTA_BACKENDS_LAYERS_H

#include "curves/curve_list.h"
#include "fields/field_list.h"
#include "fft/fft_list.h"
#include "msm/msm_list.h"

#define PASTA_FIELD_ENTRIES(V, R) PASTA_FIELD_OPS(V, R) PASTA_FFT_FIELD_OPS(V, R)
#define PASTA_FIELD_INTERNAL_ENTRIES(V, R) \
    PASTA_FIELD_INTERNAL_OPS(V, R) PASTA_FFT_FIELD_INTERNAL_OPS(V, R)
#define PASTA_CURVE_ENTRIES(V, R) \
    PASTA_CURVE_OPS(V, R) PASTA_FFT_CURVE_OPS(V, R) PASTA_MSM_CURVE_OPS(V, R)
#define PASTA_CURVE_INTERNAL_ENTRIES(V, R) \
    PASTA_CURVE_INTERNAL_OPS(V, R) PASTA_MSM_CURVE_INTERNAL_OPS(V, R)

#endif /* PASTA_BACKENDS_LAYERS_H */
