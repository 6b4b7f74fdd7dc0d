//! The constraint model of a position: board scan, clue extraction, simplifier (sources as bitsets of clue ids), components and groups.

use pyo3::prelude::*;

/// Adds this room's functions to the extension module.
pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
