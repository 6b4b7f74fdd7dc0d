//! Every placement of mines on the unfixed unknown cells, when there are few enough to list.
//!
//! The order is that of the Python listing this replaces (components in order, each component's
//! configurations by mine count per group in ascending order, cells in combination order, the last
//! component varying fastest, then the cells off the frontier), so the search sees its placements in
//! the same order and visits the same nodes.

/// A component: its groups (cells), each group's constraints, and its constraints (group ids, need).
pub struct Comp {
    pub groups: Vec<Vec<u32>>,
    pub group_cons: Vec<Vec<usize>>,
    pub cons: Vec<(Vec<usize>, i64)>,
}

/// Steps of the listing after which it gives up (None, as for too many placements): positions whose
/// configurations are mostly inconsistent with the mine total could otherwise take unbounded time.
pub const MAX_STEPS: u64 = 50_000_000;

/// Why a component's input is malformed (an index out of range).
pub fn check(comps: &[Comp]) -> Result<(), String> {
    for (c, comp) in comps.iter().enumerate() {
        if comp.group_cons.len() != comp.groups.len() {
            return Err(format!(
                "component {c}: {} groups but {} constraint lists",
                comp.groups.len(),
                comp.group_cons.len()
            ));
        }
        if comp
            .group_cons
            .iter()
            .flatten()
            .any(|&k| k >= comp.cons.len())
        {
            return Err(format!(
                "component {c}: a group's constraint index is out of range"
            ));
        }
        if comp
            .cons
            .iter()
            .flat_map(|(gs, _)| gs)
            .any(|&g| g >= comp.groups.len())
        {
            return Err(format!(
                "component {c}: a constraint's group index is out of range"
            ));
        }
    }
    Ok(())
}

struct Budget {
    steps: u64,
}

impl Budget {
    fn step(&mut self) -> Option<()> {
        self.steps += 1;
        (self.steps <= MAX_STEPS).then_some(())
    }
}

/// C(n, k), saturating at u64::MAX.
pub fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut out: u128 = 1;
    for i in 0..k {
        out = out * u128::from(n - i) / u128::from(i + 1);
        if out > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    out as u64
}

/// Mine counts per group of `comp` satisfying every constraint, in the Python listing's order.
/// Returns None if `f` asks to stop (it returns None) or the step budget runs out.
fn configs(
    comp: &Comp,
    budget: &mut Budget,
    f: &mut dyn FnMut(&[u64]) -> Option<()>,
) -> Option<()> {
    let sizes: Vec<i64> = comp.groups.iter().map(|g| g.len() as i64).collect();
    let mut residual: Vec<i64> = comp.cons.iter().map(|(_, need)| *need).collect();
    let mut cap: Vec<i64> = comp
        .cons
        .iter()
        .map(|(gs, _)| gs.iter().map(|&g| sizes[g]).sum())
        .collect();
    let mut counts = vec![0u64; comp.groups.len()];

    struct Walk<'a> {
        comp: &'a Comp,
        sizes: &'a [i64],
        residual: &'a mut [i64],
        cap: &'a mut [i64],
        counts: &'a mut [u64],
    }
    fn rec(
        w: &mut Walk<'_>,
        k: usize,
        budget: &mut Budget,
        f: &mut dyn FnMut(&[u64]) -> Option<()>,
    ) -> Option<()> {
        budget.step()?;
        if k == w.sizes.len() {
            if w.residual.iter().all(|&r| r == 0) {
                f(w.counts)?;
            }
            return Some(());
        }
        let mine_cons = &w.comp.group_cons[k];
        let s = w.sizes[k];
        for &c in mine_cons {
            w.cap[c] -= s;
        }
        let hi = mine_cons.iter().map(|&c| w.residual[c]).fold(s, i64::min);
        let mut m = 0;
        let mut out = Some(());
        while m <= hi {
            if mine_cons
                .iter()
                .all(|&c| 0 <= w.residual[c] - m && w.residual[c] - m <= w.cap[c])
            {
                for &c in mine_cons {
                    w.residual[c] -= m;
                }
                w.counts[k] = m as u64;
                out = rec(w, k + 1, budget, f);
                for &c in mine_cons {
                    w.residual[c] += m;
                }
                if out.is_none() {
                    break;
                }
            }
            m += 1;
        }
        for &c in mine_cons {
            w.cap[c] += s;
        }
        out
    }
    let mut w = Walk {
        comp,
        sizes: &sizes,
        residual: &mut residual,
        cap: &mut cap,
        counts: &mut counts,
    };
    rec(&mut w, 0, budget, f)
}

