/* Template: the public pasta_<field>_* functions, each a call through the active
 * backend's table. Included by backends/dispatch.c once per FIELD. */
#define OPS (pasta_active_ops()->FIELD)

void FC(zero)(FE *r) { OPS->zero(r); }
void FC(one)(FE *r) { OPS->one(r); }
void FC(from_u64)(FE *r, uint64_t v) { OPS->from_u64(r, v); }
void FC(from_u128)(FE *r, uint64_t lo, uint64_t hi) { OPS->from_u128(r, lo, hi); }
void FC(from_raw)(FE *r, const uint64_t limbs[4]) { OPS->from_raw(r, limbs); }
void FC(to_raw)(uint64_t limbs[4], const FE *a) { OPS->to_raw(limbs, a); }
void FC(to_bytes)(uint8_t out[32], const FE *a) { OPS->to_bytes(out, a); }
int FC(from_bytes)(FE *r, const uint8_t in[32]) { return OPS->from_bytes(r, in); }
void FC(from_uniform_bytes)(FE *r, const uint8_t in[64]) { OPS->from_uniform_bytes(r, in); }
int FC(random)(FE *r, pasta_rng_fn rng, void *ctx) { return OPS->random(r, rng, ctx); }
void FC(add)(FE *r, const FE *a, const FE *b) { OPS->add(r, a, b); }
void FC(sub)(FE *r, const FE *a, const FE *b) { OPS->sub(r, a, b); }
void FC(neg)(FE *r, const FE *a) { OPS->neg(r, a); }
void FC(dbl)(FE *r, const FE *a) { OPS->dbl(r, a); }
void FC(mul)(FE *r, const FE *a, const FE *b) { OPS->mul(r, a, b); }
void FC(sqr)(FE *r, const FE *a) { OPS->sqr(r, a); }
void FC(cube)(FE *r, const FE *a) { OPS->cube(r, a); }
void FC(pow)(FE *r, const FE *a, const uint64_t e[4]) { OPS->pow(r, a, e); }
void FC(pow_var)(FE *r, const FE *a, const uint64_t e[4]) { OPS->pow_var(r, a, e); }
void FC(invert)(FE *r, const FE *a) { OPS->invert(r, a); }
void FC(invert_var)(FE *r, const FE *a) { OPS->invert_var(r, a); }
int FC(batch_invert)(FE *out, const FE *in, size_t n) { return OPS->batch_invert(out, in, n); }
int FC(sqrt)(FE *r, const FE *a) { return OPS->sqrt(r, a); }
int FC(sqrt_ratio)(FE *r, const FE *n, const FE *d) { return OPS->sqrt_ratio(r, n, d); }
int FC(legendre)(const FE *a) { return OPS->legendre(a); }
int FC(is_square)(const FE *a) { return OPS->is_square(a); }
int FC(eq)(const FE *a, const FE *b) { return OPS->eq(a, b); }
int FC(is_zero)(const FE *a) { return OPS->is_zero(a); }
int FC(is_odd)(const FE *a) { return OPS->is_odd(a); }
void FC(cmov)(FE *r, const FE *a, int flag) { OPS->cmov(r, a, flag); }
void FC(select)(FE *r, const FE *a, const FE *b, int flag) { OPS->select(r, a, b, flag); }
void FC(cswap)(FE *a, FE *b, int flag) { OPS->cswap(a, b, flag); }

#undef OPS
