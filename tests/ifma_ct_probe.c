/* Every function of fields/x86_64_ifma.h and fft/fft_ifma.h, out of line, for tests/ifma_ct.sh: the
 * disassembly must hold no instruction that moves vector data into a general register or
 * the flags (the form any branch or memory index on a lane value takes), since valgrind
 * (3.19) cannot run AVX-512 to check the constant-time claim dynamically.
 * -DPASTA_IFMA_CT_LEAKY adds a function that branches on a lane: the check must fail. */
#include "fft/fft_ifma.h"
#include "fields/x86_64_ifma.h"

#define PROBE_FIELD(F, T)                                                                 \
    PASTA_IFMA_TARGET void probe_##F##_vec(T *r, const T *a, const T *b, const T *c,      \
                                           size_t n) {                                    \
        pasta_ifma_##F##_vec_add(r, a, b, n);                                             \
        pasta_ifma_##F##_vec_sub(r, r, b, n);                                             \
        pasta_ifma_##F##_vec_mul(r, r, b, n);                                             \
        pasta_ifma_##F##_vec_scale(r, r, c, n);                                           \
        pasta_ifma_##F##_vec_mul_add(r, r, b, c, n);                                      \
        pasta_ifma_##F##_vec_inner_product(r, a, b, n);                                   \
    }                                                                                     \
    PASTA_IFMA_TARGET void probe_##F##_work(T *r, const T *a, T##_work *w, T##_work *x,   \
                                            const T *c, size_t n) {                       \
        pasta_ifma_##F##_work_load(w, a, n);                                              \
        pasta_ifma_##F##_work_add(x, w, w, n);                                            \
        pasta_ifma_##F##_work_sub(x, x, w, n);                                            \
        pasta_ifma_##F##_work_mul(x, x, w, n);                                            \
        pasta_ifma_##F##_work_scale(x, x, c, n);                                          \
        pasta_ifma_##F##_work_add_const(x, x, c, n);                                      \
        pasta_ifma_##F##_work_mul_add(x, x, w, x, n);                                     \
        pasta_ifma_##F##_work_store(r, x, n);                                             \
    }                                                                                     \
    PASTA_IFMA_TARGET void probe_##F##_blocks(T *r, const T *a, size_t k, __mmask8 sel) { \
        pasta_ifma_v8 x, y, z;                                                            \
        pasta_ifma_##F##_load(&x, a);                                                     \
        pasta_ifma_##F##_load_part(&y, a + 8, k);                                         \
        pasta_ifma_##F##_load16(&z, a + 16);                                              \
        pasta_ifma_##F##_mul(&z, &z, &y);                                                 \
        pasta_ifma_##F##_load16_part(&y, a + 24, k);                                      \
        pasta_ifma_##F##_add(&x, &x, &z);                                                 \
        pasta_ifma_##F##_sub(&x, &x, &y);                                                 \
        pasta_ifma_##F##_sqr(&y, &x);                                                     \
        pasta_ifma_##F##_mul256(&y, &y, &x);                                              \
        pasta_ifma_##F##_to260(&z, &y);                                                   \
        pasta_ifma_##F##_from260(&z, &z);                                                 \
        pasta_ifma_##F##_set1(&x, a + 32);                                                \
        pasta_ifma_select(&z, sel, &z, &x);                                               \
        pasta_ifma_##F##_reduce(&z, &z);                                                  \
        pasta_ifma_##F##_store(r, &z);                                                    \
        pasta_ifma_##F##_store_part(r + 8, &y, k);                                        \
    }

PROBE_FIELD(fp, pasta_fp)
PROBE_FIELD(fq, pasta_fq)

/* The NTT's passes and the element-wise passes of the fft layer (fft/fft_ifma.h). */
PASTA_IFMA_TARGET void probe_ntt(uint64_t *a, const uint64_t *tw, const uint64_t *c,
                                 unsigned lg, unsigned lgb, size_t c0, size_t g, size_t lo,
                                 size_t hi) {
    const pasta_ifma_consts *K = &pasta_ifma_fp_consts;
    pasta_ifma_ntt_block_(a, lgb, tw, K);
    pasta_ifma_ntt_block_mem_(a, lgb, tw, K);
    pasta_ifma_ntt_cols_(a, lg, lgb, tw, c0, g, c, K);
    pasta_ifma_ntt_cols_mem_(a, lg, lgb, tw, c0, g, c, K);
    pasta_ifma_ntt_scale_(a, hi, c, K);
    pasta_ifma_ntt_coset_(a, a, c, lo, hi, K);
    pasta_ifma_ntt_vdiv_(a, tw, g - 1, lo, hi, K);
    pasta_ifma_ntt_lin_(a, tw, c, lo, hi, (int)lg & 1, K);
    pasta_ifma_ntt_vmul_(a, a, tw, hi, K);
}

#ifdef PASTA_IFMA_CT_LEAKY
/* A branch on lane 0's value (a variable-time "is zero" shortcut). */
PASTA_IFMA_TARGET int probe_leaky(const pasta_fp *a) {
    pasta_ifma_v8 x;
    pasta_ifma_fp_load(&x, a);
    if (_mm512_cmpeq_epi64_mask(x.l[0], _mm512_setzero_si512()) & 1) return 1;
    return 0;
}
#endif
