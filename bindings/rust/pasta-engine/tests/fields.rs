// Fields against an independent shift-and-add reference, encodings, constants, errors.
mod common;
use common::*;
use pasta_engine::{Error, Fp, Fq};

#[test]
fn fp_arithmetic_matches_reference() {
    let m = Fp::modulus();
    let mut r = Rng(1);
    for _ in 0..300 {
        let (a, b) = (r.fp(), r.fp());
        let (ra, rb) = (a.to_raw(), b.to_raw());
        assert_eq!((a * b).to_raw(), mul_mod(ra, rb, m));
        assert_eq!((a + b).to_raw(), add_mod(ra, rb, m));
        assert_eq!(((a - b) + b), a);
        assert_eq!((-a + a), Fp::zero());
        assert_eq!(a.square(), a * a);
        assert_eq!(a.cube(), a * a * a);
        assert_eq!(a.double(), a + a);
        if !a.is_zero() {
            assert_eq!(a * a.invert().unwrap(), Fp::one());
            assert_eq!(a.invert_vartime(), a.invert_or_zero());
        }
        let s = a.square();
        let root = s.sqrt().expect("a square");
        assert!(root == a || root == -a);
        assert_eq!(Fp::from_repr(a.to_repr()), Some(a));
        assert_eq!(Fp::from_raw(ra), a);
    }
    assert_eq!(Fp::zero().invert(), None);
}

#[test]
fn fq_arithmetic_matches_reference() {
    let m = Fq::modulus();
    let mut r = Rng(2);
    for _ in 0..300 {
        let (a, b) = (r.fq(), r.fq());
        assert_eq!((a * b).to_raw(), mul_mod(a.to_raw(), b.to_raw(), m));
        assert_eq!((a + b).to_raw(), add_mod(a.to_raw(), b.to_raw(), m));
        let mut c = a;
        c *= b;
        c -= b;
        c += b;
        assert_eq!(c, a * b);
    }
}

#[test]
fn constants() {
    // p and q (include/pasta/field.h), ROOT_OF_UNITY of order 2^32, ZETA of order 3.
    assert_eq!(format!("{:?}", -Fp::one()), "0x40000000000000000000000000000000224698fc094cf91b992d30ed00000000");
    assert_eq!(format!("{:?}", -Fq::one()), "0x40000000000000000000000000000000224698fc0994a8dd8c46eb2100000000");
    let mut w = Fp::root_of_unity();
    for _ in 0..31 {
        w = w.square();
        assert_ne!(w, Fp::one());
    }
    assert_eq!(w.square(), Fp::one());
    assert_eq!(Fp::root_of_unity() * Fp::root_of_unity_inv(), Fp::one());
    assert_eq!(Fp::zeta().cube(), Fp::one());
    assert_ne!(Fp::zeta(), Fp::one());
    assert_eq!(Fq::zeta().cube(), Fq::one());
    assert_eq!(Fp::two_inv() * Fp::from(2), Fp::one());
    assert_eq!(Fp::multiplicative_generator(), Fp::from(5));
    assert_eq!(Fp::delta(), Fp::from(5).pow_vartime(&[1u64 << 32, 0, 0, 0]));
    assert_eq!(Fp::from_u128(1u128 << 64), Fp::from(1u64 << 32).square());
    assert!(!Fp::multiplicative_generator().is_square());
    assert_eq!(Fp::multiplicative_generator().legendre(), -1);
    assert_eq!(Fp::zero().legendre(), 0);
    assert!(Fp::from(3).is_odd() && !Fp::from(4).is_odd());
}

#[test]
fn repr_is_canonical_little_endian() {
    assert_eq!(Fp::from(1).to_repr()[0], 1);
    assert_eq!(Fp::from(0x0102).to_repr()[..2], [2, 1]);
    // p itself, p + 1, and bit 255 are rejected; p - 1 is accepted.
    let mut p = [0u8; 32];
    for (i, l) in Fp::modulus().iter().enumerate() {
        p[8 * i..8 * i + 8].copy_from_slice(&l.to_le_bytes());
    }
    assert_eq!(Fp::from_repr(p), None);
    assert_eq!(Fp::from_bytes(&p), Err(Error::NonCanonical));
    let mut pm1 = p;
    pm1[0] -= 1;
    assert_eq!(Fp::from_repr(pm1), Some(-Fp::one()));
    let mut top = [0u8; 32];
    top[31] = 0x80;
    assert_eq!(Fp::from_repr(top), None);
    assert_eq!(Fp::from_montgomery_limbs(Fp::modulus()), None);
    let a = Fp::from(77);
    assert_eq!(Fp::from_montgomery_limbs(a.to_montgomery_limbs()), Some(a));
}

