//! The two integer types of exact counting: `u128` with checked arithmetic (the fast path) and
//! `BigUint` (where a count overflows). Every routine is generic over [`Num`]; a run on `u128` that
//! overflows stops with [`Stop::Overflow`] and is run again on `BigUint`, so no count is ever wrong.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};

/// Why a computation stopped before its answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// The `u128` fast path overflowed: run again on big integers.
    Overflow,
    /// The analysis deadline passed (Python turns this into an estimate or "not decided").
    OutOfTime,
    /// A budget (DP states, polynomial terms) was exceeded; the message names it.
    Budget(String),
    /// The input is not a well-formed component (a defect of the caller, never a panic).
    Invalid(String),
}

/// The analysis deadline (one type for the whole core).
pub use crate::deadline::Deadline;

impl From<crate::deadline::OutOfTime> for Stop {
    fn from(_: crate::deadline::OutOfTime) -> Self {
        Stop::OutOfTime
    }
}

/// A non-negative integer of exact counting.
pub trait Num: Clone + PartialEq + Send + Sync + 'static {
    fn zero() -> Self;
    fn one() -> Self;
    fn from_u64(v: u64) -> Self;
    /// None when `v` does not fit.
    fn from_big(v: &BigUint) -> Option<Self>;
    fn to_big(&self) -> BigUint;
    fn is_zero(&self) -> bool;
    fn add_to(&mut self, a: &Self) -> Result<(), Stop>;
    fn mul(&self, a: &Self) -> Result<Self, Stop>;
    fn mul_u64(&self, k: u64) -> Result<Self, Stop>;
    /// Exact or floor division by a small positive number.
    fn div_u64(&self, k: u64) -> Self;
    /// `self -= a * b` (never below 0: an error if it would be).
    fn sub_mul(&mut self, a: &Self, b: &Self) -> Result<(), Stop>;
    /// `self / d` when `d` divides it exactly (an error otherwise, and for 0).
    fn div_exact(&self, d: &Self) -> Result<Self, Stop>;
    /// `self += a * b`.
    #[inline]
    fn add_mul(&mut self, a: &Self, b: &Self) -> Result<(), Stop> {
        let p = a.mul(b)?;
        self.add_to(&p)
    }
}

impl Num for u128 {
    #[inline]
    fn zero() -> Self {
        0
    }
    #[inline]
    fn one() -> Self {
        1
    }
    #[inline]
    fn from_u64(v: u64) -> Self {
        v as u128
    }
    fn from_big(v: &BigUint) -> Option<Self> {
        v.to_u128()
    }
    fn to_big(&self) -> BigUint {
        BigUint::from(*self)
    }
    #[inline]
    fn is_zero(&self) -> bool {
        *self == 0
    }
    #[inline]
    fn add_to(&mut self, a: &Self) -> Result<(), Stop> {
        *self = self.checked_add(*a).ok_or(Stop::Overflow)?;
        Ok(())
    }
    #[inline]
    fn mul(&self, a: &Self) -> Result<Self, Stop> {
        self.checked_mul(*a).ok_or(Stop::Overflow)
    }
    #[inline]
    fn mul_u64(&self, k: u64) -> Result<Self, Stop> {
        self.checked_mul(k as u128).ok_or(Stop::Overflow)
    }
    #[inline]
    fn div_u64(&self, k: u64) -> Self {
        *self / k as u128
    }
    #[inline]
    fn add_mul(&mut self, a: &Self, b: &Self) -> Result<(), Stop> {
        let p = a.checked_mul(*b).ok_or(Stop::Overflow)?;
        *self = self.checked_add(p).ok_or(Stop::Overflow)?;
        Ok(())
    }
    fn sub_mul(&mut self, a: &Self, b: &Self) -> Result<(), Stop> {
        let p = a.checked_mul(*b).ok_or(Stop::Overflow)?;
        *self = self.checked_sub(p).ok_or_else(inexact)?;
        Ok(())
    }
    fn div_exact(&self, d: &Self) -> Result<Self, Stop> {
        match (self.checked_div(*d), self.checked_rem(*d)) {
            (Some(q), Some(0)) => Ok(q),
            _ => Err(inexact()),
        }
    }
}

impl Num for BigUint {
    fn zero() -> Self {
        Zero::zero()
    }
    fn one() -> Self {
        One::one()
    }
    fn from_u64(v: u64) -> Self {
        BigUint::from(v)
    }
    fn from_big(v: &BigUint) -> Option<Self> {
        Some(v.clone())
    }
    fn to_big(&self) -> BigUint {
        self.clone()
    }
    #[inline]
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    #[inline]
    fn add_to(&mut self, a: &Self) -> Result<(), Stop> {
        *self += a;
        Ok(())
    }
    #[inline]
    fn mul(&self, a: &Self) -> Result<Self, Stop> {
        Ok(self * a)
    }
    fn mul_u64(&self, k: u64) -> Result<Self, Stop> {
        Ok(self * k)
    }
    fn div_u64(&self, k: u64) -> Self {
        self / k
    }
    fn sub_mul(&mut self, a: &Self, b: &Self) -> Result<(), Stop> {
        let p = a * b;
        if p > *self {
            return Err(inexact());
        }
        *self -= p;
        Ok(())
    }
    fn div_exact(&self, d: &Self) -> Result<Self, Stop> {
        if Zero::is_zero(d) {
            return Err(inexact());
        }
        let q = self / d;
        if &q * d == *self {
            Ok(q)
        } else {
            Err(inexact())
        }
    }
}

/// An exact division that was not (a defect of the caller: never a wrong count).
fn inexact() -> Stop {
    Stop::Invalid("an exact division left a remainder".into())
}

/// Runs `f` on the `u128` fast path, and again on `BigUint` if that overflowed.
pub fn either<A, B>(
    small: impl FnOnce() -> Result<A, Stop>,
    big: impl FnOnce() -> Result<B, Stop>,
) -> Result<Result<A, B>, Stop> {
    match small() {
        Ok(a) => Ok(Ok(a)),
        Err(Stop::Overflow) => big().map(Err),
        Err(e) => Err(e),
    }
}
