// Fp (pasta_fp_*): the Pallas base field, the Vesta scalar field.
// field_fq.rs is generated from this file by ../gen-twins.sh: edit this one.
use crate::error::{check, threads_arg, Error, Result};
use pasta_sys as sys;
use std::fmt;
use std::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

/// An element of Fp: four little-endian 64-bit limbs in Montgomery form (R = 2^256), always
/// fully reduced: the layout of `pasta_fp` and of pasta_curves' `Fp`.
#[repr(transparent)]
#[derive(Clone, Copy, Default)]
pub struct Fp(pub(crate) [u64; 4]);

impl Fp {
    /// 2-adicity of p - 1.
    pub const S: u32 = sys::PASTA_FP_S;
    /// 0 (all-zero limbs in Montgomery form too).
    pub const ZERO: Fp = Fp([0; 4]);

    #[inline]
    pub(crate) fn raw(&self) -> *const sys::pasta_fp {
        self as *const Fp as *const sys::pasta_fp
    }
    #[inline]
    pub(crate) fn raw_mut(&mut self) -> *mut sys::pasta_fp {
        self as *mut Fp as *mut sys::pasta_fp
    }
    #[inline]
    pub(crate) fn slice_raw(a: &[Fp]) -> *const sys::pasta_fp {
        a.as_ptr() as *const sys::pasta_fp
    }
    #[inline]
    pub(crate) fn slice_raw_mut(a: &mut [Fp]) -> *mut sys::pasta_fp {
        a.as_mut_ptr() as *mut sys::pasta_fp
    }
    #[inline]
    fn from_sys(v: &sys::pasta_fp) -> Fp {
        Fp(v.limbs)
    }

    pub fn zero() -> Fp {
        Fp::ZERO
    }
    pub fn one() -> Fp {
        Fp::from_sys(unsafe { &sys::pasta_fp_ONE })
    }
    /// The modulus p as a plain integer (little-endian limbs).
    pub fn modulus() -> [u64; 4] {
        unsafe { sys::pasta_fp_MODULUS }
    }
    /// 1/2.
    pub fn two_inv() -> Fp {
        Fp::from_sys(unsafe { &sys::pasta_fp_TWO_INV })
    }
    /// 5, the generator of the multiplicative group.
    pub fn multiplicative_generator() -> Fp {
        Fp::from_sys(unsafe { &sys::pasta_fp_MULTIPLICATIVE_GENERATOR })
    }
    /// An element of order 2^S (pasta_curves' ROOT_OF_UNITY).
    pub fn root_of_unity() -> Fp {
        Fp::from_sys(unsafe { &sys::pasta_fp_ROOT_OF_UNITY })
    }
    pub fn root_of_unity_inv() -> Fp {
        Fp::from_sys(unsafe { &sys::pasta_fp_ROOT_OF_UNITY_INV })
    }
    /// 5^(2^S).
    pub fn delta() -> Fp {
        Fp::from_sys(unsafe { &sys::pasta_fp_DELTA })
    }
    /// An element of multiplicative order 3.
    pub fn zeta() -> Fp {
        Fp::from_sys(unsafe { &sys::pasta_fp_ZETA })
    }

