/* The library's threads behind core/parallel.h: a pool of POSIX threads with its own wait
 * policy (docs/PARALLEL.md). OpenMP only supplies the default thread count and
 * omp_in_parallel (this is the only file of the library compiled with -fopenmp).
 *
 * A region splits [0, ntasks) into nt contiguous ranges (range r: [r n / nt, ...), the
 * static split). The calling thread and nt - 1 pool workers claim ranges in index order
 * from one atomic word (job sequence << 32 | nt << 16 | next range), so a worker that is late (its
 * core busy with another process) leaves its range to a thread that is free: each range
 * runs exactly once, on some thread, and nothing depends on which. Waiting threads spin
 * `spin` pause iterations, then block on a condition variable. */
#define _GNU_SOURCE /* sched_getaffinity */
#include "core/parallel.h"

#include "pasta/common.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#ifdef _OPENMP
#include <omp.h>
#endif

/* Set on pool workers: a region started from a task runs inline (the caller holds
 * pool.submit), and a worker never calls into OpenMP (libomp registers a foreign thread
 * that calls omp_* as a new root and never frees that block: a leak per worker). */
static _Thread_local int pool_worker;

int pasta_threads_default(void) {
    if (pool_worker) return 1; /* regions from a worker's task run inline */
#ifdef _OPENMP
    int n = omp_get_max_threads();
    return n > 0 ? n : 1;
#else
    return 1;
#endif
}

#ifndef PASTA_PARALLEL_SPIN
#define PASTA_PARALLEL_SPIN 20000 /* pauses before a wait blocks (docs/PARALLEL.md) */
#endif
#ifndef PASTA_PARALLEL_SPIN_BUSY
#define PASTA_PARALLEL_SPIN_BUSY 100 /* the same while other processes take our CPUs */
#endif
/* Every this many regions the caller reads the process's involuntary context switches
 * (getrusage); 2 or more since the last look mark the host busy until the next look. */
#define BUSY_WINDOW 16
#define POOL_MAX 255 /* workers; a region has at most POOL_MAX + 1 ranges (16-bit index) */

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

#ifdef __linux__
typedef cpu_set_t cpu_mask;
#else
typedef int cpu_mask;
#endif

typedef struct worker {
    pthread_cond_t cv;
    atomic_int sleeping;
    unsigned seen; /* the last job sequence this worker looked at */
    pthread_t thread;
    int nudged;    /* its affinity was narrowed before a wake: restore `mask` */
    cpu_mask mask; /* its affinity before the nudge */
    char pad[64];
} worker;

static struct {
    pthread_mutex_t submit; /* one region on the pool at a time; others run inline */
    pthread_mutex_t m;      /* guards the sleeps */
    pthread_cond_t done_cv;
    atomic_int master_sleeping;
    pthread_t master;  /* the sleeping caller (master_sleeping) */
    int master_nudged; /* its affinity narrowed before its wake: restore master_mask */
    cpu_mask master_mask;
    atomic_int nworkers;
    atomic_int busy;   /* the host seemed busy at the last look: waits spin spin_busy */
    atomic_int share;  /* the caller's run time / runnable time at the last look, x 1024 */
    atomic_int joined; /* workers that joined the current job (pasta_parallel_for_dyn) */
    atomic_int maxw;   /* the most workers the current job takes */
    _Alignas(64) atomic_uint_fast64_t claim; /* seq << 32 | nt << 16 | next range */
    _Alignas(64) atomic_size_t done;         /* ranges finished in the current job */
    /* the current job: written before claim is published, read after a claim */
    size_t ntasks;
    pasta_task_fn task;
    void *ctx;
    worker w[POOL_MAX];
} pool = {.submit = PTHREAD_MUTEX_INITIALIZER,
          .m = PTHREAD_MUTEX_INITIALIZER,
          .done_cv = PTHREAD_COND_INITIALIZER};

