/* core/parallel.c, the pool: each task exactly once under every wait policy, from
 * concurrent and nested callers, past the pool's size and across fork; the trace mode
 * (PASTA_PARALLEL_TRACE) runs every range on the calling thread and writes one line per
 * region; threads woken on another CPU than their waker's get their own affinity back. The
 * settings are read at a process's first region, and Criterion runs each test in a fresh
 * process, so each test sets its environment first. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_* */
#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/parallel.h"
#include "testutil.h"

#define MAXN 1000
static void count_task(void *ctx, size_t i) {
    __atomic_fetch_add(&((int *)ctx)[i], 1, __ATOMIC_RELAXED);
}

static void check_once(int threads, size_t n) {
    static int hits[MAXN];
    memset(hits, 0, sizeof hits);
    pasta_parallel_for(n, threads, count_task, hits);
    for (size_t i = 0; i < MAXN; i++)
        cr_assert_eq(hits[i], i < n ? 1 : 0, "threads %d, n %zu, task %zu", threads, n, i);
}

static void sweep(void) {
    for (int threads = 1; threads <= 17; threads += (threads < 4 ? 1 : 5))
        for (size_t n = 1; n <= 200; n += (n < 10 ? 1 : 61))
            for (int rep = 0; rep < 20; rep++) check_once(threads, n);
    check_once(300, MAXN); /* more threads than the pool has workers */
}

Test(parallel, each_task_once_default_policy) {
    unsetenv("OMP_WAIT_POLICY");
    unsetenv("GOMP_SPINCOUNT");
    sweep();
}
Test(parallel, each_task_once_passive) {
    setenv("OMP_WAIT_POLICY", "passive", 1);
    sweep();
}
Test(parallel, each_task_once_active) {
    setenv("OMP_WAIT_POLICY", "active", 1);
    setenv("GOMP_SPINCOUNT", "10k", 1); /* overrides active's spin: a short test */
    sweep();
}
Test(parallel, each_task_once_spincount_zero) {
    setenv("GOMP_SPINCOUNT", "0", 1);
    sweep();
}

/* Several threads start regions at once: one gets the pool, the others run theirs
 * inline; every region still runs each of its tasks once. */
#define CALLERS 4
static void *caller(void *arg) {
    int *hits = arg;
    for (int r = 0; r < 200; r++) {
        memset(hits, 0, 64 * sizeof *hits);
        pasta_parallel_for(64, 3, count_task, hits);
        for (int i = 0; i < 64; i++)
            if (hits[i] != 1) return (void *)1;
    }
    return NULL;
}
Test(parallel, concurrent_callers) {
    static int hits[CALLERS][64];
    pthread_t t[CALLERS];
    for (int i = 0; i < CALLERS; i++)
        cr_assert_eq(pthread_create(&t[i], NULL, caller, hits[i]), 0);
    for (int i = 0; i < CALLERS; i++) {
        void *rv;
        pthread_join(t[i], &rv);
        cr_assert_null(rv, "caller %d saw a task run other than once", i);
    }
}

/* A task that starts a region itself: the inner region runs inline. */
static int inner_hits[8][16];
static void outer_task(void *ctx, size_t i) {
    (void)ctx;
    pasta_parallel_for(16, 4, count_task, inner_hits[i]);
}
Test(parallel, nested_regions) {
    memset(inner_hits, 0, sizeof inner_hits);
    pasta_parallel_for(8, 4, outer_task, NULL);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 16; j++)
            cr_assert_eq(inner_hits[i][j], 1, "outer %d inner %d", i, j);
}

/* A child after fork has no pool threads: its first region starts its own. */
Test(parallel, after_fork) {
    check_once(2, 100);
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) {
        static int hits[100];
        pasta_parallel_for(100, 2, count_task, hits);
        for (int i = 0; i < 100; i++)
            if (hits[i] != 1) _exit(1);
        _exit(0);
    }
    int st = 0;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "the child's region failed");
}

/* Trace mode: the ranges on the calling thread, in order, one line per region of more
 * than one thread, "R <nt> <start ns> <range ns>...". */
/* Creates the file named by the template `path` and sets PASTA_PARALLEL_TRACE to it (read
 * once per process: before the test's first region). */
