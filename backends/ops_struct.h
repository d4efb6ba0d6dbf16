/* Template (core/for_each.h, fields and curves): struct pasta_<fp|fq|pallas|vesta>_ops,
 * one member per entry of the layer's list, public entries first. */
#ifdef CURVE
struct PASTA_CAT3(pasta_, CURVE, _ops) {
    PASTA_CURVE_ENTRIES(PASTA_OPS_MEMBER_V, PASTA_OPS_MEMBER_R)
    PASTA_CURVE_INTERNAL_ENTRIES(PASTA_OPS_MEMBER_V, PASTA_OPS_MEMBER_R)
};
#else
struct PASTA_CAT3(pasta_, FIELD, _ops) {
    PASTA_FIELD_ENTRIES(PASTA_OPS_MEMBER_V, PASTA_OPS_MEMBER_R)
    PASTA_FIELD_INTERNAL_ENTRIES(PASTA_OPS_MEMBER_V, PASTA_OPS_MEMBER_R)
};
#endif
