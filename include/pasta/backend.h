/* pasta — field backends and run-time selection.
 *
 * Every layer (fields, curves, ...) is compiled once per field backend; a top-level call
 * runs entirely on the backend that is active when it starts. Both backends use the same
 * memory representation, so values are interchangeable and results are bit-identical.
 *
 * The active backend is chosen once, on first use: the environment variable
 * PASTA_BACKEND=portable|x86_64-asm|x86_64-ifma|auto if set, else `auto`: x86_64-ifma when
 * it is compiled in and the CPU has BMI2, ADX, AVX512F and AVX512IFMA with the ZMM state
 * enabled by the OS, else x86_64-asm when compiled in and the CPU has BMI2 and ADX, else
 * portable. pasta_backend_set() changes it.
 * Choosing copies the backend's entry points into the public functions, so a call costs
 * one indirect jump and no lookup (docs/DESIGN.md, "Dispatch").
 */
#ifndef PASTA_BACKEND_H
#define PASTA_BACKEND_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pasta_backend {
    PASTA_BACKEND_AUTO = 0,       /* best supported backend                       */
    PASTA_BACKEND_PORTABLE = 1,   /* plain C, any CPU                             */
    PASTA_BACKEND_X86_64_ASM = 2, /* x86-64 BMI2/ADX inline asm (PASTA_X86_64_ASM) */
    PASTA_BACKEND_X86_64_IFMA = 3 /* x86_64-asm, its array work on AVX-512 IFMA,
                                     8 elements per vector (PASTA_X86_64_IFMA)     */
} pasta_backend;

/* Selects the backend for subsequent calls, process-wide (all threads). Call it before
 * starting threads that use pasta: a call already running in another thread finishes on
 * either backend (results are bit-identical, but the choice is not defined). Returns
 * PASTA_OK, or PASTA_ERR_UNSUPPORTED (selection unchanged) if the backend is not compiled
 * in, the CPU lacks the instructions it needs, or b is not a pasta_backend value. AUTO
 * picks the best. Thread-safe (atomic), as is the lazy first-use selection. */
PASTA_API int pasta_backend_set(pasta_backend b);
/* The backend in use (never AUTO). */
PASTA_API pasta_backend pasta_backend_get(void);
/* 1 if backend b is compiled in and this CPU can run it, else 0 (AUTO: 1). */
PASTA_API int pasta_backend_supported(pasta_backend b);
/* "portable", "x86_64-asm", "x86_64-ifma" or "auto"; NULL for an unknown value. */
PASTA_API const char *pasta_backend_name(pasta_backend b);
/* Parses a name as accepted in PASTA_BACKEND into *out. Returns PASTA_OK, or
 * PASTA_ERR_INVALID_ARG (out untouched) for an unknown name or a NULL argument. */
PASTA_API int pasta_backend_parse(pasta_backend *out, const char *name);

#ifdef __cplusplus
}
#endif

#endif /* PASTA_BACKEND_H */
