// Pallas (pasta_pallas_*): y^2 = x^3 + 5 over Fp, scalars Fq.
// curve_vesta.rs is generated from this file by ../gen-twins.sh: edit this one.
use crate::error::{check, threads_arg, Error, Result};
use crate::field_fp::Fp;
use crate::field_fq::Fq;
use pasta_sys as sys;
use std::ffi::CString;
use std::fmt;
use std::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};

/// An affine Pallas point `{ x, y }`, the identity as (0, 0): the layout of
/// `pasta_pallas_affine` and of pasta_curves' `EpAffine`.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct PallasAffine {
    pub(crate) x: Fp,
    pub(crate) y: Fp,
}

/// A Pallas point in Jacobian coordinates (X/Z^2, Y/Z^3), any Z = 0 the identity: the layout
/// of `pasta_pallas_jacobian` and of pasta_curves' `Ep`.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct Pallas {
    pub(crate) x: Fp,
    pub(crate) y: Fp,
    pub(crate) z: Fp,
}

impl PallasAffine {
    #[inline]
    pub(crate) fn raw(&self) -> *const sys::pasta_pallas_affine {
        self as *const Self as *const sys::pasta_pallas_affine
    }
    #[inline]
    pub(crate) fn raw_mut(&mut self) -> *mut sys::pasta_pallas_affine {
        self as *mut Self as *mut sys::pasta_pallas_affine
    }
    /// (0, 0).
    pub fn identity() -> Self {
        PallasAffine::default()
    }
    /// (-1, 2).
    pub fn generator() -> Self {
        unsafe { *(&sys::pasta_pallas_GENERATOR as *const sys::pasta_pallas_affine as *const Self) }
    }
    /// The point (x, y), `None` unless it is on the curve or (0, 0).
    pub fn from_xy(x: Fp, y: Fp) -> Option<Self> {
        let p = PallasAffine { x, y };
        if unsafe { sys::pasta_pallas_affine_is_on_curve(p.raw()) } == 1 {
            Some(p)
        } else {
            None
        }
    }
    pub fn x(&self) -> Fp {
        self.x
    }
    pub fn y(&self) -> Fp {
        self.y
    }
    pub fn is_identity(&self) -> bool {
        unsafe { sys::pasta_pallas_affine_is_identity(self.raw()) == 1 }
    }
    pub fn is_on_curve(&self) -> bool {
        unsafe { sys::pasta_pallas_affine_is_on_curve(self.raw()) == 1 }
    }
    pub fn to_curve(&self) -> Pallas {
        let mut r = Pallas::default();
        unsafe { sys::pasta_pallas_from_affine(r.raw_mut(), self.raw()) };
        r
    }
    /// Compressed 32 bytes (pasta_curves `GroupEncoding::to_bytes`).
    pub fn to_bytes(&self) -> [u8; 32] {
        let mut b = [0u8; 32];
        unsafe { sys::pasta_pallas_affine_to_bytes(b.as_mut_ptr(), self.raw()) };
        b
    }
    /// Decodes a compressed encoding (pasta_curves `from_bytes`): `NonCanonical` or
    /// `NotOnCurve` on bad input.
    pub fn from_bytes(b: &[u8; 32]) -> Result<Self> {
        let mut r = PallasAffine::default();
        check(unsafe { sys::pasta_pallas_affine_from_bytes(r.raw_mut(), b.as_ptr()) })?;
        Ok(r)
    }
    /// x || y, 64 bytes (identity: zeros); this library's own form.
    pub fn to_uncompressed(&self) -> [u8; 64] {
        let mut b = [0u8; 64];
        unsafe { sys::pasta_pallas_affine_to_uncompressed(b.as_mut_ptr(), self.raw()) };
        b
    }
    pub fn from_uncompressed(b: &[u8; 64]) -> Result<Self> {
        let mut r = PallasAffine::default();
        check(unsafe { sys::pasta_pallas_affine_from_uncompressed(r.raw_mut(), b.as_ptr()) })?;
        Ok(r)
    }
    /// r[i] = lo[i] + [u] hi[i] (an inner-product argument's fold); variable time.
    pub fn fold_vartime(
        r: &mut [PallasAffine],
        lo: &[PallasAffine],
        hi: &[PallasAffine],
        u: &Fq,
        threads: usize,
    ) -> Result<()> {
        if r.len() != lo.len() || r.len() != hi.len() {
            return Err(Error::InvalidArg);
        }
        check(unsafe {
            sys::pasta_pallas_fold_var(
                r.as_mut_ptr() as *mut sys::pasta_pallas_affine,
                lo.as_ptr() as *const sys::pasta_pallas_affine,
                hi.as_ptr() as *const sys::pasta_pallas_affine,
                r.len(),
                u.raw(),
                threads_arg(threads),
            )
        })
    }
}