/* Settings, read once: the spin count, the online cores, the trace file. */
static pthread_once_t settings_once = PTHREAD_ONCE_INIT;
static long spin_count, spin_throttled, spin_busy;
static int spin_user; /* OMP_WAIT_POLICY or GOMP_SPINCOUNT set: their spin, always */
static int online_cores = 1;
static int trace_fd = -1;
static int nudge_ok; /* wake placement (nudge, below) */

/* GOMP_SPINCOUNT's syntax: a number, optionally k/M/G/T, or "infinite". */
static int parse_spin(const char *s, long *out) {
    if (strcmp(s, "infinite") == 0 || strcmp(s, "INFINITE") == 0) {
        *out = (long)(~0UL >> 1);
        return 1;
    }
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || errno != 0) return 0;
    switch (*end) {
    case 'k':
    case 'K': v *= 1000ULL, end++; break;
    case 'M': v *= 1000000ULL, end++; break;
    case 'G': v *= 1000000000ULL, end++; break;
    case 'T': v *= 1000000000000ULL, end++; break;
    default: break;
    }
    if (*end != '\0') return 0;
    *out = v > (unsigned long long)(~0UL >> 1) ? (long)(~0UL >> 1) : (long)v;
    return 1;
}

static void pool_reset_child(void);

static void settings_init(void) {
    const char *pol = getenv("OMP_WAIT_POLICY"), *sc = getenv("GOMP_SPINCOUNT");
    /* Unset: PASTA_PARALLEL_SPIN (default docs/PARALLEL.md), 1000 when oversubscribed;
     * set: libgomp's rules (active: 3e10, passive: 0, GOMP_SPINCOUNT overrides both). */
    long spin = PASTA_PARALLEL_SPIN, thr = 1000;
    int user = 0;
    if (pol != NULL && (strcmp(pol, "active") == 0 || strcmp(pol, "ACTIVE") == 0))
        spin = thr = 30000000000L, user = 1;
    else if (pol != NULL && (strcmp(pol, "passive") == 0 || strcmp(pol, "PASSIVE") == 0))
        spin = thr = 0, user = 1;
    long v;
    if (sc != NULL && parse_spin(sc, &v)) {
        spin = v, user = 1;
        if (thr > v) thr = v;
    }
    if (!user && thr > spin) thr = spin;
    spin_count = spin;
    spin_throttled = thr;
    spin_busy = user ? thr : (PASTA_PARALLEL_SPIN_BUSY < thr ? PASTA_PARALLEL_SPIN_BUSY : thr);
    spin_user = user;
#ifdef __linux__
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) online_cores = CPU_COUNT(&set);
#else
    long c = sysconf(_SC_NPROCESSORS_ONLN);
    online_cores = c > 0 ? (int)c : 1;
#endif
    if (online_cores < 1) online_cores = 1;
    const char *bind = getenv("OMP_PROC_BIND");
    nudge_ok = online_cores > 1 && (bind == NULL || *bind == '\0' ||
                                    strcmp(bind, "false") == 0 || strcmp(bind, "FALSE") == 0);
    const char *tr = getenv("PASTA_PARALLEL_TRACE");
    if (tr != NULL && *tr != '\0') {
        trace_fd = open(tr, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (trace_fd < 0)
            fprintf(stderr, "pasta: PASTA_PARALLEL_TRACE=%s: %s\n", tr, strerror(errno));
    }
    pthread_atfork(NULL, NULL, pool_reset_child);
}

/* In a child after fork the pool's threads are gone. */
#ifdef __linux__
static void ss_reset_child(void);
#endif
static void busy_reset_child(void);
static void pool_reset_child(void) {
#ifdef __linux__
    ss_reset_child();
#endif
    busy_reset_child();
    atomic_store(&pool.busy, 0); /* the child's own looks decide */
    pthread_mutex_init(&pool.submit, NULL);
    pthread_mutex_init(&pool.m, NULL);
    pthread_cond_init(&pool.done_cv, NULL);
    atomic_store(&pool.nworkers, 0);
    pool.master_nudged = 0;
}

