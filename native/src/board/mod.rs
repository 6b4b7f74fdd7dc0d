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

/// Adds this room's functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(marked_cells, m)?)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
