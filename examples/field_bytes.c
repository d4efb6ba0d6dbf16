/* Field arithmetic on canonical byte encodings: decode two Fp elements, multiply, invert,
 * encode; and what happens with a non-canonical encoding.
 *
 *   field_bytes [A_HEX B_HEX]    (64 hex digits each, little-endian bytes as to_bytes)
 */
#include <pasta/pasta.h>
#include <stdio.h>
#include <string.h>

static void print_hex(const char *label, const uint8_t b[32]) {
    printf("%-8s", label);
    for (int i = 0; i < 32; i++) printf("%02x", b[i]);
    printf("\n");
}

static int parse_hex(uint8_t out[32], const char *s) {
    if (strlen(s) != 64) return -1;
    for (int i = 0; i < 32; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) return -1;
        out[i] = (uint8_t)v;
    }
    return 0;
}

int main(int argc, char **argv) {
    uint8_t a_bytes[32] = {0x2a}, b_bytes[32] = {0x07, 0x01}; /* 42 and 263 */
    if (argc == 3 && (parse_hex(a_bytes, argv[1]) != 0 || parse_hex(b_bytes, argv[2]) != 0)) {
        fprintf(stderr, "usage: %s [A_HEX B_HEX] (64 hex digits each)\n", argv[0]);
        return 2;
    }

    /* Decoding checks canonicity: it fails (and leaves the output alone) for values >= p. */
    pasta_fp a, b;
    int rc = pasta_fp_from_bytes(&a, a_bytes);
    if (rc == PASTA_OK) rc = pasta_fp_from_bytes(&b, b_bytes);
    if (rc != PASTA_OK) {
        fprintf(stderr, "decode: %s\n", pasta_strerror(rc));
        return 1;
    }

    pasta_fp c, c_inv, check;
    pasta_fp_mul(&c, &a, &b);
    pasta_fp_invert(&c_inv, &c); /* constant time; the inverse of 0 is 0 */
    pasta_fp_mul(&check, &c, &c_inv);

    uint8_t out[32];
    print_hex("a", a_bytes);
    print_hex("b", b_bytes);
    pasta_fp_to_bytes(out, &c);
    print_hex("a*b", out);
    pasta_fp_to_bytes(out, &c_inv);
    print_hex("1/(a*b)", out);
    pasta_fp one;
    pasta_fp_one(&one);
    if (!pasta_fp_is_zero(&c) && !pasta_fp_eq(&check, &one)) {
        fprintf(stderr, "a*b * 1/(a*b) != 1\n");
        return 1;
    }

    /* p itself is not a canonical encoding: decoding fails, x keeps its value. */
    uint8_t p_bytes[32];
    for (int i = 0; i < 32; i++)
        p_bytes[i] = (uint8_t)(pasta_fp_MODULUS[i / 8] >> (8 * (i % 8)));
    pasta_fp x = a;
    rc = pasta_fp_from_bytes(&x, p_bytes);
    printf("decode p: %d (%s), output untouched: %s\n", rc, pasta_strerror(rc),
           pasta_fp_eq(&x, &a) ? "yes" : "no");
    return rc == PASTA_ERR_NONCANONICAL && pasta_fp_eq(&x, &a) ? 0 : 1;
}
