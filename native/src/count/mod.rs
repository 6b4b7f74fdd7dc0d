//! Exact counting: the elimination plan, the DP per component, the combination through the mine total and the marginals.

use pyo3::prelude::*;

/// Adds this room's functions to the extension module.
pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
