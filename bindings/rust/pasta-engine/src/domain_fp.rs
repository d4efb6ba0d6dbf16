// The evaluation domain of Fp (pasta_fp_domain) and the polynomial layer; Vesta points
// transform over it. domain_fq.rs is generated from this file by ../gen-twins.sh: edit this one.
use crate::curve_vesta::Vesta;
use crate::error::{check, threads_arg, Error, Result};
use crate::field_fp::Fp;
use crate::{Coeff, Extended, Lagrange, Poly};
use pasta_sys as sys;

/// halo2's EvaluationDomain over Fp: n = 2^k, the extended N = 2^(k+j), owned twiddle
/// tables (freed on drop). Read-only once built: `Send + Sync`. Every transform is in
/// place, natural order in and out, variable time; `threads` is the most threads a call
/// uses (0: the library's default, 1: the calling thread only).
pub struct FpDomain {
    d: sys::pasta_fp_domain,
}

// The tables are written only by pasta_fp_domain_init and freed only by Drop.
unsafe impl Send for FpDomain {}
unsafe impl Sync for FpDomain {}

impl Drop for FpDomain {
    fn drop(&mut self) {
        unsafe { sys::pasta_fp_domain_free(&mut self.d) };
    }
}

impl std::fmt::Debug for FpDomain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FpDomain {{ k: {}, j: {} }}", self.d.k, self.d.j)
    }
}

fn fp(v: &sys::pasta_fp) -> Fp {
    Fp(v.limbs)
}

