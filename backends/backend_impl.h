/* Body of one backend's translation unit: instantiates every template for the backend
 * named by PASTA_BACKEND (backends/templates.h) and defines its table pasta_ops_<backend>
 * from the layers' lists (designated initialisers, one per list entry). */
#include "backends/backend.h"
#include "backends/templates.h"

#define PASTA_FIELD_TEMPLATE "backends/table_gen.h"
#define PASTA_CURVE_TEMPLATE "backends/table_gen.h"
#include "core/for_each.h"
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
