//! The simplifier: solution-preserving rules applied to a fixpoint, each derived fact with its sources.
//!
//! A constraint needing 0 mines, or as many as it has cells, fixes them; a constraint inside another
//! is subtracted from it; two overlapping constraints whose difference is forced fix it. The steps go
//! in a stated order (constraints numbered as stored, cells fixed ascending, a fixed cell's
//! constraints and a constraint's neighbours visited in storing order, both queues stacks; the order
//! the Python simplifier it replaced followed, checked equal on 98,339 boards), so that the first
//! contradiction met, and its sources, which the conflict's explanation starts from, follow from the
//! clues alone.

use std::collections::HashMap;

use super::bits::Src;
use super::cells::{Cells, FxBuild};
use super::{Deadline, Error};

const NONE: u32 = u32::MAX;

/// A cell fixed by simplification, with the sources it follows from (several cells share one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    pub mine: bool,
    pub src: Src,
}

pub struct Simplifier<'d> {
    ids: HashMap<Cells, u32, FxBuild>,
    pub cells: Vec<Cells>,
    pub need: Vec<i32>,
    pub src: Vec<Src>,
    pub alive: Vec<bool>,
    by_cell: Vec<Vec<u32>>,
    /// Per board cell: its fact's number, or `NONE`.
    fact_of: Vec<u32>,
    pub facts: Vec<Fact>,
    /// The fixed cells in the order they were fixed.
    pub order: Vec<u32>,
    pub fixed_mines: usize,
    work: Vec<u32>,
    fixq: Vec<u32>,
    ticks: u32,
    deadline: &'d Deadline,
}

/// Boards of at most this many cells keep their per-cell lists between models (one thread's
/// scratch space): a small board's model was a fifth allocating and freeing them.
const SCRATCH_CELLS: usize = 1 << 12;

thread_local! {
    static BY_CELL: std::cell::RefCell<Vec<Vec<u32>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Lists longer than this are filled a chunk at a time, the deadline checked between chunks.
const FILL_CHUNK: usize = 1 << 16;

/// `n` copies of `value`, filled a chunk at a time with the deadline checked between chunks: the
/// per-cell lists of a 2000x2000 board are over 100 MB of fresh pages, and filling them in one
/// go took 0.5 s in a new process on a loaded machine, past a short deadline.
fn filled<T: Clone>(n: usize, value: T, deadline: &Deadline) -> Result<Vec<T>, Error> {
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        deadline.check()?;
        let upto = (out.len() + FILL_CHUNK).min(n);
        out.resize(upto, value.clone());
    }
    Ok(out)
}

/// `n` empty per-cell lists, the thread's scratch ones (with their capacity) when `n` is small.
fn scratch_by_cell(n: usize, deadline: &Deadline) -> Result<Vec<Vec<u32>>, Error> {
    if n > SCRATCH_CELLS {
        return filled(n, Vec::new(), deadline);
    }
    let mut lists = BY_CELL
        .try_with(|c| {
            c.try_borrow_mut()
                .map(|mut l| std::mem::take(&mut *l))
                .unwrap_or_default()
        })
        .unwrap_or_default();
    lists.truncate(n);
    for l in lists.iter_mut() {
        l.clear();
    }
    lists.resize_with(n, Vec::new);
    Ok(lists)
}

impl Drop for Simplifier<'_> {
    fn drop(&mut self) {
        if self.by_cell.len() <= SCRATCH_CELLS {
            let lists = std::mem::take(&mut self.by_cell);
            let _ = BY_CELL.try_with(|c| {
                if let Ok(mut l) = c.try_borrow_mut() {
                    *l = lists;
                }
            });
        }
    }
}

fn inconsistent(src: Src, reason: String) -> Error {
    Error::Inconsistent { src, reason }
}

/// Clue `cid`'s sources (none when `sources` is false), or None for a clue with no covered
/// neighbour left and no mine to place (it constrains nothing); Err for one with no covered
/// neighbour left that still needs mines. How the model's and the simplifier's clues start.
#[inline]
pub(super) fn clue_source(
    cid: usize,
    clue: &super::scan::Clue,
    sources: bool,
) -> Result<Option<Src>, Error> {
    let src = if sources {
        Src::clue(cid as u32)
    } else {
        Src::default()
    };
    if clue.cells.is_empty() {
        if clue.need != 0 {
            let reason = "a clue has no covered neighbour left for its mines".into();
            return Err(inconsistent(src, reason));
        }
        return Ok(None);
    }
    Ok(Some(src))
}

