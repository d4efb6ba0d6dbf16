// Domains and transforms against naive O(n^2) evaluation; round trips; cosets; vanishing
// and Kate division; errors.
mod common;
use common::*;
use pasta_engine::{fp_poly, Error, Fp, FpDomain, Fq, FqDomain, Pallas, Vesta};

fn pow(x: Fp, e: u64) -> Fp {
    x.pow_vartime(&[e, 0, 0, 0])
}
fn eval(a: &[Fp], x: Fp) -> Fp {
    a.iter().rev().fold(Fp::zero(), |acc, c| acc * x + *c)
}
fn naive_dft(a: &[Fp], w: Fp) -> Vec<Fp> {
    (0..a.len()).map(|i| eval(a, pow(w, i as u64))).collect()
}

#[test]
fn domain_constants() {
    let d = FpDomain::new(5, 2).unwrap();
    assert_eq!((d.k(), d.j(), d.n(), d.ext_n()), (5, 2, 32, 128));
    assert_eq!(d.omega(), pow(Fp::root_of_unity(), 1 << 27));
    assert_eq!(pow(d.omega(), 32), Fp::one());
    assert_ne!(pow(d.omega(), 16), Fp::one());
    assert_eq!(d.omega() * d.omega_inv(), Fp::one());
    assert_eq!(d.n_inv() * Fp::from(32), Fp::one());
    assert_eq!(pow(d.ext_omega(), 4), d.omega());
    assert_eq!(d.ext_n_inv() * Fp::from(128), Fp::one());
    assert_eq!(d.zeta(), Fp::zeta());
    assert_eq!(d.zeta() * d.zeta_inv(), Fp::one());
}

#[test]
fn ntt_against_naive_dft_and_round_trip() {
    let mut r = Rng(10);
    let d = FpDomain::new(6, 1).unwrap();
    for log in 0..=7u32 {
        let n = 1usize << log;
        let a: Vec<Fp> = (0..n).map(|_| r.fp()).collect();
        let w = pow(d.ext_omega(), (128 / n) as u64);
        let mut b = a.clone();
        d.ntt(&mut b, 0).unwrap();
        assert_eq!(b, naive_dft(&a, w), "n = {}", n);
        d.intt(&mut b, 1).unwrap();
        assert_eq!(b, a);
    }
    let e = FqDomain::new(4, 0).unwrap();
    let a: Vec<Fq> = (0..16).map(|_| r.fq()).collect();
    let mut b = a.clone();
    e.ntt(&mut b, 2).unwrap();
    let want: Vec<Fq> = (0..16)
        .map(|i| {
            let x = e.omega().pow_vartime(&[i, 0, 0, 0]);
            a.iter().rev().fold(Fq::zero(), |acc, c| acc * x + *c)
        })
        .collect();
    assert_eq!(b, want);
}

#[test]
fn extended_domain_and_division() {
    let mut r = Rng(11);
    let d = FpDomain::new(4, 2).unwrap();
    let a: Vec<Fp> = (0..16).map(|_| r.fp()).collect();
    let ext = d.coeff_to_extended(&a, 0).unwrap();
    for i in 0..64 {
        assert_eq!(ext[i], eval(&a, d.zeta() * pow(d.ext_omega(), i as u64)));
    }
    let mut back = ext.clone();
    d.extended_to_coeff(&mut back, 0).unwrap();
    assert_eq!(&back[..16], &a[..]);
    assert!(back[16..].iter().all(|c| c.is_zero()));
    // Lagrange values on <omega> -> the same coset values.
    let mut vals = a.clone();
    d.ntt(&mut vals, 0).unwrap();
    assert_eq!(d.lagrange_to_extended(&vals, 1).unwrap(), ext);
    // Division by X^n - 1 on the coset.
    let mut q = ext.clone();
    d.divide_by_vanishing(&mut q).unwrap();
    for i in 0..64 {
        let x = d.zeta() * pow(d.ext_omega(), i as u64);
        assert_eq!(q[i] * (pow(x, 16) - Fp::one()), ext[i]);
    }
    // Kate: a = q (X - b) + a(b).
    let b = r.fp();
    let kq = fp_poly::kate_division(&a, &b);
    assert_eq!(kq.len(), 15);
    let x = r.fp();
    assert_eq!(eval(&kq, x) * (x - b) + eval(&a, b), eval(&a, x));
    // poly_mul, grand_product, rotations, eval_many, scale_add.
    let c: Vec<Fp> = (0..9).map(|_| r.fp()).collect();
    let prod = d.poly_mul(&a, &c, 0).unwrap();
    assert_eq!(prod.len(), 24);
    assert_eq!(eval(&prod, x), eval(&a, x) * eval(&c, x));
    let z = fp_poly::grand_product(&a[..5], &c[..5]).unwrap();
    assert_eq!(z[0], Fp::one());
    assert_eq!(z[3], a[0] * a[1] * a[2] * (c[0] * c[1] * c[2]).invert().unwrap());
    let mut rot = vec![Fp::zero(); 16];
    fp_poly::lagrange_rotate(&mut rot, &vals, 3).unwrap();
    assert!((0..16).all(|i| rot[i] == vals[(i + 3) % 16]));
    d.coeff_rotate(&mut rot, &a, 1).unwrap();
    assert_eq!(eval(&rot, x), eval(&a, d.omega() * x));
    let rows = fp_poly::poly_eval_many(&a, 5, &x, 0).unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[3], eval(&a[15..], x));
    let mut p = a.clone();
    fp_poly::poly_scale_add(&mut p, &x, &c[..1].repeat(16), 0).unwrap();
    assert_eq!(p[2], x * a[2] + c[0]);
    fp_poly::poly_add_scaled(&mut p, &x, &a, 0).unwrap();
    assert_eq!(p[2], x * a[2] + c[0] + x * a[2]);
}

