//! A [`Position`]'s own work: counting it, its marginals, deriving hypothetical positions from it
//! (reveals, conditions), and what the guess evaluator asks of them (dead cells, blended safety,
//! a candidate's score, the free guess, tallies). `py.rs` is its Python face.

use super::*;

impl Position {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn make(
        rows: usize,
        cols: usize,
        kind: BoardCells,
        fixed: Fixed,
        comps: Vec<Arc<Comp>>,
        outside: Vec<u32>,
        remaining: i64,
        lim: dp::Limits,
        dl: &Deadline,
    ) -> Result<Made, Stop> {
        let (fixed, fixed_at) = fixed;
        let (kind, codes) = kind;
        if let Some(k) = comps.iter().position(|c| c.is_empty()) {
            return Ok(Made::Empty(Some(k)));
        }
        let n_out = outside.len() as u64;
        let total = either(
            || {
                let small = comps
                    .iter()
                    .map(|c| {
                        c.counts
                            .iter()
                            .map(|x| x.to_u128().ok_or(Stop::Overflow))
                            .collect()
                    })
                    .collect::<Result<Vec<Vec<u128>>, Stop>>()?;
                combine::total_weights::<u128>(&small, n_out, remaining, dl)
            },
            || {
                let counts: Vec<Vec<BigUint>> = comps.iter().map(|c| c.counts.clone()).collect();
                combine::total_weights::<BigUint>(&counts, n_out, remaining, dl)
            },
        )?;
        let (weights, z, out_num) = match total {
            Ok(t) => (
                t.weights
                    .iter()
                    .map(|w| w.iter().map(|&x| BigUint::from(x)).collect())
                    .collect(),
                BigUint::from(t.z),
                BigUint::from(t.out_num),
            ),
            Err(t) => (t.weights, t.z, t.out_num),
        };
        if z.is_zero() {
            return Ok(Made::Empty(None));
        }
        Ok(Made::Counted(Box::new(Position {
            rows,
            cols,
            kind,
            codes,
            fixed,
            fixed_at,
            comps,
            comp_of_cells: OnceLock::new(),
            outside,
            remaining,
            lim,
            z,
            out_num,
            weights,
            marg: OnceLock::new(),
            dead: Mutex::new(Vec::new()),
            patterns: patterns::Memo::default(),
        })))
    }

    pub(super) fn marginals(&self) -> Result<&Marginals, Stop> {
        let got = self.marg.get_or_init(|| {
            let dl = Deadline::none();
            let mut prob = vec![f64::NAN; self.rows * self.cols];
            for &(x, mine) in self.fixed.iter() {
                prob[x as usize] = if mine { 1.0 } else { 0.0 };
            }
            if !self.outside.is_empty() {
                let p = ratio::ratio(&self.out_num, &self.z);
                for &x in &self.outside {
                    prob[x as usize] = p;
                }
            }
            let mut nums = Vec::with_capacity(self.comps.len());
            for (c, w) in self.comps.iter().zip(&self.weights) {
                let n = c.group_mines(w, &dl)?;
                for (g, num) in c.groups.iter().zip(&n) {
                    let p = ratio::ratio(num, &(&self.z * BigUint::from(g.len())));
                    for &x in g {
                        prob[x as usize] = p;
                    }
                }
                nums.push(n);
            }
            Ok(Marginals { nums, prob })
        });
        got.as_ref().map_err(|e| e.clone())
    }

    /// Board cell -> its component in `comps`, NONE if in none.
    pub(super) fn comp_of(&self) -> &[u32] {
        self.comp_of_cells.get_or_init(|| {
            let mut comp_of = vec![NONE; self.rows * self.cols];
            for (k, c) in self.comps.iter().enumerate() {
                for g in &c.groups {
                    for &x in g {
                        if let Some(slot) = comp_of.get_mut(x as usize) {
                            *slot = k as u32;
                        }
                    }
                }
            }
            comp_of
        })
    }

    pub(super) fn prob(&self) -> Result<&[f64], Stop> {
        Ok(&self.marginals()?.prob)
    }

