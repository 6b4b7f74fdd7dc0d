//! No-guess generation by re-laying the free frontier (`--method repair`).
//!
//! Lay the mines at random and play by forced cells ([`Table::play`], tracked). Where play stops,
//! the revealed numbers split in two: *frozen* ones, revealed before the last strong step that
//! proved a safe cell (that step may have used any of them), and *free* ones, revealed since (used
//! by nothing yet: a clue that the single-clue rule used has no covered neighbour left, so no
//! change reaches it). The covered cells next to a free clue and to no frozen one are the free
//! frontier F; the covered cells next to no revealed cell are the reservoir W. Re-laying the mines
//! of F and W (their number kept, so the mine total stays) changes no frozen number, so every move
//! made so far stays proved in the new layout, and play goes on from the current position instead
//! of starting again: a re-lay is kept once play proves a new safe cell. The mines for F are
//! tried at the density of F and W first, then one fewer, one more, two fewer, ... (as ms-toollib's
//! `laymine_solvable_adjust` orders them), a few random placements each; a placement whose view
//! (the numbers shown and the marks) was met before at this position is not played again, its play
//! having proved no safe cell there (play reads the view and the mine total alone). When no re-lay
//! helps, the layout is dropped for a fresh random one, up to [`FRESH_BEFORE_TATHAM`] per request
//! on boards with at most a quarter of their cells mines (until [`EARLY_STUCK`] of them got stuck
//! before half their safe cells: there fresh layouts are rarely won). Past those, Simon Tatham's
//! move mends it ([`Table::perturb`]: one clue's covered neighbours made all safe or all mines, the
//! mines traded with other covered cells, checked by a replay from the first click), and where
//! that has no room, the play backtracks to the position before its last successful strong step
//! (whose clues become free again; [`Table::backtrack`]). Past the snapshots kept, or past the
//! re-lays allowed per layout, it starts from a fresh random layout. The request's deadline bounds
//! it all.
//!
//! On boards with at most a quarter of their cells mines, the first fresh layouts (their cells at
//! most [`REJECT_CELLS`] in all) are dropped as soon as play stops, before any re-lay: rejection,
//! whose layouts are uniform draws. The re-lays, which keep every move play made, leave fewer
//! mines on the edge than uniform (most near the first click, where play settles the cells between
//! the opening and the border first), so the fewer layouts they make, the smaller that shift.
//!
//! Why fresh layouts first: Tatham's move is what takes `repair` away from uniform. On
//! Intermediate, the layouts it mended ended with 0.92 corner mines on average where they had been
//! laid with 0.72 (uniform no-guess layouts: 0.63), while layouts finished by re-lays alone went
//! from 0.68 to 0.71; with fresh layouts first the corner and 3BV shifts mostly go
//! (docs/layouts.md, "Bias").
//!
//! A layout made with re-lays is replayed from the first click on a fresh table and accepted only
//! when that replay is won (the argument above says it always is; the replay checks it, and where
//! the per-position budgets make it stop elsewhere, repair goes on from there).

use super::{is_revealed, ones, Caches, Error, Geometry, Limits, Rng, Snapshot, Table};
use crate::deadline::Deadline;
use crate::model::scan::{COVERED, MINE};

/// What [`generate`] made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The mine cells, ascending.
    pub mines: Vec<u32>,
    pub repairs: u32,
    pub restarts: u32,
    pub replays: u32,
}

/// How far [`generate`] got when it found nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortfall {
    /// Fresh random layouts laid, re-lays kept, plays from the first click.
    pub layouts: u32,
    pub repairs: u32,
    pub replays: u32,
    /// The most safe cells revealed by proved moves in any attempt, and the safe cells in all.
    pub best_revealed: usize,
    pub safe_cells: usize,
}

/// Tries at a stuck position with F and W at their common density before directed ones.
const RANDOM_TRIES: u32 = 2;

/// Fresh random layouts per request that start again where no re-lay helps, before Tatham's move
/// mends one (module docstring): his move leaves more mines in the corners and a lower 3BV than
/// uniform (docs/layouts.md), a fresh layout does not. Only on boards with at most a quarter of
/// their cells mines, where fresh layouts are won often enough.
const FRESH_BEFORE_TATHAM: u32 = 10;

