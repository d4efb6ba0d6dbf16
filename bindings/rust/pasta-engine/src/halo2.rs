//! The halo2_proofs 0.3 entry points, on pasta.
//!
//! A halo2 user swaps two functions of `halo2_proofs::arithmetic`:
//! - `best_multiexp(coeffs, bases)` -> [`multiexp`]`(coeffs, bases)`: sum [coeffs[i]]
//!   bases[i] as a projective point (panics if the lengths differ, as halo2 asserts);
//! - `best_fft(a, omega, log_n)` -> [`fft`]`(a, omega, log_n)`: in place, natural order in
//!   and out, a[i] <- sum_j a[j] omega^(ij) for any omega of order 2^log_n (a.len() must be
//!   2^log_n); halo2's domain omegas and their inverses go to pasta's NTT (the inverse as
//!   the forward transform followed by an index reversal: no 1/n, like best_fft), any other
//!   omega to a radix-2 FFT over this crate's field operations (same result).
//!
//! `Params::new(k)`'s g_lagrange (its Vesta-point FFT) is [`params_g_lagrange`]; [`Params`]
//! builds the whole commitment key as halo2 does (hash_to_curve "Halo2-Parameters").
//!
//! Threads, T = [`threads`] (the value of [`set_threads`], else rayon's pool size with the
//! feature `rayon`, else the library's default):
//! - a call with fewer than [`MSM_SERIAL_BELOW`] points or an FFT of fewer than
//!   2^[`FFT_SERIAL_BELOW_LOG`] elements runs on the calling thread (no parallel region);
//! - a larger call made on a rayon worker thread (feature `rayon`: inside `par_iter`,
//!   `join`, `scope` or `install`) never uses the library's thread pool: an MSM is split into
//!   T chunks of points joined through rayon (as halo2's own `best_multiexp` splits), each
//!   chunk a one-thread library call, so idle rayon workers take chunks and busy ones leave
//!   them to the caller; an FFT runs on the calling thread. No thread beyond rayon's runs
//!   and none spins, however many workers call at once;
//! - a larger call from any other thread (halo2's prover calls from the thread that runs
//!   `create_proof`, while rayon's workers wait) runs on T threads of the library's pool:
//!   the caller and T - 1 pool workers, which after the call spin about 56 us, then sleep
//!   (docs/PARALLEL.md).
//! The result's bytes are the same on every path. `*_threads` variants take the count per
//! call and always use the library's pool.
use crate::{Error, Fp, FpDomain, Fq, FqDomain, Pallas, PallasAffine, Result, Vesta, VestaAffine};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// MSMs with fewer points run on the calling thread. On an idle 2-core host the library's
/// 2-thread MSM (split by windows) is faster from n = 2 on (Vesta, 79 -> 64 us; n = 32:
/// 312 -> 196 us; docs/RESULTS.md "The Rust binding against C", examples/cutover.rs).
pub const MSM_SERIAL_BELOW: usize = 2;
/// On a rayon worker an MSM is split into one-thread chunks of at least this many points
/// (each chunk has its own buckets and reduction, so small chunks add work).
pub const RAYON_CHUNK_MIN: usize = 64;
/// FFTs of fewer than 2^this elements run on the calling thread (the library's own
/// threshold for its NTT, fft/fft_impl.h PASTA_FFT_PAR_MIN_LG; made explicit here).
pub const FFT_SERIAL_BELOW_LOG: u32 = 10;

static THREADS: AtomicUsize = AtomicUsize::new(0);

/// Sets the adapter's thread count for large calls (0: back to the default).
pub fn set_threads(n: usize) {
    THREADS.store(n, Ordering::Relaxed);
}

/// The thread count large calls use now: `set_threads`' value, else rayon's current pool
/// size (feature `rayon`), else 0 (the library's default, OMP_NUM_THREADS or the cores).
pub fn threads() -> usize {
    match THREADS.load(Ordering::Relaxed) {
        0 => pool_threads(),
        n => n,
    }
}

#[cfg(feature = "rayon")]
fn pool_threads() -> usize {
    rayon::current_num_threads()
}
#[cfg(not(feature = "rayon"))]
fn pool_threads() -> usize {
    0
}

