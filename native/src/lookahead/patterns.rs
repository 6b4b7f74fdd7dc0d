//! The would-be 50/50s of the guess evaluator (`cpsolve/play/guess.py`): the pseudo-50/50 scan and
//! the 50/50 influence of a cell, over a counted [`Position`].
//!
//! A would-be 50/50 is a pair of hidden cells across (`H`), a pair down (`V`) or a 2x2 block (`B`)
//! whose *enablers* (the cells that would tell its two mine patterns apart) are all mines: then
//! nothing outside can ever tell the patterns apart. Anchored at a cell (the pair's first cell, the
//! block's top-left), its first tile (the block's first diagonal) is taken as the mine side; the
//! enablers not known to be mines are *missing*. Its count is the placements with its mine side
//! and its missing enablers mines and its other tiles safe (`condition`, counted exactly).
//!
//! Every number compared is exact or the correctly rounded float Python gave (the probabilities of
//! [`Position::prob`], a count over `z` by [`ratio::ratio`]), in the order the Python rule compared
//! them, so the moves are those of the rule this replaced. Nothing here makes a certainty.

use super::{ratio, Position};
use crate::count::num::{Deadline, Stop};
use num_bigint::BigUint;
use num_traits::Zero;
use std::collections::HashMap;
use std::sync::Mutex;

/// A position's would-be 50/50 counts, by (mines, safes) ascending.
pub(super) type Memo = Mutex<HashMap<(Vec<u32>, Vec<u32>), BigUint>>;

/// A shape: its tiles (the first `mines` of them the mine side) and its enablers, as (row, column)
/// offsets from the anchor.
pub(super) struct Shape {
    tiles: &'static [(isize, isize)],
    enablers: &'static [(isize, isize)],
    mines: usize,
}

/// A pair across: the anchor and the cell to its right.
const H: Shape = Shape {
    tiles: &[(0, 0), (0, 1)],
    enablers: &[(-1, -1), (0, -1), (1, -1), (-1, 2), (0, 2), (1, 2)],
    mines: 1,
};
/// A pair down: the anchor and the cell below it.
const V: Shape = Shape {
    tiles: &[(0, 0), (1, 0)],
    enablers: &[(-1, -1), (-1, 0), (-1, 1), (2, -1), (2, 0), (2, 1)],
    mines: 1,
};
/// A 2x2 block with the anchor top-left; its first two tiles are one diagonal.
const B: Shape = Shape {
    tiles: &[(0, 0), (1, 1), (0, 1), (1, 0)],
    enablers: &[(-1, -1), (-1, 2), (2, -1), (2, 2)],
    mines: 2,
};

/// The shapes in the order the scan takes them.
pub(super) const SHAPES: [&Shape; 3] = [&H, &V, &B];

/// Slack of the scan's float comparison of a tile's probability with the pattern's bound.
const SLACK: f64 = 1e-9;

/// A would-be 50/50 found at an anchor: the cells taken as mines (its mine side, then its missing
/// enablers), the cells taken as safe (its other tiles), how many enablers are missing.
pub(super) struct Pattern {
    pub(super) mines: Vec<u32>,
    pub(super) safes: Vec<u32>,
    pub(super) missing: usize,
}

impl Pattern {
    /// The tiles: the mine side, then the other tiles.
    fn tiles(&self, shape: &Shape) -> impl Iterator<Item = u32> + '_ {
        self.mines[..shape.mines].iter().chain(&self.safes).copied()
    }
}

/// What the scan found: the first pseudo-50/50 cell, or the influence of every would-be 50/50 with
/// at most one missing enabler (per tile, per missing enabler: the summed counts).
pub(super) struct Scan {
    pub(super) pseudo: Option<u32>,
    pub(super) cells: Vec<(u32, BigUint)>,
    pub(super) enablers: Vec<(u32, BigUint)>,
}

/// Adds `n` to `cell`'s entry of `into` (entries in the order first met).
fn add(into: &mut Vec<(u32, BigUint)>, cell: u32, n: &BigUint) {
    match into.iter_mut().find(|(c, _)| *c == cell) {
        Some((_, v)) => *v += n,
        None => into.push((cell, n.clone())),
    }
}

