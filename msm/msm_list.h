/* The MSM layer's list of operations for a curve instance (core/list.h explains the
 * format), read by tools/gen_api.c (curve_lists): fe is the curve's base field, se its
 * scalar field, aff/jac its points. Each entry is implemented by CV(name) in
 * msm/var_impl.h or msm/fixed_impl.h and declared, with its contract, in include/pasta/msm.h. */
#ifndef PASTA_MSM_MSM_LIST_H
#define PASTA_MSM_MSM_LIST_H

#include "core/list.h"

#define PASTA_MSM_CURVE_OPS(V, R)                                                         \
    R(int, msm_var,                                                                       \
      (OUT(jac, r), INA(aff, bases), INA(se, scalars), VAL(size, n), VAL(int, threads)))  \
    R(int, msm_bytes_var,                                                                 \
      (OUT(jac, r), INA(aff, bases), INBA(scalars, 32), VAL(size, n), VAL(int, threads))) \
    R(int, msm_var_many,                                                                  \
      (OUTA(jac, r), INA(aff, bases), INA(se, scalars), VAL(size, count), VAL(size, n),   \
       VAL(int, threads)))                                                                \
    R(size_t, msm_fixed_size, (VAL(size, n), VAL(int, c)))                                \
    R(int, msm_fixed_build,                                                               \
      (TABW(table), INA(aff, bases), VAL(size, n), VAL(int, c), VAL(int, threads)))       \
    R(int, msm_fixed_var,                                                                 \
      (OUT(jac, r), TABR(table), INA(se, scalars), VAL(size, n), VAL(int, threads)))      \
    R(int, msm_fixed_var_many,                                                            \
      (OUTA(jac, r), TABR(table), INA(se, scalars), VAL(size, count), VAL(size, n),       \
       VAL(int, threads)))

/* Internal entries (tests, benchmarks): msm_var_opt is msm_var with the window size c
 * (0: the rule of msm_window) and PASTA_MSM_F_* flags forced. */
#define PASTA_MSM_CURVE_INTERNAL_OPS(V, R)                                              \
    R(int, msm_var_opt,                                                                 \
      (OUT(jac, r), INA(aff, bases), INA(se, scalars), VAL(size, n), VAL(int, threads), \
       VAL(int, c), VAL(int, flags)))

/* msm_var_opt flags. JACOBIAN: Jacobian buckets with mixed additions instead of
 * batch-affine ones; NOGLV: full-width scalars, no endomorphism; AFFINE: batch-affine
 * buckets even where the rule would take Jacobian ones. */
enum { PASTA_MSM_F_JACOBIAN = 1, PASTA_MSM_F_NOGLV = 2, PASTA_MSM_F_AFFINE = 4 };

#endif /* PASTA_MSM_MSM_LIST_H */
