/* libpasta.so after dlclose (CMakeLists.txt: linked with -z nodelete). The library's pool
 * threads keep running its code after a region, and each thread that looked at the host's
 * load holds a descriptor whose thread-specific key's destructor is the library's
 * (core/parallel.c): a dlclose that unmapped the library would crash the process when a
 * pool worker next runs, or when such a thread exits. This program loads the library by
 * path, runs regions on a thread of its own (the pool's workers start; the thread's look
 * opens its file), closes the library while that thread still lives, lets the thread
 * exit, and runs on: exit status 0 where nothing crashed. */
#define _POSIX_C_SOURCE 200809L /* pthread barriers, clock_gettime, nanosleep */
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

typedef void (*range_fn)(void *ctx, size_t lo, size_t hi, int t);
typedef int (*ranges_api)(size_t n, int threads, range_fn fn, void *ctx);

static ranges_api ranges;
static pthread_barrier_t done, closed;

static void spin_range(void *ctx, size_t lo, size_t hi, int t) {
    volatile unsigned long *sink = ctx;
    (void)t;
    for (size_t i = lo; i < hi; i++)
        for (int k = 0; k < 20000; k++) *sink += (unsigned long)k;
}

static void *user_thread(void *arg) {
    (void)arg;
    volatile unsigned long sink = 0;
    /* enough regions for the busy check's looks (every 16 calls, 10 ms of run time) */
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    do {
        if (ranges(64, 2, spin_range, (void *)&sink) != 0) return (void *)1;
        clock_gettime(CLOCK_MONOTONIC, &b);
    } while ((double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9 < 0.2);
    pthread_barrier_wait(&done);
    pthread_barrier_wait(&closed); /* the library is closed: exit (the key's destructor) */
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s PATH/libpasta.so\n", argv[0]);
        return 2;
    }
    void *h = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 1;
    }
    ranges = (ranges_api)(size_t)dlsym(h, "pasta_parallel_ranges");
    if (ranges == NULL) {
        fprintf(stderr, "dlsym: %s\n", dlerror());
        return 1;
    }
    pthread_barrier_init(&done, NULL, 2);
    pthread_barrier_init(&closed, NULL, 2);
    pthread_t t;
    if (pthread_create(&t, NULL, user_thread, NULL) != 0) return 1;
    /* the thread's regions done, close the library under it */
    pthread_barrier_wait(&done);
    if (dlclose(h) != 0) {
        fprintf(stderr, "dlclose: %s\n", dlerror());
        return 1;
    }
    pthread_barrier_wait(&closed);
    void *rv;
    pthread_join(t, &rv);
    if (rv != NULL) return 1;
    struct timespec w = {0, 100000000};
    nanosleep(&w, NULL); /* the pool's workers spin, then sleep */
    puts("dlclose: ok");
    return 0;
}
