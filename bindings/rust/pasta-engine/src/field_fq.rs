// Fq (pasta_fq_*): the Vesta base field, the Pallas scalar field.
// Generated from field_fp.rs by ../gen-twins.sh: do not edit.
use crate::error::{check, threads_arg, Error, Result};
use pasta_sys as sys;
use std::fmt;
use std::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

/// An element of Fq: four little-endian 64-bit limbs in Montgomery form (R = 2^256), always
/// fully reduced: the layout of `pasta_fq` and of pasta_curves' `Fq`.
#[repr(transparent)]
#[derive(Clone, Copy, Default)]
pub struct Fq(pub(crate) [u64; 4]);

impl Fq {
    /// 2-adicity of p - 1.
    pub const S: u32 = sys::PASTA_FQ_S;
    /// 0 (all-zero limbs in Montgomery form too).
    pub const ZERO: Fq = Fq([0; 4]);

    #[inline]
    pub(crate) fn raw(&self) -> *const sys::pasta_fq {
        self as *const Fq as *const sys::pasta_fq
    }
    #[inline]
    pub(crate) fn raw_mut(&mut self) -> *mut sys::pasta_fq {
        self as *mut Fq as *mut sys::pasta_fq
    }
    #[inline]
    pub(crate) fn slice_raw(a: &[Fq]) -> *const sys::pasta_fq {
        a.as_ptr() as *const sys::pasta_fq
    }
    #[inline]
    pub(crate) fn slice_raw_mut(a: &mut [Fq]) -> *mut sys::pasta_fq {
        a.as_mut_ptr() as *mut sys::pasta_fq
    }
    #[inline]
    fn from_sys(v: &sys::pasta_fq) -> Fq {
        Fq(v.limbs)
    }

    pub fn zero() -> Fq {
        Fq::ZERO
    }
    pub fn one() -> Fq {
        Fq::from_sys(unsafe { &sys::pasta_fq_ONE })
    }
    /// The modulus p as a plain integer (little-endian limbs).
    pub fn modulus() -> [u64; 4] {
        unsafe { sys::pasta_fq_MODULUS }
    }
    /// 1/2.
    pub fn two_inv() -> Fq {
        Fq::from_sys(unsafe { &sys::pasta_fq_TWO_INV })
    }
    /// 5, the generator of the multiplicative group.
    pub fn multiplicative_generator() -> Fq {
        Fq::from_sys(unsafe { &sys::pasta_fq_MULTIPLICATIVE_GENERATOR })
    }
    /// An element of order 2^S (pasta_curves' ROOT_OF_UNITY).
    pub fn root_of_unity() -> Fq {
        Fq::from_sys(unsafe { &sys::pasta_fq_ROOT_OF_UNITY })
    }
    pub fn root_of_unity_inv() -> Fq {
        Fq::from_sys(unsafe { &sys::pasta_fq_ROOT_OF_UNITY_INV })
    }
    /// 5^(2^S).
    pub fn delta() -> Fq {
        Fq::from_sys(unsafe { &sys::pasta_fq_DELTA })
    }
    /// An element of multiplicative order 3.
    pub fn zeta() -> Fq {
        Fq::from_sys(unsafe { &sys::pasta_fq_ZETA })
    }

