// Field offsets of the Rust types equal the C structs', at run time (src/lib.rs asserts
// sizes, alignments and offsets at compile time; this reads real values through the C
// layout).
use pasta_engine::sys;
use pasta_engine::{Pallas, PallasAffine, Vesta, VestaAffine};
use std::mem::MaybeUninit;

macro_rules! offset {
    ($T:ty, $f:ident) => {{
        let u = MaybeUninit::<$T>::uninit();
        let p = u.as_ptr();
        unsafe { std::ptr::addr_of!((*p).$f) as usize - p as usize }
    }};
}

#[test]
fn offsets_match_c() {
    assert_eq!(offset!(sys::pasta_pallas_affine, x), 0);
    assert_eq!(offset!(sys::pasta_pallas_affine, y), 32);
    assert_eq!(offset!(sys::pasta_pallas_jacobian, z), 64);
    // The Rust coordinates, read back through the C layout.
    let g = PallasAffine::generator();
    let c: &sys::pasta_pallas_affine = unsafe { &*(&g as *const PallasAffine as *const sys::pasta_pallas_affine) };
    assert_eq!(c.x.limbs, g.x().to_montgomery_limbs());
    assert_eq!(c.y.limbs, g.y().to_montgomery_limbs());
    let j = Pallas::generator().double();
    let cj: &sys::pasta_pallas_jacobian = unsafe { &*(&j as *const Pallas as *const sys::pasta_pallas_jacobian) };
    let (x, y, z) = j.jacobian_coordinates();
    assert_eq!([cj.x.limbs, cj.y.limbs, cj.z.limbs], [x.to_montgomery_limbs(), y.to_montgomery_limbs(), z.to_montgomery_limbs()]);
    let v = Vesta::generator().to_affine();
    let cv: &sys::pasta_vesta_affine = unsafe { &*(&v as *const VestaAffine as *const sys::pasta_vesta_affine) };
    assert_eq!(cv.y.limbs, v.y().to_montgomery_limbs());
}
