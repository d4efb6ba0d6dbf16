//! The binding's cost: MSM 2^16 and NTT 2^16 through it, and a field multiplication per
//! call. Median of R runs (std::time); compare with pasta_bench's figures on the same host.
//!
//!   cargo run --release --example bench [threads] [runs]
use pasta_engine::{Fp, FpDomain, Fq, Pallas};
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let threads: usize = args.get(1).map(|s| s.parse().unwrap()).unwrap_or(1);
    let runs: usize = args.get(2).map(|s| s.parse().unwrap()).unwrap_or(7);
    println!("{}", pasta_engine::build_info());
    let n = 1usize << 16;
    // Points [s_i] G with distinct pseudo-random scalars, as pasta_bench's inputs.
    let mut x = 0x1234_5678_9abc_def0u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut rb = [0u8; 64];
    let mut rand_fq = || {
        for c in rb.chunks_mut(8) {
            c.copy_from_slice(&next().to_le_bytes());
        }
        Fq::from_uniform_bytes(&rb)
    };
    let s: Vec<Fq> = (0..n).map(|_| rand_fq()).collect();
    let k0 = rand_fq();
    let mut p = Vec::with_capacity(n);
    let mut acc = Pallas::generator() * k0;
    for _ in 0..n {
        p.push(acc);
        acc = acc.double_vartime().add_vartime(&Pallas::generator());
    }
    let b = Pallas::batch_to_affine(&p);
    let _ = Pallas::msm(&b, &s, threads).unwrap(); // warm-up
    let t: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            let r = Pallas::msm(&b, &s, threads).unwrap();
            let e = t.elapsed().as_secs_f64();
            assert!(!r.is_identity());
            e
        })
        .collect();
    println!("msm pallas n=2^16 threads={}: {:.2} ms (median of {})", threads, median(t) * 1e3, runs);

    let d = FpDomain::new(16, 0).unwrap();
    let mut a: Vec<Fp> = (0..n as u64).map(|i| Fp::from(i * i + 1)).collect();
    d.ntt(&mut a, threads).unwrap();
    let t: Vec<f64> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            d.ntt(&mut a, threads).unwrap();
            t.elapsed().as_secs_f64()
        })
        .collect();
    println!("ntt fp n=2^16 threads={}: {:.3} ms (median of {})", threads, median(t) * 1e3, runs);

    // One FFI call per multiplication, chained (latency), and 4 independent chains.
    let iters = 2_000_000u64;
    let (mut u, v) = (Fp::from(3), Fp::from(7));
    let t = Instant::now();
    for _ in 0..iters {
        u *= v;
    }
    let chained = t.elapsed().as_secs_f64() / iters as f64;
    let mut w = [Fp::from(3), Fp::from(5), Fp::from(11), Fp::from(13)];
    let t = Instant::now();
    for _ in 0..iters / 4 {
        for e in w.iter_mut() {
            *e *= v;
        }
    }
    let four = t.elapsed().as_secs_f64() / iters as f64;
    assert!(!(u + w[0] + w[1] + w[2] + w[3]).is_zero());
    println!("fp mul per call: {:.1} ns chained, {:.1} ns with 4 chains", chained * 1e9, four * 1e9);
}
