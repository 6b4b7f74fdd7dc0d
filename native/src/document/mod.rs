//! The JSON document (docs/json.md) of an analysis, written whole by the core: `cpsolve/result.py`
//! writes the document's small parts (its head, the separators and its tail, after `best_guess`)
//! and each distinct cell entry's text once (with `json.dumps`, the one writer of an entry), and
//! the core joins them: one entry per cell with the cell's row and column, and the `proved_safe`
//! and `proved_mine` lists read off the entries' proofs. A 1000x1000 board's document is a million
//! entries; written straight to a file descriptor, it never becomes a Python string.
//!
//! Also the best guess's last step ([`best_cell`]): among the cells of lowest rank, the one with
//! the fewest covered neighbours, then the first in row-major order.

use std::io::Write;

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::endgame::neighbours;

/// Where a cell's key is read: one key per listed cell, or one per board cell.
struct Keys<'a> {
    keys: &'a [u8],
    per_board: bool,
    default: u32,
    /// (board cell, key) pairs, ascending by cell, that override what `keys` says.
    over: Vec<(usize, u32)>,
}

impl<'a> Keys<'a> {
    /// Keys read from `keys`, with the overrides `over_cells` (board cells, four bytes each,
    /// ascending) and `over_keys` (their keys).
    fn new(
        keys: &'a [u8],
        per_board: bool,
        default: u32,
        over_cells: &[u8],
        over_keys: &[u8],
    ) -> Result<Self, String> {
        let cells = cell_list(over_cells)?;
        let ks = cell_list(over_keys)?;
        if cells.len() != ks.len() || cells.windows(2).any(|w| w[0] >= w[1]) {
            return Err("overrides are ascending cells, a key each".into());
        }
        let over = cells
            .into_iter()
            .zip(ks.into_iter().map(|k| k as u32))
            .collect();
        Ok(Keys {
            keys,
            per_board,
            default,
            over,
        })
    }
    /// The key of the `n`-th listed cell, board cell `cell`: `default` when none is given
    /// (`u32::MAX`, or no keys at all).
    fn of(&self, n: usize, cell: usize) -> u32 {
        if !self.over.is_empty() {
            if let Ok(k) = self.over.binary_search_by_key(&cell, |&(c, _)| c) {
                return self.over[k].1;
            }
        }
        let at = if self.per_board { cell } else { n };
        match self.keys.get(4 * at..4 * at + 4).map(le_u32) {
            Some(u32::MAX) | None => self.default,
            Some(k) => k,
        }
    }

    fn check(&self, cells: usize, board: usize) -> Result<(), String> {
        let want = if self.per_board { board } else { cells };
        if self.keys.len() % 4 != 0
            || (!self.keys.is_empty() && Some(self.keys.len()) != want.checked_mul(4))
        {
            return Err(
                "keys are four bytes a cell: none, or one per listed (or board) cell".into(),
            );
        }
        Ok(())
    }
}

/// The little-endian `u32` of four bytes (a cell, key or rank of the lists passed in).
fn le_u32(b: &[u8]) -> u32 {
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
}

/// Board indices from four little-endian bytes each.
fn cell_list(cells: &[u8]) -> Result<Vec<usize>, String> {
    if cells.len() % 4 != 0 {
        return Err("cells are four bytes each".into());
    }
    Ok(cells.chunks_exact(4).map(|b| le_u32(b) as usize).collect())
}

/// The listed cells (`cells`, four bytes each) and their [`Keys`], checked: the keys' length, and
/// every cell on the board (what [`write_document`] and [`best_cell`] both take).
#[allow(clippy::too_many_arguments)]
fn listed<'a>(
    rows: usize,
    cols: usize,
    cells: &[u8],
    keys: &'a [u8],
    per_board: bool,
    default: u32,
    over_cells: &[u8],
    over_keys: &[u8],
) -> Result<(Vec<usize>, Keys<'a>), String> {
    let cells = cell_list(cells)?;
    let keys = Keys::new(keys, per_board, default, over_cells, over_keys)?;
    let board = rows.saturating_mul(cols);
    keys.check(cells.len(), board)?;
    if let Some(&c) = cells.iter().find(|&&c| c >= board) {
        return Err(format!("cell {c} is off the board"));
    }
    Ok((cells, keys))
}

