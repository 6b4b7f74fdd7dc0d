//! The elimination plan of a component: the order its groups are placed in by the dynamic
//! programme, and each step's bookkeeping.
//!
//! The order is the same greedy choice the Python plan made (fewest new open constraints net of
//! those closed, then fewest new, then the lowest group id), so the DP creates the same states
//! and the state budget cuts the same components short.

use super::num::Stop;

/// A component as plain data: each group's size and constraints (local ids), each constraint's need.
#[derive(Debug, Clone)]
pub struct Comp {
    pub sizes: Vec<u32>,
    pub group_cons: Vec<Vec<usize>>,
    pub con_groups: Vec<Vec<usize>>,
    pub needs: Vec<i64>,
}

impl Comp {
    /// Checks the indices and derives each constraint's groups (ascending), so that the plan
    /// never indexes out of range whatever Python passes.
    pub fn new(
        sizes: Vec<u32>,
        group_cons: Vec<Vec<usize>>,
        needs: Vec<i64>,
    ) -> Result<Comp, Stop> {
        if sizes.len() != group_cons.len() {
            return Err(Stop::Invalid(
                "one constraint list per group is needed".into(),
            ));
        }
        let mut con_groups = vec![Vec::new(); needs.len()];
        let mut group_cons = group_cons;
        for (g, cs) in group_cons.iter_mut().enumerate() {
            cs.sort_unstable();
            cs.dedup();
            for &c in cs.iter() {
                match con_groups.get_mut(c) {
                    Some(list) => list.push(g),
                    None => {
                        return Err(Stop::Invalid(format!(
                            "group {g} names constraint {c} of {}",
                            needs.len()
                        )))
                    }
                }
            }
        }
        if con_groups.iter().any(|gs| gs.is_empty()) {
            return Err(Stop::Invalid("a constraint has no group".into()));
        }
        Ok(Comp {
            sizes,
            group_cons,
            con_groups,
            needs,
        })
    }

    pub fn size(&self) -> u64 {
        self.sizes.iter().map(|&s| s as u64).sum()
    }
}

/// One step: see the Python `PlanStep` it replaces. The state before the step holds the residual
/// needs of the open constraints; `new_needs` are appended for the constraints this group opens;
/// `touch` are the slots of the group's constraints in that extended state, `closing` those that
/// must reach 0 here, `keep` the slots forming the next state and `keep_caps` their room left.
#[derive(Debug, Clone)]
pub struct Step {
    pub group: usize,
    pub size: u32,
    pub new_needs: Vec<i64>,
    pub touch: Vec<usize>,
    pub closing: Vec<usize>,
    pub keep: Vec<usize>,
    pub keep_caps: Vec<i64>,
}

impl Step {
    /// Every feasible number j of mines in this group from `state`, with the next state, appended
    /// to `out` as (j, state) (cleared first). `base` is scratch space.
    pub fn transitions(&self, state: &[i64], base: &mut Vec<i64>, out: &mut Vec<(u32, Vec<i64>)>) {
        out.clear();
        base.clear();
        base.extend_from_slice(state);
        base.extend_from_slice(&self.new_needs);
        let mut hi = self.size as i64;
        for &k in &self.touch {
            hi = hi.min(base[k]);
        }
        let mut lo = 0i64;
        for &k in &self.closing {
            lo = lo.max(base[k]);
            hi = hi.min(base[k]);
        }
        for j in lo..=hi {
            for &k in &self.touch {
                base[k] -= j;
            }
            if self
                .keep
                .iter()
                .zip(&self.keep_caps)
                .all(|(&k, &cap)| base[k] <= cap)
            {
                out.push((j as u32, self.keep.iter().map(|&k| base[k]).collect()));
            }
            for &k in &self.touch {
                base[k] += j;
            }
        }
    }
}

/// A placement order keeping the set of open constraints small (greedy, min-width first).
pub fn group_order(c: &Comp) -> Vec<usize> {
    let n = c.sizes.len();
    let mut unplaced_in: Vec<i64> = c.con_groups.iter().map(|gs| gs.len() as i64).collect();
    let mut opened = vec![false; c.needs.len()];
    let mut placed = vec![false; n];
    let mut in_front = vec![false; n];
    let mut front: Vec<usize> = Vec::new(); // unplaced groups touching an open constraint
    let mut order = Vec::with_capacity(n);
    for _ in 0..n {
        let key = |g: usize| {
            let mut new = 0i64;
            let mut closes = 0i64;
            for &k in &c.group_cons[g] {
                if !opened[k] {
                    new += 1;
                }
                if unplaced_in[k] == 1 {
                    closes += 1;
                }
            }
            (new - closes, new, g)
        };
        let best = if front.is_empty() {
            (0..n).filter(|&g| !placed[g]).min_by_key(|&g| key(g))
        } else {
            front.iter().copied().min_by_key(|&g| key(g))
        };
        let Some(g) = best else { break };
        placed[g] = true;
        if in_front[g] {
            in_front[g] = false;
            if let Some(p) = front.iter().position(|&x| x == g) {
                front.swap_remove(p);
            }
        }
        order.push(g);
        for &k in &c.group_cons[g] {
            unplaced_in[k] -= 1;
            if unplaced_in[k] == 0 {
                opened[k] = false;
            } else if !opened[k] {
                opened[k] = true;
                for &x in &c.con_groups[k] {
                    if !placed[x] && !in_front[x] {
                        in_front[x] = true;
                        front.push(x);
                    }
                }
            }
        }
    }
    order
}

/// The steps of placing the groups of `c` in [`group_order`].
pub fn elimination_plan(c: &Comp) -> Vec<Step> {
    let order = group_order(c);
    let ncons = c.needs.len();
    let mut pos = vec![0usize; c.sizes.len()];
    for (i, &g) in order.iter().enumerate() {
        pos[g] = i;
    }
    let last: Vec<usize> = c
        .con_groups
        .iter()
        .map(|gs| gs.iter().map(|&g| pos[g]).max().unwrap_or(0))
        .collect();
    // capacity of each constraint still to be placed after step i
    let mut cap: Vec<i64> = c
        .con_groups
        .iter()
        .map(|gs| gs.iter().map(|&g| c.sizes[g] as i64).sum())
        .collect();
    let mut opened = vec![false; ncons];
    let mut slot = vec![usize::MAX; ncons];
    let mut active: Vec<usize> = Vec::new();
    let mut steps = Vec::with_capacity(order.len());
    for (i, &g) in order.iter().enumerate() {
        let size = c.sizes[g];
        let cg = &c.group_cons[g];
        let mut ext = active.clone();
        for &k in cg {
            cap[k] -= size as i64;
            if !opened[k] {
                // a constraint opens at its first group and closes at its last
                opened[k] = true;
                ext.push(k);
            }
        }
        let new_needs: Vec<i64> = ext[active.len()..].iter().map(|&k| c.needs[k]).collect();
        for (s, &k) in ext.iter().enumerate() {
            slot[k] = s;
        }
        let keep: Vec<usize> = (0..ext.len()).filter(|&s| last[ext[s]] != i).collect();
        steps.push(Step {
            group: g,
            size,
            new_needs,
            touch: cg.iter().map(|&k| slot[k]).collect(),
            closing: cg
                .iter()
                .filter(|&&k| last[k] == i)
                .map(|&k| slot[k])
                .collect(),
            keep_caps: keep.iter().map(|&s| cap[ext[s]]).collect(),
            keep: keep.clone(),
        });
        for &k in &ext {
            slot[k] = usize::MAX;
        }
        active = keep.iter().map(|&s| ext[s]).collect();
    }
    steps
}