    pub fn from_u64(v: u64) -> Fp {
        let mut r = Fp::ZERO;
        unsafe { sys::pasta_fp_from_u64(r.raw_mut(), v) };
        r
    }
    pub fn from_u128(v: u128) -> Fp {
        let mut r = Fp::ZERO;
        unsafe { sys::pasta_fp_from_u128(r.raw_mut(), v as u64, (v >> 64) as u64) };
        r
    }
    /// `limbs` (any 256-bit integer, least significant limb first) mod p.
    pub fn from_raw(limbs: [u64; 4]) -> Fp {
        let mut r = Fp::ZERO;
        unsafe { sys::pasta_fp_from_raw(r.raw_mut(), limbs.as_ptr()) };
        r
    }
    /// The canonical integer in [0, p) (out of Montgomery form).
    pub fn to_raw(&self) -> [u64; 4] {
        let mut l = [0u64; 4];
        unsafe { sys::pasta_fp_to_raw(l.as_mut_ptr(), self.raw()) };
        l
    }
    /// The Montgomery-form limbs (as stored).
    pub fn to_montgomery_limbs(&self) -> [u64; 4] {
        self.0
    }
    /// Montgomery-form limbs as stored by pasta_curves; `None` unless fully reduced (< p).
    pub fn from_montgomery_limbs(l: [u64; 4]) -> Option<Fp> {
        let p = Fp::modulus();
        for i in (0..4).rev() {
            if l[i] != p[i] {
                return if l[i] < p[i] { Some(Fp(l)) } else { None };
            }
        }
        None
    }
    /// 32-byte little-endian canonical encoding (pasta_curves `to_repr`).
    pub fn to_repr(&self) -> [u8; 32] {
        let mut b = [0u8; 32];
        unsafe { sys::pasta_fp_to_bytes(b.as_mut_ptr(), self.raw()) };
        b
    }
    /// Decodes 32 little-endian bytes (pasta_curves `from_repr`): `None` for a value >= p.
    /// Constant time in the bytes apart from the result.
    pub fn from_repr(b: [u8; 32]) -> Option<Fp> {
        Fp::from_bytes(&b).ok()
    }
    /// As `from_repr`, with the library's error (`Error::NonCanonical`).
    pub fn from_bytes(b: &[u8; 32]) -> Result<Fp> {
        let mut r = Fp::ZERO;
        check(unsafe { sys::pasta_fp_from_bytes(r.raw_mut(), b.as_ptr()) })?;
        Ok(r)
    }
    /// (64-byte little-endian integer) mod p (pasta_curves `from_uniform_bytes`).
    pub fn from_uniform_bytes(b: &[u8; 64]) -> Fp {
        let mut r = Fp::ZERO;
        unsafe { sys::pasta_fp_from_uniform_bytes(r.raw_mut(), b.as_ptr()) };
        r
    }
    /// A uniform element from 64 bytes of `fill` (e.g. an RNG's fill_bytes).
    pub fn random(mut fill: impl FnMut(&mut [u8; 64])) -> Fp {
        let mut b = [0u8; 64];
        fill(&mut b);
        let r = Fp::from_uniform_bytes(&b);
        crate::wipe(&mut b);
        r
    }

    pub fn double(&self) -> Fp {
        let mut r = Fp::ZERO;
        unsafe { sys::pasta_fp_dbl(r.raw_mut(), self.raw()) };
        r
    }
    pub fn square(&self) -> Fp {
        let mut r = Fp::ZERO;
        unsafe { sys::pasta_fp_sqr(r.raw_mut(), self.raw()) };
        r
    }
    pub fn cube(&self) -> Fp {
        let mut r = Fp::ZERO;
        unsafe { sys::pasta_fp_cube(r.raw_mut(), self.raw()) };
        r
    }
    /// self^e, e a 256-bit integer (little-endian limbs); constant time.
    pub fn pow(&self, e: &[u64; 4]) -> Fp {
        let mut r = Fp::ZERO;
        unsafe { sys::pasta_fp_pow(r.raw_mut(), self.raw(), e.as_ptr()) };
        r
    }
    /// self^e, variable time in e (public exponents only).
    pub fn pow_vartime(&self, e: &[u64; 4]) -> Fp {
        let mut r = Fp::ZERO;
        unsafe { sys::pasta_fp_pow_var(r.raw_mut(), self.raw(), e.as_ptr()) };
        r
    }
    /// 1/self, `None` for 0 (pasta_curves `invert`). Constant time.
    pub fn invert(&self) -> Option<Fp> {
        let r = self.invert_or_zero();
        if self.is_zero() {
            None
        } else {
            Some(r)
        }
    }
    /// 1/self, 0 for 0. Constant time.
    pub fn invert_or_zero(&self) -> Fp {
        let mut r = Fp::ZERO;
        unsafe { sys::pasta_fp_invert(r.raw_mut(), self.raw()) };
        r
    }
    /// 1/self, 0 for 0; variable time (public values only).
    pub fn invert_vartime(&self) -> Fp {
        let mut r = Fp::ZERO;
        unsafe { sys::pasta_fp_invert_var(r.raw_mut(), self.raw()) };
        r
    }
    /// A square root (pasta_curves' root), `None` for a non-square. Constant time.
    pub fn sqrt(&self) -> Option<Fp> {
        let mut r = Fp::ZERO;
        let ok = unsafe { sys::pasta_fp_sqrt(r.raw_mut(), self.raw()) };
        if ok == 1 {
            Some(r)
        } else {
            None
        }
    }
    /// pasta_curves' `sqrt_ratio(num, div)`: (is_square, root).
    pub fn sqrt_ratio(num: &Fp, div: &Fp) -> (bool, Fp) {
        let mut r = Fp::ZERO;
        let ok = unsafe { sys::pasta_fp_sqrt_ratio(r.raw_mut(), num.raw(), div.raw()) };
        (ok == 1, r)
    }
    /// Legendre symbol: 0, 1 or -1.
    pub fn legendre(&self) -> i32 {
        unsafe { sys::pasta_fp_legendre(self.raw()) }
    }
    /// True for a square (0 included).
    pub fn is_square(&self) -> bool {
        unsafe { sys::pasta_fp_is_square(self.raw()) == 1 }
    }
    pub fn is_zero(&self) -> bool {
        unsafe { sys::pasta_fp_is_zero(self.raw()) == 1 }
    }
    /// Parity of the canonical integer (pasta_curves `is_odd`).
    pub fn is_odd(&self) -> bool {
        unsafe { sys::pasta_fp_is_odd(self.raw()) == 1 }
    }
    /// `if choice { b } else { a }` in constant time.
    pub fn conditional_select(a: &Fp, b: &Fp, choice: bool) -> Fp {
        let mut r = Fp::ZERO;
        unsafe { sys::pasta_fp_select(r.raw_mut(), a.raw(), b.raw(), choice as i32) };
        r
    }
    /// Swaps a and b if `choice`, in constant time.
    pub fn conditional_swap(a: &mut Fp, b: &mut Fp, choice: bool) {
        unsafe { sys::pasta_fp_cswap(a.raw_mut(), b.raw_mut(), choice as i32) };
    }