/// How each listed cell's key is read (`cpsolve._core.KeyColumn`, by keyword only): `keys` four
/// bytes a listed cell, or a board cell with `per_board`; `u32::MAX` or no keys: `default`.
#[pyclass(frozen, module = "cpsolve._core", name = "KeyColumn")]
pub struct KeyColumn {
    keys: Vec<u8>,
    per_board: bool,
    default: u32,
}

#[pymethods]
impl KeyColumn {
    #[new]
    #[pyo3(signature = (*, keys=None, per_board=false, default=0))]
    fn new(keys: Option<&[u8]>, per_board: bool, default: u32) -> Self {
        KeyColumn {
            keys: keys.unwrap_or_default().to_vec(),
            per_board,
            default,
        }
    }
}

/// Board cells whose keys override the [`KeyColumn`]'s (`cpsolve._core.KeyOverrides`, by keyword
/// only): `cells` ascending board cells and `keys` theirs, four bytes each, little-endian.
#[pyclass(frozen, module = "cpsolve._core", name = "KeyOverrides")]
pub struct KeyOverrides {
    cells: Vec<u8>,
    keys: Vec<u8>,
}

#[pymethods]
impl KeyOverrides {
    #[new]
    #[pyo3(signature = (*, cells, keys))]
    fn new(cells: &[u8], keys: &[u8]) -> Self {
        KeyOverrides {
            cells: cells.to_vec(),
            keys: keys.to_vec(),
        }
    }
}

/// Every listed cell of a board and its entry's key, for [`write_document`] and [`best_cell`]
/// (`cpsolve._core.CellKeys`, by keyword only): `cells` the listed board cells (four bytes each,
/// little-endian); their keys read by `keys` (none: every key 0), unless `over` names the cell.
/// Checked when made.
#[pyclass(frozen, module = "cpsolve._core", name = "CellKeys")]
pub struct CellKeys {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
    keys: Option<Py<KeyColumn>>,
    over: Option<Py<KeyOverrides>>,
}

#[pymethods]
impl CellKeys {
    #[new]
    #[pyo3(signature = (*, rows, cols, cells, keys=None, over=None))]
    fn new(
        rows: usize,
        cols: usize,
        cells: &[u8],
        keys: Option<Py<KeyColumn>>,
        over: Option<Py<KeyOverrides>>,
    ) -> PyResult<Self> {
        let made = CellKeys {
            rows,
            cols,
            cells: cells.to_vec(),
            keys,
            over,
        };
        made.listed().map_err(PyValueError::new_err)?;
        Ok(made)
    }
}

impl CellKeys {
    /// The listed cells and their keys ([`listed`]).
    fn listed(&self) -> Result<(Vec<usize>, Keys<'_>), String> {
        let (keys, per_board, default) = match &self.keys {
            Some(k) => {
                let k = k.get();
                (&k.keys[..], k.per_board, k.default)
            }
            None => (&[][..], false, 0),
        };
        let (over_cells, over_keys) = match &self.over {
            Some(o) => {
                let o = o.get();
                (&o.cells[..], &o.keys[..])
            }
            None => (&[][..], &[][..]),
        };
        listed(
            self.rows,
            self.cols,
            &self.cells,
            keys,
            per_board,
            default,
            over_cells,
            over_keys,
        )
    }
}

/// Appends the decimal digits of `v` (what `json.dumps` writes for an int), without `fmt`.
fn push_int(out: &mut Vec<u8>, mut v: usize) {
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
    out.extend_from_slice(&buf[k..]);
}

/// `[r, c]` as `json.dumps` writes it.
fn push_pair(out: &mut Vec<u8>, cell: usize, cols: usize) {
    if !out.is_empty() {
        out.extend_from_slice(b", ");
    }
    out.push(b'[');
    push_int(out, cell / cols);
    out.extend_from_slice(b", ");
    push_int(out, cell % cols);
    out.push(b']');
}

/// Bytes gathered before a write to the file descriptor.
const CHUNK: usize = 1 << 20;

