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

// Layout: each type is its C twin (bindgen's layout tests check the C side against the
// headers; field offsets are checked in tests/layout.rs).
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
}

impl Backend {
    fn raw(self) -> sys::pasta_backend {
        match self {
            Backend::Auto => sys::PASTA_BACKEND_AUTO,
            Backend::Portable => sys::PASTA_BACKEND_PORTABLE,
            Backend::X86_64Asm => sys::PASTA_BACKEND_X86_64_ASM,
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
