/* Body of one backend's translation unit: instantiates every template for the backend
 * named by PASTA_BACKEND (backends/templates.h) and defines its table pasta_ops_<backend>
 * from the layers' lists (designated initialisers, one per list entry). */
#include "backends/backend.h"
#include "backends/templates.h"

#define PASTA_TABLE_ENTRY_V(name, kinds) .name = PASTA_BNAME(PASTA_TABLE_LAYER, name),
#define PASTA_TABLE_ENTRY_R(type, name, kinds) PASTA_TABLE_ENTRY_V(name, kinds)

#define PASTA_TABLE_LAYER fp
static const struct pasta_fp_ops PASTA_BNAME(fp, ops) = {
    PASTA_FIELD_ENTRIES(PASTA_TABLE_ENTRY_V, PASTA_TABLE_ENTRY_R)
    PASTA_FIELD_INTERNAL_ENTRIES(PASTA_TABLE_ENTRY_V, PASTA_TABLE_ENTRY_R)};
#undef PASTA_TABLE_LAYER
#define PASTA_TABLE_LAYER fq
static const struct pasta_fq_ops PASTA_BNAME(fq, ops) = {
    PASTA_FIELD_ENTRIES(PASTA_TABLE_ENTRY_V, PASTA_TABLE_ENTRY_R)
    PASTA_FIELD_INTERNAL_ENTRIES(PASTA_TABLE_ENTRY_V, PASTA_TABLE_ENTRY_R)};
#undef PASTA_TABLE_LAYER
#define PASTA_TABLE_LAYER pallas
static const struct pasta_pallas_ops PASTA_BNAME(pallas, ops) = {
    PASTA_CURVE_ENTRIES(PASTA_TABLE_ENTRY_V, PASTA_TABLE_ENTRY_R)
    PASTA_CURVE_INTERNAL_ENTRIES(PASTA_TABLE_ENTRY_V, PASTA_TABLE_ENTRY_R)};
#undef PASTA_TABLE_LAYER
#define PASTA_TABLE_LAYER vesta
static const struct pasta_vesta_ops PASTA_BNAME(vesta, ops) = {
    PASTA_CURVE_ENTRIES(PASTA_TABLE_ENTRY_V, PASTA_TABLE_ENTRY_R)
    PASTA_CURVE_INTERNAL_ENTRIES(PASTA_TABLE_ENTRY_V, PASTA_TABLE_ENTRY_R)};
#undef PASTA_TABLE_LAYER

const pasta_ops PASTA_CAT(pasta_ops_, PASTA_BACKEND) = {
    .backend = PASTA_BACKEND_ID,
    .name = PASTA_BACKEND_NAME,
    .fp = &PASTA_BNAME(fp, ops),
    .fq = &PASTA_BNAME(fq, ops),
    .pallas = &PASTA_BNAME(pallas, ops), /* curves */
    .vesta = &PASTA_BNAME(vesta, ops),
};