impl FpDomain {
    /// The domain of size 2^k extended to 2^(k+j): k + j <= 32 (else `InvalidArg`).
    pub fn new(k: u32, j: u32) -> Result<Self> {
        if k > 32 || j > 32 {
            return Err(Error::InvalidArg);
        }
        let mut d = std::mem::MaybeUninit::<sys::pasta_fp_domain>::zeroed();
        check(unsafe { sys::pasta_fp_domain_init(d.as_mut_ptr(), k as i32, j as i32) })?;
        Ok(FpDomain { d: unsafe { d.assume_init() } })
    }
    /// The C domain this wraps, for calls through pasta-sys that this crate does not wrap.
    pub fn as_raw(&self) -> &sys::pasta_fp_domain {
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
    pub fn omega(&self) -> Fp {
        fp(&self.d.omega)
    }
    pub fn omega_inv(&self) -> Fp {
        fp(&self.d.omega_inv)
    }
    pub fn n_inv(&self) -> Fp {
        fp(&self.d.n_inv)
    }
    /// The primitive N-th root of unity (halo2's extended_omega).
    pub fn ext_omega(&self) -> Fp {
        fp(&self.d.ext_omega)
    }
    pub fn ext_omega_inv(&self) -> Fp {
        fp(&self.d.ext_omega_inv)
    }
    pub fn ext_n_inv(&self) -> Fp {
        fp(&self.d.ext_n_inv)
    }
    /// ZETA: the extended domain is the coset zeta <ext_omega>.
    pub fn zeta(&self) -> Fp {
        fp(&self.d.zeta)
    }
    pub fn zeta_inv(&self) -> Fp {
        fp(&self.d.zeta_inv)
    }
    pub(crate) fn raw(&self) -> *const sys::pasta_fp_domain {
        &self.d
    }

    /// a[i] <- sum_j a[j] w^(ij), w the primitive len-th root (len a power of two <= N):
    /// coefficients to values (halo2's fft with omega).
    pub fn ntt(&self, a: &mut [Fp], threads: usize) -> Result<()> {
        check(unsafe { sys::pasta_fp_ntt(self.raw(), Fp::slice_raw_mut(a), a.len(), threads_arg(threads)) })
    }
    /// The inverse of `ntt`, including the factor 1/len.
    pub fn intt(&self, a: &mut [Fp], threads: usize) -> Result<()> {
        check(unsafe { sys::pasta_fp_intt(self.raw(), Fp::slice_raw_mut(a), a.len(), threads_arg(threads)) })
    }
    /// The values on the coset zeta <ext_omega> (N of them, into `r`) of the n
    /// coefficients `a` (halo2's coeff_to_extended).
    pub fn coeff_to_extended_into(&self, r: &mut [Fp], a: &[Fp], threads: usize) -> Result<()> {
        if r.len() != self.ext_n() {
            return Err(Error::InvalidArg);
        }
        check(unsafe {
            sys::pasta_fp_coeff_to_extended(
                self.raw(),
                Fp::slice_raw_mut(r),
                Fp::slice_raw(a),
                a.len(),
                threads_arg(threads),
            )
        })
    }
    /// `coeff_to_extended_into` into a new vector.
    pub fn coeff_to_extended(&self, a: &[Fp], threads: usize) -> Result<Vec<Fp>> {
        let mut r = vec![Fp::ZERO; self.ext_n()];
        self.coeff_to_extended_into(&mut r, a, threads)?;
        Ok(r)
    }
    /// In place, N coset values -> N coefficients (halo2's extended_to_coeff, before it
    /// truncates).
    pub fn extended_to_coeff(&self, a: &mut [Fp], threads: usize) -> Result<()> {
        check(unsafe {
            sys::pasta_fp_extended_to_coeff(self.raw(), Fp::slice_raw_mut(a), a.len(), threads_arg(threads))
        })
    }
    /// The N coset values (into `r`) of the polynomial with the n values `a` on <omega>.
    pub fn lagrange_to_extended_into(&self, r: &mut [Fp], a: &[Fp], threads: usize) -> Result<()> {
        if r.len() != self.ext_n() {
            return Err(Error::InvalidArg);
        }
        check(unsafe {
            sys::pasta_fp_lagrange_to_extended(
                self.raw(),
                Fp::slice_raw_mut(r),
                Fp::slice_raw(a),
                a.len(),
                threads_arg(threads),
            )
        })
    }
    pub fn lagrange_to_extended(&self, a: &[Fp], threads: usize) -> Result<Vec<Fp>> {
        let mut r = vec![Fp::ZERO; self.ext_n()];
        self.lagrange_to_extended_into(&mut r, a, threads)?;
        Ok(r)
    }
    /// In place, N coset values times 1/(X^n - 1) at each coset point (halo2's
    /// divide_by_vanishing_poly).
    pub fn divide_by_vanishing(&self, a: &mut [Fp]) -> Result<()> {
        check(unsafe { sys::pasta_fp_divide_by_vanishing(self.raw(), Fp::slice_raw_mut(a), a.len()) })
    }
    /// r[i] = a[i] w^(rot i) for a.len() = n or N (halo2's rotate_omega).
    pub fn coeff_rotate(&self, r: &mut [Fp], a: &[Fp], rot: i32) -> Result<()> {
        if r.len() != a.len() {
            return Err(Error::InvalidArg);
        }
        check(unsafe {
            sys::pasta_fp_coeff_rotate(self.raw(), Fp::slice_raw_mut(r), Fp::slice_raw(a), a.len(), rot)
        })
    }
    /// r = a b (na + nb - 1 coefficients), through NTTs of size M >= na + nb - 1, M <= N.
    pub fn poly_mul(&self, a: &[Fp], b: &[Fp], threads: usize) -> Result<Vec<Fp>> {
        let len = if a.is_empty() || b.is_empty() { 0 } else { a.len() + b.len() - 1 };
        let mut r = vec![Fp::ZERO; len];
        check(unsafe {
            sys::pasta_fp_poly_mul(
                self.raw(),
                Fp::slice_raw_mut(&mut r),
                Fp::slice_raw(a),
                a.len(),
                Fp::slice_raw(b),
                b.len(),
                threads_arg(threads),
            )
        })?;
        Ok(r)
    }
    /// Vesta points: a[i] <- sum_j [w^(ij)] a[j] (the point `ntt`).
    pub fn vesta_ntt(&self, a: &mut [Vesta], threads: usize) -> Result<()> {
        check(unsafe {
            sys::pasta_vesta_ntt(
                self.raw(),
                a.as_mut_ptr() as *mut sys::pasta_vesta_jacobian,
                a.len(),
                threads_arg(threads),
            )
        })
    }
    /// The inverse point transform, with the factor 1/len (halo2's g_lagrange from g).
    pub fn vesta_intt(&self, a: &mut [Vesta], threads: usize) -> Result<()> {
        check(unsafe {
            sys::pasta_vesta_intt(
                self.raw(),
                a.as_mut_ptr() as *mut sys::pasta_vesta_jacobian,
                a.len(),
                threads_arg(threads),
            )
        })
    }
}

/// Basis-typed conversions (halo2's EvaluationDomain API). Lengths are checked before
/// anything is consumed: an `Err` means a length that is not the one stated.
impl FpDomain {
    /// Coefficients (n, or any power of two <= N) -> values on <w> (ntt, in place).
    pub fn coeff_to_lagrange(&self, mut p: Poly<Fp, Coeff>, threads: usize) -> Result<Poly<Fp, Lagrange>> {
        self.ntt(&mut p.values, threads)?;
        Ok(Poly::new(p.values))
    }
    /// Values -> coefficients (intt with 1/len, in place).
    pub fn lagrange_to_coeff(&self, mut p: Poly<Fp, Lagrange>, threads: usize) -> Result<Poly<Fp, Coeff>> {
        self.intt(&mut p.values, threads)?;
        Ok(Poly::new(p.values))
    }
    /// n coefficients -> N values on the extended coset.
    pub fn coeff_to_extended_poly(&self, p: &Poly<Fp, Coeff>, threads: usize) -> Result<Poly<Fp, Extended>> {
        Ok(Poly::new(self.coeff_to_extended(&p.values, threads)?))
    }
    /// n values on <omega> -> N values on the extended coset.
    pub fn lagrange_to_extended_poly(&self, p: &Poly<Fp, Lagrange>, threads: usize) -> Result<Poly<Fp, Extended>> {
        Ok(Poly::new(self.lagrange_to_extended(&p.values, threads)?))
    }
    /// N extended values -> N coefficients (halo2 keeps the first ones it needs).
    pub fn extended_to_coeff_poly(&self, mut p: Poly<Fp, Extended>, threads: usize) -> Result<Poly<Fp, Coeff>> {
        self.extended_to_coeff(&mut p.values, threads)?;
        Ok(Poly::new(p.values))
    }
    /// In place: times 1/(X^n - 1) on the coset.
    pub fn extended_divide_by_vanishing(&self, p: &mut Poly<Fp, Extended>) -> Result<()> {
        self.divide_by_vanishing(&mut p.values)
    }
    /// The coefficients of p(w^rot X).
    pub fn coeff_poly_rotate(&self, p: &Poly<Fp, Coeff>, rot: i32) -> Result<Poly<Fp, Coeff>> {
        let mut r = vec![Fp::ZERO; p.len()];
        self.coeff_rotate(&mut r, &p.values, rot)?;
        Ok(Poly::new(r))
    }
}

impl Poly<Fp, Lagrange> {
    /// The values of p(w^rot X): r[i] = a[(i + rot) mod n].
    pub fn rotate(&self, rot: i32) -> Result<Poly<Fp, Lagrange>> {
        let mut r = vec![Fp::ZERO; self.len()];
        fp_poly::lagrange_rotate(&mut r, &self.values, rot)?;
        Ok(Poly::new(r))
    }
}

impl Poly<Fp, Coeff> {
    /// p(x) (chunked Horner on up to `threads` threads).
    pub fn evaluate(&self, x: &Fp, threads: usize) -> Result<Fp> {
        Fp::poly_eval_par(&self.values, x, threads)
    }
}

/// Polynomials over Fp that need no domain.
pub mod fp_poly {
    use super::*;