    /// The cells a probability exists for, in the order of Python's look-ahead: fixed cells, the
    /// off-frontier cells, then the components' groups.
    pub(super) fn keys(&self) -> Vec<u32> {
        let mut out: Vec<u32> = self.fixed.iter().map(|&(x, _)| x).collect();
        out.extend(&self.outside);
        for c in &self.comps {
            for g in &c.groups {
                out.extend(g);
            }
        }
        out
    }

    pub(super) fn neighbours(&self, cell: u32) -> impl Iterator<Item = usize> + '_ {
        neighbours(self.rows, self.cols, cell as usize)
    }

    pub(super) fn is_outside(&self, j: usize) -> bool {
        self.kind[j] == UNKNOWN && self.comp_of()[j] == NONE
    }

    pub(super) fn is_fixed_mine(&self, cell: u32) -> bool {
        self.fixed_at.get(cell as usize) == Some(&2)
    }

    /// Whether `cell` is fixed, and if so a mine.
    pub(super) fn fixed_as(&self, cell: u32) -> Option<bool> {
        match self.fixed_at.get(cell as usize) {
            Some(1) => Some(false),
            Some(2) => Some(true),
            _ => None,
        }
    }

    /// The conditions "each of `mines` a mine, each of `safes` safe" on the cells that are not
    /// fixed (a derived position's extra constraints), or None when a fixed cell contradicts one:
    /// no placement.
    pub(super) fn unfixed_conditions(
        &self,
        mines: &[u32],
        safes: &[u32],
    ) -> Option<Vec<(Vec<u32>, i64)>> {
        let mut extra = Vec::new();
        for (cell, need) in mines
            .iter()
            .map(|&c| (c, 1))
            .chain(safes.iter().map(|&c| (c, 0)))
        {
            match self.fixed_as(cell) {
                Some(m) if m != (need == 1) => return None,
                Some(_) => {}
                None => extra.push((vec![cell], need)),
            }
        }
        Some(extra)
    }

    /// (lowest, highest) number `cell` could show, from its neighbours alone.
    pub(super) fn range_of(&self, cell: u32) -> (i64, i64) {
        let (mut lo, mut unk) = (0i64, 0i64);
        for j in self.neighbours(cell) {
            match self.kind[j] {
                MINE => lo += 1,
                UNKNOWN => unk += 1,
                _ => {}
            }
        }
        (lo, lo + unk)
    }

    /// The position after `cell` (unknown, not a fixed mine) shows `value`; None if impossible.
    pub(super) fn reveal_value(
        &self,
        cell: u32,
        value: i64,
        dl: &Deadline,
    ) -> Result<Option<Position>, Stop> {
        if (cell as usize) >= self.kind.len() || self.is_fixed_mine(cell) {
            return Ok(None);
        }
        let mut known = 0i64;
        let mut unk: Vec<u32> = Vec::new();
        for j in self.neighbours(cell) {
            match self.kind[j] {
                MINE => known += 1,
                UNKNOWN => unk.push(j as u32),
                _ => {}
            }
        }
        let need = value - known;
        if need < 0 || need > unk.len() as i64 {
            return Ok(None);
        }
        let extra = if unk.is_empty() {
            Vec::new()
        } else {
            vec![(unk, need)]
        };
        let mut kind = (*self.kind).clone();
        kind[cell as usize] = OTHER;
        let mut codes = (*self.codes).clone();
        codes[cell as usize] = value as i8;
        self.derive(Some(cell), extra, (Arc::new(kind), Arc::new(codes)), dl)
    }

    /// `self` with `removed` known safe (out of the unknowns) and `extra` constraints added; only
    /// the components they touch are split and counted again.
    pub(super) fn derive(
        &self,
        removed: Option<u32>,
        extra: Vec<(Vec<u32>, i64)>,
        kind: BoardCells,
        dl: &Deadline,
    ) -> Result<Option<Position>, Stop> {
        let Some(parts) = self.split_derived(removed, extra)? else {
            return Ok(None);
        };
        let mut comps = parts.kept;
        for mc in &parts.made {
            dl.check()?;
            comps.push(Arc::new(Comp::count(mc, self.lim, dl)?));
        }
        self.made(kind, comps, parts.outside, dl)
    }

    /// The part of [`Position::derive`] that does not count: the components kept, the ones the
    /// change touches split anew (in `split`'s order, after the kept ones), the off-frontier cells
    /// left. None when the change leaves no placement (a constraint of the removed cell unmet).
    pub(super) fn split_derived(
        &self,
        removed: Option<u32>,
        extra: Vec<(Vec<u32>, i64)>,
    ) -> Result<Option<Derived>, Stop> {
        let mut affected: Vec<usize> = extra
            .iter()
            .flat_map(|(cells, _)| cells.iter().copied())
            .chain(removed)
            .filter_map(|x| match self.comp_of().get(x as usize) {
                Some(&k) if k != NONE => Some(k as usize),
                _ => None,
            })
            .collect();
        affected.sort_unstable();
        affected.dedup();
        let mut new_cons: Vec<(Vec<u32>, i64)> = Vec::new();
        for &k in &affected {
            for (cells, need) in &self.comps[k].cons {
                match removed {
                    Some(r) if cells.contains(&r) => {
                        let cs: Vec<u32> = cells.iter().copied().filter(|&x| x != r).collect();
                        if cs.is_empty() {
                            if *need != 0 {
                                return Ok(None);
                            }
                            continue;
                        }
                        if *need > cs.len() as i64 {
                            return Ok(None);
                        }
                        new_cons.push((cs, *need));
                    }
                    _ => new_cons.push((cells.clone(), *need)),
                }
            }
        }
        new_cons.extend(extra);
        let kept: Vec<Arc<Comp>> = self
            .comps
            .iter()
            .enumerate()
            .filter(|(k, _)| affected.binary_search(k).is_err())
            .map(|(_, c)| Arc::clone(c))
            .collect();
        let mut in_con: Vec<u32> = Vec::new();
        let mut made = Vec::new();
        if !new_cons.is_empty() {
            let cons: Vec<ModelConstraint> = new_cons
                .iter()
                .map(|(cells, need)| {
                    let mut c = Cells::default();
                    for &x in cells {
                        c.push(x);
                    }
                    ModelConstraint {
                        cells: c,
                        need: *need as i32,
                        src: Src::default(),
                    }
                })
                .collect();
            let (comps, cells) = split(&cons, &crate::model::Deadline::none())
                .map_err(|_| Stop::Invalid("the look-ahead's constraints did not split".into()))?;
            in_con = cells;
            made = comps;
        }
        let outside: Vec<u32> = self
            .outside
            .iter()
            .copied()
            .filter(|&c| Some(c) != removed && in_con.binary_search(&c).is_err())
            .collect();
        Ok(Some(Derived {
            kept,
            made,
            outside,
        }))
    }

    /// The derived position of `comps` and `outside` on the board `kind`, None if it has no placement.
    pub(super) fn made(
        &self,
        kind: BoardCells,
        comps: Vec<Arc<Comp>>,
        outside: Vec<u32>,
        dl: &Deadline,
    ) -> Result<Option<Position>, Stop> {
        match Position::make(
            self.rows,
            self.cols,
            kind,
            (Arc::clone(&self.fixed), Arc::clone(&self.fixed_at)),
            comps,
            outside,
            self.remaining,
            self.lim,
            dl,
        )? {
            Made::Counted(p) => Ok(Some(*p)),
            Made::Empty(_) => Ok(None),
        }
    }

    /// `[(v, position)]` for every number `cell` (unknown, not a fixed mine) can show: what
    /// [`Position::reveal_value`] gives for each v, ascending, the ones with no placement left out.
    /// The positions differ only in the need of `cell`'s clue, so the change is split once, and
    /// every new component but the clue's is counted once and shared by all of them; the clue's is
    /// counted once per number.
    ///
    /// `enough`: stop once that many positions are found (the rest of the numbers not tried).
    pub(super) fn reveal_values(
        &self,
        cell: u32,
        enough: usize,
        dl: &Deadline,
    ) -> Result<Vec<(i64, Position)>, Stop> {
        let (lo, hi) = self.range_of(cell);
        let mut out = Vec::new();
        if (cell as usize) >= self.kind.len() || self.is_fixed_mine(cell) {
            return Ok(out);
        }
        let unk: Vec<u32> = self
            .neighbours(cell)
            .filter(|&j| self.kind[j] == UNKNOWN)
            .map(|j| j as u32)
            .collect();
        if unk.is_empty() || lo == hi {
            for v in lo..=hi {
                if out.len() >= enough {
                    break;
                }
                if let Some(p) = self.reveal_value(cell, v, dl)? {
                    out.push((v, p));
                }
            }
            return Ok(out);
        }
        let first = unk[0];
        // the clue goes last, so it is the last constraint of the component it lands in
        let Some(parts) = self.split_derived(Some(cell), vec![(unk, 0)])? else {
            return Ok(out);
        };
        let mut shared: Vec<Option<Arc<Comp>>> = Vec::with_capacity(parts.made.len());
        let mut clue = None;
        for (k, mc) in parts.made.iter().enumerate() {
            if mc.groups.iter().any(|g| g.cells.contains(&first)) {
                clue = Some(k);
                shared.push(None);
            } else {
                dl.check()?;
                shared.push(Some(Arc::new(Comp::count(mc, self.lim, dl)?)));
            }
        }
        let Some(clue) = clue else {
            return Err(Stop::Invalid("the clue's component was not found".into()));
        };
        let mut kind = (*self.kind).clone();
        kind[cell as usize] = OTHER;
        let kind = Arc::new(kind);
        // the clue's component planned once: its numbers differ only in the clue's need
        let mut prepared = Prepared::new(&parts.made[clue])?;
        for v in lo..=hi {
            if out.len() >= enough {
                break;
            }
            prepared.set_last_need(v - lo)?;
            let mut comps = parts.kept.clone();
            for c in &shared {
                match c {
                    Some(c) => comps.push(Arc::clone(c)),
                    None => {
                        dl.check()?;
                        comps.push(Arc::new(prepared.count(self.lim, dl)?));
                    }
                }
            }
            let mut codes = (*self.codes).clone();
            codes[cell as usize] = v as i8;
            if let Some(p) = self.made(
                (Arc::clone(&kind), Arc::new(codes)),
                comps,
                parts.outside.clone(),
                dl,
            )? {
                out.push((v, p));
            }
        }
        Ok(out)
    }

    /// Every number `cell` can show when safe, with the position after it (and whether it is dead).
    pub(super) fn outcomes_of(
        &self,
        cell: u32,
        dl: &Deadline,
    ) -> Result<Vec<(i64, Position)>, Stop> {
        let out = self.reveal_values(cell, usize::MAX, dl)?;
        self.set_dead(cell, out.len() <= 1);
        Ok(out)
    }

    pub(super) fn set_dead(&self, cell: u32, dead: bool) {
        if let Ok(mut d) = self.dead.lock() {
            if d.is_empty() {
                // made when first set: most derived positions are never asked
                d.resize(self.kind.len(), 0);
            }
            if let Some(slot) = d.get_mut(cell as usize) {
                *slot = if dead { 2 } else { 1 };
            }
        }
    }

    /// One possible number if `cell` is safe (a neighbour off the frontier counts as living).
    pub(super) fn is_dead(&self, cell: u32, dl: &Deadline) -> Result<bool, Stop> {
        if let Ok(d) = self.dead.lock() {
            match d.get(cell as usize) {
                Some(1) => return Ok(false),
                Some(2) => return Ok(true),
                _ => {}
            }
        }
        let dead = if self.neighbours(cell).any(|j| self.is_outside(j)) {
            // an off-frontier neighbour may or may not be a mine: living (in all but the rarest
            // positions, where the mine total decides the whole off-frontier region)
            false
        } else {
            // the numbers tried in order until two are possible, the change split once (what
            // reveal_value gives for each number)
            self.reveal_values(cell, 2, dl)?.len() <= 1
        };
        self.set_dead(cell, dead);
        Ok(dead)
    }

    /// (blended safety, the unique safest living cell) of `hyp`, a position derived from this one:
    /// `(w1 s1 + w2 s2) / (w1 + w2)`, s1 >= s2 the two highest safeties among living cells (off-frontier cells
    /// count as living; a cell's deadness is read on this position).
    pub(super) fn blend(
        &self,
        hyp: &Position,
        w: (u32, u32),
        dl: &Deadline,
    ) -> Result<(f64, Option<u32>), Stop> {
        let prob = hyp.prob()?;
        let first = if hyp.outside.is_empty() {
            0.0
        } else {
            1.0 - prob[hyp.outside[0] as usize]
        };
        let (mut s1, mut s2) = (first, first);
        let mut top: Option<u32> = None;
        let mut cells: Vec<(u32, f64)> = Vec::new();
        for c in &hyp.comps {
            for g in &c.groups {
                for &x in g {
                    let p = prob[x as usize];
                    if p < 1.0 {
                        cells.push((x, p));
                    }
                }
            }
        }
        // stable: equal probabilities keep the components' order, as Python's sorted did
        cells.sort_by(|a, b| a.1.total_cmp(&b.1));
        for (x, p) in cells {
            let s = 1.0 - p;
            if s <= s2 {
                break;
            }
            if self.is_dead(x, dl)? {
                continue;
            }
            if s > s1 {
                s2 = s1;
                s1 = s;
                top = Some(x);
            } else {
                s2 = s;
            }
        }
        let single = if s1 > s2 { top } else { None };
        // the float operations of Python's `(w1 * s1 + w2 * s2) / (w1 + w2)` on ints w1, w2
        let (w1, w2) = (w.0 as f64, w.1 as f64);
        Ok(((w1 * s1 + w2 * s2) / (w.0 as f64 + w.1 as f64), single))
    }

    /// The secondary-safety score of candidate `x` from its outcomes: the loop of
    /// `Evaluator.evaluate` in `cpsolve/play/guess.py` (which documents the rule), with the same
    /// float operations in the same order. `bar`: the weight to beat (None: nothing to prune
    /// against); `pocket`: x lies in a large covered pocket. None when x has no outcome.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn score_of(
        &self,
        x: u32,
        safety: f64,
        infl: f64,
        bar: Option<f64>,
        pocket: bool,
        progress_w: f64,
        blend: (u32, u32),
        dl: &Deadline,
    ) -> Result<Option<Score>, Stop> {
        let outs = self.outcomes_of(x, dl)?;
        if outs.is_empty() {
            return Ok(None);
        }
        let n = self.rows * self.cols;
        // per cell: in how many outcomes it is safe; per outcome: how many cells are
        let mut safe_in = vec![0usize; n];
        let mut n_safe = Vec::with_capacity(outs.len());
        for (_, h) in &outs {
            let prob = h.prob()?;
            let mut k = 0;
            for c in h.keys() {
                if prob[c as usize] == 0.0 {
                    safe_in[c as usize] += 1;
                    k += 1;
                }
            }
            n_safe.push(k);
        }
        let common: Vec<u32> = (0..n as u32)
            .filter(|&c| safe_in[c as usize] == outs.len())
            .collect();
        let deferred = outs.len() == 1 || !pocket;
        let comp = self.comp_of().get(x as usize).copied().unwrap_or(NONE);
        for (k, c) in self.comps.iter().enumerate() {
            for g in &c.groups {
                if g.len() > 1
                    && (k as u32 != comp || !g.contains(&x))
                    && g.iter().all(|&y| safe_in[y as usize] == outs.len())
                {
                    // the next move is free: scored by its safety
                    return Ok(Some(Score {
                        weight: safety * (1.0 + progress_w * safety),
                        deferred,
                        common,
                        dominating: None,
                    }));
                }
            }
        }
        let mut weight = 0.0;
        let mut left = safety;
        let mut progress = 0.0;
        let linked = common.len();
        let mut single: Option<u32> = None;
        let mut same = true;
        // by placements, most first; equal ones in the order of their numbers (a stable sort)
        let mut order: Vec<usize> = (0..outs.len()).collect();
        order.sort_by(|&a, &b| outs[b].1.z.cmp(&outs[a].1.z));
        for i in order {
            if let Some(bw) = bar {
                if !deferred && (weight + left * infl) * (1.0 + progress_w) < bw {
                    return Ok(Some(Score {
                        weight,
                        deferred,
                        common,
                        dominating: None,
                    })); // cannot win: pruned
                }
            }
            let h = &outs[i].1;
            let p = ratio::ratio(&h.z, &self.z);
            let (b, top) = self.blend(h, blend, dl)?;
            weight += p * b * infl;
            if n_safe[i] > linked {
                progress += p;
            }
            match (top, single) {
                (None, _) => same = false,
                (Some(t), None) => single = Some(t),
                (Some(t), Some(s1)) if s1 != t => same = false,
                _ => {}
            }
            left -= p;
        }
        let mut dominating = None;
        if same {
            if let Some(t) = single {
                if 1.0 - self.prob()?[t as usize] > safety {
                    dominating = Some(t);
                }
            }
        }
        Ok(Some(Score {
            weight: weight * (1.0 + progress_w * progress),
            deferred,
            common,
            dominating,
        }))
    }

    pub(super) fn same_board(&self) -> BoardCells {
        (Arc::clone(&self.kind), Arc::clone(&self.codes))
    }

    /// The first cell (ascending) that is a free guess: see `free_guess` in
    /// `cpsolve/play/strategy.py`, whose rule this is.
    pub(super) fn free_guess_cell(&self, dl: &Deadline) -> Result<Option<u32>, Stop> {
        let prob = self.prob()?;
        let (rows, cols) = (self.rows, self.cols);
        let mut keys = self.keys();
        keys.sort_unstable();
        // the position given each cell a mine, made once: a cell is asked of with up to four
        // neighbours (it and the cell right of or below it, or of it as that cell)
        let mut given: Vec<(usize, Option<Position>)> = Vec::new();
        for x in keys {
            let x = x as usize;
            let px = prob[x];
            if px == 0.0 || px == 1.0 {
                continue;
            }
            let (r, c) = (x / cols, x % cols);
            let right = (c + 1 < cols).then_some(x + 1);
            let down = (r + 1 < rows).then_some(x + cols);
            for y in [right, down].into_iter().flatten() {
                // twins make x and y equally likely to be mines (NaN: y is no unknown cell)
                if prob[y] != px {
                    continue;
                }
                let nx: Vec<usize> = neighbours(rows, cols, x).collect();
                let ny: Vec<usize> = neighbours(rows, cols, y).collect();
                let diff: Vec<usize> = nx
                    .iter()
                    .filter(|j| !ny.contains(j))
                    .chain(ny.iter().filter(|j| !nx.contains(j)))
                    .copied()
                    .filter(|&j| j != x && j != y)
                    .collect();
                if diff.iter().any(|&z| self.codes[z] >= 0) {
                    continue;
                }
                let unsure: Vec<usize> = diff
                    .into_iter()
                    .filter(|&z| self.codes[z] == -1 && self.fixed_at[z] != 2)
                    .collect();
                if unsure.iter().any(|&z| self.comp_of()[z] == NONE) {
                    continue; // a cell off the frontier is never a sure mine given x
                }
                let mut ok = true;
                for (a, b) in [(x, y), (y, x)] {
                    let at = match given.binary_search_by_key(&a, |(c, _)| *c) {
                        Ok(at) => at,
                        Err(at) => {
                            let g = self.derive(
                                None,
                                vec![(vec![a as u32], 1)],
                                self.same_board(),
                                dl,
                            )?;
                            given.insert(at, (a, g));
                            at
                        }
                    };
                    let good = match &given[at].1 {
                        None => false,
                        Some(g) => {
                            let gp = g.prob()?;
                            gp[b] == 0.0 && unsure.iter().all(|&z| gp[z] == 1.0)
                        }
                    };
                    if !good {
                        ok = false;
                        break;
                    }
                }
                if ok {
                    return Ok(Some(x as u32));
                }
            }
        }
        Ok(None)
    }

    pub(super) fn tally_of(&self, cell: u32) -> Result<Option<BigUint>, Stop> {
        if let Some(mine) = self.fixed_as(cell) {
            return Ok(Some(if mine {
                self.z.clone()
            } else {
                BigUint::zero()
            }));
        }
        if self.is_outside(cell as usize) {
            return Ok(Some(self.out_num.clone()));
        }
        let k = match self.comp_of().get(cell as usize) {
            Some(&k) if k != NONE => k as usize,
            _ => return Ok(None),
        };
        let m = self.marginals()?;
        for (g, num) in self.comps[k].groups.iter().zip(&m.nums[k]) {
            if g.contains(&cell) {
                // by symmetry each cell of a group is a mine in num / size placements (an integer)
                return Ok(Some(num / BigUint::from(g.len())));
            }
        }
        Ok(None)
    }
}
