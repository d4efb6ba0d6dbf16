// Vesta (pasta_vesta_*): y^2 = x^3 + 5 over Fq, scalars Fp.
// Generated from curve_pallas.rs by ../gen-twins.sh: do not edit.
use crate::error::{check, threads_arg, Error, Result};
use crate::field_fq::Fq;
use crate::field_fp::Fp;
use pasta_sys as sys;
use std::ffi::CString;
use std::fmt;
use std::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

/// An affine Vesta point `{ x, y }`, the identity as (0, 0): the layout of
/// `pasta_vesta_affine` and of pasta_curves' `EqAffine`.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct VestaAffine {
    pub(crate) x: Fq,
    pub(crate) y: Fq,
}

/// A Vesta point in Jacobian coordinates (X/Z^2, Y/Z^3), any Z = 0 the identity: the layout
/// of `pasta_vesta_jacobian` and of pasta_curves' `Eq`.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct Vesta {
    pub(crate) x: Fq,
    pub(crate) y: Fq,
    pub(crate) z: Fq,
}

impl VestaAffine {
    #[inline]
    pub(crate) fn raw(&self) -> *const sys::pasta_vesta_affine {
        self as *const Self as *const sys::pasta_vesta_affine
    }
    #[inline]
    pub(crate) fn raw_mut(&mut self) -> *mut sys::pasta_vesta_affine {
        self as *mut Self as *mut sys::pasta_vesta_affine
    }
    /// (0, 0).
    pub fn identity() -> Self {
        VestaAffine::default()
    }
    /// (-1, 2).
    pub fn generator() -> Self {
        unsafe { *(&sys::pasta_vesta_GENERATOR as *const sys::pasta_vesta_affine as *const Self) }
    }
    /// The point (x, y), `None` unless it is on the curve or (0, 0).
    pub fn from_xy(x: Fq, y: Fq) -> Option<Self> {
        let p = VestaAffine { x, y };
        if unsafe { sys::pasta_vesta_affine_is_on_curve(p.raw()) } == 1 {
            Some(p)
        } else {
            None
        }
    }
    pub fn x(&self) -> Fq {
        self.x
    }
    pub fn y(&self) -> Fq {
        self.y
    }
    pub fn is_identity(&self) -> bool {
        unsafe { sys::pasta_vesta_affine_is_identity(self.raw()) == 1 }
    }
    pub fn is_on_curve(&self) -> bool {
        unsafe { sys::pasta_vesta_affine_is_on_curve(self.raw()) == 1 }
    }
    pub fn to_curve(&self) -> Vesta {
        let mut r = Vesta::default();
        unsafe { sys::pasta_vesta_from_affine(r.raw_mut(), self.raw()) };
        r
    }
    /// Compressed 32 bytes (pasta_curves `GroupEncoding::to_bytes`).
    pub fn to_bytes(&self) -> [u8; 32] {
        let mut b = [0u8; 32];
        unsafe { sys::pasta_vesta_affine_to_bytes(b.as_mut_ptr(), self.raw()) };
        b
    }
    /// Decodes a compressed encoding (pasta_curves `from_bytes`): `NonCanonical` or
    /// `NotOnCurve` on bad input.
    pub fn from_bytes(b: &[u8; 32]) -> Result<Self> {
        let mut r = VestaAffine::default();
        check(unsafe { sys::pasta_vesta_affine_from_bytes(r.raw_mut(), b.as_ptr()) })?;
        Ok(r)
    }
    /// x || y, 64 bytes (identity: zeros); this library's own form.
    pub fn to_uncompressed(&self) -> [u8; 64] {
        let mut b = [0u8; 64];
        unsafe { sys::pasta_vesta_affine_to_uncompressed(b.as_mut_ptr(), self.raw()) };
        b
    }
    pub fn from_uncompressed(b: &[u8; 64]) -> Result<Self> {
        let mut r = VestaAffine::default();
        check(unsafe { sys::pasta_vesta_affine_from_uncompressed(r.raw_mut(), b.as_ptr()) })?;
        Ok(r)
    }
    /// r[i] = lo[i] + [u] hi[i] (an inner-product argument's fold); variable time.
    pub fn fold_vartime(
        r: &mut [VestaAffine],
        lo: &[VestaAffine],
        hi: &[VestaAffine],
        u: &Fp,
        threads: usize,
    ) -> Result<()> {
        if r.len() != lo.len() || r.len() != hi.len() {
            return Err(Error::InvalidArg);
        }
        check(unsafe {
            sys::pasta_vesta_fold_var(
                r.as_mut_ptr() as *mut sys::pasta_vesta_affine,
                lo.as_ptr() as *const sys::pasta_vesta_affine,
                hi.as_ptr() as *const sys::pasta_vesta_affine,
                r.len(),
                u.raw(),
                threads_arg(threads),
            )
        })
    }
}

