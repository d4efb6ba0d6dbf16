/* The C side of pasta-engine's compile-time layout checks (its src/lib.rs asserts the
 * same numbers for the Rust types and their bindgen twins). build.rs compiles this file
 * (-fsyntax-only) against the installed headers: a header whose layout differs fails the
 * build of pasta-sys. */
#include <stddef.h>
#include <pasta/pasta.h>

#define SAME(T, size)                                                        \
    _Static_assert(sizeof(T) == (size), #T ": size");                       \
    _Static_assert(_Alignof(T) == 8, #T ": alignment")
SAME(pasta_fp, 32);
SAME(pasta_fq, 32);
SAME(pasta_pallas_affine, 64);
SAME(pasta_vesta_affine, 64);
SAME(pasta_pallas_jacobian, 96);
SAME(pasta_vesta_jacobian, 96);
_Static_assert(offsetof(pasta_fp, limbs) == 0 && sizeof(((pasta_fp *)0)->limbs) == 32, "fp");
_Static_assert(offsetof(pasta_fq, limbs) == 0 && sizeof(((pasta_fq *)0)->limbs) == 32, "fq");
_Static_assert(offsetof(pasta_pallas_affine, x) == 0 && offsetof(pasta_pallas_affine, y) == 32,
               "pallas affine");
_Static_assert(offsetof(pasta_vesta_affine, x) == 0 && offsetof(pasta_vesta_affine, y) == 32,
               "vesta affine");
_Static_assert(offsetof(pasta_pallas_jacobian, x) == 0 && offsetof(pasta_pallas_jacobian, y) == 32 &&
                   offsetof(pasta_pallas_jacobian, z) == 64,
               "pallas jacobian");
_Static_assert(offsetof(pasta_vesta_jacobian, x) == 0 && offsetof(pasta_vesta_jacobian, y) == 32 &&
                   offsetof(pasta_vesta_jacobian, z) == 64,
               "vesta jacobian");
