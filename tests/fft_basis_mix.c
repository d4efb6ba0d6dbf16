/* Compiled twice by ctest (tests/CMakeLists.txt): as is it must compile; with
 * -DPASTA_MIX_BASES it hands a Lagrange polynomial to a function that takes
 * coefficients, which must be a compile error (the basis is in the type). */
#include "pasta/pasta.h"

int fft_basis_mix(const pasta_fp_domain *d, pasta_fp *buf, pasta_fp *out);
int fft_basis_mix(const pasta_fp_domain *d, pasta_fp *buf, pasta_fp *out) {
    pasta_fp_lagrange_poly values = {buf, (size_t)d->n};
    pasta_fp_coeff_poly coeffs = {buf, 0};
    pasta_fp_extended_poly ext = {out, 0};
    int rc = pasta_fp_lagrange_to_coeff(d, &coeffs, &values, 1);
#ifdef PASTA_MIX_BASES
    if (rc == PASTA_OK) rc = pasta_fp_coeff_to_extended_poly(d, &ext, &values, 1);
#else
    if (rc == PASTA_OK) rc = pasta_fp_coeff_to_extended_poly(d, &ext, &coeffs, 1);
#endif
    return rc;
}