/// The document's text after validation (see [`write_document`]), written to `out` in chunks of
/// about [`CHUNK`] bytes.
fn write_into<W: Write>(
    out: &mut W,
    parts: &[String],
    cols: usize,
    cells: &[usize],
    keys: &Keys<'_>,
    tails: &[String],
    verdicts: &[u8],
) -> std::io::Result<()> {
    let longest = tails.iter().map(|t| t.len()).max().unwrap_or(0);
    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK + longest + 64);
    let mut safe = Vec::new();
    let mut mine = Vec::new();
    buf.extend_from_slice(parts[0].as_bytes());
    buf.push(b'[');
    for (n, &c) in cells.iter().enumerate() {
        let k = keys.of(n, c) as usize;
        if n > 0 {
            buf.extend_from_slice(b", ");
        }
        buf.extend_from_slice(b"{\"row\": ");
        push_int(&mut buf, c / cols);
        buf.extend_from_slice(b", \"col\": ");
        push_int(&mut buf, c % cols);
        buf.extend_from_slice(b", ");
        buf.extend_from_slice(tails[k].as_bytes());
        match verdicts[k] {
            1 => push_pair(&mut safe, c, cols),
            2 => push_pair(&mut mine, c, cols),
            _ => {}
        }
        if buf.len() >= CHUNK {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    buf.push(b']');
    for (part, list) in [(&parts[1], &safe), (&parts[2], &mine)] {
        buf.extend_from_slice(part.as_bytes());
        buf.push(b'[');
        out.write_all(&buf)?;
        buf.clear();
        out.write_all(list)?;
        buf.push(b']');
    }
    buf.extend_from_slice(parts[3].as_bytes());
    out.write_all(&buf)?;
    out.flush()
}

/// Opens `fd` for writing without taking it over (it is neither closed nor dropped here).
#[cfg(unix)]
fn write_fd(
    fd: i32,
    f: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    use std::os::fd::FromRawFd;
    // SAFETY: the caller passes an open descriptor it keeps; ManuallyDrop never closes it.
    let mut file = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(fd) });
    f(&mut file)
}

#[cfg(not(unix))]
fn write_fd(
    _fd: i32,
    _f: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    Err(std::io::Error::other(
        "a file descriptor is written on unix only",
    ))
}

/// The whole document: `parts[0]` (the head, up to `"cells": `), the entries, `parts[1]` (`,
/// "proved_safe": `), the proved-safe cells, `parts[2]`, the proved-mine cells, `parts[3]` (the
/// tail, from `, "best_guess"`). Each entry is `{"row": R, "col": C, ` then `tails[key]`, each
/// listed cell's key read from `keyed` ([`CellKeys`]); `verdicts[key]` is 1 for an entry proved
/// safe, 2 proved mine, 0 else. Written to the file descriptor `fd` (None: returned as bytes), the
/// GIL released.
#[pyfunction]
#[pyo3(signature = (keyed, parts, tails, verdicts, fd=None))]
pub fn write_document(
    py: Python<'_>,
    keyed: &CellKeys,
    parts: Vec<String>,
    tails: Vec<String>,
    verdicts: &[u8],
    fd: Option<i32>,
) -> PyResult<Option<Py<PyBytes>>> {
    let cols = keyed.cols;
    let (cells, keys) = keyed.listed().map_err(PyValueError::new_err)?;
    checked(&parts, &cells, &keys, &tails, verdicts).map_err(PyValueError::new_err)?;
    let written = py.allow_threads(|| match fd {
        Some(fd) => write_fd(fd, |f| {
            write_into(f, &parts, cols, &cells, &keys, &tails, verdicts)
        })
        .map(|_| None),
        None => {
            let longest = tails.iter().map(|t| t.len()).max().unwrap_or(0);
            let mut out = Vec::with_capacity(cells.len() * (longest + 30) + 1024);
            write_into(&mut out, &parts, cols, &cells, &keys, &tails, verdicts).map(|_| Some(out))
        }
    });
    match written {
        Ok(Some(out)) => Ok(Some(PyBytes::new(py, &out).unbind())),
        Ok(None) => Ok(None),
        // with its errno, Python makes the matching subclass (BrokenPipeError for a closed pipe)
        Err(e) => Err(match e.raw_os_error() {
            Some(code) => PyOSError::new_err((code, e.to_string())),
            None => PyOSError::new_err(e.to_string()),
        }),
    }
}

