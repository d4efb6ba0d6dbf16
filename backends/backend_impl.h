/* Body of one backend's translation unit: instantiates every template for the backend
 * named by PASTA_BACKEND, whose kernel header the includer has already included, and
 * defines its table pasta_ops_<backend>. */
#include <stddef.h>
#include <stdint.h>

#include "backends/backend.h"
#include "fields/constants.h"
#include "fields/ct.h"
#include "fields/safegcd.h"

#define PASTA_FIELD_TEMPLATE "fields/field_impl.h"
#define PASTA_CURVE_TEMPLATE "curves/curve_impl.h"
#include "backends/for_each.h"
#undef PASTA_FIELD_TEMPLATE
#undef PASTA_CURVE_TEMPLATE

const pasta_ops PASTA_CAT(pasta_ops_, PASTA_BACKEND) = {
    .backend = PASTA_BACKEND_ID,
    .name = PASTA_BACKEND_NAME,
    .fp = &PASTA_BNAME(fp, ops),
    .fq = &PASTA_BNAME(fq, ops),
    .pallas = &PASTA_BNAME(pallas, ops), /* curves */
    .vesta = &PASTA_BNAME(vesta, ops),
};
