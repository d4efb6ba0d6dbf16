/* Template: the public pasta_<curve>_* functions, each a call through the active backend's
 * table. Included by backends/dispatch.c once per curve (CURVE, FIELD, SCALAR defined). */
#define OPS (pasta_active_ops()->CURVE)
#define CA(name) PASTA_CAT3(pasta_, CURVE, PASTA_CAT(_, name))
#define AFF PASTA_CAT3(pasta_, CURVE, _affine)
#define JAC PASTA_CAT3(pasta_, CURVE, _jacobian)
#define SE PASTA_CAT3(pasta_, SCALAR, )

void CA(identity)(JAC *r) { OPS->identity(r); }
void CA(generator)(JAC *r) { OPS->generator(r); }
void CA(from_affine)(JAC *r, const AFF *a) { OPS->from_affine(r, a); }
void CA(to_affine)(AFF *r, const JAC *a) { OPS->to_affine(r, a); }
void CA(to_affine_var)(AFF *r, const JAC *a) { OPS->to_affine_var(r, a); }
int CA(batch_to_affine)(AFF *out, const JAC *in, size_t n) {
    return OPS->batch_to_affine(out, in, n);
}
int CA(is_identity)(const JAC *a) { return OPS->is_identity(a); }
int CA(affine_is_identity)(const AFF *a) { return OPS->affine_is_identity(a); }
int CA(is_on_curve)(const JAC *a) { return OPS->is_on_curve(a); }
int CA(affine_is_on_curve)(const AFF *a) { return OPS->affine_is_on_curve(a); }
int CA(eq)(const JAC *a, const JAC *b) { return OPS->eq(a, b); }
int CA(affine_eq)(const AFF *a, const AFF *b) { return OPS->affine_eq(a, b); }
void CA(cmov)(JAC *r, const JAC *a, int flag) { OPS->cmov(r, a, flag); }
void CA(select)(JAC *r, const JAC *a, const JAC *b, int flag) { OPS->select(r, a, b, flag); }
void CA(neg)(JAC *r, const JAC *a) { OPS->neg(r, a); }
void CA(affine_neg)(AFF *r, const AFF *a) { OPS->affine_neg(r, a); }
void CA(dbl)(JAC *r, const JAC *a) { OPS->dbl(r, a); }
void CA(dbl_var)(JAC *r, const JAC *a) { OPS->dbl_var(r, a); }
void CA(add)(JAC *r, const JAC *a, const JAC *b) { OPS->add(r, a, b); }
void CA(add_var)(JAC *r, const JAC *a, const JAC *b) { OPS->add_var(r, a, b); }
void CA(madd)(JAC *r, const JAC *a, const AFF *b) { OPS->madd(r, a, b); }
void CA(madd_var)(JAC *r, const JAC *a, const AFF *b) { OPS->madd_var(r, a, b); }
void CA(endo)(JAC *r, const JAC *a) { OPS->endo(r, a); }
void CA(mul)(JAC *r, const JAC *a, const SE *k) { OPS->mul(r, a, k); }
void CA(mul_var)(JAC *r, const JAC *a, const SE *k) { OPS->mul_var(r, a, k); }
void CA(glv_decompose)(uint64_t k1[2], int *neg1, uint64_t k2[2], int *neg2, const SE *k) {
    OPS->glv_decompose(k1, neg1, k2, neg2, k);
}
void CA(to_bytes)(uint8_t out[32], const JAC *a) { OPS->to_bytes(out, a); }
void CA(affine_to_bytes)(uint8_t out[32], const AFF *a) { OPS->affine_to_bytes(out, a); }
int CA(from_bytes)(JAC *r, const uint8_t in[32]) { return OPS->from_bytes(r, in); }
int CA(affine_from_bytes)(AFF *r, const uint8_t in[32]) { return OPS->affine_from_bytes(r, in); }
void CA(affine_to_uncompressed)(uint8_t out[64], const AFF *a) {
    OPS->affine_to_uncompressed(out, a);
}
int CA(affine_from_uncompressed)(AFF *r, const uint8_t in[64]) {
    return OPS->affine_from_uncompressed(r, in);
}
int CA(hash_to_curve)(JAC *r, const char *prefix, const uint8_t *msg, size_t len) {
    return OPS->hash_to_curve(r, prefix, msg, len);
}
void CA(map_to_curve)(JAC *r, const FE *u) { OPS->map_to_curve(r, u); }

#undef OPS
#undef CA
#undef AFF
#undef JAC
#undef SE