/// An affine point type of a Pasta curve (halo2's `CurveAffine`, just what the adapter needs).
pub trait CurveAffine: Copy + Default + Send + Sync + 'static {
    type Scalar: Copy + Send + Sync;
    type Curve: Copy + Send;
    fn msm(coeffs: &[Self::Scalar], bases: &[Self], threads: usize) -> Result<Self::Curve>;
    /// The inverse point transform with 1/n over the scalar field's domain of size g.len().
    fn lagrange(g: &[Self], threads: usize) -> Result<Vec<Self>> {
        let p: Vec<Self::Curve> = g.iter().map(|a| Self::to_curve(a)).collect();
        Self::lagrange_projective(p, threads)
    }
    /// The same from projective points (consumed: transformed in place).
    fn lagrange_projective(g: Vec<Self::Curve>, threads: usize) -> Result<Vec<Self>>;
    fn to_curve(&self) -> Self::Curve;
    /// a + b.
    fn add(a: &Self::Curve, b: &Self::Curve) -> Self::Curve;
    /// The point with Z = 1 (Z = 0 for the identity): the form of the library's MSM results.
    fn normalize(a: &Self::Curve) -> Self::Curve;
    /// pasta_curves `hash_to_curve(prefix)(msg)` in affine form.
    fn hash(prefix: &str, msg: &[u8]) -> Result<Self>;
    fn to_bytes(&self) -> [u8; 32];
}

impl CurveAffine for PallasAffine {
    type Scalar = Fq;
    type Curve = Pallas;
    fn msm(c: &[Fq], b: &[PallasAffine], threads: usize) -> Result<Pallas> {
        Pallas::msm(b, c, threads)
    }
    fn lagrange_projective(mut p: Vec<Pallas>, threads: usize) -> Result<Vec<PallasAffine>> {
        fq_domain(log2_exact(p.len())?)?.pallas_intt(&mut p, threads)?;
        Ok(Pallas::batch_to_affine(&p))
    }
    fn to_curve(&self) -> Pallas {
        PallasAffine::to_curve(self)
    }
    fn add(a: &Pallas, b: &Pallas) -> Pallas {
        a.add_vartime(b)
    }
    fn normalize(a: &Pallas) -> Pallas {
        a.to_affine_vartime().to_curve()
    }
    fn hash(prefix: &str, msg: &[u8]) -> Result<PallasAffine> {
        Ok(Pallas::hash_to_curve(prefix, msg)?.to_affine_vartime())
    }
    fn to_bytes(&self) -> [u8; 32] {
        PallasAffine::to_bytes(self)
    }
}

impl CurveAffine for VestaAffine {
    type Scalar = Fp;
    type Curve = Vesta;
    fn msm(c: &[Fp], b: &[VestaAffine], threads: usize) -> Result<Vesta> {
        Vesta::msm(b, c, threads)
    }
    fn lagrange_projective(mut p: Vec<Vesta>, threads: usize) -> Result<Vec<VestaAffine>> {
        fp_domain(log2_exact(p.len())?)?.vesta_intt(&mut p, threads)?;
        Ok(Vesta::batch_to_affine(&p))
    }
    fn to_curve(&self) -> Vesta {
        VestaAffine::to_curve(self)
    }
    fn add(a: &Vesta, b: &Vesta) -> Vesta {
        a.add_vartime(b)
    }
    fn normalize(a: &Vesta) -> Vesta {
        a.to_affine_vartime().to_curve()
    }
    fn hash(prefix: &str, msg: &[u8]) -> Result<VestaAffine> {
        Ok(Vesta::hash_to_curve(prefix, msg)?.to_affine_vartime())
    }
    fn to_bytes(&self) -> [u8; 32] {
        VestaAffine::to_bytes(self)
    }
}

fn log2_exact(n: usize) -> Result<u32> {
    if n == 0 || !n.is_power_of_two() || n.trailing_zeros() > 32 {
        Err(Error::InvalidArg)
    } else {
        Ok(n.trailing_zeros())
    }
}

/// On a thread of a rayon pool (feature `rayon`; without it, false).
#[cfg(feature = "rayon")]
pub fn on_rayon_worker() -> bool {
    rayon::current_thread_index().is_some()
}
/// On a thread of a rayon pool (feature `rayon`; without it, false).
#[cfg(not(feature = "rayon"))]
pub fn on_rayon_worker() -> bool {
    false
}

fn call_threads(small: bool) -> usize {
    if small || on_rayon_worker() {
        1
    } else {
        threads()
    }
}

/// halo2's `best_multiexp`: sum [coeffs[i]] bases[i]. Panics if the lengths differ.
pub fn multiexp<C: CurveAffine>(coeffs: &[C::Scalar], bases: &[C]) -> C::Curve {
    assert_eq!(coeffs.len(), bases.len());
    let n = coeffs.len();
    if n < MSM_SERIAL_BELOW {
        return multiexp_threads(coeffs, bases, 1);
    }
    if on_rayon_worker() {
        let parts = threads().clamp(1, (n / RAYON_CHUNK_MIN).max(1));
        return C::normalize(&joined_msm::<C>(coeffs, bases, parts));
    }
    multiexp_threads(coeffs, bases, threads())
}