static void trace_to_temp(char *path) {
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    close(fd);
    setenv("PASTA_PARALLEL_TRACE", path, 1);
}
static pthread_t caller_id;
static size_t order[64], norder;
static void traced_task(void *ctx, size_t i) {
    int *bad = ctx;
    if (!pthread_equal(pthread_self(), caller_id)) *bad = 1;
    order[norder++] = i;
}
Test(parallel, trace_mode) {
    char path[] = "/tmp/pasta_trace_XXXXXX";
    trace_to_temp(path);
    caller_id = pthread_self();
    int bad = 0;
    pasta_parallel_for(10, 4, traced_task, &bad); /* ranges 3, 3, 2, 2 */
    pasta_parallel_for(5, 1, traced_task, &bad);  /* one thread: no line */
    pasta_parallel_for(3, 8, traced_task, &bad);  /* clamped to 3 ranges */
    cr_assert_eq(bad, 0, "a task ran off the calling thread");
    cr_assert_eq(norder, 18);
    for (size_t i = 0; i < 10; i++) cr_assert_eq(order[i], i);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    char line[512];
    int nt, lines = 0;
    double start, d;
    int want_nt[2] = {4, 3};
    while (fgets(line, sizeof line, f)) {
        cr_assert_lt(lines, 2, "extra line: %s", line);
        int pos = 0;
        cr_assert_eq(sscanf(line, "R %d %lf%n", &nt, &start, &pos), 2, "line: %s", line);
        cr_assert_eq(nt, want_nt[lines]);
        int k = 0, adv;
        while (sscanf(line + pos, "%lf%n", &d, &adv) == 1) {
            cr_assert_geq(d, 0);
            pos += adv, k++;
        }
        cr_assert_eq(k, nt, "line: %s", line);
        lines++;
    }
    fclose(f);
    unlink(path);
    cr_assert_eq(lines, 2);
}

/* Trace mode, tasks claimed one by one: traced as the claims would run, each task to the
 * least loaded thread. Tasks of 30, 30, 10 and 10 ms of thread CPU time on 2 threads:
 * loads 40 and 40 ms; the static split (30 + 30 and 10 + 10) would give 60 and 20. A
 * guest's CPU time can include a few ms the host took (seen: 5 ms in a 3 ms task under a
 * loaded CI), so the check is the larger load's share of the total: 0.5 expected, 0.75
 * for the static split, at most 0.65 accepted. */
