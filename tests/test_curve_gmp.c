/* Pallas and Vesta on every backend against an independent GMP affine reference
 * (tests/curve_gmp_impl.h). */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#define STR_(x) #x
#define STR(x) STR_(x)

#define PASTA_CURVE_TEMPLATE "tests/curve_gmp_impl.h"
#include "core/for_each.h"
#undef PASTA_CURVE_TEMPLATE

#define GMP_CURVE_TESTS(B, BID)                                             \
    Test(B, pallas_vs_gmp) { g_pallas_check(tu_backend_or_skip(BID), 64); } \
    Test(B, vesta_vs_gmp) { g_vesta_check(tu_backend_or_skip(BID), 64); }

GMP_CURVE_TESTS(curve_gmp_portable, PASTA_BACKEND_PORTABLE)
GMP_CURVE_TESTS(curve_gmp_x86_64_asm, PASTA_BACKEND_X86_64_ASM)
GMP_CURVE_TESTS(curve_gmp_x86_64_ifma, PASTA_BACKEND_X86_64_IFMA)
