/* Template: the table of one field's operations on one backend. Include with FIELD set
 * (fp | fq) after backends/template.h. Members have the public pasta_<field>_* contracts. */
struct PASTA_CAT3(pasta_, FIELD, _ops) {
    void (*zero)(FE *r);
    void (*one)(FE *r);
    void (*from_u64)(FE *r, uint64_t v);
    void (*from_u128)(FE *r, uint64_t lo, uint64_t hi);
    void (*from_raw)(FE *r, const uint64_t limbs[4]);
    void (*to_raw)(uint64_t limbs[4], const FE *a);
    void (*to_bytes)(uint8_t out[32], const FE *a);
    int (*from_bytes)(FE *r, const uint8_t in[32]);
    void (*from_uniform_bytes)(FE *r, const uint8_t in[64]);
    int (*random)(FE *r, pasta_rng_fn rng, void *rng_ctx);
    void (*add)(FE *r, const FE *a, const FE *b);
    void (*sub)(FE *r, const FE *a, const FE *b);
    void (*neg)(FE *r, const FE *a);
    void (*dbl)(FE *r, const FE *a);
    void (*mul)(FE *r, const FE *a, const FE *b);
    void (*sqr)(FE *r, const FE *a);
    void (*cube)(FE *r, const FE *a);
    void (*pow)(FE *r, const FE *a, const uint64_t e[4]);
    void (*pow_var)(FE *r, const FE *a, const uint64_t e[4]);
    void (*invert)(FE *r, const FE *a);
    void (*invert_var)(FE *r, const FE *a);
    int (*batch_invert)(FE *out, const FE *in, size_t n);
    int (*sqrt)(FE *r, const FE *a);
    int (*sqrt_ratio)(FE *r, const FE *num, const FE *div);
    int (*legendre)(const FE *a);
    int (*is_square)(const FE *a);
    int (*eq)(const FE *a, const FE *b);
    int (*is_zero)(const FE *a);
    int (*is_odd)(const FE *a);
    void (*cmov)(FE *r, const FE *a, int flag);
    void (*select)(FE *r, const FE *a, const FE *b, int flag);
    void (*cswap)(FE *a, FE *b, int flag);
    /* Benchmark/callgrind support: x = op(x, y) n times as a dependent chain, compiled
     * inside the backend so no call indirection is timed. op: PASTA_CHAIN_*. */
    void (*chain)(int op, FE *x, const FE *y, uint64_t n);
};