    pub fn from_u64(v: u64) -> Fq {
        let mut r = Fq::ZERO;
        unsafe { sys::pasta_fq_from_u64(r.raw_mut(), v) };
        r
    }
    pub fn from_u128(v: u128) -> Fq {
        let mut r = Fq::ZERO;
        unsafe { sys::pasta_fq_from_u128(r.raw_mut(), v as u64, (v >> 64) as u64) };
        r
    }
    /// `limbs` (any 256-bit integer, least significant limb first) mod p.
    pub fn from_raw(limbs: [u64; 4]) -> Fq {
        let mut r = Fq::ZERO;
        unsafe { sys::pasta_fq_from_raw(r.raw_mut(), limbs.as_ptr()) };
        r
    }
    /// The canonical integer in [0, p) (out of Montgomery form).
    pub fn to_raw(&self) -> [u64; 4] {
        let mut l = [0u64; 4];
        unsafe { sys::pasta_fq_to_raw(l.as_mut_ptr(), self.raw()) };
        l
    }
    /// The Montgomery-form limbs (as stored).
    pub fn to_montgomery_limbs(&self) -> [u64; 4] {
        self.0
    }
    /// Montgomery-form limbs as stored by pasta_curves; `None` unless fully reduced (< p).
    pub fn from_montgomery_limbs(l: [u64; 4]) -> Option<Fq> {
        let p = Fq::modulus();
        for i in (0..4).rev() {
            if l[i] != p[i] {
                return if l[i] < p[i] { Some(Fq(l)) } else { None };
            }
        }
        None
    }
    /// 32-byte little-endian canonical encoding (pasta_curves `to_repr`).
    pub fn to_repr(&self) -> [u8; 32] {
        let mut b = [0u8; 32];
        unsafe { sys::pasta_fq_to_bytes(b.as_mut_ptr(), self.raw()) };
        b
    }
    /// Decodes 32 little-endian bytes (pasta_curves `from_repr`): `None` for a value >= p.
    /// Constant time in the bytes apart from the result.
    pub fn from_repr(b: [u8; 32]) -> Option<Fq> {
        Fq::from_bytes(&b).ok()
    }
    /// As `from_repr`, with the library's error (`Error::NonCanonical`).
    pub fn from_bytes(b: &[u8; 32]) -> Result<Fq> {
        let mut r = Fq::ZERO;
        check(unsafe { sys::pasta_fq_from_bytes(r.raw_mut(), b.as_ptr()) })?;
        Ok(r)
    }
    /// (64-byte little-endian integer) mod p (pasta_curves `from_uniform_bytes`).
    pub fn from_uniform_bytes(b: &[u8; 64]) -> Fq {
        let mut r = Fq::ZERO;
        unsafe { sys::pasta_fq_from_uniform_bytes(r.raw_mut(), b.as_ptr()) };
        r
    }
    /// A uniform element from 64 bytes of `fill` (e.g. an RNG's fill_bytes).
    pub fn random(mut fill: impl FnMut(&mut [u8; 64])) -> Fq {
        let mut b = [0u8; 64];
        fill(&mut b);
        let r = Fq::from_uniform_bytes(&b);
        crate::wipe(&mut b);
        r
    }

    pub fn double(&self) -> Fq {
        let mut r = Fq::ZERO;
        unsafe { sys::pasta_fq_dbl(r.raw_mut(), self.raw()) };
        r
    }
    pub fn square(&self) -> Fq {
        let mut r = Fq::ZERO;
        unsafe { sys::pasta_fq_sqr(r.raw_mut(), self.raw()) };
        r
    }
    pub fn cube(&self) -> Fq {
        let mut r = Fq::ZERO;
        unsafe { sys::pasta_fq_cube(r.raw_mut(), self.raw()) };
        r
    }
    /// self^e, e a 256-bit integer (little-endian limbs); constant time.
    pub fn pow(&self, e: &[u64; 4]) -> Fq {
        let mut r = Fq::ZERO;
        unsafe { sys::pasta_fq_pow(r.raw_mut(), self.raw(), e.as_ptr()) };
        r
    }
    /// self^e, variable time in e (public exponents only).
    pub fn pow_vartime(&self, e: &[u64; 4]) -> Fq {
        let mut r = Fq::ZERO;
        unsafe { sys::pasta_fq_pow_var(r.raw_mut(), self.raw(), e.as_ptr()) };
        r
    }
    /// 1/self, `None` for 0 (pasta_curves `invert`). Constant time.
    pub fn invert(&self) -> Option<Fq> {
        let r = self.invert_or_zero();
        if self.is_zero() {
            None
        } else {
            Some(r)
        }
    }
    /// 1/self, 0 for 0. Constant time.
    pub fn invert_or_zero(&self) -> Fq {
        let mut r = Fq::ZERO;
        unsafe { sys::pasta_fq_invert(r.raw_mut(), self.raw()) };
        r
    }
    /// 1/self, 0 for 0; variable time (public values only).
    pub fn invert_vartime(&self) -> Fq {
        let mut r = Fq::ZERO;
        unsafe { sys::pasta_fq_invert_var(r.raw_mut(), self.raw()) };
        r
    }
    /// A square root (pasta_curves' root), `None` for a non-square. Constant time.
    pub fn sqrt(&self) -> Option<Fq> {
        let mut r = Fq::ZERO;
        let ok = unsafe { sys::pasta_fq_sqrt(r.raw_mut(), self.raw()) };
        if ok == 1 {
            Some(r)
        } else {
            None
        }
    }
    /// pasta_curves' `sqrt_ratio(num, div)`: (is_square, root).
    pub fn sqrt_ratio(num: &Fq, div: &Fq) -> (bool, Fq) {
        let mut r = Fq::ZERO;
        let ok = unsafe { sys::pasta_fq_sqrt_ratio(r.raw_mut(), num.raw(), div.raw()) };
        (ok == 1, r)
    }
    /// Legendre symbol: 0, 1 or -1.
    pub fn legendre(&self) -> i32 {
        unsafe { sys::pasta_fq_legendre(self.raw()) }
    }
    /// True for a square (0 included).
    pub fn is_square(&self) -> bool {
        unsafe { sys::pasta_fq_is_square(self.raw()) == 1 }
    }
    pub fn is_zero(&self) -> bool {
        unsafe { sys::pasta_fq_is_zero(self.raw()) == 1 }
    }
    /// Parity of the canonical integer (pasta_curves `is_odd`).
    pub fn is_odd(&self) -> bool {
        unsafe { sys::pasta_fq_is_odd(self.raw()) == 1 }
    }
    /// `if choice { b } else { a }` in constant time.
    pub fn conditional_select(a: &Fq, b: &Fq, choice: bool) -> Fq {
        let mut r = Fq::ZERO;
        unsafe { sys::pasta_fq_select(r.raw_mut(), a.raw(), b.raw(), choice as i32) };
        r
    }
    /// Swaps a and b if `choice`, in constant time.
    pub fn conditional_swap(a: &mut Fq, b: &mut Fq, choice: bool) {
        unsafe { sys::pasta_fq_cswap(a.raw_mut(), b.raw_mut(), choice as i32) };
    }

