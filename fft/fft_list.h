/* The fft layer's lists (core/list.h explains the format): the operations of a field
 * instance (Fp, Fq) and of a curve instance (Pallas, Vesta), read by tools/gen_api.c
 * (field_lists, curve_lists). Field entries are F(name) in fft/poly_impl.h and
 * fft/fft_impl.h (the group template, field instances); curve entries CV(name) in
 * fft/fft_impl.h (its curve instances). Declared, with their contracts, in
 * include/pasta/fft.h. */
#ifndef PASTA_FFT_FFT_LIST_H
#define PASTA_FFT_FFT_LIST_H

#include "core/list.h"
#include "pasta/fft.h"

#define PASTA_FFT_FIELD_OPS(V, R)                                                            \
    R(int, domain_init, (OUT(dom, d), VAL(int, k), VAL(int, j)))                             \
    V(domain_free, (INOUT(dom, d)))                                                          \
    R(int, ntt, (IN(dom, d), INOUTA(fe, a), VAL(size, n), VAL(int, threads)))                \
    R(int, intt, (IN(dom, d), INOUTA(fe, a), VAL(size, n), VAL(int, threads)))               \
    R(int, coeff_to_extended,                                                                \
      (IN(dom, d), OUTA(fe, r), INA(fe, a), VAL(size, n), VAL(int, threads)))                \
    R(int, extended_to_coeff, (IN(dom, d), INOUTA(fe, a), VAL(size, n), VAL(int, threads)))  \
    R(int, lagrange_to_extended,                                                             \
      (IN(dom, d), OUTA(fe, r), INA(fe, a), VAL(size, n), VAL(int, threads)))                \
    R(int, divide_by_vanishing, (IN(dom, d), INOUTA(fe, a), VAL(size, n)))                   \
    R(int, divide_by_vanishing_par,                                                          \
      (IN(dom, d), INOUTA(fe, a), VAL(size, n), VAL(int, threads)))                          \
    R(int, coeff_rotate, (IN(dom, d), OUTA(fe, r), INA(fe, a), VAL(size, n), VAL(int, rot))) \
    R(int, lagrange_rotate, (OUTA(fe, r), INA(fe, a), VAL(size, n), VAL(int, rot)))          \
    R(int, kate_division, (OUTA(fe, q), INA(fe, a), VAL(size, n), IN(fe, b)))                \
    R(int, poly_mul,                                                                         \
      (IN(dom, d), OUTA(fe, r), INA(fe, a), VAL(size, na), INA(fe, b), VAL(size, nb),        \
       VAL(int, threads)))                                                                   \
    R(int, poly_eval_par,                                                                    \
      (OUT(fe, r), INA(fe, a), VAL(size, n), IN(fe, x), VAL(int, threads)))                  \
    R(int, grand_product, (OUTA(fe, z), INA(fe, num), INA(fe, den), VAL(size, n)))           \
    R(int, grand_product_par,                                                                \
      (OUTA(fe, z), INA(fe, num), INA(fe, den), VAL(size, n), VAL(int, threads)))            \
    R(int, poly_eval_many,                                                                   \
      (OUTA(fe, r), INA(fe, a), VAL(size, n), VAL(size, len), IN(fe, x), VAL(int, threads))) \
    R(int, poly_scale_add,                                                                   \
      (INOUTA(fe, p), IN(fe, c), INA(fe, q), VAL(size, n), VAL(int, threads)))               \
    R(int, poly_add_scaled,                                                                  \
      (INOUTA(fe, p), IN(fe, c), INA(fe, q), VAL(size, n), VAL(int, threads)))

/* Internal (benchmarks, tests): the plain iterative radix-2 transform (one twiddle table
 * read with a stride, one pass per stage), the baseline of bench suite ntt. */
#define PASTA_FFT_FIELD_INTERNAL_OPS(V, R) \
    R(int, ntt_radix2, (IN(dom, d), INOUTA(fe, a), VAL(size, n), VAL(int, inverse)))

#define PASTA_FFT_CURVE_OPS(V, R)                                               \
    R(int, ntt, (IN(sdom, d), INOUTA(jac, a), VAL(size, n), VAL(int, threads))) \
    R(int, intt, (IN(sdom, d), INOUTA(jac, a), VAL(size, n), VAL(int, threads)))

#endif /* PASTA_FFT_FFT_LIST_H */