    // ---- Slices (one C call per slice; constant time in the values).

    /// a[i] <- 1/a[i] (0 stays 0), one inversion. Constant time.
    pub fn batch_invert(a: &mut [Fp]) -> Result<()> {
        let p = Fp::slice_raw_mut(a);
        check(unsafe { sys::pasta_fp_batch_invert(p, p, a.len()) })
    }
    /// out[i] = a[i] + b[i].
    pub fn vec_add(out: &mut [Fp], a: &[Fp], b: &[Fp]) -> Result<()> {
        same_len(&[out.len(), a.len(), b.len()])?;
        check(unsafe {
            sys::pasta_fp_vec_add(Fp::slice_raw_mut(out), Fp::slice_raw(a), Fp::slice_raw(b), a.len())
        })
    }
    /// out[i] = a[i] - b[i].
    pub fn vec_sub(out: &mut [Fp], a: &[Fp], b: &[Fp]) -> Result<()> {
        same_len(&[out.len(), a.len(), b.len()])?;
        check(unsafe {
            sys::pasta_fp_vec_sub(Fp::slice_raw_mut(out), Fp::slice_raw(a), Fp::slice_raw(b), a.len())
        })
    }
    /// out[i] = a[i] * b[i].
    pub fn vec_mul(out: &mut [Fp], a: &[Fp], b: &[Fp]) -> Result<()> {
        same_len(&[out.len(), a.len(), b.len()])?;
        check(unsafe {
            sys::pasta_fp_vec_mul(Fp::slice_raw_mut(out), Fp::slice_raw(a), Fp::slice_raw(b), a.len())
        })
    }
    /// out[i] = a[i] * b[i] + c[i].
    pub fn vec_mul_add(out: &mut [Fp], a: &[Fp], b: &[Fp], c: &[Fp]) -> Result<()> {
        same_len(&[out.len(), a.len(), b.len(), c.len()])?;
        check(unsafe {
            sys::pasta_fp_vec_mul_add(
                Fp::slice_raw_mut(out),
                Fp::slice_raw(a),
                Fp::slice_raw(b),
                Fp::slice_raw(c),
                a.len(),
            )
        })
    }
    /// a[i] <- a[i] + b[i], in place.
    pub fn vec_add_assign(a: &mut [Fp], b: &[Fp]) -> Result<()> {
        same_len(&[a.len(), b.len()])?;
        let p = Fp::slice_raw_mut(a);
        check(unsafe { sys::pasta_fp_vec_add(p, p, Fp::slice_raw(b), b.len()) })
    }
    /// a[i] <- a[i] - b[i], in place.
    pub fn vec_sub_assign(a: &mut [Fp], b: &[Fp]) -> Result<()> {
        same_len(&[a.len(), b.len()])?;
        let p = Fp::slice_raw_mut(a);
        check(unsafe { sys::pasta_fp_vec_sub(p, p, Fp::slice_raw(b), b.len()) })
    }
    /// a[i] <- a[i] * b[i], in place.
    pub fn vec_mul_assign(a: &mut [Fp], b: &[Fp]) -> Result<()> {
        same_len(&[a.len(), b.len()])?;
        let p = Fp::slice_raw_mut(a);
        check(unsafe { sys::pasta_fp_vec_mul(p, p, Fp::slice_raw(b), b.len()) })
    }
    /// a[i] <- a[i] * c, in place.
    pub fn vec_scale(a: &mut [Fp], c: &Fp) -> Result<()> {
        let p = Fp::slice_raw_mut(a);
        check(unsafe { sys::pasta_fp_vec_scale(p, p, c.raw(), a.len()) })
    }
    /// sum a[i] * b[i].
    pub fn inner_product(a: &[Fp], b: &[Fp]) -> Result<Fp> {
        same_len(&[a.len(), b.len()])?;
        let mut r = Fp::ZERO;
        check(unsafe {
            sys::pasta_fp_vec_inner_product(r.raw_mut(), Fp::slice_raw(a), Fp::slice_raw(b), a.len())
        })?;
        Ok(r)
    }
    /// sum coeffs[i] x^i (Horner, one thread; constant time).
    pub fn poly_eval(coeffs: &[Fp], x: &Fp) -> Result<Fp> {
        let mut r = Fp::ZERO;
        check(unsafe {
            sys::pasta_fp_poly_eval(r.raw_mut(), Fp::slice_raw(coeffs), coeffs.len(), x.raw())
        })?;
        Ok(r)
    }
    /// sum coeffs[i] x^i in chunks on up to `threads` threads (0: the library's default);
    /// variable time.
    pub fn poly_eval_par(coeffs: &[Fp], x: &Fp, threads: usize) -> Result<Fp> {
        let mut r = Fp::ZERO;
        check(unsafe {
            sys::pasta_fp_poly_eval_par(
                r.raw_mut(),
                Fp::slice_raw(coeffs),
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

impl PartialEq for Fp {
    fn eq(&self, other: &Fp) -> bool {
        unsafe { sys::pasta_fp_eq(self.raw(), other.raw()) == 1 }
    }
}
impl Eq for Fp {}

impl fmt::Debug for Fp {
    /// Big-endian hex of the canonical value, as pasta_curves prints it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x")?;
        for b in self.to_repr().iter().rev() {
            write!(f, "{:02x}", b)?;
        }
        Ok(())
    }
}

impl From<u64> for Fp {
    fn from(v: u64) -> Fp {
        Fp::from_u64(v)
    }
}

macro_rules! fp_binop {
    ($Tr:ident, $m:ident, $TrA:ident, $ma:ident, $f:path) => {
        impl<'a, 'b> $Tr<&'b Fp> for &'a Fp {
            type Output = Fp;
            #[inline]
            fn $m(self, rhs: &'b Fp) -> Fp {
                let mut r = Fp::ZERO;
                unsafe { $f(r.raw_mut(), self.raw(), rhs.raw()) };
                r
            }
        }
        impl $Tr<Fp> for Fp {
            type Output = Fp;
            #[inline]
            fn $m(self, rhs: Fp) -> Fp {
                (&self).$m(&rhs)
            }
        }
        impl<'b> $Tr<&'b Fp> for Fp {
            type Output = Fp;
            #[inline]
            fn $m(self, rhs: &'b Fp) -> Fp {
                (&self).$m(rhs)
            }
        }
        impl<'a> $Tr<Fp> for &'a Fp {
            type Output = Fp;
            #[inline]
            fn $m(self, rhs: Fp) -> Fp {
                self.$m(&rhs)
            }
        }
        impl $TrA<Fp> for Fp {
            #[inline]
            fn $ma(&mut self, rhs: Fp) {
                let p = self.raw_mut();
                unsafe { $f(p, p, rhs.raw()) };
            }
        }
        impl<'b> $TrA<&'b Fp> for Fp {
            #[inline]
            fn $ma(&mut self, rhs: &'b Fp) {
                let p = self.raw_mut();
                unsafe { $f(p, p, rhs.raw()) };
            }
        }
    };
}
fp_binop!(Add, add, AddAssign, add_assign, sys::pasta_fp_add);
fp_binop!(Sub, sub, SubAssign, sub_assign, sys::pasta_fp_sub);
fp_binop!(Mul, mul, MulAssign, mul_assign, sys::pasta_fp_mul);

impl Neg for Fp {
    type Output = Fp;
    #[inline]
    fn neg(self) -> Fp {
        -&self
    }
}
impl<'a> Neg for &'a Fp {
    type Output = Fp;
    #[inline]
    fn neg(self) -> Fp {
        let mut r = Fp::ZERO;
        unsafe { sys::pasta_fp_neg(r.raw_mut(), self.raw()) };
        r
    }
}

impl std::iter::Sum for Fp {
    fn sum<I: Iterator<Item = Fp>>(iter: I) -> Fp {
        iter.fold(Fp::ZERO, |a, b| a + b)
    }
}
impl<'a> std::iter::Sum<&'a Fp> for Fp {
    fn sum<I: Iterator<Item = &'a Fp>>(iter: I) -> Fp {
        iter.fold(Fp::ZERO, |a, b| a + b)
    }
}
impl std::iter::Product for Fp {
    fn product<I: Iterator<Item = Fp>>(iter: I) -> Fp {
        iter.fold(Fp::one(), |a, b| a * b)
    }
}
