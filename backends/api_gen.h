/* Template (core/for_each.h, fields and curves; included by backends/dispatch.c): the
 * public functions pasta_<layer>_<name> of one field or curve, generated from the layer's
 * list. The active backend's entries are copied into one struct of relaxed-atomic
 * pointers, so a public call is one load and one indirect jump (no table walk, no check):
 *     void pasta_fp_add(pasta_fp *r, const pasta_fp *a, const pasta_fp *b) {
 *         atomic_load_explicit(&pasta_api_fp.add, memory_order_relaxed)(r, a, b);
 *     }
 * Until the first selection every pointer is a lazy stub that selects the backend
 * (pasta_dispatch_init) and calls on. */
#include "backends/layer_select.h"
#define API PASTA_CAT(pasta_api_, LAYER)
#define PUB(name) PASTA_CAT3(pasta_, LAYER, PASTA_CAT(_, name))
#define LAZY(name) PASTA_CAT3(lazy_, LAYER, PASTA_CAT(_, name))
#define LOAD(name) atomic_load_explicit(&API.name, memory_order_relaxed)

#define MEMBER_V(name, kinds) _Atomic(void (*)(PASTA_PARAMS(kinds))) name;
#define MEMBER_R(type, name, kinds) _Atomic(type (*)(PASTA_PARAMS(kinds))) name;
static struct PASTA_CAT(pasta_api_struct_, LAYER) { LAYER_OPS(MEMBER_V, MEMBER_R) } API;
#undef MEMBER_V
#undef MEMBER_R

#define STUB_V(name, kinds)                                                               \
    static void LAZY(name)(PASTA_PARAMS(kinds)) {                                         \
        pasta_dispatch_init();                                                            \
        LOAD(name)(PASTA_ARGS(kinds));                                                    \
    }
#define STUB_R(type, name, kinds)                                                         \
    static type LAZY(name)(PASTA_PARAMS(kinds)) {                                         \
        pasta_dispatch_init();                                                            \
        return LOAD(name)(PASTA_ARGS(kinds));                                             \
    }
LAYER_OPS(STUB_V, STUB_R)
#undef STUB_V
#undef STUB_R

#define INIT_V(name, kinds) .name = LAZY(name),
#define INIT_R(type, name, kinds) .name = LAZY(name),
static struct PASTA_CAT(pasta_api_struct_, LAYER) API = {LAYER_OPS(INIT_V, INIT_R)};
#undef INIT_V
#undef INIT_R

/* Copies a backend's entries into the public pointers (under the dispatch lock). */
#define COPY_V(name, kinds) atomic_store_explicit(&API.name, o->name, memory_order_relaxed);
#define COPY_R(type, name, kinds) COPY_V(name, kinds)
static void PASTA_CAT(install_, LAYER)(const struct PASTA_CAT3(pasta_, LAYER, _ops) *o) {
    LAYER_OPS(COPY_V, COPY_R)
}
#undef COPY_V
#undef COPY_R

#define WRAP_V(name, kinds) \
    void PUB(name)(PASTA_PARAMS(kinds)) { LOAD(name)(PASTA_ARGS(kinds)); }
#define WRAP_R(type, name, kinds) \
    type PUB(name)(PASTA_PARAMS(kinds)) { return LOAD(name)(PASTA_ARGS(kinds)); }
LAYER_OPS(WRAP_V, WRAP_R)
#undef WRAP_V
#undef WRAP_R

#undef LOAD
#undef LAZY
#undef PUB
#undef API
#include "backends/layer_unselect.h"