#[test]
fn sqrt_ratio_as_pasta_curves() {
    let mut r = Rng(3);
    for _ in 0..50 {
        let (n, d) = (r.fp(), r.fp());
        let (ok, s) = Fp::sqrt_ratio(&n, &d);
        let u = n * d.invert().unwrap();
        if ok {
            assert_eq!(s.square(), u);
        } else {
            assert_eq!(s.square(), Fp::root_of_unity() * u);
        }
    }
    assert_eq!(Fp::sqrt_ratio(&Fp::one(), &Fp::zero()), (false, Fp::zero()));
}

#[test]
fn slices_and_errors() {
    let mut r = Rng(4);
    let a: Vec<Fp> = (0..37).map(|_| r.fp()).collect();
    let b: Vec<Fp> = (0..37).map(|_| r.fp()).collect();
    let c: Vec<Fp> = (0..37).map(|_| r.fp()).collect();
    let mut out = vec![Fp::zero(); 37];
    Fp::vec_add(&mut out, &a, &b).unwrap();
    assert!(out.iter().zip(a.iter().zip(&b)).all(|(o, (x, y))| *o == *x + *y));
    Fp::vec_sub(&mut out, &a, &b).unwrap();
    assert!(out.iter().zip(a.iter().zip(&b)).all(|(o, (x, y))| *o == *x - *y));
    Fp::vec_mul(&mut out, &a, &b).unwrap();
    assert!(out.iter().zip(a.iter().zip(&b)).all(|(o, (x, y))| *o == *x * *y));
    Fp::vec_mul_add(&mut out, &a, &b, &c).unwrap();
    assert!((0..37).all(|i| out[i] == a[i] * b[i] + c[i]));
    let mut s = a.clone();
    Fp::vec_scale(&mut s, &c[0]).unwrap();
    assert!((0..37).all(|i| s[i] == a[i] * c[0]));
    let mut t = a.clone();
    Fp::vec_add_assign(&mut t, &b).unwrap();
    Fp::vec_sub_assign(&mut t, &b).unwrap();
    Fp::vec_mul_assign(&mut t, &b).unwrap();
    assert!((0..37).all(|i| t[i] == a[i] * b[i]));
    let ip: Fp = a.iter().zip(&b).map(|(x, y)| *x * *y).sum();
    assert_eq!(Fp::inner_product(&a, &b).unwrap(), ip);
    let x = r.fp();
    let horner = a.iter().rev().fold(Fp::zero(), |acc, c| acc * x + *c);
    assert_eq!(Fp::poly_eval(&a, &x).unwrap(), horner);
    assert_eq!(Fp::poly_eval_par(&a, &x, 2).unwrap(), horner);
    let mut inv = a.clone();
    inv[5] = Fp::zero();
    Fp::batch_invert(&mut inv).unwrap();
    assert_eq!(inv[5], Fp::zero());
    assert!((0..37).filter(|&i| i != 5).all(|i| inv[i] * a[i] == Fp::one()));
    // Mismatched lengths: InvalidArg, output unchanged.
    let keep = out.clone();
    assert_eq!(Fp::vec_add(&mut out, &a[1..], &b), Err(Error::InvalidArg));
    assert_eq!(Fp::inner_product(&a[1..], &b), Err(Error::InvalidArg));
    assert!(out == keep);
    assert_eq!(Error::InvalidArg.code(), -3);
    assert!(Error::NonCanonical.to_string().contains("(-1)"));
    // Constant-time selection.
    let (mut u, mut v) = (a[0], a[1]);
    Fp::conditional_swap(&mut u, &mut v, true);
    assert_eq!((u, v), (a[1], a[0]));
    assert_eq!(Fp::conditional_select(&a[0], &a[1], false), a[0]);
    assert_eq!(Fp::conditional_select(&a[0], &a[1], true), a[1]);
}
