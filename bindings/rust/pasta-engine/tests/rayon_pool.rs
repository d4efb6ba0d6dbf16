// The adapter called from a rayon pool's workers, many at once: the bytes of one-thread
// calls, and no thread of the library's own pool is started (so no thread beyond rayon's
// runs or spins). Alone in its test binary: the library's pool is process-wide and starts
// its workers on the first call that needs them, so the thread count of this process shows
// whether any call used it (the last step shows that it does see them).
#![cfg(feature = "rayon")]
mod common;
use common::*;
use pasta_engine::halo2;
use pasta_engine::{Fp, FpDomain, Pallas, PallasAffine, Vesta, VestaAffine};
use rayon::prelude::*;

fn threads_of_process() -> usize {
    let s = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let l = s.lines().find(|l| l.starts_with("Threads:")).expect("Threads: line");
    l[8..].trim().parse().unwrap()
}

#[test]
fn rayon_workers_start_no_library_threads() {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    pool.install(|| (0..64).into_par_iter().for_each(|_| {})); // both workers up

    let mut r = Rng(23);
    let n = 4096;
    let b = Pallas::batch_to_affine(&(0..n).map(|_| Pallas::generator() * r.fq()).collect::<Vec<_>>());
    let s: Vec<_> = (0..n).map(|_| r.fq()).collect();
    let vb = Vesta::batch_to_affine(&(0..n).map(|_| Vesta::generator() * r.fp()).collect::<Vec<_>>());
    let vs: Vec<Fp> = (0..n).map(|_| r.fp()).collect();
    let sizes = [2usize, 63, 64, 65, 1000, 2049, 4096];
    let want: Vec<_> = sizes.iter().map(|&k| Pallas::msm(&b[..k], &s[..k], 1).unwrap().to_bytes()).collect();
    let jac = |p: Pallas| p.jacobian_coordinates();
    let want_jac: Vec<_> = sizes.iter().map(|&k| jac(Pallas::msm(&b[..k], &s[..k], 1).unwrap())).collect();
    let d = FpDomain::new(12, 0).unwrap();
    let mut want_fft = vs.clone();
    d.ntt(&mut want_fft, 1).unwrap();

    let before = threads_of_process();
    // Every size from many workers at once (each call's MSM split into 2 chunks joined
    // through the pool), FFTs beside them, nested inside a par_iter.
    let got: Vec<_> = pool.install(|| {
        (0..4 * sizes.len())
            .into_par_iter()
            .map(|i| {
                let k = sizes[i % sizes.len()];
                let p = halo2::multiexp::<PallasAffine>(&s[..k], &b[..k]);
                let v = halo2::multiexp::<VestaAffine>(&vs[..k], &vb[..k]);
                let mut a = vs.clone();
                halo2::fft(&mut a, d.omega(), 12);
                (jac(p), v, a == want_fft)
            })
            .collect()
    });
    for (i, (p, v, f)) in got.iter().enumerate() {
        let k = sizes[i % sizes.len()];
        assert_eq!(*p, want_jac[i % sizes.len()], "pallas msm of {} points", k);
        assert_eq!(v.to_bytes(), Vesta::msm(&vb[..k], &vs[..k], 1).unwrap().to_bytes());
        assert_eq!(v.jacobian_coordinates(), Vesta::msm(&vb[..k], &vs[..k], 1).unwrap().jacobian_coordinates());
        assert!(*f, "fft from a rayon worker");
    }
    // One call from install (one worker busy, the other idle: it takes a chunk).
    let p = pool.install(|| halo2::multiexp::<PallasAffine>(&s, &b));
    assert_eq!(p.to_bytes(), want[sizes.len() - 1]);
    assert_eq!(threads_of_process(), before, "a call from a rayon worker started library threads");

    // The probe: a 2-thread call from this thread (no rayon worker) starts a pool worker.
    assert_eq!(jac(halo2::multiexp_threads::<PallasAffine>(&s, &b, 2)), want_jac[sizes.len() - 1]);
    assert_eq!(threads_of_process(), before + 1);
}