#[test]
fn point_transforms() {
    let mut r = Rng(12);
    let d = FpDomain::new(3, 0).unwrap();
    let s: Vec<Fp> = (0..8).map(|_| r.fp()).collect();
    let mut p: Vec<Vesta> = s.iter().map(|k| Vesta::generator() * *k).collect();
    d.vesta_ntt(&mut p, 0).unwrap();
    let mut t = s.clone();
    d.ntt(&mut t, 0).unwrap();
    assert!(p.iter().zip(&t).all(|(a, k)| *a == Vesta::generator() * *k));
    d.vesta_intt(&mut p, 1).unwrap();
    assert!(p.iter().zip(&s).all(|(a, k)| *a == Vesta::generator() * *k));
    let e = FqDomain::new(2, 0).unwrap();
    let mut q = vec![Pallas::generator(); 4];
    e.pallas_ntt(&mut q, 0).unwrap();
    assert_eq!(q[0], Pallas::generator() * Fq::from(4));
    assert!(q[1..].iter().all(|x| x.is_identity()));
}

#[test]
fn errors_leave_data_unchanged() {
    let d = FpDomain::new(3, 1).unwrap();
    let mut a: Vec<Fp> = (0..12).map(Fp::from).collect();
    let keep = a.clone();
    assert_eq!(d.ntt(&mut a, 0), Err(Error::InvalidArg)); // not a power of two
    let mut big = vec![Fp::one(); 32];
    assert_eq!(d.intt(&mut big, 0), Err(Error::InvalidArg)); // > N
    assert_eq!(d.extended_to_coeff(&mut a[..8], 0), Err(Error::InvalidArg)); // != N
    assert_eq!(d.divide_by_vanishing(&mut a[..8]), Err(Error::InvalidArg));
    assert_eq!(d.coeff_to_extended(&a[..4], 0).err(), Some(Error::InvalidArg)); // != n
    assert!(a == keep);
    assert_eq!(FpDomain::new(33, 0).err(), Some(Error::InvalidArg));
    assert_eq!(FpDomain::new(20, 13).err(), Some(Error::InvalidArg));
    assert_eq!(fp_poly::poly_eval_many(&a, 0, &Fp::one(), 0).err(), Some(Error::InvalidArg));
    assert_eq!(fp_poly::grand_product(&a, &a[1..]).err(), Some(Error::InvalidArg));
}

#[test]
fn basis_typed_polynomials() {
    use pasta_engine::{Coeff, Lagrange, Poly};
    let mut r = Rng(18);
    let d = FpDomain::new(3, 1).unwrap();
    let a: Vec<Fp> = (0..8).map(|_| r.fp()).collect();
    let c: Poly<Fp, Coeff> = Poly::new(a.clone());
    let ext = d.coeff_to_extended_poly(&c, 0).unwrap();
    assert_eq!(ext.values, d.coeff_to_extended(&a, 0).unwrap());
    let l: Poly<Fp, Lagrange> = d.coeff_to_lagrange(c.clone(), 0).unwrap();
    assert_eq!(l.values[1], eval(&a, d.omega()));
    assert_eq!(d.lagrange_to_extended_poly(&l, 1).unwrap(), ext);
    let back = d.lagrange_to_coeff(l.clone(), 0).unwrap();
    assert_eq!(back, c);
    let co = d.extended_to_coeff_poly(ext.clone(), 0).unwrap();
    assert_eq!(&co.values[..8], &a[..]);
    let mut q = ext.clone();
    d.extended_divide_by_vanishing(&mut q).unwrap();
    assert_eq!(q.len(), 16);
    let x = r.fp();
    assert_eq!(d.coeff_poly_rotate(&c, 2).unwrap().evaluate(&x, 0).unwrap(), eval(&a, pow(d.omega(), 2) * x));
    assert_eq!(l.rotate(1).unwrap().values[0], l.values[1]);
    assert!(d.coeff_to_lagrange(Poly::new(vec![Fp::one(); 6]), 0).is_err());
    assert!(d.extended_to_coeff_poly(Poly::new(vec![Fp::one(); 8]), 0).is_err());
}