impl<'d> Simplifier<'d> {
    /// A simplifier over a board of `n` cells (`Err(OutOfTime)` when the deadline passes while
    /// its per-cell lists are made).
    pub fn new(n: usize, deadline: &'d Deadline) -> Result<Self, Error> {
        Ok(Simplifier {
            ids: HashMap::default(),
            cells: Vec::new(),
            need: Vec::new(),
            src: Vec::new(),
            alive: Vec::new(),
            by_cell: scratch_by_cell(n, deadline)?,
            fact_of: if n > SCRATCH_CELLS {
                filled(n, NONE, deadline)?
            } else {
                vec![NONE; n]
            },
            facts: Vec::new(),
            order: Vec::new(),
            fixed_mines: 0,
            work: Vec::new(),
            fixq: Vec::new(),
            ticks: 0,
            deadline,
        })
    }

    fn tick(&mut self) -> Result<(), Error> {
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks & 63 == 0 {
            self.deadline.check()?;
        }
        Ok(())
    }

    /// The fact fixing `cell`, if any.
    pub fn fact(&self, cell: u32) -> Option<&Fact> {
        match self.fact_of.get(cell as usize) {
            Some(&f) if f != NONE => Some(&self.facts[f as usize]),
            _ => None,
        }
    }

    /// The number of the fact fixing `cell` (`u32::MAX` when it is not fixed).
    pub fn fact_index(&self, cell: u32) -> u32 {
        self.fact_of.get(cell as usize).copied().unwrap_or(NONE)
    }

    /// Number of fixed cells.
    pub fn n_fixed(&self) -> usize {
        self.order.len()
    }

    /// The number of the stored constraint on exactly `cells`, if any.
    pub fn id_of(&self, cells: &Cells) -> Option<u32> {
        self.ids.get(cells).copied()
    }

    /// Stores `need` mines among `cells` (not yet stored, no cell fixed) under the next number.
    pub fn store(&mut self, cells: Cells, need: i32, src: Src) {
        let k = self.cells.len() as u32;
        self.ids.insert(cells, k);
        for &c in cells.as_slice() {
            self.by_cell[c as usize].push(k);
        }
        self.cells.push(cells);
        self.need.push(need);
        self.src.push(src);
        self.alive.push(true);
        self.work.push(k);
    }

    fn new_fact(&mut self, mine: bool, src: Src) -> u32 {
        self.facts.push(Fact { mine, src });
        (self.facts.len() - 1) as u32
    }

    fn set_fixed(&mut self, cell: u32, fact: u32) {
        self.fact_of[cell as usize] = fact;
        self.order.push(cell);
        self.fixq.push(cell);
        if self.facts[fact as usize].mine {
            self.fixed_mines += 1;
        }
    }

    pub fn add(&mut self, cells: Cells, need: i32, src: Src) -> Result<(), Error> {
        self.tick()?;
        let mut cells = cells;
        let mut need = need;
        let mut src = src;
        if cells
            .as_slice()
            .iter()
            .any(|&c| self.fact_of[c as usize] != NONE)
        {
            let mut keep = Cells::default();
            for &c in cells.as_slice() {
                let f = self.fact_of[c as usize];
                if f == NONE {
                    keep.push(c);
                } else if self.facts[f as usize].mine {
                    need -= 1;
                }
            }
            if keep.is_empty() && need == 0 {
                return Ok(()); // met by the fixed cells: it says nothing more
            }
            for &c in cells.as_slice() {
                let f = self.fact_of[c as usize];
                if f != NONE {
                    src.union_in(&self.facts[f as usize].src);
                }
            }
            cells = keep;
        }
        let n = cells.len() as i32;
        if need < 0 || need > n {
            return Err(inconsistent(
                src,
                format!("{need} mines needed among {n} cells"),
            ));
        }
        if n == 0 {
            return Ok(());
        }
        if need == 0 || need == n {
            let fact = self.new_fact(need == n, src);
            for &c in cells.as_slice() {
                self.set_fixed(c, fact);
            }
            return Ok(());
        }
        if let Some(old) = self.id_of(&cells) {
            if self.need[old as usize] != need {
                let both = src.union(&self.src[old as usize]);
                return Err(inconsistent(
                    both,
                    "two constraints on the same cells disagree".into(),
                ));
            }
            return Ok(());
        }
        self.store(cells, need, src);
        Ok(())
    }

