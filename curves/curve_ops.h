/* Template: the table of one curve's operations on one backend. Include with CURVE
 * (pallas | vesta), FIELD (its base field) and SCALAR defined, after backends/template.h.
 * Members have the public pasta_<curve>_* contracts (include/pasta/curve.h). */
#define CO_FE PASTA_CAT3(pasta_, FIELD, )
#define CO_SE PASTA_CAT3(pasta_, SCALAR, )
#define CO_AFF PASTA_CAT3(pasta_, CURVE, _affine)
#define CO_JAC PASTA_CAT3(pasta_, CURVE, _jacobian)
struct PASTA_CAT3(pasta_, CURVE, _ops) {
    void (*identity)(CO_JAC *r);
    void (*generator)(CO_JAC *r);
    void (*from_affine)(CO_JAC *r, const CO_AFF *a);
    void (*to_affine)(CO_AFF *r, const CO_JAC *a);
    void (*to_affine_var)(CO_AFF *r, const CO_JAC *a);
    int (*batch_to_affine)(CO_AFF *out, const CO_JAC *in, size_t n);
    int (*is_identity)(const CO_JAC *a);
    int (*affine_is_identity)(const CO_AFF *a);
    int (*is_on_curve)(const CO_JAC *a);
    int (*affine_is_on_curve)(const CO_AFF *a);
    int (*eq)(const CO_JAC *a, const CO_JAC *b);
    int (*affine_eq)(const CO_AFF *a, const CO_AFF *b);
    void (*cmov)(CO_JAC *r, const CO_JAC *a, int flag);
    void (*select)(CO_JAC *r, const CO_JAC *a, const CO_JAC *b, int flag);
    void (*neg)(CO_JAC *r, const CO_JAC *a);
    void (*affine_neg)(CO_AFF *r, const CO_AFF *a);
    void (*dbl)(CO_JAC *r, const CO_JAC *a);
    void (*dbl_var)(CO_JAC *r, const CO_JAC *a);
    void (*add)(CO_JAC *r, const CO_JAC *a, const CO_JAC *b);
    void (*add_var)(CO_JAC *r, const CO_JAC *a, const CO_JAC *b);
    void (*madd)(CO_JAC *r, const CO_JAC *a, const CO_AFF *b);
    void (*madd_var)(CO_JAC *r, const CO_JAC *a, const CO_AFF *b);
    void (*endo)(CO_JAC *r, const CO_JAC *a);
    void (*mul)(CO_JAC *r, const CO_JAC *a, const CO_SE *k);
    void (*mul_var)(CO_JAC *r, const CO_JAC *a, const CO_SE *k);
    void (*glv_decompose)(uint64_t k1[2], int *neg1, uint64_t k2[2], int *neg2, const CO_SE *k);
    void (*to_bytes)(uint8_t out[32], const CO_JAC *a);
    void (*affine_to_bytes)(uint8_t out[32], const CO_AFF *a);
    int (*from_bytes)(CO_JAC *r, const uint8_t in[32]);
    int (*affine_from_bytes)(CO_AFF *r, const uint8_t in[32]);
    void (*affine_to_uncompressed)(uint8_t out[64], const CO_AFF *a);
    int (*affine_from_uncompressed)(CO_AFF *r, const uint8_t in[64]);
    int (*hash_to_curve)(CO_JAC *r, const char *prefix, const uint8_t *msg, size_t len);
    void (*map_to_curve)(CO_JAC *r, const CO_FE *u);
    /* Internal (tests): simplified SWU onto the iso-curve, Jacobian (X, Y, Z) in a
     * CO_JAC although the point lies on the iso-curve, not on this curve. */
    void (*sswu_iso)(CO_JAC *r, const CO_FE *u);
    /* Internal (tests, benchmarks): scalar multiplication without the endomorphism,
     * constant time (4-bit windows over the full scalar) and variable time (wNAF). */
    void (*mul_noglv)(CO_JAC *r, const CO_JAC *a, const CO_SE *k);
    void (*mul_var_noglv)(CO_JAC *r, const CO_JAC *a, const CO_SE *k);
};
#undef CO_FE
#undef CO_SE
#undef CO_AFF
#undef CO_JAC