/// Cells of the fresh random layouts that a request on a board with at most a quarter of its cells
/// mines drops as soon as play stops, before any re-lay (rejection: a layout won as laid is a
/// uniform draw): 50 layouts on 9x9, 16 on 16x16, 8 on 30x16, none past 64x64. The re-lays leave
/// fewer mines on the edge than uniform (docs/layouts.md: 9x9/20 -0.21, 16x16/60 -0.26 mines), and
/// the share of layouts they make falls with every layout dropped; the budget in cells keeps the
/// time this adds about the same on every board (a play's time grows with its cells).
const REJECT_CELLS: usize = 4096;

/// Fresh layouts stuck before half their safe cells that end [`FRESH_BEFORE_TATHAM`]'s rule for the
/// request: fresh layouts are rarely won there, and mending is cheaper than starting again.
const EARLY_STUCK: u32 = 2;

/// The settings of [`generate`].
#[derive(Clone, Debug)]
pub struct Plan {
    pub mines: usize,
    pub first: usize,
    /// Cells the first-click rule keeps free of mines (Python's `banned_cells`).
    pub banned: Vec<bool>,
    /// Re-lays (each one a kept change of the layout) per random layout before a fresh one.
    pub max_repairs: u32,
    /// Fresh random layouts before giving up.
    pub max_restarts: u32,
    /// Random placements tried at one stuck position before backtracking.
    pub tries: u32,
    /// Repair where play stops (`--method repair`); without it, a fresh random layout (rejection:
    /// `--method uniform`, exactly uniform over the layouts that play wins).
    pub repair: bool,
    pub limits: Limits,
}

impl<'g> Table<'g> {
    /// Set cell `i` (covered) to a mine or not, updating the numbers and the revealed view.
    fn set_mine(&mut self, i: usize, mine: bool) {
        if self.mine[i] == mine {
            return;
        }
        self.mine[i] = mine;
        for &j in self.g.nb(i) {
            let j = j as usize;
            if mine {
                self.num[j] += 1;
            } else {
                self.num[j] -= 1;
            }
            if is_revealed(self.view[j]) {
                self.view[j] = self.num[j];
                self.work.push(j as u32);
            }
        }
    }

