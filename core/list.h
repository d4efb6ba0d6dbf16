/* Bottom layer: the format of the operation lists (docs/DESIGN.md, "One list per layer").
 *
 * Each layer writes its operations once, as an X-macro list (fields/field_list.h,
 * curves/curve_list.h, fft/fft_list.h, msm/msm_list.h):
 *     V(name, (KIND(...), ...))              an operation returning void
 *     R(type, name, (KIND(...), ...))        an operation returning type
 * Parameters are written as kinds, so that tools/gen_api.c makes from the lists the ops
 * structs, each backend's tables, the public functions and test_api's cases (committed
 * *_gen files; `make generate`), the test knowing what each parameter is:
 *     OUT(t, n)    t *n        one output              IN(t, n)     const t *n
 *     INOUT(t, n)  t *n        read and written        VAL(v, n)    by value (int, u64, size)
 *     OUTA(t, n)   t *n        output array            INA(t, n)    const t *n, input array
 *     INOUTA(t, n) t *n        array read and written in place (an NTT)
 *     OUTW(n, k)   uint64_t n[k]                       INW(n, k)    const uint64_t n[k]
 *     OUTB(n, k)   uint8_t n[k]                        INB(n, k)    const uint8_t n[k]
 *     INBA(n, k)   const uint8_t *n, an input array of k-byte strings (k n bytes)
 *     TABW(n)      tab *n, size_t n_size: caller memory a table is built into
 *     TABR(n)      const tab *n: a table built before (tab: a fixed-base MSM table, msm/)
 *     RNG(f, c)    pasta_rng_fn f, void *c             STR(n)       const char *n
 *     MSG(p, k)    const uint8_t *p, size_t k
 * t is a type tag: fe (the instance's field element; a curve's base field), se (a curve's
 * scalar), jac, aff (points of the curve), dom (an evaluation domain of the field,
 * include/pasta/fft.h), sdom (one of the scalar field: the point transform), tab (a
 * fixed-base MSM table of the curve) or int. Array lengths are the operation's
 * VAL(size, n). Only tools/gen_api.c defines the kind macros and expands the lists. */
#ifndef PASTA_CORE_LIST_H
#define PASTA_CORE_LIST_H

#include <stddef.h>
#include <stdint.h>

#include "core/names.h"
#include "pasta/common.h"

/* In curve templates (msm/msm_impl.h): the fixed-base table type of CURVE. */
#define PASTA_T_tab PASTA_CAT3(pasta_, CURVE, _msm_table)

#endif /* PASTA_CORE_LIST_H */