impl Pallas {
    #[inline]
    pub(crate) fn raw(&self) -> *const sys::pasta_pallas_jacobian {
        self as *const Self as *const sys::pasta_pallas_jacobian
    }
    #[inline]
    pub(crate) fn raw_mut(&mut self) -> *mut sys::pasta_pallas_jacobian {
        self as *mut Self as *mut sys::pasta_pallas_jacobian
    }
    /// (0, 0, 0).
    pub fn identity() -> Self {
        Pallas::default()
    }
    pub fn generator() -> Self {
        let mut r = Pallas::default();
        unsafe { sys::pasta_pallas_generator(r.raw_mut()) };
        r
    }
    /// Jacobian coordinates (X, Y, Z) as stored.
    pub fn jacobian_coordinates(&self) -> (Fp, Fp, Fp) {
        (self.x, self.y, self.z)
    }
    /// The point (X/Z^2, Y/Z^3), `None` unless on the curve (or Z = 0).
    pub fn from_jacobian_coordinates(x: Fp, y: Fp, z: Fp) -> Option<Self> {
        let p = Pallas { x, y, z };
        if p.is_on_curve() {
            Some(p)
        } else {
            None
        }
    }
    /// Affine form ((0, 0) for the identity). Constant time.
    pub fn to_affine(&self) -> PallasAffine {
        let mut r = PallasAffine::default();
        unsafe { sys::pasta_pallas_to_affine(r.raw_mut(), self.raw()) };
        r
    }
    pub fn to_affine_vartime(&self) -> PallasAffine {
        let mut r = PallasAffine::default();
        unsafe { sys::pasta_pallas_to_affine_var(r.raw_mut(), self.raw()) };
        r
    }
    /// out[i] = p[i] in affine form, one inversion (pasta_curves `batch_normalize`).
    pub fn batch_normalize(p: &[Pallas], out: &mut [PallasAffine]) -> Result<()> {
        if p.len() != out.len() {
            return Err(Error::InvalidArg);
        }
        check(unsafe {
            sys::pasta_pallas_batch_to_affine(
                out.as_mut_ptr() as *mut sys::pasta_pallas_affine,
                p.as_ptr() as *const sys::pasta_pallas_jacobian,
                p.len(),
            )
        })
    }
    /// All of p in affine form.
    pub fn batch_to_affine(p: &[Pallas]) -> Vec<PallasAffine> {
        let mut out = vec![PallasAffine::default(); p.len()];
        Pallas::batch_normalize(p, &mut out).expect("lengths match");
        out
    }
    pub fn is_identity(&self) -> bool {
        unsafe { sys::pasta_pallas_is_identity(self.raw()) == 1 }
    }
    pub fn is_on_curve(&self) -> bool {
        unsafe { sys::pasta_pallas_is_on_curve(self.raw()) == 1 }
    }
    pub fn double(&self) -> Self {
        let mut r = Pallas::default();
        unsafe { sys::pasta_pallas_dbl(r.raw_mut(), self.raw()) };
        r
    }
    pub fn double_vartime(&self) -> Self {
        let mut r = Pallas::default();
        unsafe { sys::pasta_pallas_dbl_var(r.raw_mut(), self.raw()) };
        r
    }
    pub fn add_vartime(&self, b: &Pallas) -> Self {
        let mut r = Pallas::default();
        unsafe { sys::pasta_pallas_add_var(r.raw_mut(), self.raw(), b.raw()) };
        r
    }
    pub fn add_affine_vartime(&self, b: &PallasAffine) -> Self {
        let mut r = Pallas::default();
        unsafe { sys::pasta_pallas_madd_var(r.raw_mut(), self.raw(), b.raw()) };
        r
    }
    /// [LAMBDA] self = (BETA X, Y, Z) (pasta_curves `endo`).
    pub fn endo(&self) -> Self {
        let mut r = Pallas::default();
        unsafe { sys::pasta_pallas_endo(r.raw_mut(), self.raw()) };
        r
    }
    /// [k] self, constant time (also `self * k`).
    pub fn mul_scalar(&self, k: &Fq) -> Self {
        let mut r = Pallas::default();
        unsafe { sys::pasta_pallas_mul(r.raw_mut(), self.raw(), k.raw()) };
        r
    }
    /// [k] self, variable time: public point and scalar only.
    pub fn mul_vartime(&self, k: &Fq) -> Self {
        let mut r = Pallas::default();
        unsafe { sys::pasta_pallas_mul_var(r.raw_mut(), self.raw(), k.raw()) };
        r
    }
    /// GLV split k = (-1)^n1 k1 + (-1)^n2 k2 LAMBDA: ((k1, n1), (k2, n2)), k1, k2 < 2^127.
    pub fn glv_decompose(k: &Fq) -> ((u128, bool), (u128, bool)) {
        let (mut k1, mut k2) = ([0u64; 2], [0u64; 2]);
        let (mut n1, mut n2) = (0i32, 0i32);
        unsafe {
            sys::pasta_pallas_glv_decompose(k1.as_mut_ptr(), &mut n1, k2.as_mut_ptr(), &mut n2, k.raw())
        };
        let w = |l: [u64; 2]| (l[0] as u128) | ((l[1] as u128) << 64);
        ((w(k1), n1 == 1), (w(k2), n2 == 1))
    }
    /// `if choice { b } else { a }` in constant time.
    pub fn conditional_select(a: &Pallas, b: &Pallas, choice: bool) -> Self {
        let mut r = Pallas::default();
        unsafe { sys::pasta_pallas_select(r.raw_mut(), a.raw(), b.raw(), choice as i32) };
        r
    }
    /// Compressed 32 bytes (pasta_curves `GroupEncoding::to_bytes`). Constant time.
    pub fn to_bytes(&self) -> [u8; 32] {
        let mut b = [0u8; 32];
        unsafe { sys::pasta_pallas_to_bytes(b.as_mut_ptr(), self.raw()) };
        b
    }
    pub fn from_bytes(b: &[u8; 32]) -> Result<Self> {
        let mut r = Pallas::default();
        check(unsafe { sys::pasta_pallas_from_bytes(r.raw_mut(), b.as_ptr()) })?;
        Ok(r)
    }
    /// pasta_curves `Ep::hash_to_curve(domain_prefix)(msg)`. `InvalidArg` for a prefix
    /// with a NUL byte or too long (the DST, prefix + curve name + 22 bytes, is < 256).
    pub fn hash_to_curve(domain_prefix: &str, msg: &[u8]) -> Result<Self> {
        let dp = CString::new(domain_prefix).map_err(|_| Error::InvalidArg)?;
        let mut r = Pallas::default();
        check(unsafe {
            sys::pasta_pallas_hash_to_curve(r.raw_mut(), dp.as_ptr(), msg.as_ptr(), msg.len())
        })?;
        Ok(r)
    }
    /// iso_map(map_to_curve_simple_swu(u)): one field element to a point.
    pub fn map_to_curve(u: &Fp) -> Self {
        let mut r = Pallas::default();
        unsafe { sys::pasta_pallas_map_to_curve(r.raw_mut(), u.raw()) };
        r
    }
}

