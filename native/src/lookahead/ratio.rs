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
    let (mut x, inexact) = match quotient_fast(num, den, shift) {
        Some(got) => got,
        None => quotient_exact(num, den, shift),
    };
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

/// `(floor(num / (den * 2^shift)), whether that division leaves a remainder)` by big integers
/// (the quotient, below 2^(MANT_DIG + 3), fits a u64).
pub(super) fn quotient_exact(num: &BigUint, den: &BigUint, shift: i64) -> (u64, bool) {
    let (n, d) = if shift >= 0 {
        (num.clone(), den << (shift as u64))
    } else {
        (num << ((-shift) as u64), den.clone())
    };
    let q = &n / &d;
    let inexact = q.clone() * &d != n;
    (q.to_u64().unwrap_or(u64::MAX), inexact)
}

/// [`quotient_exact`] from the top bits of `num` and `den` alone, with no big-integer arithmetic,
/// or None when those do not decide it (the quotient's floor lies within 2^-7 or so of an integer,
/// about one ratio in a hundred, or the numbers are out of this path's range).
///
/// With `den = d * 2^b + r` (`d` its top 64 bits, `0 <= r < 2^b`) and `num * 2^c = n + f` (`c =
/// -shift - b`, `n` an integer below 2^128, `0 <= f < 1`), the exact quotient `t = (num * 2^c) /
/// (den * 2^-b)` is `n / d` when `r = f = 0`; otherwise it lies in the open interval `(n / (d +
/// [r > 0]), (n + [f > 0]) / d)`, so when that lies within `[q, q + 1]` for `q = floor(n / (d + [r >
/// 0]))`, `floor(t) = q` and `t` is no integer (a remainder).
pub(super) fn quotient_fast(num: &BigUint, den: &BigUint, shift: i64) -> Option<(u64, bool)> {
    let b = den.bits().saturating_sub(64);
    let (d, d_cut) = scaled(den, -(b as i64))?;
    let (n, n_cut) = scaled(num, -shift.checked_add(b as i64)?)?;
    if d == 0 {
        return None;
    }
    let (q, inexact) = if !d_cut && !n_cut {
        (n / d, n % d != 0)
    } else {
        let q = n / (d + u128::from(d_cut));
        let top = n.checked_add(u128::from(n_cut))?;
        if top > q.checked_add(1)?.checked_mul(d)? {
            return None;
        }
        (q, true)
    };
    Some((u64::try_from(q).ok()?, inexact))
}

/// `(floor(x * 2^c), whether bits were cut off)` when that fits a u128, else None.
fn scaled(x: &BigUint, c: i64) -> Option<(u128, bool)> {
    let bits = x.bits() as i64;
    if bits + c > 128 || c >= 128 {
        return None;
    }
    if c >= 0 {
        return Some((x.to_u128()? << c as u32, false));
    }
    let k = c.unsigned_abs();
    let (word, off) = ((k / 64) as usize, (k % 64) as u32);
    let mut out = 0u128;
    let mut cut = false;
    for (i, digit) in x.iter_u64_digits().enumerate() {
        if i < word {
            cut |= digit != 0;
        } else if i == word {
            cut |= off > 0 && digit & ((1u64 << off) - 1) != 0;
            out |= u128::from(digit >> off);
        } else {
            // i > word: this digit's bits land at 64 (i - word) - off; those past 128 are 0
            // (the bit count was checked)
            let at = 64 * (i - word) - off as usize;
            if at < 128 {
                out |= u128::from(digit) << at;
            }
        }
    }
    Some((out, cut))
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
