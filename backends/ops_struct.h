/* Template (core/for_each.h, fields and curves): struct pasta_<fp|fq|pallas|vesta>_ops,
 * one member per entry of the layer's lists, public entries first. */
#include "backends/layer_select.h"
struct PASTA_CAT3(pasta_, LAYER, _ops) {
    LAYER_OPS(PASTA_OPS_MEMBER_V, PASTA_OPS_MEMBER_R)
    LAYER_INTERNAL_OPS(PASTA_OPS_MEMBER_V, PASTA_OPS_MEMBER_R)
};
#include "backends/layer_unselect.h"