    /// Re-lay the free frontier and the reservoir at a stuck position until play proves a safe
    /// cell (module docstring): `Some(won)` after progress, `None` when no placement helped.
    fn relay(
        &mut self,
        allowed: &[u64],
        rng: &mut Rng,
        limits: &Limits,
        tries: u32,
        stuck: bool,
    ) -> Result<Option<bool>, Error> {
        let g = self.g;
        let n = g.len();
        // the cells next to a free clue, and next to a frozen one (a revealed cell next to a
        // covered one has a covered neighbour: active); F: covered, allowed, next to free clues
        // only; W: covered, allowed, next to no revealed cell
        let words = self.covered.len();
        let (mut near_free, mut near_frozen) = (vec![0u64; words], vec![0u64; words]);
        for i in ones(&self.active) {
            let bits = if self.stamp[i] < self.epoch {
                &mut near_frozen
            } else {
                &mut near_free
            };
            for &j in g.nb(i) {
                bits[j as usize >> 6] |= 1 << (j & 63);
            }
        }
        let mut in_front = vec![0u64; words];
        let mut pool_bits = vec![0u64; words];
        for w in 0..words {
            let open = self.covered[w] & allowed[w] & !near_frozen[w];
            in_front[w] = open & near_free[w];
            pool_bits[w] = open & !near_free[w];
        }
        let mut front: Vec<usize> = ones(&in_front).collect();
        let pool: Vec<usize> = ones(&pool_bits).collect();
        if front.is_empty() {
            return Ok(None);
        }
        let in_front = |j: usize| in_front[j >> 6] >> (j & 63) & 1 != 0;
        // W's mines, kept up to date as the tries move them
        let mut w_mines = pool.iter().filter(|&&i| self.mine[i]).count();
        let total = front.iter().filter(|&&i| self.mine[i]).count() + w_mines;
        let (f, w) = (front.len(), pool.len());
        let density = total as f64 / (f + w) as f64;
        // free clues whose covered neighbours are in F or safe already: a placement that leaves
        // their F cells safe meets the clue's count, so the single-clue rule opens them
        // (a clue next to an F cell has a covered neighbour: active)
        let owned: Vec<usize> = ones(&self.active)
            .filter(|&i| {
                self.stamp[i] >= self.epoch && {
                    let mut any = false;
                    let all = g.nb(i).iter().all(|&j| {
                        let j = j as usize;
                        any |= in_front(j);
                        self.view[j] != COVERED || in_front(j) || !self.mine[j]
                    });
                    any && all
                }
            })
            .collect();
        let left = self.covered_safe;
        let mut keep = vec![false; n]; // cells a directed placement keeps safe
                                       // the views whose play proved no safe cell: this one's, where play stopped here (not
                                       // where a backtrack put the table)
        let mut failed: Vec<Vec<u8>> = Vec::new();
        if stuck {
            failed.push(self.view.clone());
        }
        for t in 0..tries {
            if self.until.passed() {
                return Ok(None);
            }
            // the first tries: F and W at their common density; then directed: one owned clue's
            // covered neighbours safe, the rest of F at that density
            let directed = t >= RANDOM_TRIES && !owned.is_empty();
            let mut kept = 0usize;
            if directed {
                let c = owned[rng.below(owned.len())];
                for &j in g.nb(c) {
                    let j = j as usize;
                    if in_front(j) && !keep[j] {
                        keep[j] = true;
                        kept += 1;
                    }
                }
            }
            let room = f - kept; // F cells open to mines
            let lo = total.saturating_sub(w);
            if lo > room {
                // W cannot take the mines the kept cells give up
                for &i in &front {
                    keep[i] = false;
                }
                continue;
            }
            let hi = total.min(room);
            let mut m = (room as f64 * density).round() as usize;
            m = m.clamp(lo, hi);
            if !directed && t % 2 == 1 {
                // ms-toollib's order, one step: a mine fewer or more than the expectation
                m = if t % 4 == 1 {
                    m.saturating_sub(1).max(lo)
                } else {
                    (m + 1).min(hi)
                };
            }
            rng.shuffle(&mut front);
            let mut k = 0usize;
            for &i in &front {
                if keep[i] {
                    self.set_mine(i, false);
                    keep[i] = false;
                } else {
                    self.set_mine(i, k < m);
                    k += 1;
                }
            }
            // W keeps its placement but for the mines F gave up or took, at random W cells (so W
            // stays a uniform placement of its count)
            let w_now = w_mines;
            let want = total - m;
            w_mines = want;
            if w_now != want {
                let add = want > w_now;
                let mut cand: Vec<usize> = pool
                    .iter()
                    .copied()
                    .filter(|&i| self.mine[i] != add)
                    .collect();
                let moves = want.abs_diff(w_now);
                for k in 0..moves {
                    let j = k + rng.below(cand.len() - k);
                    cand.swap(k, j);
                    self.set_mine(cand[k], add);
                }
            }
            // a view met before in this call, whose play proved no safe cell: play would prove
            // none again (it reads the view and the mine total alone), and leave the table as it
            // is (its marks outside F would be in the view already)
            if failed.contains(&self.view) {
                #[cfg(test)]
                {
                    // checked: the play skipped proves no safe cell and ends in this view
                    let mut t = self.clone();
                    let won = t.play(limits)?;
                    assert!(
                        !won && t.covered_safe == left,
                        "a repeated view's play progressed"
                    );
                    for &i in &front {
                        if t.view[i] == MINE {
                            t.unmark(i);
                        }
                    }
                    assert!(t.view == self.view, "a repeated view's play marked more");
                }
                continue;
            }
            let before = self.view.clone();
            let won = self.play(limits)?;
            if won || self.covered_safe < left {
                return Ok(Some(won));
            }
            failed.push(before);
            // no safe cell: the mines the single-clue rule marked rest on this placement
            for &i in &front {
                if self.view[i] == MINE {
                    self.unmark(i);
                }
            }
        }
        Ok(None)
    }

