//! The analysis deadline, one type for the whole core: the model, the counter, the look-ahead and
//! the no-guess generator check the same clock with the same edge cases (Python's
//! `budget.current().left()` crosses the boundary as seconds, or None for no deadline).

use std::time::{Duration, Instant};

/// The deadline passed. Each room turns it into its own stop (`model::Error::OutOfTime`,
/// `count::num::Stop::OutOfTime`); Python raises `budget.OutOfTime`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime;

/// An instant on the monotonic clock, or none.
#[derive(Clone, Copy, Debug, Default)]
pub struct Deadline(Option<Instant>);

impl Deadline {
    /// No deadline.
    pub fn none() -> Self {
        Deadline(None)
    }

    /// `seconds` from now, or none. NaN and non-positive values are a deadline already passed (no
    /// time left); a span the clock cannot hold (infinite, or centuries) is no deadline.
    pub fn after(seconds: Option<f64>) -> Self {
        match seconds {
            None => Deadline(None),
            Some(s) if s.is_nan() || s <= 0.0 => Deadline(Some(Instant::now())),
            Some(s) => Deadline(
                Duration::try_from_secs_f64(s)
                    .ok()
                    .and_then(|d| Instant::now().checked_add(d)),
            ),
        }
    }

    /// The earlier of two deadlines (none is later than any instant).
    pub fn earliest(self, other: Deadline) -> Self {
        match (self.0, other.0) {
            (Some(a), Some(b)) => Deadline(Some(a.min(b))),
            (a, b) => Deadline(a.or(b)),
        }
    }

    /// Whether the deadline has passed.
    pub fn passed(&self) -> bool {
        self.check().is_err()
    }

    /// `Err(OutOfTime)` once the deadline has passed. About 20 ns: called once per DP state.
    #[inline]
    pub fn check(&self) -> Result<(), OutOfTime> {
        match self.0 {
            Some(at) if Instant::now() > at => Err(OutOfTime),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_cases() {
        assert_eq!(Deadline::none().check(), Ok(()));
        assert_eq!(Deadline::after(None).check(), Ok(()));
        assert_eq!(Deadline::after(Some(f64::INFINITY)).check(), Ok(()));
        assert_eq!(Deadline::after(Some(1e300)).check(), Ok(()));
        assert_eq!(Deadline::after(Some(3600.0)).check(), Ok(()));
        assert_eq!(Deadline::after(Some(f64::NAN)).check(), Err(OutOfTime));
        assert_eq!(Deadline::after(Some(-1.0)).check(), Err(OutOfTime));
        assert_eq!(
            Deadline::after(Some(f64::NEG_INFINITY)).check(),
            Err(OutOfTime)
        );
        let d = Deadline::after(Some(0.0));
        std::thread::sleep(Duration::from_millis(1));
        assert_eq!(d.check(), Err(OutOfTime));
    }
}
