//! The look-ahead's own checks: the correctly rounded ratio against exact comparisons.

use super::ratio::ratio;
use num_bigint::BigUint;
use proptest::prelude::*;

/// Whether `f` is the nearest float to `num / den` (ties to even), checked exactly: the midpoints
/// between f and its two neighbours bracket the ratio.
fn nearest(num: &BigUint, den: &BigUint, f: f64) -> bool {
    let bits = f.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    // f = m * 2^e exactly
    let (m, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), exp - 1075)
    };
    // in units of 2^(e - 2): f is 4m, the upper midpoint 4m + 2, the lower one 4m - 2, or 4m - 1
    // at a power of two (the float below is closer)
    let lo_units = if m == 0 {
        0
    } else if frac == 0 && exp > 1 {
        4 * m as u128 - 1
    } else {
        4 * m as u128 - 2
    };
    let hi_units = 4 * m as u128 + 2;
    let s = 2 - e; // num / den * 2^s compared with the units
    let (lhs, lo, hi) = if s >= 0 {
        (
            num << (s as u64),
            BigUint::from(lo_units) * den,
            BigUint::from(hi_units) * den,
        )
    } else {
        let k = (-s) as u64;
        (
            num.clone(),
            (BigUint::from(lo_units) * den) << k,
            (BigUint::from(hi_units) * den) << k,
        )
    };
    let even = m % 2 == 0;
    (lhs > lo || (even && lhs == lo) || m == 0) && (lhs < hi || (even && lhs == hi))
}

#[test]
fn small_ratios_are_ieee_division() {
    for (a, b) in [(1u64, 3u64), (2, 3), (99, 476), (1, 7), (5, 5), (0, 9)] {
        assert_eq!(
            ratio(&BigUint::from(a), &BigUint::from(b)),
            a as f64 / b as f64
        );
    }
}

#[test]
fn huge_and_tiny_ratios() {
    let one = BigUint::from(1u8);
    let big = BigUint::from(3u8).pow(2000);
    assert_eq!(ratio(&one, &big), 0.0); // below the least subnormal
    let sub = BigUint::from(1u8) << 1074u64; // 2^-1074: the least subnormal
    assert_eq!(ratio(&one, &sub), f64::from_bits(1));
    assert_eq!(ratio(&(&big - 1u8), &big), 1.0);
    let third = BigUint::from(10u8).pow(400);
    let got = ratio(&third, &(&third * 3u8));
    assert_eq!(got, 1.0 / 3.0);
}

proptest! {
    #[test]
    fn ratio_is_nearest(a in proptest::collection::vec(any::<u32>(), 1..40),
                        b in proptest::collection::vec(any::<u32>(), 1..40),
                        shift in 0u64..1200) {
        let num = BigUint::new(a);
        let den = BigUint::new(b) + 1u8;
        for (n, d) in [(num.clone(), den.clone() << shift), (num.clone() << shift, den.clone())] {
            if n.bits() as i64 - (d.bits() as i64) < 1000 {
                let f = ratio(&n, &d);
                prop_assert!(nearest(&n, &d, f), "{} / {} -> {}", n, d, f);
            }
        }
    }
}
