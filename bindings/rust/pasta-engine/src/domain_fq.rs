// The evaluation domain of Fq (pasta_fq_domain) and the polynomial layer; Pallas points
// Generated from domain_fp.rs by ../gen-twins.sh: do not edit.
use crate::curve_pallas::Pallas;
use crate::error::{check, threads_arg, Error, Result};
use crate::field_fq::Fq;
use crate::{Coeff, Extended, Lagrange, Poly};
use pasta_sys as sys;

/// halo2's EvaluationDomain over Fq: n = 2^k, the extended N = 2^(k+j), owned twiddle
/// tables (freed on drop). Read-only once built: `Send + Sync`. Every transform is in
/// place, natural order in and out, variable time; `threads` is the most threads a call
/// uses (0: the library's default, 1: the calling thread only).
pub struct FqDomain {
    d: sys::pasta_fq_domain,
}

// The tables are written only by pasta_fq_domain_init and freed only by Drop.
unsafe impl Send for FqDomain {}
unsafe impl Sync for FqDomain {}

impl Drop for FqDomain {
    fn drop(&mut self) {
        unsafe { sys::pasta_fq_domain_free(&mut self.d) };
    }
}

impl std::fmt::Debug for FqDomain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FqDomain {{ k: {}, j: {} }}", self.d.k, self.d.j)
    }
}

fn fq(v: &sys::pasta_fq) -> Fq {
    Fq(v.limbs)
}

impl FqDomain {
    /// The domain of size 2^k extended to 2^(k+j): k + j <= 32 (else `InvalidArg`).
    pub fn new(k: u32, j: u32) -> Result<Self> {
        if k > 32 || j > 32 {
            return Err(Error::InvalidArg);
        }
        let mut d = std::mem::MaybeUninit::<sys::pasta_fq_domain>::zeroed();
        check(unsafe { sys::pasta_fq_domain_init(d.as_mut_ptr(), k as i32, j as i32) })?;
        Ok(FqDomain { d: unsafe { d.assume_init() } })
    }
    /// The C domain this wraps, for calls through pasta-sys that this crate does not wrap.
    pub fn as_raw(&self) -> &sys::pasta_fq_domain {
        &self.d
    }
    pub fn k(&self) -> u32 {
        self.d.k
    }
    pub fn j(&self) -> u32 {
        self.d.j
    }
    /// 2^k.
    pub fn n(&self) -> usize {
        self.d.n as usize
    }
    /// 2^(k+j).
    pub fn ext_n(&self) -> usize {
        self.d.ext_n as usize
    }
    /// The primitive n-th root of unity (halo2's omega).
    pub fn omega(&self) -> Fq {
        fq(&self.d.omega)
    }
    pub fn omega_inv(&self) -> Fq {
        fq(&self.d.omega_inv)
    }
    pub fn n_inv(&self) -> Fq {
        fq(&self.d.n_inv)
    }
    /// The primitive N-th root of unity (halo2's extended_omega).
    pub fn ext_omega(&self) -> Fq {
        fq(&self.d.ext_omega)
    }
    pub fn ext_omega_inv(&self) -> Fq {
        fq(&self.d.ext_omega_inv)
    }
    pub fn ext_n_inv(&self) -> Fq {
        fq(&self.d.ext_n_inv)
    }
    /// ZETA: the extended domain is the coset zeta <ext_omega>.
    pub fn zeta(&self) -> Fq {
        fq(&self.d.zeta)
    }
    pub fn zeta_inv(&self) -> Fq {
        fq(&self.d.zeta_inv)
    }
    pub(crate) fn raw(&self) -> *const sys::pasta_fq_domain {
        &self.d
    }

