/* Which pasta is linked, and which field backend runs: version, build information,
 * supported backends, and selecting one.
 *
 *   build_info [portable|x86_64-asm|auto]
 * The environment variable PASTA_BACKEND (same names) chooses the backend at first use;
 * pasta_backend_set() changes it later (process-wide).
 */
#include <pasta/pasta.h>
#include <stdio.h>

int main(int argc, char **argv) {
    printf("header version:  %s\n", PASTA_VERSION_STRING);
    printf("library version: %s\n", pasta_version());
    printf("build info:      %s\n", pasta_build_info());

    static const pasta_backend all[] = {PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM,
                                        PASTA_BACKEND_X86_64_IFMA};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        printf("backend %-11s %s\n", pasta_backend_name(all[i]),
               pasta_backend_supported(all[i]) ? "supported" : "not available here");

    if (argc > 1) {
        pasta_backend b;
        int rc = pasta_backend_parse(&b, argv[1]);
        if (rc == PASTA_OK) rc = pasta_backend_set(b);
        if (rc != PASTA_OK) {
            /* e.g. x86_64-asm on a CPU without BMI2/ADX: an error, the selection is kept. */
            fprintf(stderr, "cannot select '%s': %s\n", argv[1], pasta_strerror(rc));
            printf("active backend:  %s\n", pasta_backend_name(pasta_backend_get()));
            return 1;
        }
    }
    printf("active backend:  %s\n", pasta_backend_name(pasta_backend_get()));
    return 0;
}
