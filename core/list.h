/* Bottom layer: the machinery of the operation lists (docs/DESIGN.md, "One list per layer").
 *
 * Each layer writes its operations once, as an X-macro list (fields/field_list.h,
 * curves/curve_list.h):
 *     V(name, (KIND(...), ...))              an operation returning void
 *     R(type, name, (KIND(...), ...))        an operation returning type
 * Parameters are written as kinds, so the same list gives the prototypes, the argument
 * lists, the ops structs, each backend's table, the public wrappers and the generated
 * test (tests/test_api.c), which needs to know what each parameter is:
 *     OUT(t, n)    t *n        one output              IN(t, n)     const t *n
 *     INOUT(t, n)  t *n        read and written        VAL(v, n)    by value (int, u64, size)
 *     OUTA(t, n)   t *n        output array            INA(t, n)    const t *n, input array
 *     INOUTA(t, n) t *n        array read and written in place (an NTT)
 *     OUTW(n, k)   uint64_t n[k]                       INW(n, k)    const uint64_t n[k]
 *     OUTB(n, k)   uint8_t n[k]                        INB(n, k)    const uint8_t n[k]
 *     INBA(n, k)   const uint8_t *n, an input array of k-byte strings (k n bytes)
 *     TABW(n)      tab *n, size_t n_size: caller memory a table is built into
 *     TABR(n)      const tab *n: a table built before (tab: PASTA_T_tab, msm/)
 *     RNG(f, c)    pasta_rng_fn f, void *c             STR(n)       const char *n
 *     MSG(p, k)    const uint8_t *p, size_t k
 * t is a type tag, never a macro: fe (the layer's field element), se (scalar), jac, aff
 * (points of the layer's curve), dom (an evaluation domain of the layer's field,
 * include/pasta/fft.h), sdom (one of the scalar field: the point transform), tab (a
 * fixed-base MSM table of the curve) or int; PASTA_T_<tag> names the type in the instantiation
 * at hand (FIELD, SCALAR, CURVE defined by core/for_each.h). Array lengths are the
 * operation's VAL(size, n). */
#ifndef PASTA_CORE_LIST_H
#define PASTA_CORE_LIST_H

#include <stddef.h>
#include <stdint.h>

#include "core/names.h"
#include "pasta/common.h"

#define PASTA_T_fe PASTA_CAT3(pasta_, FIELD, )
#define PASTA_T_se PASTA_CAT3(pasta_, SCALAR, )
#define PASTA_T_jac PASTA_CAT3(pasta_, CURVE, _jacobian)
#define PASTA_T_aff PASTA_CAT3(pasta_, CURVE, _affine)
#define PASTA_T_dom PASTA_CAT3(pasta_, FIELD, _domain)
#define PASTA_T_sdom PASTA_CAT3(pasta_, SCALAR, _domain)
#define PASTA_T_tab PASTA_CAT3(pasta_, CURVE, _msm_table)
#define PASTA_T_int int
#define PASTA_V_int int
#define PASTA_V_u64 uint64_t
#define PASTA_V_size size_t

/* Prototype parameters of one kind. */
#define PASTA_PARAM_OUT(t, n) PASTA_T_##t *n
#define PASTA_PARAM_IN(t, n) const PASTA_T_##t *n
#define PASTA_PARAM_INOUT(t, n) PASTA_T_##t *n
#define PASTA_PARAM_VAL(v, n) PASTA_V_##v n
#define PASTA_PARAM_OUTA(t, n) PASTA_T_##t *n
#define PASTA_PARAM_INA(t, n) const PASTA_T_##t *n
#define PASTA_PARAM_INOUTA(t, n) PASTA_T_##t *n
#define PASTA_PARAM_OUTW(n, k) uint64_t n[k]
#define PASTA_PARAM_INW(n, k) const uint64_t n[k]
#define PASTA_PARAM_OUTB(n, k) uint8_t n[k]
#define PASTA_PARAM_INB(n, k) const uint8_t n[k]
#define PASTA_PARAM_INBA(n, k) const uint8_t *n
#define PASTA_PARAM_TABW(n) PASTA_T_tab *n, size_t n##_size
#define PASTA_PARAM_TABR(n) const PASTA_T_tab *n
#define PASTA_PARAM_RNG(f, c) pasta_rng_fn f, void *c
#define PASTA_PARAM_STR(n) const char *n
#define PASTA_PARAM_MSG(p, k) const uint8_t *p, size_t k