impl Position {
    /// Whether board cell `j` is hidden: covered and not certainly a mine (a probability of 1.0,
    /// the float, as the Python rule read it). Revealed cells and mines are not.
    fn hidden(&self, prob: &[f64], j: usize) -> bool {
        self.codes[j] == -1 && prob[j] != 1.0
    }

    /// The would-be 50/50 of `shape` anchored at (`r`, `c`) with at most `limit` missing enablers,
    /// or None: a tile off the board or not hidden, an enabler revealed (it tells the patterns
    /// apart), or more missing. Enablers off the board count as mines.
    pub(super) fn pattern_at(
        &self,
        prob: &[f64],
        shape: &Shape,
        r: isize,
        c: isize,
        limit: usize,
    ) -> Option<Pattern> {
        let (rows, cols) = (self.rows as isize, self.cols as isize);
        let at = |dr: isize, dc: isize| {
            let (rr, cc) = (r + dr, c + dc);
            (0 <= rr && rr < rows && 0 <= cc && cc < cols).then(|| (rr * cols + cc) as usize)
        };
        // checked before anything is allocated: the scan asks at every cell, most fail at once
        if shape
            .tiles
            .iter()
            .any(|&(dr, dc)| !matches!(at(dr, dc), Some(j) if self.hidden(prob, j)))
        {
            return None;
        }
        let mut n = 0;
        for &(dr, dc) in shape.enablers {
            if let Some(e) = at(dr, dc) {
                if self.codes[e] >= 0 {
                    return None;
                }
                n += usize::from(self.hidden(prob, e));
            }
        }
        if n > limit {
            return None;
        }
        let mut tiles: Vec<u32> = Vec::with_capacity(shape.tiles.len() + n);
        tiles.extend(
            shape
                .tiles
                .iter()
                .filter_map(|&(dr, dc)| at(dr, dc).map(|j| j as u32)),
        );
        let missing = shape
            .enablers
            .iter()
            .filter_map(|&(dr, dc)| at(dr, dc))
            .filter(|&e| self.hidden(prob, e))
            .map(|e| e as u32);
        let safes = tiles.split_off(shape.mines);
        tiles.extend(missing);
        Some(Pattern {
            mines: tiles,
            safes,
            missing: n,
        })
    }

    /// An upper bound on the chance of `p`: no more than any one of its cells' chance (a mine side
    /// cell's probability, a safe cell's safety), as floats.
    fn bound(prob: &[f64], p: &Pattern) -> f64 {
        let of = |x: f64, default: f64| if x.is_nan() { default } else { x };
        p.mines
            .iter()
            .map(|&m| of(prob[m as usize], 1.0))
            .chain(p.safes.iter().map(|&s| 1.0 - of(prob[s as usize], 0.0)))
            .fold(f64::INFINITY, |b, v| if v < b { v } else { b })
    }

    /// Placements with `p`'s mines mines and its safes safe (0 when its bound is 0): counted once
    /// per position (kept by its cells).
    fn pattern_count(&self, prob: &[f64], p: &Pattern, dl: &Deadline) -> Result<BigUint, Stop> {
        if Self::bound(prob, p) == 0.0 {
            return Ok(BigUint::zero());
        }
        let mut key = (p.mines.clone(), p.safes.clone());
        key.0.sort_unstable();
        key.1.sort_unstable();
        if let Ok(memo) = self.patterns.lock() {
            if let Some(n) = memo.get(&key) {
                return Ok(n.clone());
            }
        }
        let n = self.conditioned_z(&p.mines, &p.safes, dl)?;
        if let Ok(mut memo) = self.patterns.lock() {
            memo.insert(key, n.clone());
        }
        Ok(n)
    }

    /// Placements with `mines` mines and `safes` safe (what `condition` counts).
    fn conditioned_z(&self, mines: &[u32], safes: &[u32], dl: &Deadline) -> Result<BigUint, Stop> {
        let Some(extra) = self.unfixed_conditions(mines, safes) else {
            return Ok(BigUint::zero());
        };
        if extra.is_empty() {
            return Ok(self.z.clone());
        }
        Ok(match self.derive(None, extra, self.same_board(), dl)? {
            Some(p) => p.z,
            None => BigUint::zero(),
        })
    }

