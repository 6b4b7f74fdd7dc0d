//! cpsolve's native core, the extension module `cpsolve._core`.
//!
//! The boundary is narrow and plain: Python passes ints, bytes and lists (settings as one keyword-only
//! [`options::Options`]), and gets ints, bytes, lists and classes with named fields back; errors cross
//! only as the core's exceptions ([`errors`]). No Python object is held inside the core. Each room
//! registers its own functions:
//! [`board`] (flat scans of the cell codes), [`document`] (the JSON document), [`model`] (board scan, clues, simplifier, components), [`count`] (plan, DP, combination, marginals)
//! [`endgame`] (the exact endgame search of play), [`noguess`] (no-guess generation's loop), [`lookahead`] (the player's counts of
//! hypothetical positions) and [`propagate`] (the proofs' first pass). A certainty is never made
//! here: the core may propagate and nominate, but `cpsolve/proof/` alone turns a fact into a `Certainty`.

use pyo3::prelude::*;
use std::alloc::{GlobalAlloc, Layout};

/// mimalloc for the core's own allocations: the player's hypothetical counts make and drop many small
/// Vecs and BigUints, and glibc's malloc/free took about a fifth of `play --strategy best` (native/Cargo.toml).
#[global_allocator]
static GLOBAL: CoreAlloc = CoreAlloc;

/// The largest alignment every mimalloc block of at least that many bytes has (`MI_MAX_ALIGN_SIZE`:
/// a block of 16 bytes or more starts on a 16-byte boundary).
const MI_MIN_ALIGN: usize = 16;

/// mimalloc, called as its plain `mi_malloc` / `mi_zalloc` / `mi_realloc` when the layout's alignment
/// is one every block of its size has (as Rust's own System allocator decides for malloc), else
/// through `mimalloc::MiMalloc` (the aligned calls). `mimalloc::MiMalloc` always takes the aligned
/// path, whose generic checks were a third of the allocator's instructions in a Beginner analysis
/// (~170 allocations each; callgrind).
struct CoreAlloc;

impl CoreAlloc {
    #[inline]
    fn plain(align: usize, size: usize) -> bool {
        align <= MI_MIN_ALIGN && align <= size
    }
}

// SAFETY: every pointer comes from mimalloc and goes back to it (mi_free takes any of its blocks,
// aligned or not); a plain call is made only for an alignment mimalloc's block of that size has.
unsafe impl GlobalAlloc for CoreAlloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if Self::plain(layout.align(), layout.size()) {
            libmimalloc_sys::mi_malloc(layout.size()).cast()
        } else {
            mimalloc::MiMalloc.alloc(layout)
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if Self::plain(layout.align(), layout.size()) {
            libmimalloc_sys::mi_zalloc(layout.size()).cast()
        } else {
            mimalloc::MiMalloc.alloc_zeroed(layout)
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        mimalloc::MiMalloc.dealloc(ptr, layout)
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if Self::plain(layout.align(), new_size) {
            libmimalloc_sys::mi_realloc(ptr.cast(), new_size).cast()
        } else {
            mimalloc::MiMalloc.realloc(ptr, layout, new_size)
        }
    }
}

pub mod board;
pub mod count;
pub mod deadline;
pub mod document;
pub mod endgame;
pub mod errors;
pub mod lookahead;
pub mod model;
pub mod noguess;
pub mod options;
pub mod propagate;

/// The core's version, so that Python can tell a stale build from the source it runs beside.
#[pyfunction]
fn core_version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(core_version, m)?)?;
    errors::register(m)?;
    options::register(m)?;
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