impl Vesta {
    #[inline]
    pub(crate) fn raw(&self) -> *const sys::pasta_vesta_jacobian {
        self as *const Self as *const sys::pasta_vesta_jacobian
    }
    #[inline]
    pub(crate) fn raw_mut(&mut self) -> *mut sys::pasta_vesta_jacobian {
        self as *mut Self as *mut sys::pasta_vesta_jacobian
    }
    /// (0, 0, 0).
    pub fn identity() -> Self {
        Vesta::default()
    }
    pub fn generator() -> Self {
        let mut r = Vesta::default();
        unsafe { sys::pasta_vesta_generator(r.raw_mut()) };
        r
    }
    /// Jacobian coordinates (X, Y, Z) as stored.
    pub fn jacobian_coordinates(&self) -> (Fq, Fq, Fq) {
        (self.x, self.y, self.z)
    }
    /// The point (X/Z^2, Y/Z^3), `None` unless on the curve (or Z = 0).
    pub fn from_jacobian_coordinates(x: Fq, y: Fq, z: Fq) -> Option<Self> {
        let p = Vesta { x, y, z };
        if p.is_on_curve() {
            Some(p)
        } else {
            None
        }
    }
    /// Affine form ((0, 0) for the identity). Constant time.
    pub fn to_affine(&self) -> VestaAffine {
        let mut r = VestaAffine::default();
        unsafe { sys::pasta_vesta_to_affine(r.raw_mut(), self.raw()) };
        r
    }
    pub fn to_affine_vartime(&self) -> VestaAffine {
        let mut r = VestaAffine::default();
        unsafe { sys::pasta_vesta_to_affine_var(r.raw_mut(), self.raw()) };
        r
    }
    /// out[i] = p[i] in affine form, one inversion (pasta_curves `batch_normalize`).
    pub fn batch_normalize(p: &[Vesta], out: &mut [VestaAffine]) -> Result<()> {
        if p.len() != out.len() {
            return Err(Error::InvalidArg);
        }
        check(unsafe {
            sys::pasta_vesta_batch_to_affine(
                out.as_mut_ptr() as *mut sys::pasta_vesta_affine,
                p.as_ptr() as *const sys::pasta_vesta_jacobian,
                p.len(),
            )
        })
    }
    /// All of p in affine form.
    pub fn batch_to_affine(p: &[Vesta]) -> Vec<VestaAffine> {
        let mut out = vec![VestaAffine::default(); p.len()];
        Vesta::batch_normalize(p, &mut out).expect("lengths match");
        out
    }
    pub fn is_identity(&self) -> bool {
        unsafe { sys::pasta_vesta_is_identity(self.raw()) == 1 }
    }
    pub fn is_on_curve(&self) -> bool {
        unsafe { sys::pasta_vesta_is_on_curve(self.raw()) == 1 }
    }
    pub fn double(&self) -> Self {
        let mut r = Vesta::default();
        unsafe { sys::pasta_vesta_dbl(r.raw_mut(), self.raw()) };
        r
    }
    pub fn double_vartime(&self) -> Self {
        let mut r = Vesta::default();
        unsafe { sys::pasta_vesta_dbl_var(r.raw_mut(), self.raw()) };
        r
    }
    pub fn add_vartime(&self, b: &Vesta) -> Self {
        let mut r = Vesta::default();
        unsafe { sys::pasta_vesta_add_var(r.raw_mut(), self.raw(), b.raw()) };
        r
    }
    pub fn add_affine_vartime(&self, b: &VestaAffine) -> Self {
        let mut r = Vesta::default();
        unsafe { sys::pasta_vesta_madd_var(r.raw_mut(), self.raw(), b.raw()) };
        r
    }
    /// [LAMBDA] self = (BETA X, Y, Z) (pasta_curves `endo`).
    pub fn endo(&self) -> Self {
        let mut r = Vesta::default();
        unsafe { sys::pasta_vesta_endo(r.raw_mut(), self.raw()) };
        r
    }
    /// [k] self, constant time (also `self * k`).
    pub fn mul_scalar(&self, k: &Fp) -> Self {
        let mut r = Vesta::default();
        unsafe { sys::pasta_vesta_mul(r.raw_mut(), self.raw(), k.raw()) };
        r
    }
    /// [k] self, variable time: public point and scalar only.
    pub fn mul_vartime(&self, k: &Fp) -> Self {
        let mut r = Vesta::default();
        unsafe { sys::pasta_vesta_mul_var(r.raw_mut(), self.raw(), k.raw()) };
        r
    }
    /// GLV split k = (-1)^n1 k1 + (-1)^n2 k2 LAMBDA: ((k1, n1), (k2, n2)), k1, k2 < 2^127.
    pub fn glv_decompose(k: &Fp) -> ((u128, bool), (u128, bool)) {
        let (mut k1, mut k2) = ([0u64; 2], [0u64; 2]);
        let (mut n1, mut n2) = (0i32, 0i32);
        unsafe {
            sys::pasta_vesta_glv_decompose(k1.as_mut_ptr(), &mut n1, k2.as_mut_ptr(), &mut n2, k.raw())
        };
        let w = |l: [u64; 2]| (l[0] as u128) | ((l[1] as u128) << 64);
        ((w(k1), n1 == 1), (w(k2), n2 == 1))
    }
    /// `if choice { b } else { a }` in constant time.
    pub fn conditional_select(a: &Vesta, b: &Vesta, choice: bool) -> Self {
        let mut r = Vesta::default();
        unsafe { sys::pasta_vesta_select(r.raw_mut(), a.raw(), b.raw(), choice as i32) };
        r
    }
    /// Compressed 32 bytes (pasta_curves `GroupEncoding::to_bytes`). Constant time.
    pub fn to_bytes(&self) -> [u8; 32] {
        let mut b = [0u8; 32];
        unsafe { sys::pasta_vesta_to_bytes(b.as_mut_ptr(), self.raw()) };
        b
    }
    pub fn from_bytes(b: &[u8; 32]) -> Result<Self> {
        let mut r = Vesta::default();
        check(unsafe { sys::pasta_vesta_from_bytes(r.raw_mut(), b.as_ptr()) })?;
        Ok(r)
    }
    /// pasta_curves `Eq::hash_to_curve(domain_prefix)(msg)`. `InvalidArg` for a prefix
    /// with a NUL byte or too long (the DST, prefix + curve name + 22 bytes, is < 256).
    pub fn hash_to_curve(domain_prefix: &str, msg: &[u8]) -> Result<Self> {
        let dp = CString::new(domain_prefix).map_err(|_| Error::InvalidArg)?;
        let mut r = Vesta::default();
        check(unsafe {
            sys::pasta_vesta_hash_to_curve(r.raw_mut(), dp.as_ptr(), msg.as_ptr(), msg.len())
        })?;
        Ok(r)
    }
    /// iso_map(map_to_curve_simple_swu(u)): one field element to a point.
    pub fn map_to_curve(u: &Fq) -> Self {
        let mut r = Vesta::default();
        unsafe { sys::pasta_vesta_map_to_curve(r.raw_mut(), u.raw()) };
        r
    }
}