/* Wake placement (docs/PARALLEL.md): a thread woken from its sleep, or a new one, may be
 * queued on the waker's CPU though another is idle (seen on a 2-vCPU guest whose kernel
 * packs vCPUs), and wait there for the load balancer, milliseconds; the caller then
 * reads that wait as a busy host (busy_check). So before waking a sleeping thread (or
 * starting a worker) its affinity is narrowed to its CPUs other than the waker's, where
 * that leaves one, and the thread, once running, restores it (unnudge). Not where the
 * user binds threads (OMP_PROC_BIND set, not false) or the process has one CPU. nudge
 * returns 1 if it narrowed t's affinity (saved holds the old one), else 0. */
static int nudge_mask(cpu_mask *saved, cpu_mask *narrow) {
#ifdef __linux__
    int c = sched_getcpu();
    if (c < 0 || !CPU_ISSET(c, saved) || CPU_COUNT(saved) < 2) return 0;
    *narrow = *saved;
    CPU_CLR(c, narrow);
    return 1;
#else
    (void)saved, (void)narrow;
    return 0;
#endif
}

static int nudge(pthread_t t, cpu_mask *saved) {
#ifdef __linux__
    cpu_mask m;
    return nudge_ok && pthread_getaffinity_np(t, sizeof *saved, saved) == 0 &&
           nudge_mask(saved, &m) && pthread_setaffinity_np(t, sizeof m, &m) == 0;
#else
    (void)t, (void)saved;
    return 0;
#endif
}

static void unnudge(const cpu_mask *saved) {
#ifdef __linux__
    (void)pthread_setaffinity_np(pthread_self(), sizeof *saved, saved);
#else
    (void)saved;
#endif
}

/* Claims and runs ranges of job seq until none is left. A successful claim of range
 * r < nt of job seq means the job is not finished, so its fields are stable until this
 * thread counts the range done. */
static void run_claims(unsigned seq) {
    uint64_t v = atomic_load_explicit(&pool.claim, memory_order_acquire);
    for (;;) {
        if ((unsigned)(v >> 32) != seq) return;
        size_t r = (size_t)(v & 0xffff), nt = (size_t)((v >> 16) & 0xffff);
        if (r >= nt) return;
        if (!atomic_compare_exchange_weak_explicit(&pool.claim, &v, v + 1,
                                                   memory_order_acq_rel, memory_order_acquire))
            continue;
        size_t lo, hi;
        pasta_range(pool.ntasks, nt, r, &lo, &hi);
        pasta_task_fn task = pool.task;
        void *ctx = pool.ctx;
        for (size_t i = lo; i < hi; i++) task(ctx, i);
        if (atomic_fetch_add(&pool.done, 1) + 1 == nt && atomic_load(&pool.master_sleeping)) {
            pthread_mutex_lock(&pool.m);
            if (atomic_load(&pool.master_sleeping) && !pool.master_nudged)
                pool.master_nudged = nudge(pool.master, &pool.master_mask);
            pthread_cond_signal(&pool.done_cv);
            pthread_mutex_unlock(&pool.m);
        }
        v = atomic_load_explicit(&pool.claim, memory_order_acquire);
    }
}

static void *worker_main(void *arg) {
    worker *w = arg;
    pool_worker = 1;
    if (w->nudged) { /* started off its creator's CPU (pool_grow) */
        w->nudged = 0;
        unnudge(&w->mask);
    }
    for (;;) {
        int restore = 0;
        long spin = pool.nworkers + 1 > online_cores ? spin_throttled : spin_count;
        if (atomic_load_explicit(&pool.busy, memory_order_relaxed)) spin = spin_busy;
        unsigned seq;
        while ((seq = (unsigned)(atomic_load_explicit(&pool.claim, memory_order_acquire) >>
                                 32)) == w->seen &&
               spin-- > 0)
            cpu_relax();
        if (seq == w->seen) {
            pthread_mutex_lock(&pool.m);
            atomic_store(&w->sleeping, 1);
            while ((seq = (unsigned)(atomic_load(&pool.claim) >> 32)) == w->seen)
                pthread_cond_wait(&w->cv, &pool.m);
            atomic_store(&w->sleeping, 0);
            restore = w->nudged;
            w->nudged = 0;
            pthread_mutex_unlock(&pool.m);
        }
        w->seen = seq;
        /* maxw and joined belong to job seq or a later one (then seq's claims fail) */
        if (atomic_fetch_add(&pool.joined, 1) <
            atomic_load_explicit(&pool.maxw, memory_order_relaxed))
            run_claims(seq);
        if (restore) unnudge(&w->mask);
    }
    return NULL;
}

