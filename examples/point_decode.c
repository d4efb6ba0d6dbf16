/* Decode and validate a Pallas point from its 32-byte compressed encoding (as
 * zcash/pasta_curves' GroupEncoding): canonical x, x^3 + 5 a square, sign bit = parity of y.
 *
 *   point_decode [HEX]   (64 hex digits; default: the generator's encoding)
 */
#include <pasta/pasta.h>
#include <stdio.h>
#include <string.h>

static int parse_hex(uint8_t out[32], const char *s) {
    if (strlen(s) != 64) return -1;
    for (int i = 0; i < 32; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) return -1;
        out[i] = (uint8_t)v;
    }
    return 0;
}

static void print_hex(const char *label, const uint8_t *b, size_t n) {
    printf("%-10s", label);
    for (size_t i = 0; i < n; i++) printf("%02x", b[i]);
    printf("\n");
}

int main(int argc, char **argv) {
    uint8_t enc[32];
    pasta_pallas_jacobian g;
    pasta_pallas_generator(&g);
    pasta_pallas_to_bytes(enc, &g);
    if (argc == 2 && parse_hex(enc, argv[1]) != 0) {
        fprintf(stderr, "usage: %s [HEX] (64 hex digits)\n", argv[0]);
        return 2;
    }

    /* Decoding validates: on error it returns a code and leaves the output untouched. */
    pasta_pallas_affine p;
    int rc = pasta_pallas_affine_from_bytes(&p, enc);
    print_hex("input", enc, 32);
    if (rc != PASTA_OK) {
        printf("rejected: %s\n", pasta_strerror(rc));
        return 1;
    }
    uint8_t x[32], y[32];
    pasta_fp_to_bytes(x, &p.x);
    pasta_fp_to_bytes(y, &p.y);
    print_hex("x", x, 32);
    print_hex("y", y, 32);
    printf("on curve: %s, identity: %s\n", pasta_pallas_affine_is_on_curve(&p) ? "yes" : "no",
           pasta_pallas_affine_is_identity(&p) ? "yes" : "no");

    /* Three ways to be rejected: x >= p, x^3 + 5 not a square, and the identity's
     * all-zero x with the sign bit set. */
    uint8_t bad[32];
    memset(bad, 0xff, sizeof bad); /* x = 2^255 - 1 >= p */
    printf("x >= p:          %s\n", pasta_strerror(pasta_pallas_affine_from_bytes(&p, bad)));
    memset(bad, 0, sizeof bad);
    bad[0] = 2; /* x = 2: 8 + 5 = 13 is not a square mod p */
    printf("x = 2:           %s\n", pasta_strerror(pasta_pallas_affine_from_bytes(&p, bad)));
    memset(bad, 0, sizeof bad);
    bad[31] = 0x80;
    printf("zero, sign bit:  %s\n", pasta_strerror(pasta_pallas_affine_from_bytes(&p, bad)));
    return 0;
}
