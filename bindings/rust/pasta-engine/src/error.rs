//! The library's error codes as a Rust error type.
use pasta_sys as sys;
use std::fmt;

/// A `PASTA_ERR_*` code of the C library (docs/CONTRACT.md). A failing call changed nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Error {
    /// `PASTA_ERR_NONCANONICAL`: an encoding of a value >= the modulus.
    NonCanonical,
    /// `PASTA_ERR_NOT_ON_CURVE`: an encoding of a point that does not exist.
    NotOnCurve,
    /// `PASTA_ERR_INVALID_ARG`: a size out of range (or, from this crate, slices of
    /// mismatched lengths).
    InvalidArg,
    /// `PASTA_ERR_NO_MEMORY`: an allocation failed.
    NoMemory,
    /// `PASTA_ERR_UNSUPPORTED`: backend not compiled in or not supported by the CPU.
    Unsupported,
    /// `PASTA_ERR_RNG`: the random source failed.
    Rng,
    /// A code this crate does not know (a newer library).
    Other(i32),
}

pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// The C library's code (negative).
    pub fn code(self) -> i32 {
        match self {
            Error::NonCanonical => sys::PASTA_ERR_NONCANONICAL,
            Error::NotOnCurve => sys::PASTA_ERR_NOT_ON_CURVE,
            Error::InvalidArg => sys::PASTA_ERR_INVALID_ARG,
            Error::NoMemory => sys::PASTA_ERR_NO_MEMORY,
            Error::Unsupported => sys::PASTA_ERR_UNSUPPORTED,
            Error::Rng => sys::PASTA_ERR_RNG,
            Error::Other(c) => c,
        }
    }

    /// The error of a nonzero return code.
    pub fn from_code(rc: i32) -> Error {
        match rc {
            sys::PASTA_ERR_NONCANONICAL => Error::NonCanonical,
            sys::PASTA_ERR_NOT_ON_CURVE => Error::NotOnCurve,
            sys::PASTA_ERR_INVALID_ARG => Error::InvalidArg,
            sys::PASTA_ERR_NO_MEMORY => Error::NoMemory,
            sys::PASTA_ERR_UNSUPPORTED => Error::Unsupported,
            sys::PASTA_ERR_RNG => Error::Rng,
            c => Error::Other(c),
        }
    }
}

/// `Ok(())` for `PASTA_OK`, else the error.
pub(crate) fn check(rc: i32) -> Result<()> {
    if rc == sys::PASTA_OK {
        Ok(())
    } else {
        Err(Error::from_code(rc))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // pasta_strerror: a static string, never NULL.
        let s = unsafe { std::ffi::CStr::from_ptr(sys::pasta_strerror(self.code())) };
        write!(f, "{} ({})", s.to_string_lossy(), self.code())
    }
}

impl std::error::Error for Error {}

/// A thread count for the C library: 0 = its default (OMP_NUM_THREADS, else the cores).
pub(crate) fn threads_arg(threads: usize) -> i32 {
    threads.min(i32::MAX as usize) as i32
}