    /// Tatham's perturbation at a stuck position (module docstring); false when there is no room.
    fn perturb(&mut self, banned: &[bool], rng: &mut Rng) -> bool {
        let g = self.g;
        let n = g.len();
        // the table's counts say which cells are next to a covered one (`cov`) or a revealed one
        // (`rev`); the revealed numbers next to a covered cell are the active ones
        let clues: Vec<usize> = ones(&self.active).filter(|&i| self.view[i] > 0).collect();
        if clues.is_empty() {
            // walled in: no revealed number has a covered neighbour, the covered cells lie behind
            // marked mines. Open the wall: a marked mine next to a covered cell becomes a covered
            // safe cell, its mine going to a covered safe cell (numbers a move used change: the
            // replay from the first click re-checks all)
            let mut wall: Vec<usize> = (0..n)
                .filter(|&i| self.view[i] == MINE && self.cov[i] > 0)
                .collect();
            let mut room: Vec<usize> = ones(&self.covered)
                .filter(|&i| !banned[i] && !self.mine[i])
                .collect();
            if wall.is_empty() || room.is_empty() {
                return false;
            }
            rng.shuffle(&mut wall);
            rng.shuffle(&mut room);
            let (src, dst) = (wall[0], room[0]);
            self.unmark(src);
            self.set_mine(src, false);
            self.set_mine(dst, true);
            return true;
        }
        let clue = clues[rng.below(clues.len())];
        let s: Vec<usize> = g
            .nb(clue)
            .iter()
            .map(|&j| j as usize)
            .filter(|&j| self.view[j] == COVERED)
            .collect();
        let mut in_s = vec![false; n];
        for &j in &s {
            in_s[j] = true;
        }
        let (mut far, mut near) = (Vec::new(), Vec::new());
        for i in ones(&self.covered) {
            if in_s[i] || banned[i] {
                continue;
            }
            if self.rev[i] > 0 {
                near.push(i);
            } else {
                far.push(i);
            }
        }
        rng.shuffle(&mut far);
        rng.shuffle(&mut near);
        far.extend(near); // preferred first
        let others = far;
        let s_mines: Vec<usize> = s.iter().copied().filter(|&i| self.mine[i]).collect();
        let s_safe: Vec<usize> = s.iter().copied().filter(|&i| !self.mine[i]).collect();
        let free: Vec<usize> = others.iter().copied().filter(|&i| !self.mine[i]).collect();
        let mut full: Vec<usize> = others.iter().copied().filter(|&i| self.mine[i]).collect();
        let clear_ok = free.len() >= s_mines.len();
        let fill_ok = full.len() >= s_safe.len();
        if clear_ok && (s_mines.len() <= s_safe.len() || !fill_ok) {
            for (&src, &dst) in s_mines.iter().zip(&free) {
                self.set_mine(src, false);
                self.set_mine(dst, true);
            }
            return true;
        }
        if fill_ok {
            for (&dst, &src) in s_safe.iter().zip(&full) {
                self.set_mine(src, false);
                self.set_mine(dst, true);
            }
            return true;
        }
        // no covered cell outside S to trade with (an end-game 50/50): take mines from marked
        // mines, which become covered safe cells (the replay from the first click re-checks all)
        let mut known: Vec<usize> = (0..n).filter(|&i| self.view[i] == MINE).collect();
        if full.len() + known.len() < s_safe.len() {
            return false;
        }
        rng.shuffle(&mut known);
        full.extend(known);
        for (&dst, &src) in s_safe.iter().zip(&full) {
            if self.view[src] == MINE {
                self.unmark(src);
            }
            self.set_mine(src, false);
            self.set_mine(dst, true);
        }
        true
    }

    /// Go back to the position before the last strong step that proved a safe cell (its clues
    /// become free again); false when no snapshot is left.
    fn backtrack(&mut self) -> bool {
        let Some(s) = self.snaps.pop_back() else {
            return false;
        };
        self.restore(s);
        true
    }

    /// Back to the position `s` of this play: its revealed cells and marks, with the numbers as
    /// the layout has them now.
    fn restore(&mut self, s: Snapshot) {
        self.view = s.view;
        self.marked_mines = s.marked_mines;
        self.covered_safe = s.covered_safe;
        self.epoch = s.epoch;
        // the numbers a move used are as they were; a free clue's may have changed with a re-lay
        for i in 0..self.g.len() {
            if is_revealed(self.view[i]) {
                self.view[i] = self.num[i];
            }
        }
        self.recount();
    }

    fn mine_cells(&self) -> Vec<u32> {
        (0..self.g.len() as u32)
            .filter(|&i| self.mine[i as usize])
            .collect()
    }

    fn revealed_safe(&self) -> usize {
        self.g.len() - self.mines - self.covered_safe
    }
}