impl PartialEq for Vesta {
    fn eq(&self, o: &Vesta) -> bool {
        unsafe { sys::pasta_vesta_eq(self.raw(), o.raw()) == 1 }
    }
}
impl Eq for Vesta {}
impl PartialEq for VestaAffine {
    fn eq(&self, o: &VestaAffine) -> bool {
        unsafe { sys::pasta_vesta_affine_eq(self.raw(), o.raw()) == 1 }
    }
}
impl Eq for VestaAffine {}

impl fmt::Debug for VestaAffine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_identity() {
            write!(f, "VestaAffine(identity)")
        } else {
            write!(f, "VestaAffine {{ x: {:?}, y: {:?} }}", self.x, self.y)
        }
    }
}
impl fmt::Debug for Vesta {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Vesta({:?})", self.to_affine_vartime())
    }
}

impl From<VestaAffine> for Vesta {
    fn from(a: VestaAffine) -> Vesta {
        a.to_curve()
    }
}
impl From<Vesta> for VestaAffine {
    fn from(a: Vesta) -> VestaAffine {
        a.to_affine()
    }
}

impl<'a, 'b> Add<&'b Vesta> for &'a Vesta {
    type Output = Vesta;
    fn add(self, b: &'b Vesta) -> Vesta {
        let mut r = Vesta::default();
        unsafe { sys::pasta_vesta_add(r.raw_mut(), self.raw(), b.raw()) };
        r
    }
}
impl<'a, 'b> Add<&'b VestaAffine> for &'a Vesta {
    type Output = Vesta;
    fn add(self, b: &'b VestaAffine) -> Vesta {
        let mut r = Vesta::default();
        unsafe { sys::pasta_vesta_madd(r.raw_mut(), self.raw(), b.raw()) };
        r
    }
}
impl<'a> Neg for &'a Vesta {
    type Output = Vesta;
    fn neg(self) -> Vesta {
        let mut r = Vesta::default();
        unsafe { sys::pasta_vesta_neg(r.raw_mut(), self.raw()) };
        r
    }
}
impl Neg for Vesta {
    type Output = Vesta;
    fn neg(self) -> Vesta {
        -&self
    }
}
impl<'a> Neg for &'a VestaAffine {
    type Output = VestaAffine;
    fn neg(self) -> VestaAffine {
        let mut r = VestaAffine::default();
        unsafe { sys::pasta_vesta_affine_neg(r.raw_mut(), self.raw()) };
        r
    }
}
impl Neg for VestaAffine {
    type Output = VestaAffine;
    fn neg(self) -> VestaAffine {
        -&self
    }
}
impl<'a, 'b> Sub<&'b Vesta> for &'a Vesta {
    type Output = Vesta;
    fn sub(self, b: &'b Vesta) -> Vesta {
        self + &(-b)
    }
}
impl<'a, 'b> Sub<&'b VestaAffine> for &'a Vesta {
    type Output = Vesta;
    fn sub(self, b: &'b VestaAffine) -> Vesta {
        self + &(-b)
    }
}
impl<'a, 'b> Mul<&'b Fp> for &'a Vesta {
    type Output = Vesta;
    fn mul(self, k: &'b Fp) -> Vesta {
        self.mul_scalar(k)
    }
}
impl<'a, 'b> Mul<&'b Fp> for &'a VestaAffine {
    type Output = Vesta;
    fn mul(self, k: &'b Fp) -> Vesta {
        self.to_curve().mul_scalar(k)
    }
}

