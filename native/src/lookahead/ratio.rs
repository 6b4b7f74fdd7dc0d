//! The correctly rounded float of a ratio of big integers: the number Python's `num / den` gives.
//!
//! The player's evaluator ranks cells by floats of exact ratios and breaks ties on them, so the
//! core must produce the very same floats Python did: CPython's `int / int` is correctly rounded
//! (to nearest, ties to even, subnormals included). This follows its `long_true_divide`: a quotient
//! of 55-56 bits (fewer near the subnormal range), the remainder as a sticky bit, one rounding to
//! the bits the result can hold, then an exact scaling by a power of two.

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

const MANT_DIG: i64 = 53; // f64's significand bits
const MIN_EXP: i64 = -1021; // f64's DBL_MIN_EXP
const MAX_EXP: i64 = 1024; // f64's DBL_MAX_EXP

/// `num / den` rounded to the nearest f64 (ties to even); infinity when `den` is 0 and `num` is not
/// (Python raises there: the callers never divide by 0), 0 when both are.
pub fn ratio(num: &BigUint, den: &BigUint) -> f64 {
    if num.is_zero() {
        return 0.0;
    }
    if den.is_zero() {
        return f64::INFINITY;
    }
    // both fit a u64 exactly as f64 (53 bits): one IEEE division is correctly rounded
    if let (Some(a), Some(b)) = (num.to_u64(), den.to_u64()) {
        if a < (1 << MANT_DIG) && b < (1 << MANT_DIG) {
            return a as f64 / b as f64;
        }
    }
    let diff = num.bits() as i64 - den.bits() as i64;
    if diff > MAX_EXP {
        return f64::INFINITY;
    }
    if diff < MIN_EXP - MANT_DIG - 1 {
        return 0.0;
    }
    let shift = diff.max(MIN_EXP) - MANT_DIG - 2;
    let (n, d) = if shift >= 0 {
        (num.clone(), den << (shift as u64))
    } else {
        (num << ((-shift) as u64), den.clone())
    };
    let q = &n / &d;
    let inexact = q.clone() * &d != n;
    // q < 2^(MANT_DIG + 3): it fits a u64
    let mut x = q.to_u64().unwrap_or(u64::MAX);
    let x_bits = 64 - x.leading_zeros() as i64;
    let extra = x_bits.max(MIN_EXP - shift) - MANT_DIG; // bits to round away: 2 or 3
    let mask = 1u64 << (extra - 1);
    let low = x | inexact as u64;
    x = if low & mask != 0 && low & (3 * mask - 1) != 0 {
        low + mask
    } else {
        low
    } & !(2 * mask - 1);
    // x now has at most MANT_DIG + 1 significant bits: exact as an f64, and the scaling is exact
    scale(x as f64, shift)
}

/// `v * 2^e` for `e` in [-1076, 969] and an integer `v` below 2^56 already rounded to the bits the
/// result holds: exact (a normal power of two at each step, and the last product lands on the grid).
fn scale(v: f64, e: i64) -> f64 {
    if e >= -1022 {
        v * 2f64.powi(e as i32)
    } else {
        v * 2f64.powi((e + 100) as i32) * 2f64.powi(-100)
    }
}
