//! The binding's cost: MSM 2^16 and NTT 2^16 through it, and a field multiplication per
//! call. Median of R runs. At 1 thread the clock is the thread's CPU time, as pasta_bench's
//! (a shared host's preemption is not counted), else wall clock; compare with
//! `pasta_bench --suite msm,ntt --filter /65536/1` on the same host.
//!
//!   cargo run --release --example bench [threads] [runs]
use pasta_engine::{Fp, FpDomain, Fq, Pallas};

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}
extern "C" {
    fn clock_gettime(clk: i32, ts: *mut Timespec) -> i32;
}
const CLOCK_MONOTONIC: i32 = 1;
const CLOCK_THREAD_CPUTIME_ID: i32 = 3;

struct Instant(f64, i32);
impl Instant {
    fn clock(threads: usize) -> i32 {
        if threads == 1 {
            CLOCK_THREAD_CPUTIME_ID
        } else {
            CLOCK_MONOTONIC
        }
    }
    fn read(c: i32) -> f64 {
        let mut ts = Timespec { sec: 0, nsec: 0 };
        unsafe { clock_gettime(c, &mut ts) };
        ts.sec as f64 + ts.nsec as f64 * 1e-9
    }
    fn start(threads: usize) -> Instant {
        let c = Instant::clock(threads);
        Instant(Instant::read(c), c)
    }
    fn secs(&self) -> f64 {
        Instant::read(self.1) - self.0
    }
}

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
            let t = Instant::start(threads);
            let r = Pallas::msm(&b, &s, threads).unwrap();
            let e = t.secs();
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
            let t = Instant::start(threads);
            d.ntt(&mut a, threads).unwrap();
            t.secs()
        })
        .collect();
    println!("ntt fp n=2^16 threads={}: {:.3} ms (median of {})", threads, median(t) * 1e3, runs);

    // One FFI call per multiplication, chained (latency), and 4 independent chains.
    let iters = 2_000_000u64;
    let (mut u, v) = (Fp::from(3), Fp::from(7));
    let t = Instant::start(1);
    for _ in 0..iters {
        u *= v;
    }
    let chained = t.secs() / iters as f64;
    let mut w = [Fp::from(3), Fp::from(5), Fp::from(11), Fp::from(13)];
    let t = Instant::start(1);
    for _ in 0..iters / 4 {
        for e in w.iter_mut() {
            *e *= v;
        }
    }
    let four = t.secs() / iters as f64;
    assert!(!(u + w[0] + w[1] + w[2] + w[3]).is_zero());
    println!("fp mul per call (thread CPU time): {:.1} ns chained, {:.1} ns with 4 chains", chained * 1e9, four * 1e9);
}