macro_rules! by_value {
    ($Tr:ident, $m:ident, $TrA:ident, $ma:ident, $L:ty, $R:ty) => {
        impl $Tr<$R> for $L {
            type Output = Vesta;
            fn $m(self, b: $R) -> Vesta {
                (&self).$m(&b)
            }
        }
        impl<'b> $Tr<&'b $R> for $L {
            type Output = Vesta;
            fn $m(self, b: &'b $R) -> Vesta {
                (&self).$m(b)
            }
        }
        impl<'a> $Tr<$R> for &'a $L {
            type Output = Vesta;
            fn $m(self, b: $R) -> Vesta {
                self.$m(&b)
            }
        }
        impl $TrA<$R> for Vesta {
            fn $ma(&mut self, b: $R) {
                *self = (&*self).$m(&b);
            }
        }
        impl<'b> $TrA<&'b $R> for Vesta {
            fn $ma(&mut self, b: &'b $R) {
                *self = (&*self).$m(b);
            }
        }
    };
}
by_value!(Add, add, AddAssign, add_assign, Vesta, Vesta);
by_value!(Add, add, AddAssign, add_assign, Vesta, VestaAffine);
by_value!(Sub, sub, SubAssign, sub_assign, Vesta, Vesta);
by_value!(Sub, sub, SubAssign, sub_assign, Vesta, VestaAffine);
by_value!(Mul, mul, MulAssign, mul_assign, Vesta, Fp);