impl PartialEq for Pallas {
    fn eq(&self, o: &Pallas) -> bool {
        unsafe { sys::pasta_pallas_eq(self.raw(), o.raw()) == 1 }
    }
}
impl Eq for Pallas {}
impl PartialEq for PallasAffine {
    fn eq(&self, o: &PallasAffine) -> bool {
        unsafe { sys::pasta_pallas_affine_eq(self.raw(), o.raw()) == 1 }
    }
}
impl Eq for PallasAffine {}

impl fmt::Debug for PallasAffine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_identity() {
            write!(f, "PallasAffine(identity)")
        } else {
            write!(f, "PallasAffine {{ x: {:?}, y: {:?} }}", self.x, self.y)
        }
    }
}
impl fmt::Debug for Pallas {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pallas({:?})", self.to_affine_vartime())
    }
}

impl From<PallasAffine> for Pallas {
    fn from(a: PallasAffine) -> Pallas {
        a.to_curve()
    }
}
impl From<Pallas> for PallasAffine {
    fn from(a: Pallas) -> PallasAffine {
        a.to_affine()
    }
}

impl<'a, 'b> Add<&'b Pallas> for &'a Pallas {
    type Output = Pallas;
    fn add(self, b: &'b Pallas) -> Pallas {
        let mut r = Pallas::default();
        unsafe { sys::pasta_pallas_add(r.raw_mut(), self.raw(), b.raw()) };
        r
    }
}
impl<'a, 'b> Add<&'b PallasAffine> for &'a Pallas {
    type Output = Pallas;
    fn add(self, b: &'b PallasAffine) -> Pallas {
        let mut r = Pallas::default();
        unsafe { sys::pasta_pallas_madd(r.raw_mut(), self.raw(), b.raw()) };
        r
    }
}
impl<'a> Neg for &'a Pallas {
    type Output = Pallas;
    fn neg(self) -> Pallas {
        let mut r = Pallas::default();
        unsafe { sys::pasta_pallas_neg(r.raw_mut(), self.raw()) };
        r
    }
}
impl Neg for Pallas {
    type Output = Pallas;
    fn neg(self) -> Pallas {
        -&self
    }
}
impl<'a> Neg for &'a PallasAffine {
    type Output = PallasAffine;
    fn neg(self) -> PallasAffine {
        let mut r = PallasAffine::default();
        unsafe { sys::pasta_pallas_affine_neg(r.raw_mut(), self.raw()) };
        r
    }
}
impl Neg for PallasAffine {
    type Output = PallasAffine;
    fn neg(self) -> PallasAffine {
        -&self
    }
}
impl<'a, 'b> Sub<&'b Pallas> for &'a Pallas {
    type Output = Pallas;
    fn sub(self, b: &'b Pallas) -> Pallas {
        self + &(-b)
    }
}
impl<'a, 'b> Sub<&'b PallasAffine> for &'a Pallas {
    type Output = Pallas;
    fn sub(self, b: &'b PallasAffine) -> Pallas {
        self + &(-b)
    }
}
impl<'a, 'b> Mul<&'b Fq> for &'a Pallas {
    type Output = Pallas;
    fn mul(self, k: &'b Fq) -> Pallas {
        self.mul_scalar(k)
    }
}
impl<'a, 'b> Mul<&'b Fq> for &'a PallasAffine {
    type Output = Pallas;
    fn mul(self, k: &'b Fq) -> Pallas {
        self.to_curve().mul_scalar(k)
    }
}

