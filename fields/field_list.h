/* The field layer's one list of operations (core/list.h explains the format). From it
 * tools/gen_api.c makes the ops struct (backends/ops_gen.h), each backend's table
 * (backends/table_<backend>_gen.h), the public functions pasta_<field>_<name>
 * (backends/api_gen.c) and test_api's cases (tests/api_cases_gen.h). Each entry is
 * implemented by F(name) in fields/field_impl.h or fields/array_impl.h (add, sub, dbl, mul,
 * sqr: the kernels of fields/portable.h, fields/x86_64_asm.h) and declared, with its
 * contract, in include/pasta/field.h. Adding an operation: one line here, its F(name), its
 * declaration, then `make generate`. */
#ifndef PASTA_FIELDS_FIELD_LIST_H
#define PASTA_FIELDS_FIELD_LIST_H

#include "core/list.h"

#define PASTA_FIELD_OPS(V, R)                                                            \
    V(zero, (OUT(fe, r)))                                                                \
    V(one, (OUT(fe, r)))                                                                 \
    V(from_u64, (OUT(fe, r), VAL(u64, v)))                                               \
    V(from_u128, (OUT(fe, r), VAL(u64, lo), VAL(u64, hi)))                               \
    V(from_raw, (OUT(fe, r), INW(limbs, 4)))                                             \
    V(to_raw, (OUTW(limbs, 4), IN(fe, a)))                                               \
    V(to_bytes, (OUTB(out, 32), IN(fe, a)))                                              \
    R(int, from_bytes, (OUT(fe, r), INB(in, 32)))                                        \
    V(from_uniform_bytes, (OUT(fe, r), INB(in, 64)))                                     \
    R(int, random, (OUT(fe, r), RNG(rng, rng_ctx)))                                      \
    V(add, (OUT(fe, r), IN(fe, a), IN(fe, b)))                                           \
    V(sub, (OUT(fe, r), IN(fe, a), IN(fe, b)))                                           \
    V(neg, (OUT(fe, r), IN(fe, a)))                                                      \
    V(dbl, (OUT(fe, r), IN(fe, a)))                                                      \
    V(mul, (OUT(fe, r), IN(fe, a), IN(fe, b)))                                           \
    V(sqr, (OUT(fe, r), IN(fe, a)))                                                      \
    V(cube, (OUT(fe, r), IN(fe, a)))                                                     \
    V(pow, (OUT(fe, r), IN(fe, a), INW(e, 4)))                                           \
    V(pow_var, (OUT(fe, r), IN(fe, a), INW(e, 4)))                                       \
    V(invert, (OUT(fe, r), IN(fe, a)))                                                   \
    V(invert_var, (OUT(fe, r), IN(fe, a)))                                               \
    R(int, batch_invert, (OUTA(fe, out), INA(fe, in), VAL(size, n)))                     \
    R(int, sqrt, (OUT(fe, r), IN(fe, a)))                                                \
    R(int, sqrt_ratio, (OUT(fe, r), IN(fe, num), IN(fe, div)))                           \
    R(int, legendre, (IN(fe, a)))                                                        \
    R(int, is_square, (IN(fe, a)))                                                       \
    R(int, eq, (IN(fe, a), IN(fe, b)))                                                   \
    R(int, is_zero, (IN(fe, a)))                                                         \
    R(int, is_odd, (IN(fe, a)))                                                          \
    V(cmov, (INOUT(fe, r), IN(fe, a), VAL(int, flag)))                                   \
    V(select, (OUT(fe, r), IN(fe, a), IN(fe, b), VAL(int, flag)))                        \
    V(cswap, (INOUT(fe, a), INOUT(fe, b), VAL(int, flag)))                               \
    R(int, vec_add, (OUTA(fe, r), INA(fe, a), INA(fe, b), VAL(size, n)))                 \
    R(int, vec_sub, (OUTA(fe, r), INA(fe, a), INA(fe, b), VAL(size, n)))                 \
    R(int, vec_mul, (OUTA(fe, r), INA(fe, a), INA(fe, b), VAL(size, n)))                 \
    R(int, vec_scale, (OUTA(fe, r), INA(fe, a), IN(fe, c), VAL(size, n)))                \
    R(int, vec_mul_add, (OUTA(fe, r), INA(fe, a), INA(fe, b), INA(fe, c), VAL(size, n))) \
    R(int, vec_inner_product, (OUT(fe, r), INA(fe, a), INA(fe, b), VAL(size, n)))        \
    R(int, poly_eval, (OUT(fe, r), INA(fe, coeffs), VAL(size, n), IN(fe, x)))            \
    R(int, work_load, (OUTA(wk, w), INA(fe, a), VAL(size, n)))                           \
    R(int, work_store, (OUTA(fe, r), INA(wk, w), VAL(size, n)))                          \
    R(int, work_add, (OUTA(wk, r), INA(wk, a), INA(wk, b), VAL(size, n)))                \
    R(int, work_sub, (OUTA(wk, r), INA(wk, a), INA(wk, b), VAL(size, n)))                \
    R(int, work_mul, (OUTA(wk, r), INA(wk, a), INA(wk, b), VAL(size, n)))                \
    R(int, work_scale, (OUTA(wk, r), INA(wk, a), IN(fe, c), VAL(size, n)))               \
    R(int, work_add_const, (OUTA(wk, r), INA(wk, a), IN(fe, c), VAL(size, n)))           \
    R(int, work_mul_add, (OUTA(wk, r), INA(wk, a), INA(wk, b), INA(wk, c), VAL(size, n)))

/* Internal entries of the table (tests, benchmarks), not part of the public API.
 * chain: x = op(x, y) n times as a dependent chain compiled inside the backend, so no
 * call indirection is timed; op is a PASTA_CHAIN_* code. */
#define PASTA_FIELD_INTERNAL_OPS(V, R) \
    V(chain, (VAL(int, op), INOUT(fe, x), IN(fe, y), VAL(u64, n)))

enum {
    PASTA_CHAIN_ADD,
    PASTA_CHAIN_SUB,
    PASTA_CHAIN_DBL,
    PASTA_CHAIN_MUL,
    PASTA_CHAIN_SQR,
    PASTA_CHAIN_NEG
};

#endif /* PASTA_FIELDS_FIELD_LIST_H */