    /// a[i] <- sum_j a[j] w^(ij), w the primitive len-th root (len a power of two <= N):
    /// coefficients to values (halo2's fft with omega).
    pub fn ntt(&self, a: &mut [Fq], threads: usize) -> Result<()> {
        check(unsafe { sys::pasta_fq_ntt(self.raw(), Fq::slice_raw_mut(a), a.len(), threads_arg(threads)) })
    }
    /// The inverse of `ntt`, including the factor 1/len.
    pub fn intt(&self, a: &mut [Fq], threads: usize) -> Result<()> {
        check(unsafe { sys::pasta_fq_intt(self.raw(), Fq::slice_raw_mut(a), a.len(), threads_arg(threads)) })
    }
    /// The values on the coset zeta <ext_omega> (N of them, into `r`) of the n
    /// coefficients `a` (halo2's coeff_to_extended).
    pub fn coeff_to_extended_into(&self, r: &mut [Fq], a: &[Fq], threads: usize) -> Result<()> {
        if r.len() != self.ext_n() {
            return Err(Error::InvalidArg);
        }
        check(unsafe {
            sys::pasta_fq_coeff_to_extended(
                self.raw(),
                Fq::slice_raw_mut(r),
                Fq::slice_raw(a),
                a.len(),
                threads_arg(threads),
            )
        })
    }
    /// `coeff_to_extended_into` into a new vector.
    pub fn coeff_to_extended(&self, a: &[Fq], threads: usize) -> Result<Vec<Fq>> {
        let mut r = vec![Fq::ZERO; self.ext_n()];
        self.coeff_to_extended_into(&mut r, a, threads)?;
        Ok(r)
    }
    /// In place, N coset values -> N coefficients (halo2's extended_to_coeff, before it
    /// truncates).
    pub fn extended_to_coeff(&self, a: &mut [Fq], threads: usize) -> Result<()> {
        check(unsafe {
            sys::pasta_fq_extended_to_coeff(self.raw(), Fq::slice_raw_mut(a), a.len(), threads_arg(threads))
        })
    }
    /// The N coset values (into `r`) of the polynomial with the n values `a` on <omega>.
    pub fn lagrange_to_extended_into(&self, r: &mut [Fq], a: &[Fq], threads: usize) -> Result<()> {
        if r.len() != self.ext_n() {
            return Err(Error::InvalidArg);
        }
        check(unsafe {
            sys::pasta_fq_lagrange_to_extended(
                self.raw(),
                Fq::slice_raw_mut(r),
                Fq::slice_raw(a),
                a.len(),
                threads_arg(threads),
            )
        })
    }
    pub fn lagrange_to_extended(&self, a: &[Fq], threads: usize) -> Result<Vec<Fq>> {
        let mut r = vec![Fq::ZERO; self.ext_n()];
        self.lagrange_to_extended_into(&mut r, a, threads)?;
        Ok(r)
    }
    /// In place, N coset values times 1/(X^n - 1) at each coset point (halo2's
    /// divide_by_vanishing_poly).
    pub fn divide_by_vanishing(&self, a: &mut [Fq]) -> Result<()> {
        check(unsafe { sys::pasta_fq_divide_by_vanishing(self.raw(), Fq::slice_raw_mut(a), a.len()) })
    }
    /// r[i] = a[i] w^(rot i) for a.len() = n or N (halo2's rotate_omega).
    pub fn coeff_rotate(&self, r: &mut [Fq], a: &[Fq], rot: i32) -> Result<()> {
        if r.len() != a.len() {
            return Err(Error::InvalidArg);
        }
        check(unsafe {
            sys::pasta_fq_coeff_rotate(self.raw(), Fq::slice_raw_mut(r), Fq::slice_raw(a), a.len(), rot)
        })
    }
    /// r = a b (na + nb - 1 coefficients), through NTTs of size M >= na + nb - 1, M <= N.
    pub fn poly_mul(&self, a: &[Fq], b: &[Fq], threads: usize) -> Result<Vec<Fq>> {
        let len = if a.is_empty() || b.is_empty() { 0 } else { a.len() + b.len() - 1 };
        let mut r = vec![Fq::ZERO; len];
        check(unsafe {
            sys::pasta_fq_poly_mul(
                self.raw(),
                Fq::slice_raw_mut(&mut r),
                Fq::slice_raw(a),
                a.len(),
                Fq::slice_raw(b),
                b.len(),
                threads_arg(threads),
            )
        })?;
        Ok(r)
    }
    /// Pallas points: a[i] <- sum_j [w^(ij)] a[j] (the point `ntt`).
    pub fn pallas_ntt(&self, a: &mut [Pallas], threads: usize) -> Result<()> {
        check(unsafe {
            sys::pasta_pallas_ntt(
                self.raw(),
                a.as_mut_ptr() as *mut sys::pasta_pallas_jacobian,
                a.len(),
                threads_arg(threads),
            )
        })
    }
    /// The inverse point transform, with the factor 1/len (halo2's g_lagrange from g).
    pub fn pallas_intt(&self, a: &mut [Pallas], threads: usize) -> Result<()> {
        check(unsafe {
            sys::pasta_pallas_intt(
                self.raw(),
                a.as_mut_ptr() as *mut sys::pasta_pallas_jacobian,
                a.len(),
                threads_arg(threads),
            )
        })
    }
}

