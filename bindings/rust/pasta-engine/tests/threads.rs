// Many threads using one domain, one fixed-base table and the adapter at once: the same
// bytes as on one thread.
mod common;
use common::*;
use pasta_engine::halo2;
use pasta_engine::{Fq, FqDomain, Pallas, PallasAffine, PallasMsmTable};

#[test]
fn concurrent_calls_give_single_thread_bytes() {
    let mut r = Rng(16);
    let n = 1024;
    let b = Pallas::batch_to_affine(&(0..n).map(|_| Pallas::generator() * r.fq()).collect::<Vec<_>>());
    let s: Vec<Fq> = (0..n).map(|_| r.fq()).collect();
    let table = PallasMsmTable::new(&b, 0, 0).unwrap();
    let d = FqDomain::new(10, 1).unwrap();
    let want = Pallas::msm(&b, &s, 1).unwrap().jacobian_coordinates();
    let mut want_ntt = s.clone();
    d.ntt(&mut want_ntt, 1).unwrap();
    fn shared<T: Send + Sync>(_: &T) {}
    shared(&table);
    shared(&d);
    std::thread::scope(|sc| {
        for t in 0..4usize {
            let (b, s, table, d, want_ntt) = (&b, &s, &table, &d, &want_ntt);
            sc.spawn(move || {
                for _ in 0..3 {
                    assert_eq!(Pallas::msm(b, s, t % 3).unwrap().jacobian_coordinates(), want);
                    assert_eq!(table.msm(s, t % 2).unwrap().jacobian_coordinates(), want);
                    assert_eq!(halo2::multiexp::<PallasAffine>(s, b).jacobian_coordinates(), want);
                    let mut a = s.clone();
                    d.ntt(&mut a, t % 3).unwrap();
                    assert!(&a == want_ntt);
                    halo2::fft(&mut a, d.omega_inv(), 10);
                    assert!(a.iter().zip(s).all(|(x, y)| *x == *y * Fq::from(1024)));
                }
            });
        }
    });
}

// With the `rayon` feature the adapter sizes large calls by the current rayon pool, and
// calls from inside a pool's workers give the same bytes.
#[cfg(feature = "rayon")]
#[test]
fn rayon_pool_size_is_the_thread_count() {
    use rayon::prelude::*;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
    assert_eq!(pool.install(halo2::threads), 3);
    halo2::set_threads(2);
    assert_eq!(pool.install(halo2::threads), 2);
    halo2::set_threads(0);
    let mut r = Rng(17);
    let b = Pallas::batch_to_affine(&(0..256).map(|_| Pallas::generator() * r.fq()).collect::<Vec<_>>());
    let s: Vec<Fq> = (0..256).map(|_| r.fq()).collect();
    let want = Pallas::msm(&b, &s, 1).unwrap().jacobian_coordinates();
    let got: Vec<_> = pool.install(|| {
        (0..8usize)
            .into_par_iter()
            .map(|i| halo2::multiexp::<PallasAffine>(&s[..2 + i * 30], &b[..2 + i * 30]).jacobian_coordinates())
            .collect()
    });
    for (i, g) in got.iter().enumerate() {
        assert_eq!(*g, Pallas::msm(&b[..2 + i * 30], &s[..2 + i * 30], 1).unwrap().jacobian_coordinates());
    }
    assert_eq!(pool.install(|| halo2::multiexp::<PallasAffine>(&s, &b)).jacobian_coordinates(), want);
}