static void spin_task(void *ctx, size_t i) {
    const double *ms = ctx;
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    double end = (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6 + ms[i], now;
    do {
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        now = (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
    } while (now < end);
}
Test(parallel, trace_mode_dyn) {
    char path[] = "/tmp/pasta_trace_XXXXXX";
    trace_to_temp(path);
    double ms[4] = {30, 30, 10, 10};
    pasta_parallel_for_dyn(4, 2, spin_task, ms);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    int nt = 0;
    double start, l0 = 0, l1 = 0;
    cr_assert_eq(fscanf(f, "R %d %lf %lf %lf", &nt, &start, &l0, &l1), 4);
    fclose(f);
    unlink(path);
    cr_assert_eq(nt, 2);
    double big = l0 > l1 ? l0 : l1;
    cr_assert(l0 + l1 > 75e6 && big <= 0.65 * (l0 + l1), "loads %.0f and %.0f ns", l0, l1);
}

/* ---- pasta_parallel_ranges (include/pasta/common.h): the public face of the pool. */
#include "pasta/common.h"

typedef struct {
    int hits[MAXN];
    size_t lo[300], hi[300];
    int calls[300];
} ranges_rec;
static void rec_range(void *ctx, size_t lo, size_t hi, int t) {
    ranges_rec *r = ctx;
    r->lo[t] = lo, r->hi[t] = hi;
    __atomic_fetch_add(&r->calls[t], 1, __ATOMIC_RELAXED);
    for (size_t i = lo; i < hi; i++) __atomic_fetch_add(&r->hits[i], 1, __ATOMIC_RELAXED);
}

/* Range t of T = min(threads, n, 256): contiguous, in order, lengths differing by at
 * most one with the longer first (as halo2_par_for's [t n / T, ...) up to rounding), each
 * run exactly once, every item covered once. */
static void check_ranges(size_t n, int threads) {
    static ranges_rec r;
    memset(&r, 0, sizeof r);
    cr_assert_eq(pasta_parallel_ranges(n, threads, rec_range, &r), PASTA_OK);
    size_t T = threads > 0 ? (size_t)threads : (size_t)pasta_threads_default();
    if (T > n) T = n;
    if (T > 256) T = 256;
    size_t q = n / T, rem = n % T, at = 0;
    for (size_t t = 0; t < 300; t++) {
        if (t >= T) {
            cr_assert_eq(r.calls[t], 0, "n %zu threads %d: range %zu ran", n, threads, t);
            continue;
        }
        cr_assert_eq(r.calls[t], 1, "n %zu threads %d: range %zu ran %d times", n, threads, t,
                     r.calls[t]);
        cr_assert_eq(r.lo[t], at, "n %zu threads %d: range %zu starts at %zu", n, threads, t,
                     r.lo[t]);
        at += q + (t < rem);
        cr_assert_eq(r.hi[t], at, "n %zu threads %d: range %zu ends at %zu", n, threads, t,
                     r.hi[t]);
    }
    for (size_t i = 0; i < MAXN; i++)
        cr_assert_eq(r.hits[i], i < n ? 1 : 0, "n %zu threads %d: item %zu", n, threads, i);
}

Test(parallel, ranges_split_and_once) {
    for (int threads = 1; threads <= 9; threads++)
        for (size_t n = 1; n <= 40; n++) check_ranges(n, threads);
    check_ranges(MAXN, 3);
    check_ranges(MAXN, 300); /* more ranges than the pool's 256 threads: capped */
    check_ranges(7, 0);      /* 0: the default thread count */
}

static int bad_calls;
static void never(void *ctx, size_t lo, size_t hi, int t) {
    (void)ctx, (void)lo, (void)hi, (void)t;
    bad_calls++;
}
Test(parallel, ranges_bad_arguments) {
    cr_assert_eq(pasta_parallel_ranges(10, -1, never, NULL), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(pasta_parallel_ranges(10, 2, NULL, NULL), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(pasta_parallel_ranges(0, 2, never, NULL), PASTA_OK);
    cr_assert_eq(pasta_parallel_ranges(0, 2, NULL, NULL), PASTA_OK);
    cr_assert_eq(bad_calls, 0, "a range ran on bad arguments or n = 0");
}

/* pasta_parallel_items: every item exactly once at every thread count (0: the default),
 * above the 65535 items claimed one by one too (a static split there), and none on bad
 * arguments; from inside a range, inline. */
static int item_hits[70000];
static void rec_item(void *ctx, size_t i) {
    (void)ctx;
    __atomic_fetch_add(&item_hits[i], 1, __ATOMIC_RELAXED);
}
static void never_item(void *ctx, size_t i) {
    (void)ctx, (void)i;
    bad_calls++;
}
Test(parallel, items_once) {
    static const size_t ns[] = {1, 2, 3, 7, 40, 300, 65535, 65536, 70000};
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++)
        for (int threads = 0; threads <= 5; threads++) {
            memset(item_hits, 0, sizeof item_hits);
            cr_assert_eq(pasta_parallel_items(ns[k], threads, rec_item, NULL), PASTA_OK);
            for (size_t i = 0; i < 70000; i++)
                cr_assert_eq(item_hits[i], i < ns[k] ? 1 : 0, "n %zu threads %d: item %zu",
                             ns[k], threads, i);
        }
    cr_assert_eq(pasta_parallel_items(10, -1, never_item, NULL), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(pasta_parallel_items(10, 2, NULL, NULL), PASTA_ERR_INVALID_ARG);
    cr_assert_eq(pasta_parallel_items(0, 2, never_item, NULL), PASTA_OK);
    cr_assert_eq(pasta_parallel_items(0, 2, NULL, NULL), PASTA_OK);
    cr_assert_eq(bad_calls, 0, "an item ran on bad arguments or n = 0");
}
static int items_nested_rc[4];
static void items_outer(void *ctx, size_t lo, size_t hi, int t) {
    (void)ctx, (void)t;
    for (size_t i = lo; i < hi; i++) /* no assertion off the test's thread */
        items_nested_rc[i] = pasta_parallel_items(100, 4, rec_item, NULL);
}
Test(parallel, items_nested) {
    memset(item_hits, 0, sizeof item_hits);
    cr_assert_eq(pasta_parallel_ranges(4, 2, items_outer, NULL), PASTA_OK);
    for (int i = 0; i < 4; i++) cr_assert_eq(items_nested_rc[i], PASTA_OK, "outer %d", i);
    for (size_t i = 0; i < 100; i++) cr_assert_eq(item_hits[i], 4, "item %zu", i);
}

/* Called from inside a range (and so while the pool is taken): runs inline, each once. */
static ranges_rec nested[6];
static int nested_rc[6];
static void outer_range(void *ctx, size_t lo, size_t hi, int t) {
    (void)ctx, (void)t;
    for (size_t i = lo; i < hi; i++) /* no assertion off the test's thread */
        nested_rc[i] = pasta_parallel_ranges(50, 4, rec_range, &nested[i]);
}
Test(parallel, ranges_nested) {
    memset(nested, 0, sizeof nested);
    cr_assert_eq(pasta_parallel_ranges(6, 3, outer_range, NULL), PASTA_OK);
    for (int i = 0; i < 6; i++) {
        cr_assert_eq(nested_rc[i], PASTA_OK, "outer %d", i);
        for (int j = 0; j < 50; j++)
            cr_assert_eq(nested[i].hits[j], 1, "outer %d inner item %d", i, j);
        for (int t = 0; t < 4; t++)
            cr_assert_eq(nested[i].calls[t], 1, "outer %d range %d", i, t);
    }
}

/* A region opened by a task that runs on a pool worker: inline, each task once, with a
 * default of 1 thread, and without calling into OpenMP (libomp would register the worker
 * as a new root and keep its block: test_parallel_valgrind runs this test for leaks).
 * The caller's range waits until the worker has run the other one, so a worker runs it. */
static int worker_hits[16], worker_default;
static volatile int worker_done;
static void worker_task(void *ctx, size_t i) {
    (void)ctx, (void)i;
    if (pthread_equal(pthread_self(), caller_id)) {
        for (int k = 0; k < 20000 && !__atomic_load_n(&worker_done, __ATOMIC_ACQUIRE); k++)
            nanosleep(&(struct timespec){0, 500000}, NULL); /* 10 s at most */
        return;
    }
    worker_default = pasta_threads_default();
    pasta_parallel_for(16, 4, count_task, worker_hits);
    __atomic_store_n(&worker_done, 1, __ATOMIC_RELEASE);
}
Test(parallel, worker_nested_region) {
    caller_id = pthread_self();
    pasta_parallel_for(2, 2, worker_task, NULL);
    cr_assert(worker_done, "no pool worker ran a range");
    cr_assert_eq(worker_default, 1);
    for (int i = 0; i < 16; i++) cr_assert_eq(worker_hits[i], 1, "inner task %d", i);
}

/* pasta_threads_split: at most `threads`, at least 1; 1 for 2 threads once the caller has
 * waited for a CPU (2 spinning threads per CPU beside it); `threads` whatever the load where
 * the user set a wait policy. The caller runs 1 ms between calls: the test needs 10 ms of
 * its run time between looks. */
static volatile int spin_stop;
static void *spinner(void *arg) {
    (void)arg;
    while (!spin_stop) {
    }
    return NULL;
}
static void burn_ms(double ms) {
    struct timespec a, b;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &a);
    do clock_gettime(CLOCK_THREAD_CPUTIME_ID, &b);
    while ((double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6 < ms);
}
/* Calls pasta_threads_split(2) for up to `secs` beside the spinners; returns the least. */
static int split_beside_spinners_for(double secs) {
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int ns = (int)(cpus < 1 ? 2 : cpus > 32 ? 64 : 2 * cpus), least = 2;
    pthread_t th[64];
    spin_stop = 0;
    for (int i = 0; i < ns; i++) cr_assert_eq(pthread_create(&th[i], NULL, spinner, NULL), 0);
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do {
        int r = pasta_threads_split(2);
        cr_assert(r >= 1 && r <= 2, "pasta_threads_split(2) = %d", r);
        if (r < least) least = r;
        burn_ms(1.0);
        clock_gettime(CLOCK_MONOTONIC, &t);
    } while (least > 1 &&
             (double)(t.tv_sec - t0.tv_sec) + (double)(t.tv_nsec - t0.tv_nsec) / 1e9 < secs);
    spin_stop = 1;
    for (int i = 0; i < ns; i++) pthread_join(th[i], NULL);
    return least;
}
static int split_beside_spinners(void) { return split_beside_spinners_for(3.0); }
Test(parallel, split_threads_busy_host) {
    unsetenv("OMP_WAIT_POLICY");
    unsetenv("GOMP_SPINCOUNT");
    cr_assert_eq(pasta_threads_split(1), 1);
    for (int t = 2; t <= 64; t *= 2) {
        int r = pasta_threads_split(t);
        cr_assert(r >= 1 && r <= t, "pasta_threads_split(%d) = %d", t, r);
    }
    cr_assert_eq(split_beside_spinners(), 1, "2 threads kept on a busy host");
}
Test(parallel, split_threads_user_policy) {
    setenv("OMP_WAIT_POLICY", "passive", 1);
    cr_assert_eq(split_beside_spinners(), 2, "the user's wait policy set: no clamp");
}

/* The busy check's file (core/parallel.c, run_delay) is each thread's own: a child after
 * fork reads its own thread's, not its parent's (a parent that sits in waitpid would never
 * look busy), and looks from a fresh start: its run time starts at 0, where the parent's
 * last look was at 500 ms or more (kept, the child would not look again for 500 ms of its
 * run time, more than 1 s beside the spinners; it needs two looks 10 ms apart). A thread
 * that exits leaves no descriptor open. */
Test(parallel, split_threads_busy_after_fork) {
    unsetenv("OMP_WAIT_POLICY");
    unsetenv("GOMP_SPINCOUNT");
    burn_ms(500.0);
    cr_assert_eq(split_beside_spinners(), 1, "2 threads kept on a busy host");
    pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (pid == 0) _exit(split_beside_spinners_for(1.0) == 1 ? 0 : 1);
    int st = 0;
    cr_assert_eq(waitpid(pid, &st, 0), pid);
    cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0,
              "the child kept 2 threads beside spinners");
}
static int open_fds(void) {
    DIR *d = opendir("/proc/self/fd");
    cr_assert(d != NULL);
    int n = 0;
    while (readdir(d) != NULL) n++;
    closedir(d);
    return n;
}
static void *split_thread(void *arg) {
    (void)arg;
    for (int i = 0; i < 64; i++) (void)pasta_threads_split(2); /* looks at least once */
    return NULL;
}
Test(parallel, split_threads_no_fd_left) {
    unsetenv("OMP_WAIT_POLICY");
    unsetenv("GOMP_SPINCOUNT");
    (void)split_thread(NULL);
    const int before = open_fds();
    for (int i = 0; i < 20; i++) {
        pthread_t t;
        cr_assert_eq(pthread_create(&t, NULL, split_thread, NULL), 0);
        cr_assert_eq(pthread_join(t, NULL), 0);
    }
    cr_assert_eq(open_fds(), before, "descriptors left by exited threads");
}

/* Wake placement (core/parallel.c, nudge): regions after pauses long enough for the
 * threads to sleep, the workers' ranges long enough for the caller to sleep at the join.
 * A worker woken from its sleep runs its range off its waker's CPU (its affinity
 * narrowed, where the process has 2 CPUs or more), and every thread has the process's
 * affinity again afterwards; each task runs once. With the process on one CPU nothing
 * is narrowed. */
static cpu_set_t proc_mask;
static int narrowed, worker_ranges;
static void placement_task(void *ctx, size_t i) {
    count_task(ctx, i);
    nanosleep(&(struct timespec){0, 1000000}, NULL); /* 1 ms: a woken worker claims a range */
    if (pthread_equal(pthread_self(), caller_id)) return;
    cpu_set_t m;
    if (sched_getaffinity(0, sizeof m, &m) == 0 && CPU_COUNT(&m) < CPU_COUNT(&proc_mask))
        __atomic_fetch_add(&narrowed, 1, __ATOMIC_RELAXED);
    __atomic_fetch_add(&worker_ranges, 1, __ATOMIC_RELAXED);
    nanosleep(&(struct timespec){0, 2000000}, NULL); /* 2 ms more: the caller sleeps */
}
/* The process's thread ids (at most 64), into ids; returns how many. */
static int thread_ids(int *ids) {
    DIR *d = opendir("/proc/self/task");
    cr_assert_not_null(d);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(d)) != NULL && n < 64)
        if (e->d_name[0] != '.') ids[n++] = atoi(e->d_name);
    closedir(d);
    return n;
}
/* 1 if the calling thread and every thread not in old (the pool's workers) have the
 * affinity `want`. */
static int pool_threads_have(const cpu_set_t *want, const int *old, int nold) {
    int ids[64], n = thread_ids(ids), ok = 1, workers = 0;
    for (int i = 0; i < n; i++) {
        int is_old = 0;
        for (int j = 0; j < nold; j++) is_old |= ids[i] == old[j];
        if (is_old && ids[i] != gettid()) continue;
        cpu_set_t m;
        cr_assert_eq(sched_getaffinity(ids[i], sizeof m, &m), 0);
        ok &= CPU_EQUAL(&m, want), workers += !is_old;
    }
    cr_assert(workers >= 1, "no pool worker");
    return ok;
}
static int old_ids[64], nold;
static void placement_rounds(void) {
    static int hits[MAXN];
    nold = thread_ids(old_ids);
    caller_id = pthread_self();
    for (int r = 0; r < 20; r++) {
        memset(hits, 0, sizeof hits);
        pasta_parallel_for(4, 2, placement_task, hits);
        for (int i = 0; i < 4; i++) cr_assert_eq(hits[i], 1, "round %d task %d", r, i);
        nanosleep(&(struct timespec){0, 5000000}, NULL); /* 5 ms: the workers sleep */
    }
    nanosleep(&(struct timespec){0, 20000000}, NULL); /* the last restores are done */
}
Test(parallel, wake_placement_restores_affinity) {
    unsetenv("OMP_WAIT_POLICY");
    unsetenv("GOMP_SPINCOUNT");
    unsetenv("OMP_PROC_BIND");
    cr_assert_eq(sched_getaffinity(0, sizeof proc_mask, &proc_mask), 0);
    placement_rounds();
    cr_assert(pool_threads_have(&proc_mask, old_ids, nold),
              "a thread kept a narrowed affinity");
    cr_assert(worker_ranges > 0, "no worker ran a range");
    if (CPU_COUNT(&proc_mask) >= 2)
        cr_assert(narrowed > 0, "no woken worker ran off its waker's CPU (%d ranges)",
                  worker_ranges);
}
Test(parallel, wake_placement_one_cpu) {
    unsetenv("OMP_WAIT_POLICY");
    unsetenv("GOMP_SPINCOUNT");
    unsetenv("OMP_PROC_BIND");
    cr_assert_eq(sched_getaffinity(0, sizeof proc_mask, &proc_mask), 0);
    int c = 0;
    while (!CPU_ISSET(c, &proc_mask)) c++;
    CPU_ZERO(&proc_mask);
    CPU_SET(c, &proc_mask);
    cr_assert_eq(sched_setaffinity(0, sizeof proc_mask, &proc_mask), 0);
    placement_rounds();
    cr_assert(pool_threads_have(&proc_mask, old_ids, nold));
    cr_assert_eq(narrowed, 0);
}
Test(parallel, wake_placement_user_binding) {
    unsetenv("OMP_WAIT_POLICY");
    unsetenv("GOMP_SPINCOUNT");
    setenv("OMP_PROC_BIND", "true", 1); /* the user's binding: never narrowed */
    cr_assert_eq(sched_getaffinity(0, sizeof proc_mask, &proc_mask), 0);
    placement_rounds();
    cr_assert(pool_threads_have(&proc_mask, old_ids, nold));
    cr_assert_eq(narrowed, 0, "narrowed under OMP_PROC_BIND");
}