/* Starts workers up to `want` (pool.submit held); returns how many there are. */
static int pool_grow(int want) {
    if (want > POOL_MAX) want = POOL_MAX;
    unsigned seq = (unsigned)(atomic_load(&pool.claim) >> 32);
    while (pool.nworkers < want) {
        worker *w = &pool.w[pool.nworkers];
        pthread_cond_init(&w->cv, NULL);
        atomic_store(&w->sleeping, 0);
        w->seen = seq;
        pthread_attr_t at;
        pthread_t t;
        pthread_attr_init(&at);
        pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
        w->nudged = 0;
#ifdef __linux__
        cpu_mask m;
        if (nudge_ok && sched_getaffinity(0, sizeof w->mask, &w->mask) == 0 &&
            nudge_mask(&w->mask, &m) && pthread_attr_setaffinity_np(&at, sizeof m, &m) == 0)
            w->nudged = 1;
#endif
        int rc = pthread_create(&t, &at, worker_main, w);
        pthread_attr_destroy(&at);
        if (rc != 0 && w->nudged) { /* once more without the affinity */
            w->nudged = 0;
            pthread_attr_init(&at);
            pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
            rc = pthread_create(&t, &at, worker_main, w);
            pthread_attr_destroy(&at);
        }
        if (rc != 0) break;
        w->thread = t;
        pool.nworkers++;
    }
    return pool.nworkers;
}

/* The calling thread's run time and run delay (time spent runnable, waiting for a CPU),
 * in ns, from /proc/thread-self/schedstat ("exec delay slices", Linux with schedstats):
 * 1, or 0 where it cannot be read. Each thread keeps its file open (ss_fd, closed by the
 * key's destructor when the thread exits, and in a child after fork, where it names the
 * parent's thread) and reads it again at offset 0: on the 2-vCPU Zen 5 guest an open of
 * the path took 13-85 µs (typically 30) in a proof, the read 7 and the close 5. */
#ifdef __linux__
static _Thread_local int ss_fd = -1;
static pthread_key_t ss_key;
static int ss_key_ok;
static pthread_once_t ss_once = PTHREAD_ONCE_INIT;
static void ss_close(void *p) {
    int fd = (int)(intptr_t)p - 1;
    if (fd >= 0) close(fd);
}
static void ss_key_init(void) { ss_key_ok = pthread_key_create(&ss_key, ss_close) == 0; }
static void ss_reset_child(void) {
    if (ss_fd < 0) return;
    close(ss_fd);
    ss_fd = -1;
    if (ss_key_ok) (void)pthread_setspecific(ss_key, NULL);
}
#endif
static int run_delay(double *exec, double *delay) {
#ifdef __linux__
    char buf[96];
    pthread_once(&ss_once, ss_key_init);
    int fd = ss_fd;
    if (fd < 0) { /* kept where the key's destructor can close it, else closed below */
        fd = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
        if (fd < 0) return 0;
        if (ss_key_ok && pthread_setspecific(ss_key, (void *)(intptr_t)(fd + 1)) == 0)
            ss_fd = fd;
    }
    ssize_t k = pread(fd, buf, sizeof buf - 1, 0);
    if (fd != ss_fd) close(fd);
    if (k <= 0) return 0;
    buf[k] = '\0';
    unsigned long long e, d;
    if (sscanf(buf, "%llu %llu", &e, &d) != 2) return 0;
    *exec = (double)e, *delay = (double)d;
    return 1;
#else
    (void)exec, (void)delay;
    return 0;
#endif
}

