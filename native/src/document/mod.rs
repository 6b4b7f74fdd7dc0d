//! The per-cell part of the JSON document (docs/json.md) of a huge board: `cpsolve/result.py` writes
//! each distinct cell entry's text once (with `json.dumps`, the one writer of an entry) and the core
//! joins them, one per cell, with the cell's row and column. A 1000x1000 board's document is a
//! million entries: the join was most of `cpsolve solve --json`'s time in Python.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// `[{"row": R, "col": C, TAIL}, ...]` for every cell of `cells` (board indices, in order), TAIL
/// being `tails[key]` with key `keys[cell]` (four bytes a board cell, little-endian) or `default`
/// when the cell's key is `u32::MAX`. Each tail is the rest of the entry's `json.dumps` text after
/// `"col": C, ` (it ends with `}`).
#[pyfunction]
#[pyo3(signature = (cols, cells, keys, default, tails))]
pub fn json_cells(
    py: Python<'_>,
    cols: usize,
    cells: Vec<u32>,
    keys: &[u8],
    default: u32,
    tails: Vec<String>,
) -> PyResult<String> {
    if cols == 0 && !cells.is_empty() {
        return Err(PyValueError::new_err("a board with cells has columns"));
    }
    if keys.len() % 4 != 0 || (default as usize) >= tails.len() && !cells.is_empty() {
        return Err(PyValueError::new_err(
            "keys are four bytes a cell, and the default names a tail",
        ));
    }
    let key_of = |i: usize| -> Option<u32> {
        let b = keys.get(4 * i..4 * i + 4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    py.allow_threads(|| {
        let longest = tails.iter().map(|t| t.len()).max().unwrap_or(0);
        let mut out = String::with_capacity(cells.len() * (longest + 30) + 2);
        out.push('[');
        for (n, &c) in cells.iter().enumerate() {
            let i = c as usize;
            let k = match key_of(i) {
                Some(u32::MAX) | None => default,
                Some(k) => k,
            };
            let tail = tails
                .get(k as usize)
                .ok_or_else(|| PyValueError::new_err(format!("cell {i} names no tail")))?;
            if n > 0 {
                out.push_str(", ");
            }
            out.push_str("{\"row\": ");
            push_int(&mut out, i / cols);
            out.push_str(", \"col\": ");
            push_int(&mut out, i % cols);
            out.push_str(", ");
            out.push_str(tail);
        }
        out.push(']');
        Ok(out)
    })
}

/// Appends the decimal digits of `v` (what `json.dumps` writes for an int), without `fmt`.
fn push_int(out: &mut String, mut v: usize) {
    let mut buf = [0u8; 20];
    let mut k = buf.len();
    loop {
        k -= 1;
        buf[k] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    // ASCII digits only
    out.push_str(std::str::from_utf8(&buf[k..]).unwrap_or("0"));
}

/// Adds this room's functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(json_cells, m)?)?;
    Ok(())
}
