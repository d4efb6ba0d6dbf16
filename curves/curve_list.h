/* The curve layer's one list of operations (core/list.h explains the format), for Pallas
 * and Vesta: fe is the curve's base field, se its scalar field. tools/gen_api.c makes from
 * it the ops struct, each backend's table, the public functions pasta_<curve>_<name> and
 * test_api's cases (the backends' _gen files, tests/api_cases_gen.h; `make generate`).
 * Each entry is implemented by CV(name) in curves/curve_impl.h (fold_var: in
 * msm/fold_impl.h) and declared, with its contract, in include/pasta/curve.h. */
#ifndef PASTA_CURVES_CURVE_LIST_H
#define PASTA_CURVES_CURVE_LIST_H

#include "core/list.h"

#define PASTA_CURVE_OPS(V, R)                                                               \
    V(identity, (OUT(jac, r)))                                                              \
    V(generator, (OUT(jac, r)))                                                             \
    V(from_affine, (OUT(jac, r), IN(aff, a)))                                               \
    V(to_affine, (OUT(aff, r), IN(jac, a)))                                                 \
    V(to_affine_var, (OUT(aff, r), IN(jac, a)))                                             \
    R(int, batch_to_affine, (OUTA(aff, out), INA(jac, in), VAL(size, n)))                   \
    R(int, is_identity, (IN(jac, a)))                                                       \
    R(int, affine_is_identity, (IN(aff, a)))                                                \
    R(int, is_on_curve, (IN(jac, a)))                                                       \
    R(int, affine_is_on_curve, (IN(aff, a)))                                                \
    R(int, eq, (IN(jac, a), IN(jac, b)))                                                    \
    R(int, affine_eq, (IN(aff, a), IN(aff, b)))                                             \
    V(cmov, (INOUT(jac, r), IN(jac, a), VAL(int, flag)))                                    \
    V(select, (OUT(jac, r), IN(jac, a), IN(jac, b), VAL(int, flag)))                        \
    V(neg, (OUT(jac, r), IN(jac, a)))                                                       \
    V(affine_neg, (OUT(aff, r), IN(aff, a)))                                                \
    V(dbl, (OUT(jac, r), IN(jac, a)))                                                       \
    V(dbl_var, (OUT(jac, r), IN(jac, a)))                                                   \
    V(add, (OUT(jac, r), IN(jac, a), IN(jac, b)))                                           \
    V(add_var, (OUT(jac, r), IN(jac, a), IN(jac, b)))                                       \
    V(madd, (OUT(jac, r), IN(jac, a), IN(aff, b)))                                          \
    V(madd_var, (OUT(jac, r), IN(jac, a), IN(aff, b)))                                      \
    V(endo, (OUT(jac, r), IN(jac, a)))                                                      \
    V(mul, (OUT(jac, r), IN(jac, a), IN(se, k)))                                            \
    V(mul_var, (OUT(jac, r), IN(jac, a), IN(se, k)))                                        \
    V(glv_decompose, (OUTW(k1, 2), OUT(int, neg1), OUTW(k2, 2), OUT(int, neg2), IN(se, k))) \
    V(to_bytes, (OUTB(out, 32), IN(jac, a)))                                                \
    V(affine_to_bytes, (OUTB(out, 32), IN(aff, a)))                                         \
    R(int, from_bytes, (OUT(jac, r), INB(in, 32)))                                          \
    R(int, affine_from_bytes, (OUT(aff, r), INB(in, 32)))                                   \
    V(affine_to_uncompressed, (OUTB(out, 64), IN(aff, a)))                                  \
    R(int, affine_from_uncompressed, (OUT(aff, r), INB(in, 64)))                            \
    R(int, hash_to_curve, (OUT(jac, r), STR(prefix), MSG(msg, len)))                        \
    V(map_to_curve, (OUT(jac, r), IN(fe, u)))                                               \
    R(int, fold_var,                                                                        \
      (OUTA(aff, r), INA(aff, lo), INA(aff, hi), VAL(size, n), IN(se, u), VAL(int, threads)))

/* Internal entries (tests, benchmarks). sswu_iso: simplified SWU onto the iso-curve,
 * Jacobian (X, Y, Z) in a jac although the point lies on the iso-curve, not on this
 * curve. mul_noglv / mul_var_noglv: scalar multiplication without the endomorphism,
 * constant time (4-bit windows over the full scalar) and variable time (wNAF). */
#define PASTA_CURVE_INTERNAL_OPS(V, R)                 \
    V(sswu_iso, (OUT(jac, r), IN(fe, u)))              \
    V(mul_noglv, (OUT(jac, r), IN(jac, a), IN(se, k))) \
    V(mul_var_noglv, (OUT(jac, r), IN(jac, a), IN(se, k)))

#endif /* PASTA_CURVES_CURVE_LIST_H */
