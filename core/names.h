/* Bottom layer: naming and visibility macros shared by every layer (docs/DESIGN.md).
 *
 * Templates are instantiated once per backend and per field, curve or group
 * (core/for_each.h), with PASTA_BACKEND (portable | x86_64_asm) and the parameters
 * FIELD, SCALAR, CURVE defined. The names they paste are spelled out in the generated
 * tables (backends/table_<backend>_gen.h, tools/gen_api.c): grep a public name there. */
#ifndef PASTA_CORE_NAMES_H
#define PASTA_CORE_NAMES_H

#define PASTA_CAT_(a, b) a##b
#define PASTA_CAT(a, b) PASTA_CAT_(a, b)
#define PASTA_CAT3(a, b, c) PASTA_CAT(PASTA_CAT(a, b), c)

/* pasta_<backend>_<x>_<name> */
#define PASTA_BNAME(x, name) \
    PASTA_CAT3(PASTA_CAT3(pasta_, PASTA_BACKEND, _), PASTA_CAT(x, _), name)

/* The names every template uses, read when a template expands them (so one definition
 * serves each instantiation of core/for_each.h):
 *   FIELD   F(name)  pasta_<backend>_<field>_<name>   FE   pasta_<field> (an element)
 *           FC(name) pasta_<field>_<name> (backend-independent constants)
 *           DOM      pasta_<field>_domain
 *   SCALAR  SF(name) pasta_<backend>_<scalar>_<name>  SE   pasta_<scalar>
 *           SC(name) pasta_<scalar>_<name>            SDOM pasta_<scalar>_domain
 *   CURVE   CV(name) pasta_<backend>_<curve>_<name>   CC(name) pasta_<curve>_<name>
 *           AFF      pasta_<curve>_affine             JAC  pasta_<curve>_jacobian
 * Group templates add G, GS, GE (core/group.h). */
#define F(name) PASTA_BNAME(FIELD, name)
#define FE PASTA_CAT3(pasta_, FIELD, )
#define FC(name) PASTA_CAT3(pasta_, FIELD, PASTA_CAT(_, name))
#define DOM PASTA_CAT3(pasta_, FIELD, _domain)
#define SF(name) PASTA_BNAME(SCALAR, name)
#define SE PASTA_CAT3(pasta_, SCALAR, )
#define SC(name) PASTA_CAT3(pasta_, SCALAR, PASTA_CAT(_, name))
#define SDOM PASTA_CAT3(pasta_, SCALAR, _domain)
#define CV(name) PASTA_BNAME(CURVE, name)
#define CC(name) PASTA_CAT3(pasta_, CURVE, PASTA_CAT(_, name))
#define AFF PASTA_CAT3(pasta_, CURVE, _affine)
#define JAC PASTA_CAT3(pasta_, CURVE, _jacobian)

/* Visibility: PASTA_API (include/pasta/common.h) marks the exported ABI; everything else
 * is hidden, and PASTA_INTERNAL says so explicitly on declarations shared across
 * translation units of the library. */
#if defined(__GNUC__) || defined(__clang__)
#define PASTA_INTERNAL __attribute__((visibility("hidden")))
#define PASTA_MAYBE_UNUSED __attribute__((unused))
#else
#define PASTA_INTERNAL
#define PASTA_MAYBE_UNUSED
#endif

/* Template functions: static in each instantiating translation unit, and not an error
 * when a later layer includes the template and uses only some of them (-Werror). */
#define PASTA_TFN static PASTA_MAYBE_UNUSED

/* A function kept out of line, one copy for all its callers: inlined into one of them,
 * gcc no longer inlines its own callees the same way (msm/var_impl.h, msm_task_fn). */
#if defined(__GNUC__)
#define PASTA_NOINLINE __attribute__((noinline))
#else
#define PASTA_NOINLINE
#endif

/* A hot function that is one copy with every field kernel inlined into it, whatever
 * gcc's unit-wide inlining budget (which moves with the size of the whole translation
 * unit): the point operations the MSM, the fold and the NTT of points loop over, the
 * batch flush. gcc only; clang inlines the kernels without it. */
#if defined(__GNUC__) && !defined(__clang__)
#define PASTA_FLAT __attribute__((noinline, flatten))
#else
#define PASTA_FLAT
#endif

#endif /* PASTA_CORE_NAMES_H */