/// One no-guess layout (module docstring), or how far it got once `max_restarts` random layouts
/// or the deadline `until` ran out.
pub fn generate(
    g: &Geometry,
    p: &Plan,
    rng: &mut Rng,
    until: Deadline,
) -> Result<Result<Generated, Shortfall>, Error> {
    let n = g.len();
    let mut allowed: Vec<u32> = (0..n as u32).filter(|&i| !p.banned[i as usize]).collect();
    if p.first >= n || allowed.len() < p.mines || p.banned.len() != n {
        return Err(Error::Invalid("the mines do not fit the board".into()));
    }
    // the cells the first-click rule leaves open to mines, as bits (64 a word)
    let mut allowed_bits = vec![0u64; n.div_ceil(64)];
    for &i in &allowed {
        allowed_bits[i as usize >> 6] |= 1 << (i & 63);
    }
    let (mut repairs, mut restarts, mut replays) = (0u32, 0u32, 0u32);
    // the count's cache and the strong steps' memo go from table to table (they hold what a
    // position's step finds, whatever the layout; the mine total is the same)
    let mut caches = Caches::default();
    let mut best = 0usize;
    // where no re-lay helps: a fresh layout while `restarts < fresh`, then Tatham's move
    let mut fresh = if p.mines * 4 <= n {
        FRESH_BEFORE_TATHAM
    } else {
        0
    };
    // stuck layouts dropped unmended first (rejection), their cells at most REJECT_CELLS in all
    let drop_first = (REJECT_CELLS / n) as u32;
    let mut dropped = 0u32;
    let mut early = 0u32; // fresh layouts stuck before half their safe cells
    while restarts < p.max_restarts.max(1) && !until.passed() {
        // a uniform sample of the allowed cells: a partial Fisher-Yates shuffle
        let mut mine = vec![false; n];
        for k in 0..p.mines {
            let j = k + rng.below(allowed.len() - k);
            allowed.swap(k, j);
            mine[allowed[k] as usize] = true;
        }
        let mut table = Table::tracked(g, mine, until);
        table.caches = std::mem::take(&mut caches);
        table.open(p.first);
        replays += 1;
        let mut won = table.play(&p.limits)?;
        if !won && fresh > 0 && dropped < drop_first && restarts + 1 < p.max_restarts {
            // rejection first: no re-lay for this one (module docstring)
            dropped += 1;
            best = best.max(table.revealed_safe());
            caches = std::mem::take(&mut table.caches);
            restarts += 1;
            continue;
        }
        let mut made = 0u32; // re-lays kept since the last play from the first click
        let mut kept = 0u32; // re-lays kept for this random layout
        let mut dirty = false; // perturbed since the last play from the first click
        let mut stuck = true; // the table is where play stopped (not where a backtrack put it)
        loop {
            if !dirty {
                // re-lays keep every proved move: this many safe cells are won from the first click
                best = best.max(table.revealed_safe());
            }
            if won {
                if made == 0 {
                    // won from the first click with no change since: this play was the check
                    return Ok(Ok(Generated {
                        mines: table.mine_cells(),
                        repairs,
                        restarts,
                        replays,
                    }));
                }
                let mut next = Table::tracked(g, table.mine.clone(), until);
                next.caches = std::mem::take(&mut table.caches);
                table = next;
                table.open(p.first);
                replays += 1;
                made = 0;
                dirty = false;
                won = table.play(&p.limits)?;
                stuck = true;
                continue;
            }
            if !p.repair || until.passed() || kept > p.max_repairs {
                break;
            }
            match table.relay(&allowed_bits, rng, &p.limits, p.tries, stuck)? {
                Some(w) => {
                    stuck = true;
                    won = w;
                    made += 1;
                    kept += 1;
                    repairs += 1;
                }
                None => {
                    if restarts - dropped < fresh {
                        if 2 * table.revealed_safe() < n - p.mines {
                            early += 1;
                        }
                        if early < EARLY_STUCK {
                            break;
                        }
                        fresh = 0;
                    }
                    if table.perturb(&p.banned, rng) {
                        // frozen numbers changed: the replay from the first click checks the rest
                        table.snaps.clear();
                        dirty = true;
                        made += 1;
                        kept += 1;
                        repairs += 1;
                        won = table.play(&p.limits)?;
                        stuck = true;
                    } else if table.backtrack() {
                        stuck = false;
                    } else {
                        break;
                    }
                }
            }
        }
        caches = std::mem::take(&mut table.caches);
        restarts += 1;
    }
    Ok(Err(Shortfall {
        layouts: restarts,
        repairs,
        replays,
        best_revealed: best,
        safe_cells: n - p.mines,
    }))
}