/* Argument names of one kind. */
#define PASTA_ARG_OUT(t, n) n
#define PASTA_ARG_IN(t, n) n
#define PASTA_ARG_INOUT(t, n) n
#define PASTA_ARG_VAL(v, n) n
#define PASTA_ARG_OUTA(t, n) n
#define PASTA_ARG_INA(t, n) n
#define PASTA_ARG_INOUTA(t, n) n
#define PASTA_ARG_OUTW(n, k) n
#define PASTA_ARG_INW(n, k) n
#define PASTA_ARG_OUTB(n, k) n
#define PASTA_ARG_INB(n, k) n
#define PASTA_ARG_INBA(n, k) n
#define PASTA_ARG_TABW(n) n, n##_size
#define PASTA_ARG_TABR(n) n
#define PASTA_ARG_RNG(f, c) f, c
#define PASTA_ARG_STR(n) n
#define PASTA_ARG_MSG(p, k) p, k

#define PASTA_UNPAREN(...) __VA_ARGS__

/* PASTA_MAP_LIST(m, a, b, ...) = m(a), m(b), ...; PASTA_MAP_STMT without the commas.
 * Up to 8 elements (an operation has at most 8 parameter kinds). */
#define PASTA_NARGS_(_1, _2, _3, _4, _5, _6, _7, _8, n, ...) n
#define PASTA_NARGS(...) PASTA_NARGS_(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#define PASTA_MAPL_1(m, a) m(a)
#define PASTA_MAPL_2(m, a, ...) m(a), PASTA_MAPL_1(m, __VA_ARGS__)
#define PASTA_MAPL_3(m, a, ...) m(a), PASTA_MAPL_2(m, __VA_ARGS__)
#define PASTA_MAPL_4(m, a, ...) m(a), PASTA_MAPL_3(m, __VA_ARGS__)
#define PASTA_MAPL_5(m, a, ...) m(a), PASTA_MAPL_4(m, __VA_ARGS__)
#define PASTA_MAPL_6(m, a, ...) m(a), PASTA_MAPL_5(m, __VA_ARGS__)
#define PASTA_MAPL_7(m, a, ...) m(a), PASTA_MAPL_6(m, __VA_ARGS__)
#define PASTA_MAPL_8(m, a, ...) m(a), PASTA_MAPL_7(m, __VA_ARGS__)
#define PASTA_MAPS_1(m, a) m(a)
#define PASTA_MAPS_2(m, a, ...) m(a) PASTA_MAPS_1(m, __VA_ARGS__)
#define PASTA_MAPS_3(m, a, ...) m(a) PASTA_MAPS_2(m, __VA_ARGS__)
#define PASTA_MAPS_4(m, a, ...) m(a) PASTA_MAPS_3(m, __VA_ARGS__)
#define PASTA_MAPS_5(m, a, ...) m(a) PASTA_MAPS_4(m, __VA_ARGS__)
#define PASTA_MAPS_6(m, a, ...) m(a) PASTA_MAPS_5(m, __VA_ARGS__)
#define PASTA_MAPS_7(m, a, ...) m(a) PASTA_MAPS_6(m, __VA_ARGS__)
#define PASTA_MAPS_8(m, a, ...) m(a) PASTA_MAPS_7(m, __VA_ARGS__)
/* Own paste macros: PASTA_CAT may already be expanding around a list (a macro cannot
 * expand inside its own expansion). */
#define PASTA_LCAT_(a, b) a##b
#define PASTA_LCAT(a, b) PASTA_LCAT_(a, b)
#define PASTA_KCAT_(a, b) a##b
#define PASTA_KCAT(a, b) PASTA_KCAT_(a, b)
#define PASTA_MAP_LIST_(m, ...) PASTA_LCAT(PASTA_MAPL_, PASTA_NARGS(__VA_ARGS__))(m, __VA_ARGS__)
#define PASTA_MAP_LIST(m, ...) PASTA_MAP_LIST_(m, __VA_ARGS__)
#define PASTA_MAP_STMT_(m, ...) PASTA_LCAT(PASTA_MAPS_, PASTA_NARGS(__VA_ARGS__))(m, __VA_ARGS__)
#define PASTA_MAP_STMT(m, ...) PASTA_MAP_STMT_(m, __VA_ARGS__)

/* A kind K(...) applied to a prefix: PASTA_KIND(PASTA_PARAM_, OUT(fe, r)) =
 * PASTA_PARAM_OUT(fe, r). */
#define PASTA_PARAM_1(k) PASTA_KCAT(PASTA_PARAM_, k)
#define PASTA_ARG_1(k) PASTA_KCAT(PASTA_ARG_, k)

/* (KIND(...), ...) -> the parameter declarations / the argument names. */
#define PASTA_PARAMS(kinds) PASTA_MAP_LIST(PASTA_PARAM_1, PASTA_UNPAREN kinds)
#define PASTA_ARGS(kinds) PASTA_MAP_LIST(PASTA_ARG_1, PASTA_UNPAREN kinds)

#endif /* PASTA_CORE_LIST_H */