/// Calls `f` with each `k`-subset of `items` in itertools.combinations order (None: stopped).
fn combinations(
    items: &[u32],
    k: usize,
    budget: &mut Budget,
    f: &mut dyn FnMut(&[u32]) -> Option<()>,
) -> Option<()> {
    let n = items.len();
    if k > n {
        return Some(());
    }
    let mut idx: Vec<usize> = (0..k).collect();
    let mut pick: Vec<u32> = idx.iter().map(|&i| items[i]).collect();
    loop {
        budget.step()?;
        f(&pick)?;
        // the rightmost index that can still move right
        let Some(i) = (0..k).rev().find(|&i| idx[i] != i + n - k) else {
            return Some(());
        };
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
        for j in i..k {
            pick[j] = items[idx[j]];
        }
    }
}

/// Every placement (mine cells) of `comps` and the `outside` cells with `remaining` mines in all, in
/// the Python listing's order; None if more than `limit` (or the listing's step budget runs out).
pub fn enumerate(
    comps: &[Comp],
    outside: &[u32],
    remaining: i64,
    limit: usize,
) -> Option<Vec<Vec<u32>>> {
    let mut budget = Budget { steps: 0 };
    let mut per_comp: Vec<Vec<Vec<u32>>> = Vec::with_capacity(comps.len());
    for comp in comps {
        let mut list: Vec<Vec<u32>> = Vec::new();
        let mut over = false;
        let listed = configs(comp, &mut budget, &mut |counts| {
            // the product of each group's combinations, the last group varying fastest
            let ways = comp
                .groups
                .iter()
                .zip(counts)
                .map(|(g, &m)| binomial(g.len() as u64, m))
                .fold(1u64, u64::saturating_mul);
            if (list.len() as u64).saturating_add(ways) > limit as u64 {
                over = true;
                return None;
            }
            product(&comp.groups, counts, 0, &mut Vec::new(), &mut list)
        });
        if listed.is_none() || over {
            return None;
        }
        per_comp.push(list);
    }
    let mut out: Vec<Vec<u32>> = Vec::new();
    let mut pick = vec![0usize; per_comp.len()];
    if per_comp.iter().any(|l| l.is_empty()) {
        return Some(out);
    }
    loop {
        budget.step()?;
        let t: usize = pick.iter().zip(&per_comp).map(|(&i, l)| l[i].len()).sum();
        let rest = remaining - t as i64;
        if rest >= 0 && rest as u64 <= outside.len() as u64 {
            let ways = binomial(outside.len() as u64, rest as u64);
            if (out.len() as u64).saturating_add(ways) > limit as u64 {
                return None;
            }
            let base: Vec<u32> = pick
                .iter()
                .zip(&per_comp)
                .flat_map(|(&i, l)| l[i].iter().copied())
                .collect();
            combinations(outside, rest as usize, &mut budget, &mut |extra| {
                let mut p = base.clone();
                p.extend_from_slice(extra);
                out.push(p);
                Some(())
            })?;
        }
        // the next combination of configurations, the last component fastest
        let Some(i) = (0..pick.len())
            .rev()
            .find(|&i| pick[i] + 1 < per_comp[i].len())
        else {
            return Some(out);
        };
        pick[i] += 1;
        for p in pick.iter_mut().skip(i + 1) {
            *p = 0;
        }
    }
}

/// Appends to `list` every choice of `counts[g]` cells in each group from `g` on (the last fastest).
/// (The caller bounds their number by the limit, so no step budget here.)
fn product(
    groups: &[Vec<u32>],
    counts: &[u64],
    g: usize,
    acc: &mut Vec<u32>,
    list: &mut Vec<Vec<u32>>,
) -> Option<()> {
    if g == groups.len() {
        list.push(acc.clone());
        return Some(());
    }
    let m = counts[g] as usize;
    let mut inner = Budget { steps: 0 };
    combinations(&groups[g], m, &mut inner, &mut |part| {
        let at = acc.len();
        acc.extend_from_slice(part);
        let got = product(groups, counts, g + 1, acc, list);
        acc.truncate(at);
        got
    })
}