    /// r[i] = a[(i + rot) mod n] (values of p(w^rot X)).
    pub fn lagrange_rotate(r: &mut [Fp], a: &[Fp], rot: i32) -> Result<()> {
        if r.len() != a.len() {
            return Err(Error::InvalidArg);
        }
        check(unsafe { sys::pasta_fp_lagrange_rotate(Fp::slice_raw_mut(r), Fp::slice_raw(a), a.len(), rot) })
    }
    /// a / (X - b): the a.len() - 1 quotient coefficients (the remainder dropped, as
    /// halo2's kate_division; empty for a.len() <= 1).
    pub fn kate_division(a: &[Fp], b: &Fp) -> Vec<Fp> {
        let mut q = vec![Fp::ZERO; a.len().saturating_sub(1)];
        let rc = unsafe { sys::pasta_fp_kate_division(Fp::slice_raw_mut(&mut q), Fp::slice_raw(a), a.len(), b.raw()) };
        debug_assert_eq!(rc, sys::PASTA_OK);
        q
    }
    /// z[0] = 1, z[i] = prod_{l < i} num[l] / den[l] (a zero den[l] counts as 0).
    pub fn grand_product(num: &[Fp], den: &[Fp]) -> Result<Vec<Fp>> {
        if num.len() != den.len() {
            return Err(Error::InvalidArg);
        }
        let mut z = vec![Fp::ZERO; num.len()];
        check(unsafe {
            sys::pasta_fp_grand_product(Fp::slice_raw_mut(&mut z), Fp::slice_raw(num), Fp::slice_raw(den), num.len())
        })?;
        Ok(z)
    }
    /// The rows of `a` (len coefficients each; the last the rest) evaluated at x.
    pub fn poly_eval_many(a: &[Fp], len: usize, x: &Fp, threads: usize) -> Result<Vec<Fp>> {
        if len == 0 {
            return Err(Error::InvalidArg);
        }
        let mut r = vec![Fp::ZERO; (a.len() + len - 1) / len];
        check(unsafe {
            sys::pasta_fp_poly_eval_many(
                Fp::slice_raw_mut(&mut r),
                Fp::slice_raw(a),
                a.len(),
                len,
                x.raw(),
                threads_arg(threads),
            )
        })?;
        Ok(r)
    }
    /// p[i] = c p[i] + q[i] (halo2's fold of polynomials by powers of y).
    pub fn poly_scale_add(p: &mut [Fp], c: &Fp, q: &[Fp], threads: usize) -> Result<()> {
        if p.len() != q.len() {
            return Err(Error::InvalidArg);
        }
        check(unsafe {
            sys::pasta_fp_poly_scale_add(Fp::slice_raw_mut(p), c.raw(), Fp::slice_raw(q), q.len(), threads_arg(threads))
        })
    }
    /// p[i] = p[i] + c q[i].
    pub fn poly_add_scaled(p: &mut [Fp], c: &Fp, q: &[Fp], threads: usize) -> Result<()> {
        if p.len() != q.len() {
            return Err(Error::InvalidArg);
        }
        check(unsafe {
            sys::pasta_fp_poly_add_scaled(Fp::slice_raw_mut(p), c.raw(), Fp::slice_raw(q), q.len(), threads_arg(threads))
        })
    }
}
