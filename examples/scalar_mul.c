/* Constant-time scalar multiplication with a secret scalar: a Pallas key pair
 * (sk random in Fq, pk = [sk] G) and a Diffie-Hellman style shared point. The constant-time
 * functions never branch or index memory on sk; `_var` ones are only for public data.
 */
#include <pasta/pasta.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

/* The caller supplies randomness: here the kernel's getrandom(2). */
static int os_rng(void *ctx, uint8_t *buf, size_t len) {
    (void)ctx;
    while (len > 0) {
        ssize_t n = getrandom(buf, len, 0);
        if (n <= 0) return -1;
        buf += n;
        len -= (size_t)n;
    }
    return 0;
}

int main(void) {
    pasta_fq sk_a, sk_b;
    if (pasta_fq_random(&sk_a, os_rng, NULL) != PASTA_OK ||
        pasta_fq_random(&sk_b, os_rng, NULL) != PASTA_OK) {
        fprintf(stderr, "no randomness\n");
        return 1;
    }
    pasta_pallas_jacobian g, pk_a, pk_b, s_ab, s_ba;
    pasta_pallas_generator(&g);
    pasta_pallas_mul(&pk_a, &g, &sk_a); /* constant time in sk_a */
    pasta_pallas_mul(&pk_b, &g, &sk_b);
    pasta_pallas_mul(&s_ab, &pk_b, &sk_a); /* [sk_a][sk_b] G */
    pasta_pallas_mul(&s_ba, &pk_a, &sk_b); /* [sk_b][sk_a] G */

    uint8_t enc[32];
    pasta_pallas_to_bytes(enc, &pk_a);
    printf("pk_a   ");
    for (int i = 0; i < 32; i++) printf("%02x", enc[i]);
    printf("\nshared %s\n",
           pasta_pallas_eq(&s_ab, &s_ba) ? "equal on both sides" : "DIFFERENT");

    /* Public data may use the faster variable-time path: same result. */
    pasta_pallas_jacobian v;
    pasta_pallas_mul_var(&v, &g, &sk_a);
    int ok = pasta_pallas_eq(&s_ab, &s_ba) && pasta_pallas_eq(&v, &pk_a);
    /* Wipe the secrets. */
    memset(&sk_a, 0, sizeof sk_a);
    memset(&sk_b, 0, sizeof sk_b);
    return ok ? 0 : 1;
}
