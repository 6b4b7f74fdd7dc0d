//! The two integer types of exact counting: `u128` with checked arithmetic (the fast path) and
//! `BigUint` (where a count overflows). Every routine is generic over [`Num`]; a run on `u128` that
//! overflows stops with [`Stop::Overflow`] and is run again on `BigUint`, so no count is ever wrong.

use num_bigint::BigUint;
use num_traits::{One, ToPrimitive, Zero};
use std::time::{Duration, Instant};

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

/// The analysis deadline, as an instant on the monotonic clock (None: no deadline).
#[derive(Debug, Clone, Copy)]
pub struct Deadline(Option<Instant>);

impl Deadline {
    /// The deadline `seconds` from now (None: none; negative or NaN: already passed).
    pub fn after(seconds: Option<f64>) -> Deadline {
        match seconds {
            None => Deadline(None),
            Some(s) if s.is_nan() || s <= 0.0 => Deadline(Some(Instant::now())),
            // beyond a year is no deadline (and keeps Duration's range)
            Some(s) if s > 3.0e7 => Deadline(None),
            Some(s) => Deadline(Instant::now().checked_add(Duration::from_secs_f64(s))),
        }
    }

    pub fn none() -> Deadline {
        Deadline(None)
    }

    /// `Err(OutOfTime)` once the deadline has passed. About 20 ns: called once per DP state.
    #[inline]
    pub fn check(&self) -> Result<(), Stop> {
        match self.0 {
            Some(t) if Instant::now() > t => Err(Stop::OutOfTime),
            _ => Ok(()),
        }
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
