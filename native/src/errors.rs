//! The core's exceptions, all of them, and the one mapping of each room's stops onto them.
//!
//! Python's one door to the core (`cpsolve/boundary.py`) raises each as its own error family's
//! member (`cpsolve/errors.py`): [`OutOfTime`] as `budget.OutOfTime`, [`BudgetExceeded`] as
//! `boundary.BudgetExceeded` (both `BudgetError`s) and [`Inconsistent`] as `errors.Inconsistent`
//! (its `sources` and `reason`). Input no Python board can give is a `ValueError`. No other
//! convention crosses: no status int, no tagged tuple.

use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;

use crate::count::num::Stop;
use crate::model::{self, Src};

pyo3::create_exception!(
    cpsolve._core,
    OutOfTime,
    PyException,
    "The deadline passed (Python: budget.OutOfTime)."
);
pyo3::create_exception!(
    cpsolve._core,
    BudgetExceeded,
    PyException,
    "A component's DP is over its state or term budget (Python: boundary.BudgetExceeded)."
);
pyo3::create_exception!(
    cpsolve._core,
    Inconsistent,
    PyException,
    "No placement satisfies the model: args (sources, reason), sources clue ids with -1 for the \
     mine total (Python: errors.Inconsistent)."
);

/// A counting stop as the exception of its kind (the look-ahead's counts raise the same).
pub(crate) fn stop_err(e: Stop) -> PyErr {
    match e {
        Stop::Budget(m) => BudgetExceeded::new_err(m),
        Stop::OutOfTime => OutOfTime::new_err("the analysis deadline passed"),
        Stop::Invalid(m) => PyValueError::new_err(m),
        // `either` runs every overflowing fast path again on big integers
        Stop::Overflow => PyValueError::new_err("integer overflow on the big-integer path"),
    }
}

/// A model not built as the exception of its kind.
pub(crate) fn model_err(e: model::Error) -> PyErr {
    match e {
        model::Error::OutOfTime => OutOfTime::new_err("the analysis deadline passed"),
        model::Error::Inconsistent { src, reason } => inconsistent(src.to_ids(), reason),
        model::Error::BadInput(msg) => PyValueError::new_err(msg),
    }
}

/// [`Inconsistent`] naming `sources` (clue ids, -1 the mine total).
pub(crate) fn inconsistent(sources: Vec<i64>, reason: String) -> PyErr {
    Inconsistent::new_err((sources, reason))
}

/// [`Inconsistent`]: component `ci` of `m` has no configuration (its sources named).
pub(crate) fn no_configuration(m: &model::Model, ci: usize) -> PyErr {
    let src = m
        .components
        .get(ci)
        .map(|c| c.src.to_ids())
        .unwrap_or_default();
    inconsistent(src, "no placement satisfies these clues".into())
}

/// [`Inconsistent`]: no placement of `m` meets the mine total (the total and every component's
/// sources named).
pub(crate) fn no_total(m: &model::Model) -> PyErr {
    let total = Src::total();
    let src = Src::union_of(std::iter::once(&total).chain(m.components.iter().map(|c| &c.src)));
    inconsistent(
        src.to_ids(),
        "the clues cannot be met with the mine total".into(),
    )
}

/// Adds the exceptions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("OutOfTime", py.get_type::<OutOfTime>())?;
    m.add("BudgetExceeded", py.get_type::<BudgetExceeded>())?;
    m.add("Inconsistent", py.get_type::<Inconsistent>())?;
    Ok(())
}
