// Helpers shared by the tests: a deterministic generator and hex.
#![allow(dead_code)]
use pasta_engine::{Fp, Fq};

/// splitmix64: deterministic test data.
pub struct Rng(pub u64);
impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }
    pub fn bytes64(&mut self) -> [u8; 64] {
        let mut b = [0u8; 64];
        for c in b.chunks_mut(8) {
            c.copy_from_slice(&self.next().to_le_bytes());
        }
        b
    }
    pub fn fp(&mut self) -> Fp {
        Fp::from_uniform_bytes(&self.bytes64())
    }
    pub fn fq(&mut self) -> Fq {
        Fq::from_uniform_bytes(&self.bytes64())
    }
}

pub fn unhex(s: &str) -> Vec<u8> {
    let s = s.trim_start_matches("0x");
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
}

/// 32 bytes little endian from big-endian hex (how pasta_curves prints field elements).
pub fn le_from_be_hex(s: &str) -> [u8; 32] {
    let mut b: Vec<u8> = unhex(s);
    assert_eq!(b.len(), 32);
    b.reverse();
    let mut o = [0u8; 32];
    o.copy_from_slice(&b);
    o
}

pub fn arr32(v: &[u8]) -> [u8; 32] {
    let mut o = [0u8; 32];
    o.copy_from_slice(v);
    o
}

// ---- An independent reference: 256-bit integers mod m by shift-and-add (no Montgomery).
pub fn add_mod(a: [u64; 4], b: [u64; 4], m: [u64; 4]) -> [u64; 4] {
    let mut r = [0u64; 4];
    let mut carry = 0u128;
    for i in 0..4 {
        let s = a[i] as u128 + b[i] as u128 + carry;
        r[i] = s as u64;
        carry = s >> 64;
    }
    if carry != 0 || !lt(r, m) {
        let mut borrow = 0i128;
        for i in 0..4 {
            let d = r[i] as i128 - m[i] as i128 - borrow;
            r[i] = d as u64;
            borrow = if d < 0 { 1 } else { 0 };
        }
    }
    r
}
pub fn lt(a: [u64; 4], b: [u64; 4]) -> bool {
    for i in (0..4).rev() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}
pub fn mul_mod(a: [u64; 4], b: [u64; 4], m: [u64; 4]) -> [u64; 4] {
    let mut r = [0u64; 4];
    for i in (0..256).rev() {
        r = add_mod(r, r, m);
        if (b[i / 64] >> (i % 64)) & 1 == 1 {
            r = add_mod(r, a, m);
        }
    }
    r
}