/// Why [`write_document`]'s arguments do not make a document, if they do not (the cells and
/// keys checked by [`listed`]).
fn checked(
    parts: &[String],
    cells: &[usize],
    keys: &Keys<'_>,
    tails: &[String],
    verdicts: &[u8],
) -> Result<(), String> {
    if parts.len() != 4 || tails.len() != verdicts.len() {
        return Err("four parts, and a verdict for every tail".into());
    }
    for (n, &c) in cells.iter().enumerate() {
        if keys.of(n, c) as usize >= tails.len() {
            return Err(format!("cell {c} names no entry"));
        }
    }
    Ok(())
}

/// Among the listed cells of `keyed` ([`CellKeys`]) whose key's rank (`ranks`, four bytes a key;
/// `u32::MAX`: not a candidate) is lowest, the one with the fewest covered neighbours (`covered`:
/// a byte per board cell, nonzero when covered; empty: not counted), then the first in row-major
/// order. None when no cell is a candidate.
#[pyfunction]
#[pyo3(signature = (keyed, covered, ranks))]
pub fn best_cell(
    py: Python<'_>,
    keyed: &CellKeys,
    covered: &[u8],
    ranks: &[u8],
) -> PyResult<Option<usize>> {
    let (rows, cols) = (keyed.rows, keyed.cols);
    let (cells, keys) = keyed.listed().map_err(PyValueError::new_err)?;
    if !covered.is_empty() && covered.len() != rows.saturating_mul(cols) {
        return Err(PyValueError::new_err("covered is a byte per board cell"));
    }
    if ranks.len() % 4 != 0 {
        return Err(PyValueError::new_err("ranks are four bytes a key"));
    }
    Ok(py.allow_threads(|| best(rows, cols, covered, &cells, &keys, ranks)))
}

/// [`best_cell`] once its arguments are checked.
fn best(
    rows: usize,
    cols: usize,
    covered: &[u8],
    cells: &[usize],
    keys: &Keys<'_>,
    ranks: &[u8],
) -> Option<usize> {
    let rank = |k: u32| -> u32 {
        let k = k as usize;
        ranks.get(4 * k..4 * k + 4).map_or(u32::MAX, le_u32)
    };
    let around = |c: usize| -> u32 {
        if covered.is_empty() {
            return 0;
        }
        let (r, col) = (c / cols, c % cols);
        if r > 0 && r + 1 < rows && col > 0 && col + 1 < cols {
            // an interior cell (most of a board): its eight neighbours at fixed offsets
            let (up, down) = (c - cols, c + cols);
            return [up - 1, up, up + 1, c - 1, c + 1, down - 1, down, down + 1]
                .iter()
                .map(|&j| u32::from(covered[j] != 0))
                .sum();
        }
        neighbours(rows, cols, c)
            .map(|j| u32::from(covered[j] != 0))
            .sum()
    };
    let mut found: Option<(u32, u32, usize)> = None;
    for (n, &c) in cells.iter().enumerate() {
        let rk = rank(keys.of(n, c));
        if rk == u32::MAX || found.is_some_and(|b| rk > b.0) {
            continue;
        }
        let key = (rk, around(c), c);
        if found.map_or(true, |b| key < b) {
            found = Some(key);
        }
    }
    found.map(|b| b.2)
}

/// A key per board cell (`n` cells), four little-endian bytes each: `u32::MAX` where no layer
/// lists the cell, else the key the last layer listing it gives. `layers`: (board cells, their
/// keys), four bytes each. The per-board keys of [`write_document`] and [`best_cell`], made
/// without a Python step per board cell (a dict lookup per cell of a million was 0.14 s).
pub(crate) fn scatter(n: usize, layers: &[(&[u8], &[u8])]) -> Result<Vec<u8>, String> {
    let mut out = vec![0xFFu8; n.checked_mul(4).ok_or("too many cells")?];
    for &(cells, keys) in layers {
        if cells.len() % 4 != 0 || cells.len() != keys.len() {
            return Err("a layer is cells and keys, four bytes each, a key a cell".into());
        }
        for (c, k) in cells.chunks_exact(4).zip(keys.chunks_exact(4)) {
            let at = le_u32(c) as usize;
            let slot = out
                .get_mut(4 * at..4 * at + 4)
                .ok_or_else(|| format!("cell {at} is off the board"))?;
            slot.copy_from_slice(k);
        }
    }
    Ok(out)
}

