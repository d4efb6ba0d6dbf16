//! The binding's cost: MSM 2^16 (Pallas) and NTT 2^16 (Fp) through it, and a field
//! multiplication per call. The C twin ../bench/bench_c.c does exactly the same through the
//! C API (same inputs, clocks, sample counts, output); ../bench/vs-c.sh runs the two
//! alternately and prints the ratios. Clock: the thread's CPU time at 1 thread (a shared
//! host's preemption is not counted), wall clock (CLOCK_MONOTONIC) at more.
//!
//!   cargo run --release --example bench [threads] [runs] [wall]
//! (`wall`: the wall clock at 1 thread too, for thread-count gains.)
//! Output: `RESULT msm T median_ms min_ms max_ms RESULT_BYTES` (runs MSMs after one
//! warm-up), `RESULT ntt T median_ms min_ms max_ms` (3 x runs NTTs), `RESULT mul1 ns` and
//! `RESULT mul4 ns` (Fp mul per call: one dependent chain, four chains; median of 5 x 10^6).
use pasta_engine::{Fp, FpDomain, Fq, Pallas};

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}
extern "C" {
    fn clock_gettime(clk: i32, ts: *mut Timespec) -> i32;
    fn mallopt(param: i32, value: i32) -> i32;
}
const M_MMAP_THRESHOLD: i32 = -3; // glibc's malloc.h
const CLOCK_MONOTONIC: i32 = 1;
const CLOCK_THREAD_CPUTIME_ID: i32 = 3;

fn now(c: i32) -> f64 {
    let mut ts = Timespec { sec: 0, nsec: 0 };
    unsafe { clock_gettime(c, &mut ts) };
    ts.sec as f64 + ts.nsec as f64 * 1e-9
}

/// (median, min, max) of the samples.
fn stats(mut v: Vec<f64>) -> (f64, f64, f64) {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    (v[v.len() / 2], v[0], v[v.len() - 1])
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let threads: usize = args.get(1).map(|s| s.parse().expect("threads")).unwrap_or(1);
    let runs: usize = args.get(2).map(|s| s.parse().expect("runs")).unwrap_or(7);
    let wall = args.get(3).map_or(false, |s| s == "wall");
    let clk = if threads == 1 && !wall { CLOCK_THREAD_CPUTIME_ID } else { CLOCK_MONOTONIC };
    // As the C twin: a fixed mmap threshold maps every block of 128 KiB or more on its own,
    // at the same page offset in both programs (glibc's adaptive threshold put the NTT's
    // array and tables at offsets that differed between the two, about 2% on the NTT).
    assert_eq!(unsafe { mallopt(M_MMAP_THRESHOLD, 128 * 1024) }, 1);
    println!("# rust: {}", pasta_engine::build_info());
    let n = 1usize << 16;
    // xorshift64 from a fixed seed: scalars and the first point's scalar from 64 bytes each.
    let mut x = 0x1234_5678_9abc_def0u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut rand_fq = || {
        let mut rb = [0u8; 64];
        for c in rb.chunks_mut(8) {
            c.copy_from_slice(&next().to_le_bytes());
        }
        Fq::from_uniform_bytes(&rb)
    };
    let s: Vec<Fq> = (0..n).map(|_| rand_fq()).collect();
    let k0 = rand_fq();
    // Bases P_0 = [k0] G, P_{i+1} = 2 P_i + G.
    let mut p = Vec::with_capacity(n);
    let mut acc = Pallas::generator() * k0;
    for _ in 0..n {
        p.push(acc);
        acc = acc.double_vartime().add_vartime(&Pallas::generator());
    }
    let b = Pallas::batch_to_affine(&p);
    let r = Pallas::msm(&b, &s, threads).unwrap(); // warm-up
    let t: Vec<f64> = (0..runs)
        .map(|_| {
            let t0 = now(clk);
            let r = Pallas::msm(&b, &s, threads).unwrap();
            let e = now(clk) - t0;
            assert!(!r.is_identity());
            e
        })
        .collect();
    let (m, lo, hi) = stats(t);
    let hex: String = r.to_bytes().iter().map(|b| format!("{:02x}", b)).collect();
    println!("RESULT msm {} {:.3} {:.3} {:.3} {}", threads, m * 1e3, lo * 1e3, hi * 1e3, hex);

    let d = FpDomain::new(16, 0).unwrap();
    let mut a: Vec<Fp> = (0..n as u64).map(|i| Fp::from(i * i + 1)).collect();
    println!(
        "# layout: ntt array at page offset {}, domain tables at {}",
        a.as_ptr() as usize % 4096,
        d.as_raw().tables as usize % 4096
    );
    d.ntt(&mut a, threads).unwrap(); // warm-up
    let t: Vec<f64> = (0..3 * runs)
        .map(|_| {
            let t0 = now(clk);
            d.ntt(&mut a, threads).unwrap();
            now(clk) - t0
        })
        .collect();
    let (m, lo, hi) = stats(t);
    println!("RESULT ntt {} {:.4} {:.4} {:.4}", threads, m * 1e3, lo * 1e3, hi * 1e3);

    // One FFI call per multiplication: one dependent chain, and four independent chains.
    let iters = 1_000_000u64;
    let v = Fp::from(7);
    let mut u = Fp::from(3);
    let mut w = [Fp::from(3), Fp::from(5), Fp::from(11), Fp::from(13)];
    let (mut t1, mut t4) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        let t0 = now(CLOCK_THREAD_CPUTIME_ID);
        for _ in 0..iters {
            u *= v;
        }
        t1.push((now(CLOCK_THREAD_CPUTIME_ID) - t0) / iters as f64);
        let t0 = now(CLOCK_THREAD_CPUTIME_ID);
        for _ in 0..iters / 4 {
            for e in w.iter_mut() {
                *e *= v;
            }
        }
        t4.push((now(CLOCK_THREAD_CPUTIME_ID) - t0) / iters as f64);
    }
    assert!(!(u + w[0] + w[1] + w[2] + w[3]).is_zero());
    println!("RESULT mul1 {:.2}", stats(t1).0 * 1e9);
    println!("RESULT mul4 {:.2}", stats(t4).0 * 1e9);
}
