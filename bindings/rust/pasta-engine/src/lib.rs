//! Safe Rust API over the pasta C library (Pallas/Vesta fields, curves, MSM, NTT).
//!
//! The types have the C library's layout, which is also pasta_curves': `Fp`/`Fq` are four
//! little-endian u64 limbs in Montgomery form (R = 2^256), affine points `{ x, y }` with the
//! identity (0, 0), Jacobian points `{ x, y, z }`. Slices go to C as pointers, no copy.
//! Fallible calls return `Result<_, Error>` with the library's codes (a failed call changed
//! nothing). Multi-threaded calls take `threads`: the most threads the call may use, 0 for
//! the library's default (OMP_NUM_THREADS, else the cores), 1 for the calling thread only.
//! Functions are constant time in secret inputs unless their name ends in `_vartime` or
//! they say otherwise (MSM, NTT, folding: public data only, as in halo2).
//!
//! `halo2` holds the two functions a halo2_proofs user swaps in for `best_multiexp` and
//! `best_fft`, and `params_g_lagrange`.

pub use pasta_sys as sys;

mod error;
mod field_fp;
mod field_fq;
mod curve_pallas;
mod curve_vesta;
mod domain_fp;
mod domain_fq;
pub mod halo2;

pub use curve_pallas::{Pallas, PallasAffine, PallasMsmTable};
pub use curve_vesta::{Vesta, VestaAffine, VestaMsmTable};
pub use domain_fp::{fp_poly, FpDomain};
pub use domain_fq::{fq_poly, FqDomain};
pub use error::{Error, Result};
pub use field_fp::Fp;
pub use field_fq::Fq;

use std::marker::PhantomData;
use std::mem::{align_of, size_of};

/// The basis of a [`Poly`] (halo2's `Basis`): coefficients.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coeff;
/// Values on the domain <omega> (halo2's `LagrangeCoeff`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lagrange;
/// Values on the extended coset zeta <ext_omega> (halo2's `ExtendedLagrangeCoeff`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extended;

/// A polynomial whose type says its basis (halo2's `Polynomial<F, B>`; the Rust form of
/// fft.h's basis-typed views): handing Lagrange values to a function that wants
/// coefficients does not compile. Conversions are `FpDomain`/`FqDomain` methods.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Poly<F, B> {
    pub values: Vec<F>,
    basis: PhantomData<B>,
}

impl<F, B> Poly<F, B> {
    pub fn new(values: Vec<F>) -> Self {
        Poly { values, basis: PhantomData }
    }
    pub fn len(&self) -> usize {
        self.values.len()
    }
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
    pub fn into_values(self) -> Vec<F> {
        self.values
    }
}

