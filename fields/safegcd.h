/* pasta — modular inversion by the Bernstein–Yang "safegcd" method (internal, not installed).
 *
 * Works on plain integers (not Montgomery form): for x in [0, m), r = x^-1 mod m, and r = 0
 * for x = 0. A caller holding a Montgomery value aR gets (aR)^-1 = a^-1 R^-1 from these
 * functions and multiplies by R^3 (Montgomery product: a^-1 R^-1 * R^3 / R = a^-1 R).
 *
 * Independent of the field backend: plain C with unsigned/signed __int128.
 */
#ifndef PASTA_FIELDS_SAFEGCD_H
#define PASTA_FIELDS_SAFEGCD_H

#include <stdint.h>

#include "core/names.h"

/* An odd modulus m < 2^256 in the form the algorithm uses.
 * Signed-62 representation: m = sum_{i<5} modulus62[i] * 2^(62 i), with modulus62[0..3] in
 * [0, 2^62) and modulus62[4] = floor(m / 2^248). */
typedef struct pasta_modinv_info {
    int64_t modulus62[5];
    uint64_t modulus_inv62; /* m^-1 mod 2^62 */
} pasta_modinv_info;

PASTA_INTERNAL extern const pasta_modinv_info pasta_modinv_fp, pasta_modinv_fq;

/* r = x^-1 mod m for x in [0, m) (r = 0 for x = 0), limbs least significant first.
 * Constant time: no branch or memory index depends on x. r may alias x. */
PASTA_INTERNAL void pasta_modinv_ct(uint64_t r[4], const uint64_t x[4],
                                    const pasta_modinv_info *mi);

/* Same result, variable time: only for public x. r may alias x. */
PASTA_INTERNAL void pasta_modinv_var(uint64_t r[4], const uint64_t x[4],
                                     const pasta_modinv_info *mi);

#endif /* PASTA_FIELDS_SAFEGCD_H */