/// `parts` one-thread MSMs over consecutive chunks, summed, through rayon::join.
fn joined_msm<C: CurveAffine>(c: &[C::Scalar], b: &[C], parts: usize) -> C::Curve {
    if parts <= 1 {
        return multiexp_threads(c, b, 1);
    }
    let h = parts / 2;
    let mid = c.len() * h / parts;
    let (x, y) = join(
        || joined_msm::<C>(&c[..mid], &b[..mid], h),
        || joined_msm::<C>(&c[mid..], &b[mid..], parts - h),
    );
    C::add(&x, &y)
}

#[cfg(feature = "rayon")]
use rayon::join;
#[cfg(not(feature = "rayon"))]
fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA,
    B: FnOnce() -> RB,
{
    (a(), b())
}

/// `multiexp` on at most `threads` threads (0: the library's default).
pub fn multiexp_threads<C: CurveAffine>(coeffs: &[C::Scalar], bases: &[C], threads: usize) -> C::Curve {
    assert_eq!(coeffs.len(), bases.len());
    match C::msm(coeffs, bases, threads) {
        Ok(r) => r,
        Err(e) => panic!("pasta msm of {} points: {}", bases.len(), e),
    }
}

/// A field halo2 runs FFTs over.
pub trait FftField: Copy + PartialEq + Send + Sync + 'static {
    #[doc(hidden)]
    fn fft_threads(a: &mut [Self], omega: Self, log_n: u32, threads: usize);
}

/// halo2's `best_fft` over a field: a[i] <- sum_j a[j] omega^(ij), natural order, in
/// place; omega of order 2^log_n, a.len() == 2^log_n (panics otherwise, as halo2 asserts).
pub fn fft<F: FftField>(a: &mut [F], omega: F, log_n: u32) {
    F::fft_threads(a, omega, log_n, call_threads(log_n < FFT_SERIAL_BELOW_LOG))
}

/// `fft` on at most `threads` threads (0: the library's default).
pub fn fft_threads<F: FftField>(a: &mut [F], omega: F, log_n: u32, threads: usize) {
    F::fft_threads(a, omega, log_n, threads)
}

static FP_DOMAINS: Mutex<Vec<Option<Arc<FpDomain>>>> = Mutex::new(Vec::new());
static FQ_DOMAINS: Mutex<Vec<Option<Arc<FqDomain>>>> = Mutex::new(Vec::new());

macro_rules! cached_domain {
    ($name:ident, $D:ident, $cache:ident) => {
        /// The cached domain of size 2^log_n (built once, shared).
        pub fn $name(log_n: u32) -> Result<Arc<$D>> {
            if log_n > 32 {
                return Err(Error::InvalidArg);
            }
            let mut c = $cache.lock().unwrap_or_else(|e| e.into_inner());
            let i = log_n as usize;
            if c.len() <= i {
                c.resize(i + 1, None);
            }
            if let Some(d) = &c[i] {
                return Ok(d.clone());
            }
            let d = Arc::new($D::new(log_n, 0)?);
            c[i] = Some(d.clone());
            Ok(d)
        }
    };
}
cached_domain!(fp_domain, FpDomain, FP_DOMAINS);
cached_domain!(fq_domain, FqDomain, FQ_DOMAINS);

macro_rules! fft_field {
    ($F:ident, $dom:ident) => {
        impl FftField for $F {
            fn fft_threads(a: &mut [$F], omega: $F, log_n: u32, threads: usize) {
                assert!(log_n < usize::BITS && a.len() == 1usize << log_n, "fft: a.len() != 2^log_n");
                if log_n == 0 {
                    return;
                }
                if log_n <= $F::S {
                    let d = $dom(log_n).expect("pasta domain");
                    if omega == d.omega() {
                        d.ntt(a, threads).expect("pasta ntt");
                        return;
                    }
                    if omega == d.omega_inv() {
                        // DFT with omega^-1 = DFT with omega, then a[i] <-> a[n - i].
                        d.ntt(a, threads).expect("pasta ntt");
                        a[1..].reverse();
                        return;
                    }
                }
                radix2_fft(a, omega, log_n);
            }
        }
    };
}
fft_field!(Fp, fp_domain);
fft_field!(Fq, fq_domain);