/// Basis-typed conversions (halo2's EvaluationDomain API). Lengths are checked before
/// anything is consumed: an `Err` means a length that is not the one stated.
impl FqDomain {
    /// Coefficients (n, or any power of two <= N) -> values on <w> (ntt, in place).
    pub fn coeff_to_lagrange(&self, mut p: Poly<Fq, Coeff>, threads: usize) -> Result<Poly<Fq, Lagrange>> {
        self.ntt(&mut p.values, threads)?;
        Ok(Poly::new(p.values))
    }
    /// Values -> coefficients (intt with 1/len, in place).
    pub fn lagrange_to_coeff(&self, mut p: Poly<Fq, Lagrange>, threads: usize) -> Result<Poly<Fq, Coeff>> {
        self.intt(&mut p.values, threads)?;
        Ok(Poly::new(p.values))
    }
    /// n coefficients -> N values on the extended coset.
    pub fn coeff_to_extended_poly(&self, p: &Poly<Fq, Coeff>, threads: usize) -> Result<Poly<Fq, Extended>> {
        Ok(Poly::new(self.coeff_to_extended(&p.values, threads)?))
    }
    /// n values on <omega> -> N values on the extended coset.
    pub fn lagrange_to_extended_poly(&self, p: &Poly<Fq, Lagrange>, threads: usize) -> Result<Poly<Fq, Extended>> {
        Ok(Poly::new(self.lagrange_to_extended(&p.values, threads)?))
    }
    /// N extended values -> N coefficients (halo2 keeps the first ones it needs).
    pub fn extended_to_coeff_poly(&self, mut p: Poly<Fq, Extended>, threads: usize) -> Result<Poly<Fq, Coeff>> {
        self.extended_to_coeff(&mut p.values, threads)?;
        Ok(Poly::new(p.values))
    }
    /// In place: times 1/(X^n - 1) on the coset.
    pub fn extended_divide_by_vanishing(&self, p: &mut Poly<Fq, Extended>) -> Result<()> {
        self.divide_by_vanishing(&mut p.values)
    }
    /// The coefficients of p(w^rot X).
    pub fn coeff_poly_rotate(&self, p: &Poly<Fq, Coeff>, rot: i32) -> Result<Poly<Fq, Coeff>> {
        let mut r = vec![Fq::ZERO; p.len()];
        self.coeff_rotate(&mut r, &p.values, rot)?;
        Ok(Poly::new(r))
    }
}

