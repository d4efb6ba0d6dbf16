/* Instantiates every field and curve template for the backend named by PASTA_BACKEND,
 * whose kernel header the includer has already included: static functions F(name) and
 * CV(name), no tables. A later layer's per-backend translation unit (msm/, fft/) includes
 * this, then its own templates, and calls field and curve functions directly. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/alloc.h"
#include "core/ct.h"
#include "core/names.h"
#include "fields/constants.h"
#include "fields/field_list.h"
#include "fields/safegcd.h"

#define PASTA_FIELD_TEMPLATE "fields/field_impl.h"
#define PASTA_CURVE_TEMPLATE "curves/curve_impl.h"
#include "core/for_each.h"
#undef PASTA_FIELD_TEMPLATE
#undef PASTA_CURVE_TEMPLATE
#define PASTA_FIELD_TEMPLATE "fields/array_impl.h"
#include "core/for_each.h"
#undef PASTA_FIELD_TEMPLATE
/* The fft layer (fft/fft_impl.h: transforms over Fp, Fq, Pallas, Vesta; then the
 * field-only polynomial code of fft/poly_impl.h). */
#include "core/group.h"
#include "core/parallel.h"
#include "pasta/fft.h"
#define PASTA_GROUP_TEMPLATE "fft/fft_impl.h"
#include "core/for_each.h"
#undef PASTA_GROUP_TEMPLATE
#define PASTA_FIELD_TEMPLATE "fft/poly_impl.h"
#include "core/for_each.h"
#undef PASTA_FIELD_TEMPLATE
/* msm/: Pippenger and the generator fold over each curve, on the curve template above. */
#define PASTA_CURVE_TEMPLATE "msm/msm_impl.h"
#include "core/for_each.h"
#undef PASTA_CURVE_TEMPLATE