/* The calling thread's CPU time in ns. */
static double thread_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Host load, looked at every BUSY_WINDOW calls (regions and pasta_threads_split): a
 * thread spinning while the thread it waits for has lost its CPU to another process takes
 * CPU time from it (two threads sharing one CPU). So on a busy host the waits spin
 * spin_busy only, and regions and splits that add work run on the CPUs the process seems
 * to get (busy_threads; 1: the calling thread alone). Busy: the calling thread waited
 * for a CPU at least BUSY_DELAY of its run time since its last look (once it has run
 * BUSY_RUN_NS); it stays busy until a look after a hold of more of its run time finds
 * it waiting less (on fewer threads it waits less: without the hold the flag would flip
 * at every look). The hold is BUSY_HOLD_NS, doubled (up to BUSY_HOLD_MAX_NS) each time
 * the host is found busy again within twice the hold after it was let go: under a
 * lasting load each such probe on all threads costs a share of a CPU (docs/PARALLEL.md),
 * so the probes grow rare; a load that ends costs at most the hold on fewer threads.
 * Where schedstat cannot be read: 2 or more involuntary context switches of the process
 * since the last look (getrusage), a share of one half, no hold. Callers may race: the
 * flag is a heuristic, each update one word. */
#define BUSY_DELAY 0.25
#define BUSY_RUN_NS 10e6
#define BUSY_HOLD_NS 100e6
#define BUSY_HOLD_MAX_NS 1.6e9
/* The calling thread's last look (schedstat's run time and delay), its busy mark's end,
 * hold and last let-go; reset in a child after fork, whose thread starts its run time
 * afresh. */
typedef struct {
    double last_exec, last_delay, busy_until, hold, let_go;
} busy_look;
#define BUSY_LOOK_INIT \
    { -1, 0, 0, BUSY_HOLD_NS, -1 }
static _Thread_local busy_look look = BUSY_LOOK_INIT;
static void busy_reset_child(void) {
    const busy_look init = BUSY_LOOK_INIT;
    look = init;
}
static void busy_check(void) {
    static atomic_uint calls;
    static atomic_long last_ivcsw = -1;
    if (spin_user ||
        atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed) % BUSY_WINDOW != 0)
        return;
    double e, d;
    /* the thread's CPU time (the schedstat's first field, to a tick) first: a look
     * within BUSY_RUN_NS of run time tells nothing, and reads no file */
    busy_look *l = &look;
    if (l->last_exec >= 0 && thread_ns() - l->last_exec < BUSY_RUN_NS) return;
    if (run_delay(&e, &d)) {
        if (l->last_exec >= 0 && e - l->last_exec < BUSY_RUN_NS) return; /* too short */
        if (l->last_exec >= 0) {
            double run = e - l->last_exec, wait = d - l->last_delay;
            if (wait >= BUSY_DELAY * run) {
                atomic_store_explicit(&pool.share, (int)(1024.0 * run / (run + wait)),
                                      memory_order_relaxed);
                if (!atomic_exchange_explicit(&pool.busy, 1, memory_order_relaxed))
                    l->hold =
                        l->let_go >= 0 && e - l->let_go < 2 * l->hold
                            ? (2 * l->hold < BUSY_HOLD_MAX_NS ? 2 * l->hold : BUSY_HOLD_MAX_NS)
                            : BUSY_HOLD_NS;
                l->busy_until = e + l->hold;
            } else if (e >= l->busy_until) {
                if (atomic_exchange_explicit(&pool.busy, 0, memory_order_relaxed))
                    l->let_go = e;
            }
        }
        l->last_exec = e, l->last_delay = d;
        return;
    }
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0) return;
    long now = ru.ru_nivcsw,
         prev = atomic_exchange_explicit(&last_ivcsw, now, memory_order_relaxed);
    atomic_store_explicit(&pool.share, 512, memory_order_relaxed); /* unknown: a half */
    atomic_store_explicit(&pool.busy, prev >= 0 && now - prev >= 2, memory_order_relaxed);
}

/* On a busy host, the CPUs the process seems to get: threads x the caller's share of its
 * runnable time, at least 1. */
