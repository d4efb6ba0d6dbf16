#include <stdio.h>

#include "backends/backend.h"
#include "pasta/version.h"

#define PASTA_STR_(x) #x
#define PASTA_STR(x) PASTA_STR_(x)

const char *pasta_version(void) { return PASTA_VERSION_STRING; }

const char *pasta_build_info(void) {
    static char buf[384];
#if defined(__clang__)
    const char *cc = "clang " __clang_version__;
#elif defined(__GNUC__)
    const char *cc = "gcc " PASTA_STR(__GNUC__) "." PASTA_STR(__GNUC_MINOR__) "." PASTA_STR(
        __GNUC_PATCHLEVEL__);
#else
    const char *cc = "unknown";
#endif
#if defined(PASTA_X86_64_ASM) && defined(PASTA_X86_64_IFMA)
    const char *backends = "portable x86_64-asm x86_64-ifma";
#elif defined(PASTA_X86_64_ASM)
    const char *backends = "portable x86_64-asm";
#else
    const char *backends = "portable";
#endif
#ifndef PASTA_BUILD_CONFIG
#define PASTA_BUILD_CONFIG "unknown"
#endif
#ifndef PASTA_ASM_KERNELS_STR
#define PASTA_ASM_KERNELS_STR ""
#endif
    /* config: CMake PASTA_X86_64_ASM and PASTA_ASM_KERNELS (the kernels of the asm
     * backend taken from asm; the others are portable C) */
    snprintf(buf, sizeof buf,
             "pasta %s; backends: %s; config: %s (asm kernels: %s); compiler: %s; build: %s; "
             "active: %s",
             PASTA_VERSION_STRING, backends, PASTA_BUILD_CONFIG,
             PASTA_ASM_KERNELS_STR[0] ? PASTA_ASM_KERNELS_STR : "none", cc, PASTA_BUILD_TYPE,
             pasta_backend_name(pasta_backend_get()));
    return buf;
}
