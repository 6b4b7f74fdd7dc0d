//! Per-component work over every counted component of a model in one call, for a board whose
//! components were all counted but whose combination through the total was not done exactly (a
//! huge board): each component's cells read off the core's own model, so neither the components
//! nor a Python step per component cross the boundary (about 6,000 components on a mid-game
//! 1000x1000 board: one call of the core each, and the groups' cells made in Python, were most of
//! the estimate's time).
//!
//! - [`distribution_marginals`]: the estimate's per-cell values given each component's (estimated)
//!   distribution of its mine count: the exact backward pass under integer weights, each value
//!   the correctly rounded float of an exact ratio (`lookahead::ratio`, Python's `int / int`).
//! - [`forced_cells`]: which frontier cells are forced, exactly, given the mine total: a
//!   component's mine numbers that the rest of the board can complete (bit sets, shift-or), and
//!   the groups at exactly 0 or 1 under those.

use num_bigint::BigUint;
use num_traits::{FromPrimitive, Zero};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use super::num::{Deadline, Stop};
use super::{Counted, Counts};
use crate::errors::stop_err;
use crate::lookahead::ratio::ratio;
use crate::model::{Component, PyModel};

/// `counts[k]` of a counted component as big integers (what the Python side's ints were).
fn counts_of(c: &Counted) -> Vec<BigUint> {
    c.counts_big()
}

/// The components `comps` of `model`, checked.
fn components<'a>(model: &'a PyModel, comps: &[usize]) -> Result<Vec<&'a Component>, Stop> {
    comps
        .iter()
        .map(|&ci| {
            model
                .model
                .components
                .get(ci)
                .ok_or_else(|| Stop::Invalid(format!("no component {ci}")))
        })
        .collect()
}

/// The group numerators and z of `c` under `weights`, as big integers.
fn weighed(
    c: &Counted,
    weights: &[BigUint],
    dl: &Deadline,
) -> Result<(Vec<BigUint>, BigUint), Stop> {
    Ok(match c.mines_of(weights, dl)? {
        Ok((n, z)) => (n.into_iter().map(BigUint::from).collect(), BigUint::from(z)),
        Err(big) => big,
    })
}

/// Per cell of the components `comps` (in order, their groups in order, a group's cells in
/// order), the mine probability given `dists[i]`, an estimated distribution of component i's
/// mine count: P(k) turned into the integer weight floor(floor(P(k) 2^62) max(counts) / counts(k))
/// (0 where counts(k) is 0), then group g's value numerator(g) / (size(g) z), correctly rounded.
/// A component whose weights give z = 0 has no value (its cells are left out).
fn marginals(
    model: &PyModel,
    comps: &[usize],
    handles: &[&Counted],
    dists: &[Vec<f64>],
    dl: &Deadline,
) -> Result<(Vec<u32>, Vec<f64>), Stop> {
    if comps.len() != handles.len() || comps.len() != dists.len() {
        return Err(Stop::Invalid(
            "a handle and a distribution per component".into(),
        ));
    }
    let parts = components(model, comps)?;
    let scale = 2f64.powi(62);
    let (mut cells, mut values) = (Vec::new(), Vec::new());
    for ((comp, c), dist) in parts.iter().zip(handles).zip(dists) {
        dl.check()?;
        let counts = counts_of(c);
        let top = counts.iter().max().cloned().unwrap_or_default();
        let mut weights = Vec::with_capacity(counts.len());
        for (&p, n) in dist.iter().zip(&counts) {
            if n.is_zero() {
                weights.push(BigUint::zero());
                continue;
            }
            let w = BigUint::from_f64(p * scale)
                .ok_or_else(|| Stop::Invalid(format!("{p} is not a probability")))?;
            weights.push(w * &top / n);
        }
        let (numer, z) = weighed(c, &weights, dl)?;
        if z.is_zero() {
            continue;
        }
        if numer.len() != comp.groups.len() {
            return Err(Stop::Invalid("the handle is not this component's".into()));
        }
        for (g, num) in comp.groups.iter().zip(&numer) {
            let p = ratio(num, &(&z * BigUint::from(g.cells.len())));
            cells.extend_from_slice(&g.cells);
            values.resize(cells.len(), p);
        }
    }
    Ok((cells, values))
}