    // ---- Slices (one C call per slice; constant time in the values).

    /// a[i] <- 1/a[i] (0 stays 0), one inversion. Constant time.
    pub fn batch_invert(a: &mut [Fq]) -> Result<()> {
        let p = Fq::slice_raw_mut(a);
        check(unsafe { sys::pasta_fq_batch_invert(p, p, a.len()) })
    }
    /// out[i] = a[i] + b[i].
    pub fn vec_add(out: &mut [Fq], a: &[Fq], b: &[Fq]) -> Result<()> {
        same_len(&[out.len(), a.len(), b.len()])?;
        check(unsafe {
            sys::pasta_fq_vec_add(Fq::slice_raw_mut(out), Fq::slice_raw(a), Fq::slice_raw(b), a.len())
        })
    }
    /// out[i] = a[i] - b[i].
    pub fn vec_sub(out: &mut [Fq], a: &[Fq], b: &[Fq]) -> Result<()> {
        same_len(&[out.len(), a.len(), b.len()])?;
        check(unsafe {
            sys::pasta_fq_vec_sub(Fq::slice_raw_mut(out), Fq::slice_raw(a), Fq::slice_raw(b), a.len())
        })
    }
    /// out[i] = a[i] * b[i].
    pub fn vec_mul(out: &mut [Fq], a: &[Fq], b: &[Fq]) -> Result<()> {
        same_len(&[out.len(), a.len(), b.len()])?;
        check(unsafe {
            sys::pasta_fq_vec_mul(Fq::slice_raw_mut(out), Fq::slice_raw(a), Fq::slice_raw(b), a.len())
        })
    }
    /// out[i] = a[i] * b[i] + c[i].
    pub fn vec_mul_add(out: &mut [Fq], a: &[Fq], b: &[Fq], c: &[Fq]) -> Result<()> {
        same_len(&[out.len(), a.len(), b.len(), c.len()])?;
        check(unsafe {
            sys::pasta_fq_vec_mul_add(
                Fq::slice_raw_mut(out),
                Fq::slice_raw(a),
                Fq::slice_raw(b),
                Fq::slice_raw(c),
                a.len(),
            )
        })
    }
    /// a[i] <- a[i] + b[i], in place.
    pub fn vec_add_assign(a: &mut [Fq], b: &[Fq]) -> Result<()> {
        same_len(&[a.len(), b.len()])?;
        let p = Fq::slice_raw_mut(a);
        check(unsafe { sys::pasta_fq_vec_add(p, p, Fq::slice_raw(b), b.len()) })
    }
    /// a[i] <- a[i] - b[i], in place.
    pub fn vec_sub_assign(a: &mut [Fq], b: &[Fq]) -> Result<()> {
        same_len(&[a.len(), b.len()])?;
        let p = Fq::slice_raw_mut(a);
        check(unsafe { sys::pasta_fq_vec_sub(p, p, Fq::slice_raw(b), b.len()) })
    }
    /// a[i] <- a[i] * b[i], in place.
    pub fn vec_mul_assign(a: &mut [Fq], b: &[Fq]) -> Result<()> {
        same_len(&[a.len(), b.len()])?;
        let p = Fq::slice_raw_mut(a);
        check(unsafe { sys::pasta_fq_vec_mul(p, p, Fq::slice_raw(b), b.len()) })
    }
    /// a[i] <- a[i] * c, in place.
    pub fn vec_scale(a: &mut [Fq], c: &Fq) -> Result<()> {
        let p = Fq::slice_raw_mut(a);
        check(unsafe { sys::pasta_fq_vec_scale(p, p, c.raw(), a.len()) })
    }
    /// sum a[i] * b[i].
    pub fn inner_product(a: &[Fq], b: &[Fq]) -> Result<Fq> {
        same_len(&[a.len(), b.len()])?;
        let mut r = Fq::ZERO;
        check(unsafe {
            sys::pasta_fq_vec_inner_product(r.raw_mut(), Fq::slice_raw(a), Fq::slice_raw(b), a.len())
        })?;
        Ok(r)
    }
    /// sum coeffs[i] x^i (Horner, one thread; constant time).
    pub fn poly_eval(coeffs: &[Fq], x: &Fq) -> Result<Fq> {
        let mut r = Fq::ZERO;
        check(unsafe {
            sys::pasta_fq_poly_eval(r.raw_mut(), Fq::slice_raw(coeffs), coeffs.len(), x.raw())
        })?;
        Ok(r)
    }
    /// sum coeffs[i] x^i in chunks on up to `threads` threads (0: the library's default);
    /// variable time.
    pub fn poly_eval_par(coeffs: &[Fq], x: &Fq, threads: usize) -> Result<Fq> {
        let mut r = Fq::ZERO;
        check(unsafe {
            sys::pasta_fq_poly_eval_par(
                r.raw_mut(),
                Fq::slice_raw(coeffs),
                coeffs.len(),
                x.raw(),
                threads_arg(threads),
            )
        })?;
        Ok(r)
    }
}

