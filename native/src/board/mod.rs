//! Flat scans of a board's cell codes (`cpsolve.board.code_bytes`: a signed byte per cell,
//! row-major) for the answers that must not take a step of Python per cell.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// The indices (four little-endian bytes each, ascending) of the cells whose code `table` marks
/// (`table[code] != 0`; `table` is 256 bytes).
fn marked(codes: &[u8], table: &[u8; 256]) -> Vec<u8> {
    let mut out = Vec::with_capacity(codes.len() * 4);
    for (i, &c) in codes.iter().enumerate() {
        if table[c as usize] != 0 {
            out.extend_from_slice(&(i as u32).to_le_bytes());
        }
    }
    out
}

/// [`marked`] for Python: `codes` a byte per cell, `table` 256 bytes. A board over 2^32 cells is
/// refused.
#[pyfunction]
pub fn marked_cells<'py>(
    py: Python<'py>,
    codes: &[u8],
    table: &[u8],
) -> PyResult<Bound<'py, PyBytes>> {
    let table: &[u8; 256] = table
        .try_into()
        .map_err(|_| PyValueError::new_err("the table is 256 bytes"))?;
    if u32::try_from(codes.len()).is_err() {
        return Err(PyValueError::new_err("a board of 2^32 cells or more"));
    }
    let out = py.allow_threads(|| marked(codes, table));
    Ok(PyBytes::new(py, &out))
}

/// How many of the claims the layout contradicts: claim `k` says cell `cells[k]` is a mine (or has
/// probability 1) when `claims[k]` is nonzero, safe (0) otherwise; `layout` is a byte per cell,
/// nonzero a mine. `None` when the lengths differ or a cell is off the board.
fn count_contradicted(layout: &[u8], cells: &[usize], claims: &[u8]) -> Option<usize> {
    if cells.len() != claims.len() {
        return None;
    }
    let mut wrong = 0;
    for (&i, &claim) in cells.iter().zip(claims) {
        wrong += usize::from((*layout.get(i)? != 0) != (claim != 0));
    }
    Some(wrong)
}

/// [`count_contradicted`] for Python (the referee's check of every certainty and exact 0/1 against
/// the hidden layout, one pass in the core): a claim per cell, else ValueError.
#[pyfunction]
pub fn contradicted(layout: &[u8], cells: Vec<usize>, claims: &[u8]) -> PyResult<usize> {
    count_contradicted(layout, &cells, claims)
        .ok_or_else(|| PyValueError::new_err("a claim per cell, each cell on the board"))
}

/// Adds this room's functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(marked_cells, m)?)?;
    m.add_function(wrap_pyfunction!(contradicted, m)?)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contradicted_against_each_claim() {
        let layout = [0u8, 1, 0, 1, 1];
        assert_eq!(
            count_contradicted(&layout, &[0, 1, 2, 3, 4], &[0, 1, 0, 1, 1]),
            Some(0)
        );
        assert_eq!(count_contradicted(&layout, &[0, 1, 4], &[1, 0, 2]), Some(2));
        assert_eq!(count_contradicted(&layout, &[], &[]), Some(0));
        assert_eq!(count_contradicted(&layout, &[5], &[0]), None);
        assert_eq!(count_contradicted(&layout, &[0, 1], &[0]), None);
    }

    #[test]
    fn marked_against_a_filter() {
        let codes: Vec<u8> = (0..1000u32).map(|i| (i * 37 % 256) as u8).collect();
        let mut table = [0u8; 256];
        for (v, t) in table.iter_mut().enumerate() {
            *t = u8::from(v % 3 == 0 || v == 255);
        }
        let got: Vec<u32> = marked(&codes, &table)
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        let want: Vec<u32> = (0..1000u32)
            .filter(|&i| table[codes[i as usize] as usize] != 0)
            .collect();
        assert_eq!(got, want);
        assert!(marked(&[], &table).is_empty());
    }
}
