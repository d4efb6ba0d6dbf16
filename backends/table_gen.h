/* Template (core/for_each.h, fields and curves; included by backends/backend_impl.h): the
 * table of one field or curve on the backend PASTA_BACKEND, one designated initialiser
 * per entry of the layer's lists (backends/layers.h). */
#include "backends/layer_select.h"

#define ENTRY_V(name, kinds) .name = PASTA_BNAME(LAYER, name),
#define ENTRY_R(type, name, kinds) ENTRY_V(name, kinds)
static const struct PASTA_CAT3(pasta_, LAYER, _ops) PASTA_BNAME(LAYER, ops) = {
    LAYER_OPS(ENTRY_V, ENTRY_R) LAYER_INTERNAL_OPS(ENTRY_V, ENTRY_R)};
#undef ENTRY_V
#undef ENTRY_R

#include "backends/layer_unselect.h"