/// The cells and values of [`marginals`] (`distribution_marginals`): `cells` four bytes a cell
/// (little-endian), `values` eight a value (native f64), in the same order.
#[pyclass(frozen, module = "cpsolve._core", name = "Marginals")]
pub struct Marginals {
    #[pyo3(get)]
    cells: Py<PyBytes>,
    #[pyo3(get)]
    values: Py<PyBytes>,
}

/// The [`Marginals`] of [`marginals`], the GIL released.
#[pyfunction]
#[pyo3(signature = (model, comps, handles, dists, seconds=None))]
pub fn distribution_marginals<'py>(
    py: Python<'py>,
    model: PyRef<'py, PyModel>,
    comps: Vec<usize>,
    handles: Vec<PyRef<'py, Counted>>,
    dists: Vec<Vec<f64>>,
    seconds: Option<f64>,
) -> PyResult<Marginals> {
    let refs: Vec<&Counted> = handles.iter().map(|h| &**h).collect();
    let m: &PyModel = &model;
    let dl = Deadline::after(seconds);
    let (cells, values) = py
        .allow_threads(|| marginals(m, &comps, &refs, &dists, &dl))
        .map_err(stop_err)?;
    let cb: Vec<u8> = cells.iter().flat_map(|c| c.to_le_bytes()).collect();
    let vb: Vec<u8> = values.iter().flat_map(|v| v.to_ne_bytes()).collect();
    Ok(Marginals {
        cells: PyBytes::new(py, &cb).unbind(),
        values: PyBytes::new(py, &vb).unbind(),
    })
}

/// A set of integers `0..64 * words` as bits.
#[derive(Clone)]
pub(super) struct Bits(Vec<u64>);

impl Bits {
    pub(super) fn new(bits: usize) -> Bits {
        Bits(vec![0; bits / 64 + 1])
    }

    pub(super) fn get(&self, i: usize) -> bool {
        self.0.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 != 0)
    }

    pub(super) fn set(&mut self, i: usize) {
        if let Some(w) = self.0.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    }

    /// Word `i` of `self >> k` (zero past the end).
    fn shr_word(&self, i: usize, k: usize) -> u64 {
        let (q, r) = (k / 64, k % 64);
        let at = |j: usize| self.0.get(j).copied().unwrap_or(0);
        let lo = at(i + q) >> r;
        if r == 0 {
            lo
        } else {
            lo | at(i + q + 1) << (64 - r)
        }
    }

    /// `self |= other >> k`.
    pub(super) fn or_shr(&mut self, other: &Bits, k: usize) {
        for i in 0..self.0.len() {
            self.0[i] |= other.shr_word(i, k);
        }
    }

    /// `self |= other << k`, within `self`'s words.
    pub(super) fn or_shl(&mut self, other: &Bits, k: usize) {
        let (q, r) = (k / 64, k % 64);
        for i in (q..self.0.len()).rev() {
            let j = i - q;
            let hi = other.0.get(j).copied().unwrap_or(0) << r;
            let lo = if r == 0 || j == 0 {
                0
            } else {
                other.0.get(j - 1).copied().unwrap_or(0) >> (64 - r)
            };
            self.0[i] |= hi | lo;
        }
    }

    /// `self & (other >> k)` is not empty.
    pub(super) fn meets_shr(&self, other: &Bits, k: usize) -> bool {
        (0..self.0.len()).any(|i| self.0[i] & other.shr_word(i, k) != 0)
    }

    /// The first `bits` bits (the rest dropped).
    pub(super) fn truncated(&self, bits: usize) -> Bits {
        Bits(self.0[..(bits / 64 + 1).min(self.0.len())].to_vec())
    }
}