impl Poly<Fq, Lagrange> {
    /// The values of p(w^rot X): r[i] = a[(i + rot) mod n].
    pub fn rotate(&self, rot: i32) -> Result<Poly<Fq, Lagrange>> {
        let mut r = vec![Fq::ZERO; self.len()];
        fq_poly::lagrange_rotate(&mut r, &self.values, rot)?;
        Ok(Poly::new(r))
    }
}

impl Poly<Fq, Coeff> {
    /// p(x) (chunked Horner on up to `threads` threads).
    pub fn evaluate(&self, x: &Fq, threads: usize) -> Result<Fq> {
        Fq::poly_eval_par(&self.values, x, threads)
    }
}

/// Polynomials over Fq that need no domain.
pub mod fq_poly {
    use super::*;

    /// r[i] = a[(i + rot) mod n] (values of p(w^rot X)).
    pub fn lagrange_rotate(r: &mut [Fq], a: &[Fq], rot: i32) -> Result<()> {
        if r.len() != a.len() {
            return Err(Error::InvalidArg);
        }
        check(unsafe { sys::pasta_fq_lagrange_rotate(Fq::slice_raw_mut(r), Fq::slice_raw(a), a.len(), rot) })
    }
    /// a / (X - b): the a.len() - 1 quotient coefficients (the remainder dropped, as
    /// halo2's kate_division; empty for a.len() <= 1).
    pub fn kate_division(a: &[Fq], b: &Fq) -> Vec<Fq> {
        let mut q = vec![Fq::ZERO; a.len().saturating_sub(1)];
        let rc = unsafe { sys::pasta_fq_kate_division(Fq::slice_raw_mut(&mut q), Fq::slice_raw(a), a.len(), b.raw()) };
        debug_assert_eq!(rc, sys::PASTA_OK);
        q
    }
    /// z[0] = 1, z[i] = prod_{l < i} num[l] / den[l] (a zero den[l] counts as 0).
    pub fn grand_product(num: &[Fq], den: &[Fq]) -> Result<Vec<Fq>> {
        if num.len() != den.len() {
            return Err(Error::InvalidArg);
        }
        let mut z = vec![Fq::ZERO; num.len()];
        check(unsafe {
            sys::pasta_fq_grand_product(Fq::slice_raw_mut(&mut z), Fq::slice_raw(num), Fq::slice_raw(den), num.len())
        })?;
        Ok(z)
    }
    /// The rows of `a` (len coefficients each; the last the rest) evaluated at x.
    pub fn poly_eval_many(a: &[Fq], len: usize, x: &Fq, threads: usize) -> Result<Vec<Fq>> {
        if len == 0 {
            return Err(Error::InvalidArg);
        }
        let mut r = vec![Fq::ZERO; (a.len() + len - 1) / len];
        check(unsafe {
            sys::pasta_fq_poly_eval_many(
                Fq::slice_raw_mut(&mut r),
                Fq::slice_raw(a),
                a.len(),
                len,
                x.raw(),
                threads_arg(threads),
            )
        })?;
        Ok(r)
    }
    /// p[i] = c p[i] + q[i] (halo2's fold of polynomials by powers of y).
    pub fn poly_scale_add(p: &mut [Fq], c: &Fq, q: &[Fq], threads: usize) -> Result<()> {
        if p.len() != q.len() {
            return Err(Error::InvalidArg);
        }
        check(unsafe {
            sys::pasta_fq_poly_scale_add(Fq::slice_raw_mut(p), c.raw(), Fq::slice_raw(q), q.len(), threads_arg(threads))
        })
    }
    /// p[i] = p[i] + c q[i].
    pub fn poly_add_scaled(p: &mut [Fq], c: &Fq, q: &[Fq], threads: usize) -> Result<()> {
        if p.len() != q.len() {
            return Err(Error::InvalidArg);
        }
        check(unsafe {
            sys::pasta_fq_poly_add_scaled(Fq::slice_raw_mut(p), c.raw(), Fq::slice_raw(q), q.len(), threads_arg(threads))
        })
    }
}
