//! cpsolve's native core, the extension module `cpsolve._core`.
//!
//! The boundary is narrow and plain: Python passes ints, bytes and lists, and gets ints, bytes and lists
//! back. No Python object is held inside the core. Each room registers its own functions:
//! [`board`] (flat scans of the cell codes), [`document`] (the JSON document), [`model`] (board scan, clues, simplifier, components), [`count`] (plan, DP, combination, marginals)
//! [`endgame`] (the exact endgame search of play), [`noguess`] (no-guess generation's loop), [`lookahead`] (the player's counts of
//! hypothetical positions) and [`propagate`] (the proofs' first pass). A certainty is never made
//! here: the core may propagate and nominate, but `cpsolve/proof/` alone turns a fact into a `Certainty`.

use pyo3::prelude::*;

/// mimalloc for the core's own allocations: the player's hypothetical counts make and drop many small
/// Vecs and BigUints, and glibc's malloc/free took about a fifth of `play --strategy best` (native/Cargo.toml).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod board;
pub mod count;
pub mod document;
pub mod endgame;
pub mod lookahead;
pub mod model;
pub mod noguess;
pub mod propagate;

/// The core's version, so that Python can tell a stale build from the source it runs beside.
#[pyfunction]
fn core_version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(core_version, m)?)?;
    board::register(m)?;
    count::register(m)?;
    document::register(m)?;
    model::register(m)?;
    noguess::register(m)?;
    endgame::register(m)?;
    lookahead::register(m)?;
    propagate::register(m)?;
    Ok(())
}
