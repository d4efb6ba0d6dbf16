// The halo2 adapter: best_fft / best_multiexp semantics, and Params::new(11) byte for byte
// against halo2_proofs 0.3.2's file (tests/vectors/halo2/params-k11.bin).
mod common;
use common::*;
use pasta_engine::halo2::{self, Params};
use pasta_engine::{Fp, Fq, FpDomain, Pallas, PallasAffine, Vesta, VestaAffine};

fn naive_dft(a: &[Fp], w: Fp) -> Vec<Fp> {
    (0..a.len() as u64)
        .map(|i| {
            let x = w.pow_vartime(&[i, 0, 0, 0]);
            a.iter().rev().fold(Fp::zero(), |acc, c| acc * x + *c)
        })
        .collect()
}

#[test]
fn fft_is_best_fft() {
    let mut r = Rng(13);
    for log_n in [0u32, 1, 3, 6, 11] {
        let n = 1usize << log_n;
        let a: Vec<Fp> = (0..n).map(|_| r.fp()).collect();
        let d = FpDomain::new(log_n, 0).unwrap();
        // halo2's omega, its inverse (ifft before the 1/n), and another root of order n.
        let other = d.omega().pow_vartime(&[3, 0, 0, 0]);
        for w in [d.omega(), d.omega_inv(), other] {
            let mut b = a.clone();
            halo2::fft(&mut b, w, log_n);
            if log_n <= 6 {
                assert_eq!(b, naive_dft(&a, w), "log_n {}", log_n);
            } else {
                // spot check against direct evaluation
                for i in [0u64, 1, 5, (n - 1) as u64] {
                    let x = w.pow_vartime(&[i, 0, 0, 0]);
                    assert_eq!(b[i as usize], a.iter().rev().fold(Fp::zero(), |acc, c| acc * x + *c));
                }
            }
            let mut c = a.clone();
            halo2::fft_threads(&mut c, w, log_n, 2);
            assert_eq!(b, c);
        }
    }
    let mut q: Vec<Fq> = (0..8).map(|_| r.fq()).collect();
    let keep = q.clone();
    let w = pasta_engine::FqDomain::new(3, 0).unwrap().omega();
    halo2::fft(&mut q, w, 3);
    halo2::fft(&mut q, w.invert().unwrap(), 3);
    assert!(q.iter().zip(&keep).all(|(x, y)| *x == *y * Fq::from(8)));
}

#[test]
#[should_panic]
fn fft_wrong_length_panics() {
    let mut a = vec![Fp::one(); 6];
    halo2::fft(&mut a, Fp::one(), 3);
}

#[test]
fn multiexp_is_best_multiexp() {
    let mut r = Rng(14);
    for n in [1usize, 2, 63, 64, 65, 300] {
        let s: Vec<Fq> = (0..n).map(|_| r.fq()).collect();
        let b = Pallas::batch_to_affine(&(0..n).map(|_| Pallas::generator() * r.fq()).collect::<Vec<_>>());
        let want: Pallas = b.iter().zip(&s).map(|(p, k)| *p * *k).sum();
        assert_eq!(halo2::multiexp(&s, &b), want);
        assert_eq!(halo2::multiexp_threads(&s, &b, 2), want);
        let sv: Vec<Fp> = (0..n).map(|_| r.fp()).collect();
        let bv = vec![VestaAffine::generator(); n];
        let sum: Fp = sv.iter().sum();
        assert_eq!(halo2::multiexp(&sv, &bv), Vesta::generator() * sum);
    }
}

#[test]
#[should_panic]
fn multiexp_length_mismatch_panics() {
    halo2::multiexp(&[Fq::one()], &[PallasAffine::generator(); 2]);
}

#[test]
fn params_new_11_is_halo2s_file() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../tests/vectors/halo2/params-k11.bin");
    let want = std::fs::read(path).expect("tests/vectors/halo2/params-k11.bin");
    let p = Params::<VestaAffine>::new(11).unwrap();
    let got = p.to_bytes();
    assert_eq!(got.len(), want.len());
    for i in 0..(got.len() - 4) / 32 {
        assert!(got[4 + 32 * i..36 + 32 * i] == want[4 + 32 * i..36 + 32 * i], "point {} of params-k11.bin", i);
    }
    assert!(got == want);
    // The g_lagrange helper alone, and the commitment identity commit(a) = commit_lagrange(fft(a)).
    assert_eq!(halo2::params_g_lagrange(&p.g).unwrap(), p.g_lagrange);
    let gp: Vec<Vesta> = p.g.iter().map(|a| a.to_curve()).collect();
    assert_eq!(halo2::params_g_lagrange_projective::<VestaAffine>(gp).unwrap(), p.g_lagrange);
    assert!(halo2::params_g_lagrange(&p.g[..3]).is_err());
    let mut r = Rng(15);
    let a: Vec<Fp> = (0..2048).map(|_| r.fp()).collect();
    let mut v = a.clone();
    halo2::fft(&mut v, FpDomain::new(11, 0).unwrap().omega(), 11);
    let blind = r.fp();
    assert_eq!(p.commit(&a, blind), p.commit_lagrange(&v, blind));
}