// Layout, checked at compile time (a mismatch does not build). rustc 1.63 has no
// `offset_of!` and cannot subtract pointers in a const, so offsets are checked by value:
// `probe` reinterprets the bytes 0, 1, 2, ... as the type (`transmute` is a const fn and
// also requires the sizes to be equal; every bit pattern is a valid value here, all fields
// being u64 limbs), and a field at byte offset o then reads limbs made of bytes
// o, o + 1, ...: `at(l, o)` holds exactly when the four limbs start at byte o, in order,
// little-endian. Each Rust type and its bindgen twin (sys::) must read the same; the C
// headers' own offsets are asserted with `_Static_assert(offsetof(...))` in
// pasta-sys/layout.c, which pasta-sys's build script compiles against the installed
// headers, so the three agree (and bindgen's layout tests check bindgen against clang).
// (Used only by the unnamed consts below, which rustc's dead-code lint does not count.)
#[allow(dead_code)]
const fn iota<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    let mut i = 0;
    while i < N {
        b[i] = i as u8;
        i += 1;
    }
    b
}
/// The four limbs start at byte `o` of the probe.
#[allow(dead_code)]
const fn at(l: [u64; 4], o: usize) -> bool {
    let mut j = 0;
    while j < 4 {
        let mut want = 0u64;
        let mut k = 0;
        while k < 8 {
            want |= ((o + 8 * j + k) as u64) << (8 * k);
            k += 1;
        }
        if l[j] != want {
            return false;
        }
        j += 1;
    }
    true
}
macro_rules! probe {
    ($T:ty, $n:expr) => {
        unsafe { std::mem::transmute::<[u8; $n], $T>(iota::<{ $n }>()) }
    };
}
macro_rules! same_layout {
    ($R:ty, $C:ty, $size:expr) => {
        const _: () = assert!(size_of::<$R>() == size_of::<$C>() && size_of::<$R>() == $size);
        const _: () = assert!(align_of::<$R>() == align_of::<$C>() && align_of::<$R>() == 8);
    };
}
same_layout!(Fp, sys::pasta_fp, 32);
same_layout!(Fq, sys::pasta_fq, 32);
same_layout!(PallasAffine, sys::pasta_pallas_affine, 64);
same_layout!(VestaAffine, sys::pasta_vesta_affine, 64);
same_layout!(Pallas, sys::pasta_pallas_jacobian, 96);
same_layout!(Vesta, sys::pasta_vesta_jacobian, 96);
const _: () = assert!(size_of::<[Fp; 3]>() == 96 && size_of::<[PallasAffine; 3]>() == 192);
// Fields: limbs at 0; affine x at 0, y at 32; Jacobian x, y, z at 0, 32, 64.
const _: () = {
    assert!(at(probe!(Fp, 32).0, 0) && at(probe!(sys::pasta_fp, 32).limbs, 0));
    assert!(at(probe!(Fq, 32).0, 0) && at(probe!(sys::pasta_fq, 32).limbs, 0));
    let (a, c) = (probe!(PallasAffine, 64), probe!(sys::pasta_pallas_affine, 64));
    assert!(at(a.x.0, 0) && at(a.y.0, 32) && at(c.x.limbs, 0) && at(c.y.limbs, 32));
    let (a, c) = (probe!(VestaAffine, 64), probe!(sys::pasta_vesta_affine, 64));
    assert!(at(a.x.0, 0) && at(a.y.0, 32) && at(c.x.limbs, 0) && at(c.y.limbs, 32));
    let (a, c) = (probe!(Pallas, 96), probe!(sys::pasta_pallas_jacobian, 96));
    assert!(at(a.x.0, 0) && at(a.y.0, 32) && at(a.z.0, 64));
    assert!(at(c.x.limbs, 0) && at(c.y.limbs, 32) && at(c.z.limbs, 64));
    let (a, c) = (probe!(Vesta, 96), probe!(sys::pasta_vesta_jacobian, 96));
    assert!(at(a.x.0, 0) && at(a.y.0, 32) && at(a.z.0, 64));
    assert!(at(c.x.limbs, 0) && at(c.y.limbs, 32) && at(c.z.limbs, 64));
};

/// Zeroes a buffer with volatile writes (secret material).
pub(crate) fn wipe(b: &mut [u8]) {
    for x in b.iter_mut() {
        unsafe { std::ptr::write_volatile(x, 0) };
    }
}

/// The field backend (process-wide; docs in include/pasta/backend.h).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Auto,
    Portable,
    X86_64Asm,
    /// `X86_64Asm` with the batched work (array operations, ...) on AVX-512 IFMA.
    X86_64Ifma,
}

impl Backend {
    fn raw(self) -> sys::pasta_backend {
        match self {
            Backend::Auto => sys::PASTA_BACKEND_AUTO,
            Backend::Portable => sys::PASTA_BACKEND_PORTABLE,
            Backend::X86_64Asm => sys::PASTA_BACKEND_X86_64_ASM,
            Backend::X86_64Ifma => sys::PASTA_BACKEND_X86_64_IFMA,
        }
    }
    /// Selects the backend for later calls, process-wide (call before starting threads).
    pub fn set(self) -> Result<()> {
        error::check(unsafe { sys::pasta_backend_set(self.raw()) })
    }
    /// The backend in use (never `Auto`).
    pub fn get() -> Backend {
        match unsafe { sys::pasta_backend_get() } {
            sys::PASTA_BACKEND_X86_64_ASM => Backend::X86_64Asm,
            sys::PASTA_BACKEND_X86_64_IFMA => Backend::X86_64Ifma,
            _ => Backend::Portable,
        }
    }
    /// Compiled in and runnable on this CPU.
    pub fn supported(self) -> bool {
        unsafe { sys::pasta_backend_supported(self.raw()) == 1 }
    }
}

/// The linked library's version ("MAJOR.MINOR.PATCH").
pub fn version() -> &'static str {
    unsafe { std::ffi::CStr::from_ptr(sys::pasta_version()) }.to_str().unwrap_or("?")
}

/// One line describing the linked library's build (version, backends, compiler, active).
/// Not to be called concurrently with `Backend::set`.
pub fn build_info() -> String {
    unsafe { std::ffi::CStr::from_ptr(sys::pasta_build_info()) }.to_string_lossy().into_owned()
}
