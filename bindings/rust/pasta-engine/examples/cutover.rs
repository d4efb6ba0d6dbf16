//! Where a call on the calling thread stops being faster than one on T threads, for the
//! halo2 adapter's MSM_SERIAL_BELOW and FFT_SERIAL_BELOW_LOG: for each size, the median
//! time at 1 thread and at T (default 2), alternating.
//!
//!   cargo run --release --example cutover [T]
use pasta_engine::{Fp, FpDomain, Vesta};
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

/// Seconds per call, over about 20 ms of calls.
fn time<F: FnMut()>(mut f: F) -> f64 {
    let t = Instant::now();
    f();
    let one = t.elapsed().as_secs_f64();
    let reps = ((0.02 / one) as usize).clamp(1, 10000);
    let t = Instant::now();
    for _ in 0..reps {
        f();
    }
    t.elapsed().as_secs_f64() / reps as f64
}

fn main() {
    let tn: usize = std::env::args().nth(1).map(|s| s.parse().unwrap()).unwrap_or(2);
    let g = Vesta::generator();
    let max = 4096;
    let pts: Vec<Vesta> = (1..=max as u64).map(|i| g * Fp::from(i * 7919 + 1)).collect();
    let b = Vesta::batch_to_affine(&pts);
    let s: Vec<Fp> = (0..max as u64).map(|i| Fp::from(i + 3).invert_vartime()).collect();
    println!("msm vesta: n, 1 thread us, {} threads us", tn);
    for &n in &[2usize, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 4096] {
        let (mut t1, mut tt) = (Vec::new(), Vec::new());
        for _ in 0..5 {
            t1.push(time(|| {
                Vesta::msm(&b[..n], &s[..n], 1).unwrap();
            }));
            tt.push(time(|| {
                Vesta::msm(&b[..n], &s[..n], tn).unwrap();
            }));
        }
        println!("{:6} {:10.1} {:10.1}", n, median(t1) * 1e6, median(tt) * 1e6);
    }
    println!("ntt fp: log n, 1 thread us, {} threads us", tn);
    let d = FpDomain::new(16, 0).unwrap();
    for log in 4..=16u32 {
        let mut a: Vec<Fp> = (0..1u64 << log).map(Fp::from).collect();
        let (mut t1, mut tt) = (Vec::new(), Vec::new());
        for _ in 0..5 {
            t1.push(time(|| d.ntt(&mut a, 1).unwrap()));
            tt.push(time(|| d.ntt(&mut a, tn).unwrap()));
        }
        println!("{:6} {:10.1} {:10.1}", log, median(t1) * 1e6, median(tt) * 1e6);
    }
}