impl Mul<Fp> for VestaAffine {
    type Output = Vesta;
    fn mul(self, k: Fp) -> Vesta {
        (&self).mul(&k)
    }
}

impl std::iter::Sum for Vesta {
    fn sum<I: Iterator<Item = Vesta>>(iter: I) -> Vesta {
        iter.fold(Vesta::identity(), |a, b| a + b)
    }
}

// ---- Multi-scalar multiplication (variable time: public scalars and bases, as halo2).

impl Vesta {
    /// sum [scalars[i]] bases[i] (Pippenger) on up to `threads` threads (0: the library's
    /// default); the bytes of the result do not depend on `threads`. `InvalidArg` if the
    /// slices' lengths differ.
    pub fn msm(bases: &[VestaAffine], scalars: &[Fp], threads: usize) -> Result<Vesta> {
        if bases.len() != scalars.len() {
            return Err(Error::InvalidArg);
        }
        let mut r = Vesta::default();
        check(unsafe {
            sys::pasta_vesta_msm_var(
                r.raw_mut(),
                bases.as_ptr() as *const sys::pasta_vesta_affine,
                Fp::slice_raw(scalars),
                bases.len(),
                threads_arg(threads),
            )
        })?;
        Ok(r)
    }
    /// The same with scalars as canonical 32-byte encodings (`NonCanonical` otherwise).
    pub fn msm_bytes(bases: &[VestaAffine], scalars: &[[u8; 32]], threads: usize) -> Result<Vesta> {
        if bases.len() != scalars.len() {
            return Err(Error::InvalidArg);
        }
        let mut r = Vesta::default();
        check(unsafe {
            sys::pasta_vesta_msm_bytes_var(
                r.raw_mut(),
                bases.as_ptr() as *const sys::pasta_vesta_affine,
                scalars.as_ptr() as *const u8,
                bases.len(),
                threads_arg(threads),
            )
        })?;
        Ok(r)
    }
}

/// A fixed-base MSM table over n bases (a commitment key), owning its memory. It holds no
/// pointers and is read-only once built: `Send + Sync`, usable by many threads at once.
#[derive(Clone)]
pub struct VestaMsmTable {
    buf: Vec<u64>,
    n: usize,
}

impl VestaMsmTable {
    /// Bytes of the table for n bases and window size c (1..=20, 0: the library's rule,
    /// which depends on n and this host's L2 size); `None` if c is out of range.
    pub fn size(n: usize, c: u32) -> Option<usize> {
        let c = i32::try_from(c).ok()?;
        match unsafe { sys::pasta_vesta_msm_fixed_size(n, c) } {
            0 => None,
            s => Some(s),
        }
    }
    /// Builds the table of `bases` with window size c (as for `size`).
    pub fn new(bases: &[VestaAffine], c: u32, threads: usize) -> Result<Self> {
        let size = VestaMsmTable::size(bases.len(), c).ok_or(Error::InvalidArg)?;
        let mut buf: Vec<u64> = Vec::new();
        buf.try_reserve_exact((size + 7) / 8).map_err(|_| Error::NoMemory)?;
        buf.resize((size + 7) / 8, 0);
        check(unsafe {
            sys::pasta_vesta_msm_fixed_build(
                buf.as_mut_ptr() as *mut sys::pasta_vesta_msm_table,
                buf.len() * 8,
                bases.as_ptr() as *const sys::pasta_vesta_affine,
                bases.len(),
                c as i32,
                threads_arg(threads),
            )
        })?;
        Ok(VestaMsmTable { buf, n: bases.len() })
    }
    /// The number of bases.
    pub fn len(&self) -> usize {
        self.n
    }
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }
    /// Bytes held.
    pub fn memory(&self) -> usize {
        self.buf.len() * 8
    }
    /// sum [scalars[i]] bases[i] over the first scalars.len() bases (`InvalidArg` if more
    /// scalars than bases).
    pub fn msm(&self, scalars: &[Fp], threads: usize) -> Result<Vesta> {
        let mut r = Vesta::default();
        check(unsafe {
            sys::pasta_vesta_msm_fixed_var(
                r.raw_mut(),
                self.buf.as_ptr() as *const sys::pasta_vesta_msm_table,
                Fp::slice_raw(scalars),
                scalars.len(),
                threads_arg(threads),
            )
        })?;
        Ok(r)
    }
}