macro_rules! by_value {
    ($Tr:ident, $m:ident, $TrA:ident, $ma:ident, $L:ty, $R:ty) => {
        impl $Tr<$R> for $L {
            type Output = Pallas;
            fn $m(self, b: $R) -> Pallas {
                (&self).$m(&b)
            }
        }
        impl<'b> $Tr<&'b $R> for $L {
            type Output = Pallas;
            fn $m(self, b: &'b $R) -> Pallas {
                (&self).$m(b)
            }
        }
        impl<'a> $Tr<$R> for &'a $L {
            type Output = Pallas;
            fn $m(self, b: $R) -> Pallas {
                self.$m(&b)
            }
        }
        impl $TrA<$R> for Pallas {
            fn $ma(&mut self, b: $R) {
                *self = (&*self).$m(&b);
            }
        }
        impl<'b> $TrA<&'b $R> for Pallas {
            fn $ma(&mut self, b: &'b $R) {
                *self = (&*self).$m(b);
            }
        }
    };
}
by_value!(Add, add, AddAssign, add_assign, Pallas, Pallas);
by_value!(Add, add, AddAssign, add_assign, Pallas, PallasAffine);
by_value!(Sub, sub, SubAssign, sub_assign, Pallas, Pallas);
by_value!(Sub, sub, SubAssign, sub_assign, Pallas, PallasAffine);
by_value!(Mul, mul, MulAssign, mul_assign, Pallas, Fq);