static int busy_threads(int threads) {
    long t = (long)threads * atomic_load_explicit(&pool.share, memory_order_relaxed) / 1024;
    return t < 1 ? 1 : t < threads ? (int)t : threads;
}

int pasta_threads_split(int threads) {
    if (threads <= 1 || pool_worker) return threads;
    pthread_once(&settings_once, settings_init);
    if (trace_fd >= 0) return threads; /* the model sees the split of an idle host */
    busy_check();
    return atomic_load_explicit(&pool.busy, memory_order_relaxed) ? busy_threads(threads)
                                                                  : threads;
}

/* Trace mode: every range on the calling thread, timed; one line per region:
 * "R <nt> <start ns> <range 0 ns> ... <range nt-1 ns>" (thread CPU time). A region of
 * tasks claimed one by one (dyn) is traced as its claims would run on nt threads: each
 * task, in order, to the thread that is free first (the least loaded so far, the lowest
 * on a tie), and the "ranges" are the threads' loads. */
static void run_traced(size_t ntasks, size_t nt, pasta_task_fn task, void *ctx, int dyn) {
    char line[64 + 24 * (POOL_MAX + 1)];
    double t0 = thread_ns(), prev = t0, load[POOL_MAX + 1];
    int len = snprintf(line, sizeof line, "R %zu %.0f", nt, t0);
    for (size_t r = 0; r < nt; r++) load[r] = 0;
    if (dyn)
        for (size_t i = 0; i < ntasks; i++) {
            task(ctx, i);
            double t = thread_ns();
            size_t w = 0;
            for (size_t r = 1; r < nt; r++)
                if (load[r] < load[w]) w = r;
            load[w] += t - prev;
            prev = t;
        }
    else
        for (size_t r = 0; r < nt; r++) {
            size_t lo, hi;
            pasta_range(ntasks, nt, r, &lo, &hi);
            for (size_t i = lo; i < hi; i++) task(ctx, i);
            double t = thread_ns();
            load[r] = t - prev;
            prev = t;
        }
    for (size_t r = 0; r < nt; r++)
        len += snprintf(line + len, sizeof line - (size_t)len, " %.0f", load[r]);
    line[len++] = '\n';
    ssize_t wr = write(trace_fd, line, (size_t)len);
    (void)wr;
}

/* The common body: nt ranges of the static split (dyn = 0), or ntasks ranges of one task
 * each taken by at most `threads` threads (dyn = 1). */
