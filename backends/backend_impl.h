/* Body of one backend's translation unit: instantiates every template for the backend
 * named by PASTA_BACKEND, whose kernel header the includer has already included, and
 * defines its table pasta_ops_<backend>. */
#include <stddef.h>
#include <stdint.h>

#include "backends/backend.h"
#include "fields/ct.h"
#include "fields/safegcd.h"

#define FIELD fp
#include "fields/field_impl.h"
#undef FIELD

#define FIELD fq
#include "fields/field_impl.h"
#undef FIELD

/* ---- curves */
#define CURVE pallas
#define FIELD fp
#define SCALAR fq
#include "curves/curve_impl.h"
#undef CURVE
#undef FIELD
#undef SCALAR
#define CURVE vesta
#define FIELD fq
#define SCALAR fp
#include "curves/curve_impl.h"
#undef CURVE
#undef FIELD
#undef SCALAR

const pasta_ops PASTA_CAT(pasta_ops_, PASTA_BACKEND) = {
    .backend = PASTA_BACKEND_ID,
    .name = PASTA_BACKEND_NAME,
    .fp = &PASTA_BNAME(fp, ops),
    .fq = &PASTA_BNAME(fq, ops),
    .pallas = &PASTA_BNAME(pallas, ops), /* curves */
    .vesta = &PASTA_BNAME(vesta, ops),
};
