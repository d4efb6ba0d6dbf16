/* prover_bench/par.h */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "par.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int trace_fd = -2; /* -2: not read yet; -1: off */

int halo2_trace_on(void) {
    if (trace_fd == -2) {
        const char *tr = getenv("PASTA_PARALLEL_TRACE");
        trace_fd = tr != NULL && *tr != '\0'
                       ? open(tr, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644)
                       : -1;
    }
    return trace_fd >= 0;
}

double halo2_thread_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

void halo2_trace_line(const char *line) {
    if (!halo2_trace_on()) return;
    ssize_t wr = write(trace_fd, line, strlen(line));
    (void)wr;
}

static size_t range_lo(size_t n, size_t T, size_t t) {
    return n / T * t + (t < n % T ? t : n % T);
}

typedef struct claim_ctx {
    halo2_range_fn fn;
    void *ctx;
    size_t n, T;
    atomic_size_t next;
} claim_ctx;
static void *claim_main(void *arg) {
    claim_ctx *c = arg;
    for (size_t r; (r = atomic_fetch_add(&c->next, 1)) < c->T;)
        c->fn(c->ctx, range_lo(c->n, c->T, r), range_lo(c->n, c->T, r + 1), (int)r);
    return NULL;
}

void halo2_par_for(size_t n, int T, halo2_range_fn fn, void *ctx) {
    if (n == 0) return;
    if (T < 1) T = 1;
    if ((size_t)T > n) T = (int)n;
    if (T == 1) {
        fn(ctx, 0, n, 0);
        return;
    }
    if (halo2_trace_on()) {
        char line[64 + 24 * 256];
        if (T > 256) T = 256;
        double t0 = halo2_thread_ns(), prev = t0;
        int len = snprintf(line, sizeof line - 2, "R %d %.0f", T, t0);
        for (int t = 0; t < T; t++) {
            fn(ctx, range_lo(n, (size_t)T, (size_t)t), range_lo(n, (size_t)T, (size_t)t + 1),
               t);
            double now = halo2_thread_ns();
            len += snprintf(line + len, sizeof line - 2 - (size_t)len, " %.0f", now - prev);
            prev = now;
        }
        line[len] = '\n', line[len + 1] = '\0';
        halo2_trace_line(line);
        return;
    }
    /* T - 1 helper threads for this loop alone (the prover's loops are few and long):
     * nobody waits by spinning. Every thread, the caller first, claims ranges in index
     * order, so a helper that starts late leaves its range to a free thread. */
    pthread_t tid[255];
    claim_ctx cc = {fn, ctx, n, (size_t)(T > 256 ? 256 : T), 0};
    int nh = 0;
    for (int i = 0; i + 1 < (int)cc.T; i++, nh++)
        if (pthread_create(&tid[i], NULL, claim_main, &cc) != 0) break;
    claim_main(&cc);
    for (int i = 0; i < nh; i++) pthread_join(tid[i], NULL);
}