pub(crate) fn same_len(lens: &[usize]) -> Result<()> {
    if lens.iter().all(|&l| l == lens[0]) {
        Ok(())
    } else {
        Err(Error::InvalidArg)
    }
}

impl PartialEq for Fq {
    fn eq(&self, other: &Fq) -> bool {
        unsafe { sys::pasta_fq_eq(self.raw(), other.raw()) == 1 }
    }
}
impl Eq for Fq {}

impl fmt::Debug for Fq {
    /// Big-endian hex of the canonical value, as pasta_curves prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x")?;
        for b in self.to_repr().iter().rev() {
            write!(f, "{:02x}", b)?;
        }
        Ok(())
    }
}

impl From<u64> for Fq {
    fn from(v: u64) -> Fq {
        Fq::from_u64(v)
    }
}

macro_rules! fq_binop {
    ($Tr:ident, $m:ident, $TrA:ident, $ma:ident, $f:path) => {
        impl<'a, 'b> $Tr<&'b Fq> for &'a Fq {
            type Output = Fq;
            #[inline]
            fn $m(self, rhs: &'b Fq) -> Fq {
                let mut r = Fq::ZERO;
                unsafe { $f(r.raw_mut(), self.raw(), rhs.raw()) };
                r
            }
        }
        impl $Tr<Fq> for Fq {
            type Output = Fq;
            #[inline]
            fn $m(self, rhs: Fq) -> Fq {
                (&self).$m(&rhs)
            }
        }
        impl<'b> $Tr<&'b Fq> for Fq {
            type Output = Fq;
            #[inline]
            fn $m(self, rhs: &'b Fq) -> Fq {
                (&self).$m(rhs)
            }
        }
        impl<'a> $Tr<Fq> for &'a Fq {
            type Output = Fq;
            #[inline]
            fn $m(self, rhs: Fq) -> Fq {
                self.$m(&rhs)
            }
        }
        impl $TrA<Fq> for Fq {
            #[inline]
            fn $ma(&mut self, rhs: Fq) {
                let p = self.raw_mut();
                unsafe { $f(p, p, rhs.raw()) };
            }
        }
        impl<'b> $TrA<&'b Fq> for Fq {
            #[inline]
            fn $ma(&mut self, rhs: &'b Fq) {
                let p = self.raw_mut();
                unsafe { $f(p, p, rhs.raw()) };
            }
        }
    };
}
fq_binop!(Add, add, AddAssign, add_assign, sys::pasta_fq_add);
fq_binop!(Sub, sub, SubAssign, sub_assign, sys::pasta_fq_sub);
fq_binop!(Mul, mul, MulAssign, mul_assign, sys::pasta_fq_mul);

impl Neg for Fq {
    type Output = Fq;
    #[inline]
    fn neg(self) -> Fq {
        -&self
    }
}
impl<'a> Neg for &'a Fq {
    type Output = Fq;
    #[inline]
    fn neg(self) -> Fq {
        let mut r = Fq::ZERO;
        unsafe { sys::pasta_fq_neg(r.raw_mut(), self.raw()) };
        r
    }
}

impl std::iter::Sum for Fq {
    fn sum<I: Iterator<Item = Fq>>(iter: I) -> Fq {
        iter.fold(Fq::ZERO, |a, b| a + b)
    }
}
impl<'a> std::iter::Sum<&'a Fq> for Fq {
    fn sum<I: Iterator<Item = &'a Fq>>(iter: I) -> Fq {
        iter.fold(Fq::ZERO, |a, b| a + b)
    }
}
impl std::iter::Product for Fq {
    fn product<I: Iterator<Item = Fq>>(iter: I) -> Fq {
        iter.fold(Fq::one(), |a, b| a * b)
    }
}