/// The textbook iterative radix-2 FFT (bit reversal, then butterflies), any omega.
fn radix2_fft<F>(a: &mut [F], omega: F, log_n: u32)
where
    F: Copy + std::ops::Add<Output = F> + std::ops::Sub<Output = F> + std::ops::Mul<Output = F>,
{
    let n = a.len();
    for k in 0..n {
        let rk = k.reverse_bits() >> (usize::BITS - log_n);
        if k < rk {
            a.swap(k, rk);
        }
    }
    let mut m = 1;
    while m < n {
        // w_m = omega^(n / 2m)
        let mut w_m = omega;
        let mut t = n / (2 * m);
        while t > 1 {
            w_m = w_m * w_m;
            t /= 2;
        }
        let mut k = 0;
        while k < n {
            let mut w = None::<F>;
            for j in 0..m {
                let t = match w {
                    None => a[k + j + m],
                    Some(w) => a[k + j + m] * w,
                };
                let u = a[k + j];
                a[k + j] = u + t;
                a[k + j + m] = u - t;
                w = Some(match w {
                    None => w_m,
                    Some(w) => w * w_m,
                });
            }
            k += 2 * m;
        }
        m *= 2;
    }
}

/// halo2's g_lagrange of `Params::new`: the inverse FFT (with 1/n) of the generators g
/// (g.len() a power of two), as affine points; on `threads()` threads (on the calling
/// thread from a rayon worker).
pub fn params_g_lagrange<C: CurveAffine>(g: &[C]) -> Result<Vec<C>> {
    C::lagrange(g, call_threads(false))
}

/// The same from halo2's `g_projective` (pasta_curves' `Eq` has `Vesta`'s layout), consumed.
pub fn params_g_lagrange_projective<C: CurveAffine>(g: Vec<C::Curve>) -> Result<Vec<C>> {
    C::lagrange_projective(g, call_threads(false))
}

/// halo2_proofs 0.3's `Params<C>` (poly/commitment.rs): n = 2^k generators g, their
/// Lagrange basis, and the blinding and inner-product generators w and u.
#[derive(Clone, Debug)]
pub struct Params<C: CurveAffine> {
    pub k: u32,
    pub g: Vec<C>,
    pub g_lagrange: Vec<C>,
    pub w: C,
    pub u: C,
}

impl<C: CurveAffine> Params<C> {
    /// `Params::new(k)`: g[i] = hash_to_curve("Halo2-Parameters")([0] || i as u32 LE),
    /// w = hash([1]), u = hash([2]); g_lagrange by `params_g_lagrange`.
    pub fn new(k: u32) -> Result<Params<C>> {
        if k == 0 || k > 32 {
            return Err(Error::InvalidArg);
        }
        let n = 1usize << k;
        let mut g = Vec::with_capacity(n);
        for i in 0..n as u64 {
            let b = (i as u32).to_le_bytes();
            g.push(C::hash("Halo2-Parameters", &[0, b[0], b[1], b[2], b[3]])?);
        }
        let g_lagrange = params_g_lagrange(&g)?;
        Ok(Params {
            k,
            w: C::hash("Halo2-Parameters", &[1])?,
            u: C::hash("Halo2-Parameters", &[2])?,
            g,
            g_lagrange,
        })
    }

    /// `Params::write`: k (u32 LE), g, g_lagrange, w, u as compressed points.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(4 + 32 * (2 * self.g.len() + 2));
        out.extend_from_slice(&self.k.to_le_bytes());
        for p in self.g.iter().chain(self.g_lagrange.iter()) {
            out.extend_from_slice(&p.to_bytes());
        }
        out.extend_from_slice(&self.w.to_bytes());
        out.extend_from_slice(&self.u.to_bytes());
        out
    }

    /// halo2's `commit` (coefficient form): sum [poly[i]] g[i] + [r] w.
    pub fn commit(&self, poly: &[C::Scalar], r: C::Scalar) -> C::Curve {
        self.commit_with(&self.g, poly, r)
    }
    /// halo2's `commit_lagrange`: sum [values[i]] g_lagrange[i] + [r] w.
    pub fn commit_lagrange(&self, values: &[C::Scalar], r: C::Scalar) -> C::Curve {
        self.commit_with(&self.g_lagrange, values, r)
    }
    fn commit_with(&self, bases: &[C], s: &[C::Scalar], r: C::Scalar) -> C::Curve {
        assert!(s.len() <= bases.len());
        let mut sc = s.to_vec();
        sc.push(r);
        let mut b = bases[..s.len()].to_vec();
        b.push(self.w);
        multiexp(&sc, &b)
    }
}
