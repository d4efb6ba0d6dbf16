//! halo2-compatible commitment parameters with the binding's hash-to-curve, and a
//! polynomial commitment in both bases.
//!
//!   cargo run --release --example halo2_params [K] [params-k11.bin to compare with]
use pasta_engine::halo2::{self, Params};
use pasta_engine::{Fp, FpDomain, VestaAffine};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let k: u32 = args.get(1).map(|s| s.parse().expect("K")).unwrap_or(11);
    let t = Instant::now();
    let params = Params::<VestaAffine>::new(k).expect("Params::new");
    println!("Params::<EqAffine>::new({}): {:.1} ms", k, t.elapsed().as_secs_f64() * 1e3);
    let t = Instant::now();
    let gl = halo2::params_g_lagrange(&params.g).expect("g_lagrange");
    println!("  of which params_g_lagrange: {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
    assert!(gl == params.g_lagrange);
    println!("g[0] = {:02x?}", params.g[0].to_bytes());
    if let Some(path) = args.get(2) {
        let want = std::fs::read(path).expect("read the params file");
        assert!(params.to_bytes() == want, "differs from {}", path);
        println!("same bytes as {} ({} bytes)", path, want.len());
    }
    // Commit to a(X) = sum i X^i with a blind, in coefficient form and in Lagrange form.
    let n = 1usize << k;
    let a: Vec<Fp> = (0..n as u64).map(Fp::from).collect();
    let mut values = a.clone();
    halo2::fft(&mut values, FpDomain::new(k, 0).expect("domain").omega(), k);
    let blind = Fp::from(12345);
    let c1 = params.commit(&a, blind);
    let c2 = params.commit_lagrange(&values, blind);
    assert_eq!(c1, c2);
    println!("commit(a) = commit_lagrange(fft(a)) = {:02x?}", c1.to_bytes());
}
