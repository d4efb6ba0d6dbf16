/* Bottom layer: naming and visibility macros shared by every layer (docs/DESIGN.md).
 *
 * Templates are instantiated once per backend and per field, curve or group
 * (core/for_each.h). Before including one, define PASTA_BACKEND (portable | x86_64_asm)
 * and FIELD (fp | fq); FE is the element type and F(name) the function
 * pasta_<backend>_<field>_<name>. The generated index docs/SYMBOLS.txt maps each such
 * name to the line that defines it (scripts/gen-index.sh). */
#ifndef PASTA_CORE_NAMES_H
#define PASTA_CORE_NAMES_H

#define PASTA_CAT_(a, b) a##b
#define PASTA_CAT(a, b) PASTA_CAT_(a, b)
#define PASTA_CAT3(a, b, c) PASTA_CAT(PASTA_CAT(a, b), c)

/* pasta_<backend>_<x>_<name> */
#define PASTA_BNAME(x, name) \
    PASTA_CAT3(PASTA_CAT3(pasta_, PASTA_BACKEND, _), PASTA_CAT(x, _), name)

#define F(name) PASTA_BNAME(FIELD, name)
#define FE PASTA_CAT3(pasta_, FIELD, )
/* Backend-independent per-field names: pasta_<field>_<name> (constants, modinv info). */
#define FC(name) PASTA_CAT3(pasta_, FIELD, PASTA_CAT(_, name))

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

#endif /* PASTA_CORE_NAMES_H */