impl Mul<Fq> for PallasAffine {
    type Output = Pallas;
    fn mul(self, k: Fq) -> Pallas {
        (&self).mul(&k)
    }
}

impl std::iter::Sum for Pallas {
    fn sum<I: Iterator<Item = Pallas>>(iter: I) -> Pallas {
        iter.fold(Pallas::identity(), |a, b| a + b)
    }
}

// ---- Multi-scalar multiplication (variable time: public scalars and bases, as halo2).

impl Pallas {
    /// sum [scalars[i]] bases[i] (Pippenger) on up to `threads` threads (0: the library's
    /// default); the bytes of the result do not depend on `threads`. `InvalidArg` if the
    /// slices' lengths differ.
    pub fn msm(bases: &[PallasAffine], scalars: &[Fq], threads: usize) -> Result<Pallas> {
        if bases.len() != scalars.len() {
            return Err(Error::InvalidArg);
        }
        let mut r = Pallas::default();
        check(unsafe {
            sys::pasta_pallas_msm_var(
                r.raw_mut(),
                bases.as_ptr() as *const sys::pasta_pallas_affine,
                Fq::slice_raw(scalars),
                bases.len(),
                threads_arg(threads),
            )
        })?;
        Ok(r)
    }
    /// The same with scalars as canonical 32-byte encodings (`NonCanonical` otherwise).
    pub fn msm_bytes(bases: &[PallasAffine], scalars: &[[u8; 32]], threads: usize) -> Result<Pallas> {
        if bases.len() != scalars.len() {
            return Err(Error::InvalidArg);
        }
        let mut r = Pallas::default();
        check(unsafe {
            sys::pasta_pallas_msm_bytes_var(
                r.raw_mut(),
                bases.as_ptr() as *const sys::pasta_pallas_affine,
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
pub struct PallasMsmTable {
    buf: Vec<u64>,
    n: usize,
}

impl PallasMsmTable {
    /// Bytes of the table for n bases and window size c (1..=20, 0: the library's rule,
    /// which depends on n and this host's L2 size); `None` if c is out of range.
    pub fn size(n: usize, c: u32) -> Option<usize> {
        let c = i32::try_from(c).ok()?;
        match unsafe { sys::pasta_pallas_msm_fixed_size(n, c) } {
            0 => None,
            s => Some(s),
        }
    }
    /// Builds the table of `bases` with window size c (as for `size`).
    pub fn new(bases: &[PallasAffine], c: u32, threads: usize) -> Result<Self> {
        let size = PallasMsmTable::size(bases.len(), c).ok_or(Error::InvalidArg)?;
        let mut buf: Vec<u64> = Vec::new();
        buf.try_reserve_exact((size + 7) / 8).map_err(|_| Error::NoMemory)?;
        buf.resize((size + 7) / 8, 0);
        check(unsafe {
            sys::pasta_pallas_msm_fixed_build(
                buf.as_mut_ptr() as *mut sys::pasta_pallas_msm_table,
                buf.len() * 8,
                bases.as_ptr() as *const sys::pasta_pallas_affine,
                bases.len(),
                c as i32,
                threads_arg(threads),
            )
        })?;
        Ok(PallasMsmTable { buf, n: bases.len() })
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
    pub fn msm(&self, scalars: &[Fq], threads: usize) -> Result<Pallas> {
        let mut r = Pallas::default();
        check(unsafe {
            sys::pasta_pallas_msm_fixed_var(
                r.raw_mut(),
                self.buf.as_ptr() as *const sys::pasta_pallas_msm_table,
                Fq::slice_raw(scalars),
                scalars.len(),
                threads_arg(threads),
            )
        })?;
        Ok(r)
    }
}
