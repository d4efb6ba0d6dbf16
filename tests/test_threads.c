/* Thread safety: several threads call the public field API at once on shared read-only
 * inputs, starting together on a barrier so their first calls race the lazy backend
 * selection (pasta_active_ops). Every result must equal the single-threaded one, computed
 * on the portable table directly (bit-identical across backends). Each Criterion test
 * runs in a fresh process, so "first use" really is the first use. */
#define _POSIX_C_SOURCE 200809L /* pthread barriers under -std=c17 */
#include <pthread.h>
#include <string.h>

#include "testutil.h"

#define THREADS 8
#define N 64
#define ROUNDS 10

static pasta_fp in_a[N], in_b[N];
static pasta_fq in_q[N];
static pthread_barrier_t start;

typedef struct {
    pasta_backend first_backend;
    pasta_fp mul[N], add[N], inv[N], sqrt[N], batch[N];
    pasta_fq qmul[N], qbatch[N];
    int sqrt_ok[N];
    int rc;
} results;

static results res[THREADS], want;

static void make_inputs(void) {
    tu_rng rng;
    tu_rng_init(&rng, 77);
    const struct pasta_fp_ops *o = pasta_ops_portable.fp;
    for (int i = 0; i < N; i++) {
        uint8_t wide[64];
        tu_rng_fill(&rng, wide, sizeof wide);
        o->from_uniform_bytes(&in_a[i], wide);
        tu_rng_fill(&rng, wide, sizeof wide);
        o->from_uniform_bytes(&in_b[i], wide);
        tu_rng_fill(&rng, wide, sizeof wide);
        pasta_ops_portable.fq->from_uniform_bytes(&in_q[i], wide);
    }
    o->zero(&in_a[0]); /* inverse of zero, batch with a zero */
}

static void reference(results *r) {
    const struct pasta_fp_ops *o = pasta_ops_portable.fp;
    const struct pasta_fq_ops *q = pasta_ops_portable.fq;
    for (int i = 0; i < N; i++) {
        o->mul(&r->mul[i], &in_a[i], &in_b[i]);
        o->add(&r->add[i], &in_a[i], &in_b[i]);
        o->invert(&r->inv[i], &in_a[i]);
        r->sqrt_ok[i] = o->sqrt(&r->sqrt[i], &in_b[i]);
        q->mul(&r->qmul[i], &in_q[i], &in_q[(i + 1) % N]);
    }
    r->rc = o->batch_invert(r->batch, in_a, N) | q->batch_invert(r->qbatch, in_q, N);
}

static void *worker(void *arg) {
    results *r = arg;
    pthread_barrier_wait(&start);
    /* First calls into the library, racing each other. */
    pasta_fp_mul(&r->mul[0], &in_a[0], &in_b[0]);
    r->first_backend = pasta_backend_get();
    for (int round = 0; round < ROUNDS; round++) {
        for (int i = 0; i < N; i++) {
            pasta_fp_mul(&r->mul[i], &in_a[i], &in_b[i]);
            pasta_fp_add(&r->add[i], &in_a[i], &in_b[i]);
            pasta_fp_invert(&r->inv[i], &in_a[i]);
            r->sqrt_ok[i] = pasta_fp_sqrt(&r->sqrt[i], &in_b[i]);
            pasta_fq_mul(&r->qmul[i], &in_q[i], &in_q[(i + 1) % N]);
        }
        /* Allocating calls from every thread at once. */
        r->rc = pasta_fp_batch_invert(r->batch, in_a, N) |
                pasta_fq_batch_invert(r->qbatch, in_q, N);
        if (r->rc != PASTA_OK) break;
    }
    return NULL;
}

static void run_threads(void) {
    pthread_t th[THREADS];
    memset(res, 0, sizeof res);
    cr_assert_eq(pthread_barrier_init(&start, NULL, THREADS), 0);
    for (int t = 0; t < THREADS; t++)
        cr_assert_eq(pthread_create(&th[t], NULL, worker, &res[t]), 0);
    for (int t = 0; t < THREADS; t++) cr_assert_eq(pthread_join(th[t], NULL), 0);
    pthread_barrier_destroy(&start);
}

static void compare(void) {
    for (int t = 0; t < THREADS; t++) {
        cr_assert_eq(res[t].rc, PASTA_OK, "thread %d: batch_invert failed", t);
        cr_assert_eq(res[t].first_backend, res[0].first_backend,
                     "threads saw different backends on first use");
        cr_assert_eq(memcmp(res[t].mul, want.mul, sizeof want.mul), 0, "thread %d: mul", t);
        cr_assert_eq(memcmp(res[t].add, want.add, sizeof want.add), 0, "thread %d: add", t);
        cr_assert_eq(memcmp(res[t].inv, want.inv, sizeof want.inv), 0, "thread %d: invert", t);
        cr_assert_eq(memcmp(res[t].sqrt, want.sqrt, sizeof want.sqrt), 0, "thread %d: sqrt",
                     t);
        cr_assert_eq(memcmp(res[t].sqrt_ok, want.sqrt_ok, sizeof want.sqrt_ok), 0, "thread %d",
                     t);
        cr_assert_eq(memcmp(res[t].qmul, want.qmul, sizeof want.qmul), 0, "thread %d: fq mul",
                     t);
        cr_assert_eq(memcmp(res[t].batch, want.batch, sizeof want.batch), 0,
                     "thread %d: batch", t);
        cr_assert_eq(memcmp(res[t].qbatch, want.qbatch, sizeof want.qbatch), 0, "thread %d",
                     t);
    }
}

/* The first calls of the process race the lazy selection (this test touches nothing in
 * the library before the threads start: the reference uses the portable table directly,
 * which does not select a backend). */
Test(threads, first_use_race_and_field_ops) {
    make_inputs();
    reference(&want);
    cr_assert_eq(want.rc, PASTA_OK);
    run_threads();
    compare();
    cr_assert_eq(pasta_backend_get(), res[0].first_backend);
}

/* Same with each backend forced beforehand (process-wide; set before the threads start). */
Test(threads, each_backend) {
    make_inputs();
    reference(&want);
    static const pasta_backend all[] = {PASTA_BACKEND_PORTABLE, PASTA_BACKEND_X86_64_ASM,
                                        PASTA_BACKEND_X86_64_IFMA};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        if (!pasta_backend_supported(all[i])) continue;
        cr_assert_eq(pasta_backend_set(all[i]), PASTA_OK);
        run_threads();
        compare();
        cr_assert_eq(res[0].first_backend, all[i]);
    }
}
