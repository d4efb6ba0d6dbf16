//! The adapter inside a rayon pool (feature `rayon`): W MSMs of 2^K Vesta points from the
//! pool's workers at once (a par_iter over them), three ways, alternating in R rounds:
//!   adapter  halo2::multiexp (from a worker: chunks joined through rayon, one-thread calls)
//!   pool     halo2::multiexp_threads(.., P): the library's pool at the rayon pool's size
//!            from every worker (one call takes the library's pool, the others run inline)
//!   serial   halo2::multiexp_threads(.., 1) (no parallelism inside a call)
//! and, from the main thread, one MSM of 2^(K+3) points by halo2::multiexp (the library's
//! pool at P threads) against 1 thread. Per way: wall time per batch, the process's CPU time
//! (user + system) per batch, involuntary context switches per batch (medians over rounds),
//! and the process's thread count after each way's first batch (round 0 runs adapter, pool,
//! serial in that order; the library's pool starts its workers on first use and keeps them).
//!
//!   cargo run --release --features rayon --example rayon_pool [P] [K] [W] [R]
use pasta_engine::halo2;
use pasta_engine::{Fp, Vesta, VestaAffine};
use rayon::prelude::*;
use std::time::Instant;

#[repr(C)]
struct Rusage {
    utime: [i64; 2],
    stime: [i64; 2],
    rest: [i64; 14], // maxrss ixrss idrss isrss minflt majflt nswap inblock oublock msgsnd msgrcv nsignals nvcsw nivcsw
}
extern "C" {
    fn getrusage(who: i32, r: *mut Rusage) -> i32;
}

/// (process CPU seconds, involuntary context switches).
fn usage() -> (f64, i64) {
    let mut r = Rusage { utime: [0; 2], stime: [0; 2], rest: [0; 14] };
    unsafe { getrusage(0, &mut r) }; // RUSAGE_SELF
    let t = |v: [i64; 2]| v[0] as f64 + v[1] as f64 * 1e-6;
    (t(r.utime) + t(r.stime), r.rest[13])
}

fn threads_of_process() -> usize {
    let s = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    s.lines().find(|l| l.starts_with("Threads:")).and_then(|l| l[8..].trim().parse().ok()).unwrap_or(0)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let a: Vec<usize> = std::env::args().skip(1).map(|s| s.parse().expect("number")).collect();
    let (p, k, w, rounds) = (*a.first().unwrap_or(&2), *a.get(1).unwrap_or(&12), *a.get(2).unwrap_or(&16), *a.get(3).unwrap_or(&7));
    let pool = rayon::ThreadPoolBuilder::new().num_threads(p).build().unwrap();
    halo2::set_threads(p);
    let n = 1usize << k;
    let big = n << 3;
    let g = Vesta::generator();
    let mut acc = g * Fp::from(7919);
    let pts: Vec<Vesta> = (0..big)
        .map(|_| {
            acc = acc.double_vartime().add_vartime(&g);
            acc
        })
        .collect();
    let b = Vesta::batch_to_affine(&pts);
    let s: Vec<Fp> = (0..big as u64).map(|i| Fp::from(i + 3).invert_vartime()).collect();
    let want = halo2::multiexp_threads::<VestaAffine>(&s[..n], &b[..n], 1);
    println!("rayon pool of {} threads; {} MSMs of 2^{} points per batch; {} rounds; host {} CPUs, load {}",
        p, w, k, rounds, std::thread::available_parallelism().map(|x| x.get()).unwrap_or(0),
        std::fs::read_to_string("/proc/loadavg").unwrap_or_default().split(' ').next().unwrap_or("?"));
    let names = ["adapter", "pool", "serial"];
    let mut res: Vec<[Vec<f64>; 3]> = (0..3).map(|_| [Vec::new(), Vec::new(), Vec::new()]).collect();
    let mut threads_after = [0usize; 3];
    for r in 0..rounds {
        for i in 0..3 {
            let way = (i + r) % 3; // rotate the order
            let (c0, v0) = usage();
            let t0 = Instant::now();
            let ok = pool.install(|| {
                (0..w)
                    .into_par_iter()
                    .map(|_| {
                        let (s, b) = (&s[..n], &b[..n]);
                        let q = match way {
                            0 => halo2::multiexp::<VestaAffine>(s, b),
                            1 => halo2::multiexp_threads::<VestaAffine>(s, b, p),
                            _ => halo2::multiexp_threads::<VestaAffine>(s, b, 1),
                        };
                        q == want
                    })
                    .all(|x| x)
            });
            let wall = t0.elapsed().as_secs_f64();
            let (c1, v1) = usage();
            assert!(ok, "{}: wrong MSM", names[way]);
            res[way][0].push(wall * 1e3);
            res[way][1].push((c1 - c0) * 1e3);
            res[way][2].push((v1 - v0) as f64);
            if r == 0 {
                threads_after[way] = threads_of_process(); // round 0 runs adapter, pool, serial
            }
        }
    }
    for way in 0..3 {
        let [wl, cp, cs] = &res[way];
        println!("{:8} wall {:8.1} ms  cpu {:8.1} ms  involuntary switches {:6.0}  threads after its first batch {}",
            names[way], median(wl.clone()), median(cp.clone()), median(cs.clone()), threads_after[way]);
    }
    // One large MSM from the main thread (not a rayon worker): the library's pool at P threads.
    let (mut t1, mut tp) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let t0 = Instant::now();
        let x = halo2::multiexp_threads::<VestaAffine>(&s, &b, 1);
        t1.push(t0.elapsed().as_secs_f64() * 1e3);
        let t0 = Instant::now();
        let z = halo2::multiexp::<VestaAffine>(&s, &b);
        tp.push(t0.elapsed().as_secs_f64() * 1e3);
        assert!(x == z);
    }
    println!("main thread, 2^{} points: 1 thread {:.1} ms, halo2::multiexp ({} threads) {:.1} ms (wall, medians)",
        k + 3, median(t1), halo2::threads(), median(tp));
}