/// The mine numbers each component can take with the total met: per component i (of degree
/// `degs[i]`, the mine numbers `supports[i]` it has placements for) the bits d such that the
/// components after it and the `n_outside` off-frontier cells can hold exactly `remaining - d`
/// mines (kept up to the bits a prefix of the components before it can reach), and the width of
/// every set (the degrees' sum and one). None when no placement meets the total.
pub(super) fn suffixes(
    degs: &[usize],
    supports: &[&[usize]],
    remaining: i64,
    n_outside: u64,
    dl: &Deadline,
) -> Result<Option<(Vec<Bits>, usize)>, Stop> {
    let total_deg: usize = degs.iter().sum();
    let width = total_deg + 1;
    let lo = (remaining - n_outside.min(i64::MAX as u64) as i64).max(0);
    let hi = remaining.min(total_deg as i64);
    let mut rev = Bits::new(width);
    for d in lo..=hi {
        rev.set(d as usize);
    }
    // rev after component i, up to the bits its test reads (the degrees up to i: a prefix never
    // holds more)
    let mut before = Vec::with_capacity(degs.len());
    let mut acc = 0usize;
    for &d in degs {
        acc += d;
        before.push(acc);
    }
    let mut after: Vec<Bits> = Vec::with_capacity(degs.len());
    for i in (0..degs.len()).rev() {
        if i % 16 == 0 {
            dl.check()?;
        }
        after.push(rev.truncated(before[i]));
        let mut next = Bits::new(width);
        for &k in supports[i] {
            next.or_shr(&rev, k);
        }
        rev = next;
    }
    after.reverse();
    Ok(rev.get(0).then_some((after, width)))
}

/// The off-frontier cells' verdict once `prefix` holds the mine numbers every component together
/// can take (bit d: exactly d): a mine or not when every feasible number of mines left for the
/// `n_outside` cells (`remaining - d`) is all of them or none; None otherwise or without such cells.
pub(super) fn outside_forced(
    prefix: &Bits,
    width: usize,
    remaining: i64,
    n_outside: u64,
) -> Option<bool> {
    if n_outside == 0 {
        return None;
    }
    let xs: Vec<i64> = (0..width)
        .filter(|&d| prefix.get(d))
        .map(|d| remaining - d as i64)
        .filter(|&x| 0 <= x && x as u64 <= n_outside)
        .collect();
    if xs.is_empty() {
        None
    } else if xs.iter().all(|&x| x == 0) {
        Some(false)
    } else if xs.iter().all(|&x| x as u64 == n_outside) {
        Some(true)
    } else {
        None
    }
}

/// What [`forced`] found: the forced frontier cells and whether each is a mine, and the
/// off-frontier cells' verdict (None: not forced, or no such cell).
type Forced = (Vec<u32>, Vec<bool>, Option<bool>);

/// The cells of the components `comps` (all of the model's, ascending) that are forced, exactly,
/// when `remaining` mines lie on them and the `n_outside` off-frontier cells: per component the
/// mine numbers the others and the outside can complete to `remaining` (bit d of `rev[i]`: the
/// components from i on and the outside can hold exactly `remaining - d` mines; of `prefix`: the
/// components before i can hold exactly d), each such mine number weighted 1, and a group forced
/// when its weighted mines are 0 or its size times z. None when no placement meets the total.
fn forced(
    model: &PyModel,
    comps: &[usize],
    handles: &[&Counted],
    remaining: i64,
    n_outside: u64,
    dl: &Deadline,
) -> Result<Option<Forced>, Stop> {
    if comps.len() != handles.len() {
        return Err(Stop::Invalid("a handle per component".into()));
    }
    let parts = components(model, comps)?;
    let supports: Vec<Vec<usize>> = handles
        .iter()
        .map(|c| match &c.dp {
            Counts::Small(d) => (0..d.counts.len()).filter(|&k| d.counts[k] != 0).collect(),
            Counts::Big(d) => (0..d.counts.len())
                .filter(|&k| !d.counts[k].is_zero())
                .collect(),
        })
        .collect();
    let degs: Vec<usize> = handles
        .iter()
        .map(|c| match &c.dp {
            Counts::Small(d) => d.counts.len().saturating_sub(1),
            Counts::Big(d) => d.counts.len().saturating_sub(1),
        })
        .collect();
    let supports: Vec<&[usize]> = supports.iter().map(Vec::as_slice).collect();
    let Some((after, width)) = suffixes(&degs, &supports, remaining, n_outside, dl)? else {
        return Ok(None);
    };
    let (mut cells, mut mines) = (Vec::new(), Vec::new());
    let mut prefix = Bits::new(width);
    prefix.set(0);
    for (i, (comp, c)) in parts.iter().zip(handles).enumerate() {
        dl.check()?;
        let len = degs[i] + 1;
        let mut weights = vec![BigUint::zero(); len];
        for &k in supports[i] {
            if prefix.meets_shr(&after[i], k) {
                weights[k] = BigUint::from(1u8);
            }
        }
        let (numer, z) = weighed(c, &weights, dl)?;
        if numer.len() != comp.groups.len() {
            return Err(Stop::Invalid("the handle is not this component's".into()));
        }
        for (g, num) in comp.groups.iter().zip(&numer) {
            let mine = !num.is_zero();
            if !mine || *num == &z * BigUint::from(g.cells.len()) {
                cells.extend_from_slice(&g.cells);
                mines.resize(cells.len(), mine);
            }
        }
        let mut next = Bits::new(width);
        for &k in supports[i] {
            next.or_shl(&prefix, k);
        }
        prefix = next;
    }
    let outside = outside_forced(&prefix, width, remaining, n_outside);
    Ok(Some((cells, mines, outside)))
}