    /// `add` for every clue in order (source: the clue's id, or none when `sources` is false).
    pub fn add_clues(&mut self, clues: &[super::scan::Clue], sources: bool) -> Result<(), Error> {
        // room for the clues' constraints and about as many differences (a vector grown push by
        // push was a tenth of a small board's model)
        let room = 2 * clues.len();
        self.cells.reserve(room);
        self.need.reserve(room);
        self.src.reserve(room);
        self.alive.reserve(room);
        self.work.reserve(room);
        self.ids.reserve(room);
        self.deadline.check()?; // the reserved room is fresh memory on a huge board
        for (cid, clue) in clues.iter().enumerate() {
            let Some(src) = clue_source(cid, clue, sources)? else {
                continue;
            };
            self.add(clue.cells, clue.need, src)?;
        }
        Ok(())
    }

    /// Fixes `cell` as `mine` from `src`; `slot` shares one fact among the cells of one step.
    pub fn fix(&mut self, cell: u32, mine: bool, src: &Src, slot: &mut u32) -> Result<(), Error> {
        let f = self.fact_of[cell as usize];
        if f != NONE {
            let fact = &self.facts[f as usize];
            if fact.mine != mine {
                let both = src.union(&fact.src);
                return Err(inconsistent(
                    both,
                    "a cell is forced both safe and mine".into(),
                ));
            }
            return Ok(());
        }
        if *slot == NONE {
            *slot = self.new_fact(mine, src.clone());
        }
        self.set_fixed(cell, *slot);
        Ok(())
    }

    /// Fixes the cells of `mines` mines, then those of `safe` safe, each in ascending order.
    fn fix_split(&mut self, mines: &Cells, safe: &Cells, src: &Src) -> Result<(), Error> {
        let mut slot = NONE;
        for &c in mines.as_slice() {
            self.fix(c, true, src, &mut slot)?;
        }
        let mut slot = NONE;
        for &c in safe.as_slice() {
            self.fix(c, false, src, &mut slot)?;
        }
        Ok(())
    }

    fn remove(&mut self, k: u32) {
        self.alive[k as usize] = false;
        let cells = self.cells[k as usize];
        self.ids.remove(&cells);
        for &c in cells.as_slice() {
            let on = &mut self.by_cell[c as usize];
            if let Some(p) = on.iter().position(|&x| x == k) {
                on.swap_remove(p);
            }
        }
    }

    pub fn run(&mut self) -> Result<(), Error> {
        let mut near: Vec<u32> = Vec::new();
        loop {
            while let Some(cell) = self.fixq.pop() {
                let mut on = std::mem::take(&mut self.by_cell[cell as usize]);
                on.sort_unstable();
                for k in on {
                    if self.alive[k as usize] {
                        self.remove(k);
                        let (cells, need) = (self.cells[k as usize], self.need[k as usize]);
                        let src = self.src[k as usize].clone();
                        self.add(cells, need, src)?;
                    }
                }
            }
            let Some(a) = self.work.pop() else { break };
            self.tick()?;
            let au = a as usize;
            if !self.alive[au] {
                continue;
            }
            let (ca, na) = (self.cells[au], self.need[au]);
            near.clear();
            for &c in ca.as_slice() {
                near.extend_from_slice(&self.by_cell[c as usize]);
            }
            near.sort_unstable();
            near.dedup();
            for &b in near.iter() {
                let bu = b as usize;
                if b == a || !self.alive[bu] || !self.alive[au] {
                    continue;
                }
                let (cb, nb) = (self.cells[bu], self.need[bu]);
                if ca.proper_subset(&cb) {
                    let src = self.src[au].union(&self.src[bu]);
                    self.remove(b);
                    self.add(cb.minus(&ca), nb - na, src)?;
                } else if cb.proper_subset(&ca) {
                    let src = self.src[au].union(&self.src[bu]);
                    self.remove(a);
                    self.add(ca.minus(&cb), na - nb, src)?;
                    break;
                } else {
                    // Overlap: when B needs |B\A| more mines than A, B\A is all mines and A\B all safe.
                    let only_b = cb.minus(&ca);
                    let only_a = ca.minus(&cb);
                    if nb - na == only_b.len() as i32 {
                        let src = self.src[au].union(&self.src[bu]);
                        self.fix_split(&only_b, &only_a, &src)?;
                    } else if na - nb == only_a.len() as i32 {
                        let src = self.src[au].union(&self.src[bu]);
                        self.fix_split(&only_a, &only_b, &src)?;
                    } else {
                        continue;
                    }
                    // facts found: apply them first, then look at this constraint again
                    self.work.push(a);
                    break;
                }
            }
        }
        Ok(())
    }
}
