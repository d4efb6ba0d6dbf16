// MSM against a naive sum (double-and-add over the canonical scalar bits, no library
// scalar multiplication), bytes form, fixed-base tables, thread counts, errors.
mod common;
use common::*;
use pasta_engine::{Error, Fp, Fq, Pallas, PallasAffine, PallasMsmTable, Vesta, VestaAffine, VestaMsmTable};

fn naive_pallas(b: &[PallasAffine], s: &[Fq]) -> Pallas {
    let mut acc = Pallas::identity();
    for (p, k) in b.iter().zip(s) {
        let k = k.to_raw();
        let mut t = Pallas::identity();
        for i in (0..256).rev() {
            t = t.double_vartime();
            if (k[i / 64] >> (i % 64)) & 1 == 1 {
                t = t.add_affine_vartime(p);
            }
        }
        acc = acc.add_vartime(&t);
    }
    acc
}

fn pallas_points(r: &mut Rng, n: usize) -> Vec<PallasAffine> {
    let g = Pallas::generator();
    let p: Vec<Pallas> = (0..n).map(|_| g * r.fq()).collect();
    Pallas::batch_to_affine(&p)
}

#[test]
fn msm_equals_naive_sum() {
    let mut r = Rng(7);
    for &n in &[0usize, 1, 2, 3, 31, 64, 200] {
        let b = pallas_points(&mut r, n);
        let mut s: Vec<Fq> = (0..n).map(|_| r.fq()).collect();
        if n > 2 {
            s[1] = Fq::zero();
            s[2] = -Fq::one();
        }
        let want = naive_pallas(&b, &s);
        let got = Pallas::msm(&b, &s, 0).unwrap();
        assert_eq!(got, want, "n = {}", n);
        let bytes: Vec<[u8; 32]> = s.iter().map(|k| k.to_repr()).collect();
        let gb = Pallas::msm_bytes(&b, &bytes, 1).unwrap();
        // Normalised output: the same bytes of the Jacobian triple at any thread count.
        assert_eq!(gb.jacobian_coordinates(), got.jacobian_coordinates());
        for t in [1usize, 2, 3] {
            assert_eq!(Pallas::msm(&b, &s, t).unwrap().jacobian_coordinates(), got.jacobian_coordinates());
        }
    }
}

#[test]
fn msm_matches_the_c_library_called_directly() {
    use pasta_engine::sys;
    let mut r = Rng(8);
    let g = Vesta::generator();
    let pts: Vec<Vesta> = (0..100).map(|_| g * r.fp()).collect();
    let b = Vesta::batch_to_affine(&pts);
    let s: Vec<Fp> = (0..100).map(|_| r.fp()).collect();
    let got = Vesta::msm(&b, &s, 2).unwrap();
    let mut raw = sys::pasta_vesta_jacobian { x: sys::pasta_fq { limbs: [0; 4] }, y: sys::pasta_fq { limbs: [0; 4] }, z: sys::pasta_fq { limbs: [0; 4] } };
    let mut bs = Vec::new();
    for p in &b {
        bs.push(sys::pasta_vesta_affine {
            x: sys::pasta_fq { limbs: p.x().to_montgomery_limbs() },
            y: sys::pasta_fq { limbs: p.y().to_montgomery_limbs() },
        });
    }
    let ss: Vec<sys::pasta_fp> = s.iter().map(|k| sys::pasta_fp { limbs: k.to_montgomery_limbs() }).collect();
    assert_eq!(unsafe { sys::pasta_vesta_msm_var(&mut raw, bs.as_ptr(), ss.as_ptr(), 100, 1) }, 0);
    let (x, y, z) = got.jacobian_coordinates();
    assert_eq!([x.to_montgomery_limbs(), y.to_montgomery_limbs(), z.to_montgomery_limbs()], [raw.x.limbs, raw.y.limbs, raw.z.limbs]);
    // And the sum of scalar multiples through the operators.
    let sum: Vesta = b.iter().zip(&s).map(|(p, k)| *p * *k).sum();
    assert_eq!(got, sum);
}

#[test]
fn fixed_base_table() {
    let mut r = Rng(9);
    let b = pallas_points(&mut r, 300);
    let s: Vec<Fq> = (0..300).map(|_| r.fq()).collect();
    let want = Pallas::msm(&b, &s, 0).unwrap();
    for c in [0u32, 4, 9, 16] {
        let t = PallasMsmTable::new(&b, c, 0).unwrap();
        assert_eq!(t.len(), 300);
        assert!(t.memory() >= PallasMsmTable::size(300, c).unwrap());
        assert_eq!(t.msm(&s, 0).unwrap(), want, "c = {}", c);
        assert_eq!(t.msm(&s[..17], 1).unwrap(), Pallas::msm(&b[..17], &s[..17], 1).unwrap());
        assert_eq!(t.msm(&[], 1).unwrap(), Pallas::identity());
    }
    let t = PallasMsmTable::new(&b[..10], 8, 1).unwrap();
    assert_eq!(t.msm(&s[..11], 1), Err(Error::InvalidArg));
    assert_eq!(PallasMsmTable::size(10, 21), None);
    assert!(PallasMsmTable::new(&b, 21, 1).is_err());
    let v = VestaMsmTable::new(&[VestaAffine::generator()], 0, 1).unwrap();
    assert_eq!(v.msm(&[Fp::from(3)], 1).unwrap(), Vesta::generator() * Fp::from(3));
}

#[test]
fn msm_errors() {
    let b = vec![PallasAffine::generator(); 3];
    let s = vec![Fq::one(); 2];
    assert_eq!(Pallas::msm(&b, &s, 0), Err(Error::InvalidArg));
    let mut bad = [[0u8; 32]; 3];
    bad[1] = [0xff; 32];
    assert_eq!(Pallas::msm_bytes(&b, &bad, 0), Err(Error::NonCanonical));
    assert_eq!(Pallas::msm(&[], &[], 0).unwrap(), Pallas::identity());
}