/// The cells [`forced`] forces (`forced_cells`): `cells` four bytes each (little-endian), `mines`
/// a byte each that is 1 for a mine, in the same order, and `outside` the off-frontier cells'
/// verdict (a mine or not; None: not forced).
#[pyclass(frozen, module = "cpsolve._core", name = "ForcedCells")]
pub struct ForcedCells {
    #[pyo3(get)]
    cells: Py<PyBytes>,
    #[pyo3(get)]
    mines: Py<PyBytes>,
    #[pyo3(get)]
    outside: Option<bool>,
}

/// [`forced`] for Python (the model's off-frontier cells are its own): the [`ForcedCells`], or
/// None when no placement meets the total. The GIL released.
#[pyfunction]
#[pyo3(signature = (model, comps, handles, remaining, seconds=None))]
pub fn forced_cells<'py>(
    py: Python<'py>,
    model: PyRef<'py, PyModel>,
    comps: Vec<usize>,
    handles: Vec<PyRef<'py, Counted>>,
    remaining: i64,
    seconds: Option<f64>,
) -> PyResult<Option<ForcedCells>> {
    let refs: Vec<&Counted> = handles.iter().map(|h| &**h).collect();
    let m: &PyModel = &model;
    let n_outside = m.model.outside.len() as u64;
    let dl = Deadline::after(seconds);
    let got = py
        .allow_threads(|| forced(m, &comps, &refs, remaining, n_outside, &dl))
        .map_err(stop_err)?;
    Ok(got.map(|(cells, mines, outside)| {
        let cb: Vec<u8> = cells.iter().flat_map(|c| c.to_le_bytes()).collect();
        let mb: Vec<u8> = mines.iter().map(|&m| u8::from(m)).collect();
        ForcedCells {
            cells: PyBytes::new(py, &cb).unbind(),
            mines: PyBytes::new(py, &mb).unbind(),
            outside,
        }
    }))
}

/// Adds this part's functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(distribution_marginals, m)?)?;
    m.add_function(wrap_pyfunction!(forced_cells, m)?)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(v: &[usize], bits: usize) -> Bits {
        let mut b = Bits::new(bits);
        for &i in v {
            b.set(i);
        }
        b
    }

    fn list(b: &Bits, bits: usize) -> Vec<usize> {
        (0..bits).filter(|&i| b.get(i)).collect()
    }

    #[test]
    fn shifts_of_bit_sets_match_integers() {
        let bits = 300;
        let a = [0usize, 1, 63, 64, 65, 127, 128, 200, 299];
        for k in [0usize, 1, 5, 63, 64, 65, 130, 299, 400] {
            let mut r = Bits::new(bits);
            r.or_shr(&of(&a, bits), k);
            let want: Vec<usize> = a.iter().filter(|&&i| i >= k).map(|&i| i - k).collect();
            assert_eq!(list(&r, bits), want, "shr {k}");
            let mut l = Bits::new(bits);
            l.or_shl(&of(&a, bits), k);
            let want: Vec<usize> = a.iter().map(|&i| i + k).filter(|&i| i < bits).collect();
            assert_eq!(list(&l, bits), want, "shl {k}");
            let probe = of(&[3, 70], bits);
            let meets = a.iter().any(|&i| i >= k && (i - k == 3 || i - k == 70));
            assert_eq!(probe.meets_shr(&of(&a, bits), k), meets, "meets {k}");
        }
        assert_eq!(
            list(&of(&a, bits).truncated(64), bits),
            vec![0, 1, 63, 64, 65, 127]
        );
    }
}