static void parallel_run(size_t ntasks, int threads, pasta_task_fn task, void *ctx, int dyn) {
    if (ntasks == 0) return;
    if (threads <= 0) threads = pasta_threads_default();
    if ((size_t)threads > ntasks) threads = (int)ntasks;
    if (threads > POOL_MAX + 1) threads = POOL_MAX + 1;
    if (ntasks > 0xffff) dyn = 0; /* the claim word's 16-bit range count */
    pthread_once(&settings_once, settings_init);
    if (trace_fd >= 0 && threads > 1) {
        run_traced(ntasks, (size_t)threads, task, ctx, dyn); /* the model's input */
        return;
    }
    int inline_only = threads == 1 || pool_worker;
#ifdef _OPENMP
    if (!inline_only && omp_in_parallel()) inline_only = 1; /* in a caller's OpenMP region */
#endif
    if (inline_only || pthread_mutex_trylock(&pool.submit) != 0) {
        for (size_t i = 0; i < ntasks; i++) task(ctx, i);
        return;
    }
    size_t nt = (size_t)pool_grow(threads - 1) + 1;
    if (nt > (size_t)threads) nt = (size_t)threads;
    if (nt == 1) {
        pthread_mutex_unlock(&pool.submit);
        for (size_t i = 0; i < ntasks; i++) task(ctx, i);
        return;
    }
    busy_check();
    if (atomic_load_explicit(&pool.busy, memory_order_relaxed)) {
        size_t eff = (size_t)busy_threads(threads);
        if (eff < nt) nt = eff;
        if (nt == 1) { /* one CPU's worth: the region on the calling thread */
            pthread_mutex_unlock(&pool.submit);
            for (size_t i = 0; i < ntasks; i++) task(ctx, i);
            return;
        }
    }
    size_t nw = nt - 1; /* workers woken */
    if (dyn) nt = ntasks;
    pool.ntasks = ntasks;
    pool.task = task;
    pool.ctx = ctx;
    atomic_store_explicit(&pool.maxw, (int)nw, memory_order_relaxed);
    atomic_store_explicit(&pool.joined, 0, memory_order_relaxed);
    atomic_store_explicit(&pool.done, 0, memory_order_relaxed);
    unsigned seq = (unsigned)(atomic_load(&pool.claim) >> 32) + 1;
    atomic_store(&pool.claim, (uint64_t)seq << 32 | (uint64_t)nt << 16); /* seq_cst */
    for (size_t i = 0; i < nw; i++)
        if (atomic_load(&pool.w[i].sleeping)) {
            pthread_mutex_lock(&pool.m);
            worker *w = &pool.w[i];
            if (atomic_load(&w->sleeping) && !w->nudged)
                w->nudged = nudge(w->thread, &w->mask);
            pthread_cond_signal(&w->cv);
            pthread_mutex_unlock(&pool.m);
        }
    run_claims(seq);
    long spin = (long)(nw + 1) > online_cores ? spin_throttled : spin_count;
    if (atomic_load_explicit(&pool.busy, memory_order_relaxed)) spin = spin_busy;
    while (atomic_load_explicit(&pool.done, memory_order_acquire) != nt && spin-- > 0)
        cpu_relax();
    if (atomic_load_explicit(&pool.done, memory_order_acquire) != nt) {
        pthread_mutex_lock(&pool.m);
        pool.master = pthread_self();
        atomic_store(&pool.master_sleeping, 1);
        while (atomic_load(&pool.done) != nt) pthread_cond_wait(&pool.done_cv, &pool.m);
        atomic_store(&pool.master_sleeping, 0);
        int restore = pool.master_nudged;
        pool.master_nudged = 0;
        pthread_mutex_unlock(&pool.m);
        if (restore) unnudge(&pool.master_mask);
    }
    pthread_mutex_unlock(&pool.submit);
}

void pasta_parallel_for(size_t ntasks, int threads, pasta_task_fn task, void *ctx) {
    parallel_run(ntasks, threads, task, ctx, 0);
}

void pasta_parallel_for_dyn(size_t ntasks, int threads, pasta_task_fn task, void *ctx) {
    parallel_run(ntasks, threads, task, ctx, 1);
}

/* ---- include/pasta/common.h */
typedef struct {
    pasta_range_fn fn;
    void *ctx;
    size_t n, nt;
} ranges_ctx;

static void ranges_task(void *vc, size_t t) {
    ranges_ctx *c = vc;
    size_t lo, hi;
    pasta_range(c->n, c->nt, t, &lo, &hi);
    c->fn(c->ctx, lo, hi, (int)t);
}

int pasta_parallel_ranges(size_t n, int threads, pasta_range_fn fn, void *ctx) {
    if (threads < 0 || (n > 0 && fn == NULL)) return PASTA_ERR_INVALID_ARG;
    if (n == 0) return PASTA_OK;
    if (threads == 0) threads = pasta_threads_default();
    size_t nt = (size_t)threads < n ? (size_t)threads : n;
    if (nt > POOL_MAX + 1) nt = POOL_MAX + 1;
    ranges_ctx c = {fn, ctx, n, nt};
    /* nt tasks of one range each on nt threads: the static split gives each its own */
    pasta_parallel_for(nt, (int)nt, ranges_task, &c);
    return PASTA_OK;
}

int pasta_parallel_items(size_t n, int threads, pasta_item_fn fn, void *ctx) {
    if (threads < 0 || (n > 0 && fn == NULL)) return PASTA_ERR_INVALID_ARG;
    if (n == 0) return PASTA_OK;
    pasta_parallel_for_dyn(n, threads, fn, ctx);
    return PASTA_OK;
}