/// [`scatter`] for Python: the keys of `n` board cells from `layers`, the GIL released.
#[pyfunction]
pub fn cell_keys<'py>(
    py: Python<'py>,
    n: usize,
    layers: Vec<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)>,
) -> PyResult<Bound<'py, PyBytes>> {
    let views: Vec<(&[u8], &[u8])> = layers
        .iter()
        .map(|(c, k)| (c.as_bytes(), k.as_bytes()))
        .collect();
    let out = py
        .allow_threads(|| scatter(n, &views))
        .map_err(PyValueError::new_err)?;
    Ok(PyBytes::new(py, &out))
}

/// Distinct `(key, flag)` pairs, and per cell the index of its pair (four bytes each).
type Pairs = (Vec<(u32, u8)>, Vec<u8>);

/// The distinct `(key, flag)` pairs of `cells` (four bytes each, board cells), the key read off
/// `keys` (four bytes a board cell; `u32::MAX` past its end) and the flag off `flags` (a byte a
/// cell), in the order first met, and per cell the index of its pair (four bytes each): the proved
/// cells' entries are found once per distinct pair, then mapped to the cells.
pub(crate) fn pairs_of(keys: &[u8], cells: &[u8], flags: &[u8]) -> Result<Pairs, String> {
    if cells.len() % 4 != 0 || cells.len() / 4 != flags.len() {
        return Err("cells are four bytes each, a flag each".into());
    }
    let mut pairs: Vec<(u32, u8)> = Vec::new();
    let mut seen: std::collections::HashMap<(u32, u8), u32> = std::collections::HashMap::new();
    let mut index = Vec::with_capacity(cells.len());
    for (c, &f) in cells.chunks_exact(4).zip(flags) {
        let at = le_u32(c) as usize;
        let k = keys.get(4 * at..4 * at + 4).map_or(u32::MAX, le_u32);
        let n = *seen.entry((k, f)).or_insert_with(|| {
            pairs.push((k, f));
            (pairs.len() - 1) as u32
        });
        index.extend_from_slice(&n.to_le_bytes());
    }
    Ok((pairs, index))
}

/// The distinct (key, flag) pairs of the listed cells, in the order met (`key_pairs`), and each
/// cell's pair's index (`index`: four bytes a cell, little-endian).
#[pyclass(frozen, module = "cpsolve._core", name = "KeyPairs")]
pub struct KeyPairs {
    #[pyo3(get)]
    pairs: Vec<(u32, u8)>,
    #[pyo3(get)]
    index: Py<PyBytes>,
}

/// [`pairs_of`] for Python, a [`KeyPairs`], the GIL released.
#[pyfunction]
pub fn key_pairs(py: Python<'_>, keys: &[u8], cells: &[u8], flags: &[u8]) -> PyResult<KeyPairs> {
    let (pairs, index) = py
        .allow_threads(|| pairs_of(keys, cells, flags))
        .map_err(PyValueError::new_err)?;
    Ok(KeyPairs {
        pairs,
        index: PyBytes::new(py, &index).unbind(),
    })
}

/// Adds this room's functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<KeyColumn>()?;
    m.add_class::<KeyOverrides>()?;
    m.add_class::<CellKeys>()?;
    m.add_class::<KeyPairs>()?;
    m.add_function(wrap_pyfunction!(write_document, m)?)?;
    m.add_function(wrap_pyfunction!(best_cell, m)?)?;
    m.add_function(wrap_pyfunction!(cell_keys, m)?)?;
    m.add_function(wrap_pyfunction!(key_pairs, m)?)?;
    Ok(())
}

#[cfg(test)]
mod tests;
