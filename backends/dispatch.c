/* Run-time backend selection and the public entry points (docs/DESIGN.md).
 *
 * The backend is chosen once, on first use: PASTA_BACKEND from the environment, else the
 * best backend this CPU supports; pasta_backend_set changes it. Choosing copies the
 * backend's entries into the public functions' pointers (backends/api_gen.c, generated),
 * under a lock, so concurrent first calls and pasta_backend_set are safe and the last choice
 * wins; a public call itself takes no lock and walks no table. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backend.h"

#if defined(PASTA_X86_64_ASM) && defined(__x86_64__)
#include <cpuid.h>
/* BMI2: CPUID.(EAX=7,ECX=0):EBX bit 8; ADX: bit 19 (Intel SDM vol. 2A, CPUID). */
static int cpu_has_bmi2_adx(void) {
    unsigned a, b, c, d;
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    (void)a, (void)c, (void)d;
    return ((b >> 8) & 1) && ((b >> 19) & 1);
}
#endif
#if defined(PASTA_X86_64_IFMA) && defined(PASTA_X86_64_ASM) && defined(__x86_64__)
/* The IFMA backend runs the asm kernels and AVX-512 code: BMI2 + ADX, AVX512F
 * (CPUID.(7,0):EBX bit 16) and AVX512IFMA (EBX bit 21), and the OS saving the vector state:
 * OSXSAVE (CPUID.1:ECX bit 27), then XGETBV(0) with XMM, YMM, opmask, ZMM_Hi256 and
 * Hi16_ZMM enabled (bits 1, 2, 5, 6, 7; Intel SDM vol. 1, 15.2). valgrind 3.19's virtual
 * CPU reports no AVX-512, so this is false under valgrind. */
static int cpu_has_ifma(void) {
    unsigned a, b, c, d;
    if (!cpu_has_bmi2_adx()) return 0;
    __cpuid(1, a, b, c, d);
    if (!((c >> 27) & 1)) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    if (!((b >> 16) & 1) || !((b >> 21) & 1)) return 0;
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    return (lo & 0xe6) == 0xe6;
}
#endif

const pasta_ops *pasta_ops_for(pasta_backend b) {
    switch (b) {
    case PASTA_BACKEND_PORTABLE: return &pasta_ops_portable;
    case PASTA_BACKEND_X86_64_ASM:
#if defined(PASTA_X86_64_ASM) && defined(__x86_64__)
        return cpu_has_bmi2_adx() ? &pasta_ops_x86_64_asm : NULL;
#else
        return NULL;
#endif
    case PASTA_BACKEND_X86_64_IFMA:
#if defined(PASTA_X86_64_IFMA) && defined(PASTA_X86_64_ASM) && defined(__x86_64__)
        return cpu_has_ifma() ? &pasta_ops_x86_64_ifma : NULL;
#else
        return NULL;
#endif
    case PASTA_BACKEND_AUTO: {
        const pasta_ops *t = pasta_ops_for(PASTA_BACKEND_X86_64_IFMA);
        if (t == NULL) t = pasta_ops_for(PASTA_BACKEND_X86_64_ASM);
        return t != NULL ? t : &pasta_ops_portable;
    }
    }
    return NULL;
}

static _Atomic(const pasta_ops *) active;
static atomic_flag install_lock = ATOMIC_FLAG_INIT;
static const pasta_ops *initial_ops(void);

/* Makes t (or, if it is NULL, the lazily chosen table) the active backend and copies its
 * entries into the public pointers; whoever takes the lock last decides. */
static void install_all(const pasta_ops *t) {
    while (atomic_flag_test_and_set_explicit(&install_lock, memory_order_acquire)) {
    }
    if (t != NULL) {
        atomic_store_explicit(&active, t, memory_order_release);
    } else {
        t = atomic_load_explicit(&active, memory_order_acquire);
        if (t == NULL) {
            t = initial_ops();
            atomic_store_explicit(&active, t, memory_order_release);
        }
    }
    pasta_api_install(t);
    atomic_flag_clear_explicit(&install_lock, memory_order_release);
}