    /// The scan for pseudo-50/50s and would-be 50/50s (at most one missing enabler), the shapes in
    /// the order of [`SHAPES`], anchors ascending. A pattern is passed over when it has more mines
    /// than are left, or when its bound is at most `threshold` and every tile is likelier a mine
    /// than the bound (then it is neither a pseudo-50/50 nor influential) or it has no placement.
    /// A tile that is a mine in exactly the pattern's placements and is not dead is a pseudo-50/50:
    /// the first such ends the scan. Otherwise a pattern whose count over `z` is above
    /// `threshold` adds its count to each tile and each missing enabler.
    pub(super) fn scan_patterns(&self, threshold: f64, dl: &Deadline) -> Result<Scan, Stop> {
        let prob = self.prob()?;
        let mut out = Scan {
            pseudo: None,
            cells: Vec::new(),
            enablers: Vec::new(),
        };
        let cols = self.cols as isize;
        for shape in SHAPES {
            for i in 0..(self.rows * self.cols) as isize {
                let Some(p) = self.pattern_at(prob, shape, i / cols, i % cols, 1) else {
                    continue;
                };
                if p.mines.len() as i64 > self.remaining {
                    continue;
                }
                let bound = Self::bound(prob, &p);
                if bound <= threshold && p.tiles(shape).all(|t| prob[t as usize] > bound + SLACK) {
                    continue;
                }
                dl.check()?;
                let tally = self.pattern_count(prob, &p, dl)?;
                if tally.is_zero() {
                    continue;
                }
                for t in p.tiles(shape) {
                    if self.tally_of(t)?.as_ref() == Some(&tally) && !self.is_dead(t, dl)? {
                        out.pseudo.get_or_insert(t);
                    }
                }
                if out.pseudo.is_some() {
                    return Ok(out);
                }
                if ratio::ratio(&tally, &self.z) > threshold {
                    for &e in &p.mines[shape.mines..] {
                        add(&mut out.enablers, e, &tally);
                    }
                    for t in p.tiles(shape) {
                        add(&mut out.cells, t, &tally);
                    }
                }
            }
        }
        Ok(out)
    }

    /// Placements in which opening `cell` (when safe) breaks a would-be 50/50 (at most three
    /// missing enablers) it is a tile of: per shape the largest count among the patterns whose
    /// tile it is, summed, plus `enabler` (its count as a missing enabler in the scan), capped by
    /// the placements where `cell` is a mine and those where it is safe. None if `cell` is not
    /// unknown.
    pub(super) fn influence_of(
        &self,
        cell: u32,
        enabler: &BigUint,
        dl: &Deadline,
    ) -> Result<Option<BigUint>, Stop> {
        let Some(tally) = self.tally_of(cell)? else {
            return Ok(None);
        };
        let prob = self.prob()?;
        let cols = self.cols as isize;
        let (r, c) = (cell as isize / cols, cell as isize % cols);
        let mut total = BigUint::zero();
        for shape in SHAPES {
            let anchors: &[(isize, isize)] = if shape.mines == 2 {
                &[(0, 0), (0, -1), (-1, 0), (-1, -1)]
            } else if shape.tiles[1] == (0, 1) {
                &[(0, 0), (0, -1)]
            } else {
                &[(0, 0), (-1, 0)]
            };
            let mut best = BigUint::zero();
            for &(dr, dc) in anchors {
                let Some(p) = self.pattern_at(prob, shape, r + dr, c + dc, 3) else {
                    continue;
                };
                if p.missing > 3 || p.mines.len() as i64 > self.remaining {
                    continue;
                }
                dl.check()?;
                let n = self.pattern_count(prob, &p, dl)?;
                if n > best {
                    best = n;
                }
            }
            total += best;
        }
        total += enabler;
        let safe = if tally <= self.z {
            &self.z - &tally
        } else {
            BigUint::zero()
        };
        Ok(Some(total.min(tally).min(safe)))
    }
}