/* The first public call of the process (through a lazy stub) comes here. */
void pasta_dispatch_init(void) {
    if (atomic_load_explicit(&active, memory_order_acquire) == NULL) install_all(NULL);
}

static const pasta_ops *initial_ops(void) {
    const char *env = getenv("PASTA_BACKEND");
    pasta_backend b = PASTA_BACKEND_AUTO;
    if (env != NULL && *env != '\0') {
        const pasta_ops *t = NULL;
        if (pasta_backend_parse(&b, env) == PASTA_OK) t = pasta_ops_for(b);
#if defined(PASTA_X86_64_ASM) && defined(__x86_64__)
        /* valgrind's virtual CPU hides ADX from cpuid but executes adcx/adox: callgrind
         * counts of the asm backend (bench/main_job.sh --callgrind) skip the check with
         * PASTA_NO_CPU_CHECK=1 (as pasta_bench --no-cpu-check); natively it would SIGILL
         * on a CPU without BMI2/ADX. */
        const char *nc = getenv("PASTA_NO_CPU_CHECK");
        if (t == NULL && b == PASTA_BACKEND_X86_64_ASM && nc != NULL && strcmp(nc, "1") == 0)
            t = &pasta_ops_x86_64_asm;
#endif
        if (t == NULL) {
            /* A forced backend this build or CPU cannot run is an error, never SIGILL. */
            fprintf(stderr, "pasta: PASTA_BACKEND=%s is %s; using portable\n", env,
                    pasta_backend_parse(&b, env) == PASTA_OK ? "not supported here"
                                                             : "not a backend name");
            return &pasta_ops_portable;
        }
        return t;
    }
    return pasta_ops_for(PASTA_BACKEND_AUTO);
}

const pasta_ops *pasta_active_ops(void) {
    pasta_dispatch_init();
    return atomic_load_explicit(&active, memory_order_acquire);
}

int pasta_backend_set(pasta_backend b) {
    const pasta_ops *t = pasta_ops_for(b);
    if (t == NULL) return PASTA_ERR_UNSUPPORTED;
    install_all(t);
    return PASTA_OK;
}

pasta_backend pasta_backend_get(void) { return pasta_active_ops()->backend; }

int pasta_backend_supported(pasta_backend b) { return pasta_ops_for(b) != NULL; }

const char *pasta_backend_name(pasta_backend b) {
    switch (b) {
    case PASTA_BACKEND_AUTO: return "auto";
    case PASTA_BACKEND_PORTABLE: return "portable";
    case PASTA_BACKEND_X86_64_ASM: return "x86_64-asm";
    case PASTA_BACKEND_X86_64_IFMA: return "x86_64-ifma";
    }
    return NULL;
}

int pasta_backend_parse(pasta_backend *out, const char *name) {
    static const pasta_backend all[] = {PASTA_BACKEND_AUTO, PASTA_BACKEND_PORTABLE,
                                        PASTA_BACKEND_X86_64_ASM, PASTA_BACKEND_X86_64_IFMA};
    if (out == NULL || name == NULL) return PASTA_ERR_INVALID_ARG;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        if (strcmp(name, pasta_backend_name(all[i])) == 0) {
            *out = all[i];
            return PASTA_OK;
        }
    }
    return PASTA_ERR_INVALID_ARG;
}

const char *pasta_strerror(int err) {
    switch (err) {
    case PASTA_OK: return "success";
    case PASTA_ERR_NONCANONICAL: return "non-canonical encoding";
    case PASTA_ERR_NOT_ON_CURVE: return "not a point on the curve";
    case PASTA_ERR_INVALID_ARG: return "invalid argument";
    case PASTA_ERR_NO_MEMORY: return "out of memory";
    case PASTA_ERR_UNSUPPORTED: return "backend not supported";
    case PASTA_ERR_RNG: return "random number generator failed";
    }
    return "unknown error";
}
