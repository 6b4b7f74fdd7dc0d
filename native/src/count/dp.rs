//! Exact counting of one component by a dynamic programme over its groups.
//!
//! Groups are placed in the plan's order; the DP state is the tuple of residual needs of the open
//! constraints, so the work follows the width of the frontier, not its number of configurations.
//! Each state carries a polynomial in the number of mines placed so far (a group of s cells with
//! j mines contributes C(s, j)). A backward pass with the component's weight per mine count then
//! gives, for every group, the weighted number of mines it holds over all configurations.

use super::num::{Deadline, Num, Stop};
use super::plan::{Comp, Step};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The Fx hash (rustc's): DP states are short vectors of small integers, which SipHash is slow on.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_i64(&mut self, v: i64) {
        self.write_u64(v as u64);
    }
    #[inline]
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// Budgets of one component's DP (None: none).
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    pub max_states: Option<u64>,
    pub max_terms: Option<u64>,
}

/// A counted component: the counts by mine number and what the backward pass needs.
#[derive(Debug, Clone)]
pub struct Dp<N> {
    /// (group, size) of each step.
    pub steps: Vec<(usize, u32)>,
    /// `layers[i]`: the polynomials of the states before step i; the last layer is after the last step.
    pub layers: Vec<Vec<Vec<N>>>,
    /// `trans[i][s]`: (j mines in the group, index of the next state in `layers[i + 1]`).
    pub trans: Vec<Vec<Vec<(u32, u32)>>>,
    /// `counts[k]`: configurations with exactly k mines.
    pub counts: Vec<N>,
    /// DP states created, a measure of the work done.
    pub states: u64,
    pub ngroups: usize,
}

/// `[C(n, j) for j in 0..=n]`, None where it does not fit `N`.
pub fn binom_row<N: Num>(n: u32) -> Vec<Option<N>> {
    let mut row: Vec<Option<N>> = Vec::with_capacity(n as usize + 1);
    row.push(Some(N::one()));
    for j in 0..n {
        let next = row[j as usize]
            .as_ref()
            .and_then(|v| v.mul_u64((n - j) as u64).ok())
            .map(|v| v.div_u64(j as u64 + 1));
        row.push(next);
    }
    row
}

#[inline]
fn coeff<N>(row: &[Option<N>], j: u32) -> Result<&N, Stop> {
    row.get(j as usize)
        .and_then(|c| c.as_ref())
        .ok_or(Stop::Overflow)
}

/// Forward DP: configuration counts by mine number. Stops with `Budget` when more than
/// `max_states` states are created or more than `max_terms` polynomial terms stored (counted as
/// the Python counter did, so the same components are cut short).
pub fn count<N: Num>(c: &Comp, plan: &[Step], lim: Limits, dl: &Deadline) -> Result<Dp<N>, Stop> {
    let mut front: Vec<Vec<i64>> = vec![Vec::new()];
    let mut layers: Vec<Vec<Vec<N>>> = vec![vec![vec![N::one()]]];
    let mut trans: Vec<Vec<Vec<(u32, u32)>>> = Vec::with_capacity(plan.len());
    let mut steps = Vec::with_capacity(plan.len());
    let mut total_states: u64 = 1;
    let mut total_terms: u64 = 1;
    let mut base = Vec::new();
    let mut tr = Vec::new();
    for step in plan {
        let row = binom_row::<N>(step.size);
        let mut index: FxMap<Vec<i64>, u32> = FxMap::default();
        let mut next_states: Vec<Vec<i64>> = Vec::new();
        let mut next_polys: Vec<Vec<N>> = Vec::new();
        let mut layer_trans = Vec::with_capacity(front.len());
        let polys = layers.last().map(|l| l.as_slice()).unwrap_or(&[]);
        for (s, state) in front.iter().enumerate() {
            // the clock read every 16 states (from the first): a read per state was a tenth of
            // a small component's count, and 16 states are microseconds
            if s % 16 == 0 {
                dl.check()?;
            }
            step.transitions(state, &mut base, &mut tr);
            let poly = &polys[s];
            let mut rec = Vec::with_capacity(tr.len());
            for (j, s2) in tr.drain(..) {
                let idx = match index.get(&s2) {
                    Some(&i) => i,
                    None => {
                        let i = next_states.len() as u32;
                        index.insert(s2.clone(), i);
                        next_states.push(s2);
                        next_polys.push(Vec::new());
                        i
                    }
                };
                let acc = &mut next_polys[idx as usize];
                let need_len = poly.len() + j as usize;
                if acc.len() < need_len {
                    acc.resize(need_len, N::zero());
                }
                let cj = coeff(&row, j)?;
                for (a, v) in poly.iter().enumerate() {
                    if !v.is_zero() {
                        acc[a + j as usize].add_mul(cj, v)?;
                    }
                }
                rec.push((j, idx));
            }
            layer_trans.push(rec);
        }
        steps.push((step.group, step.size));
        total_states += next_states.len() as u64;
        if let Some(m) = lim.max_states {
            if total_states > m {
                return Err(Stop::Budget(format!("more than {m} DP states")));
            }
        }
        if let Some(m) = lim.max_terms {
            total_terms += next_polys.iter().map(|p| p.len() as u64).sum::<u64>();
            if total_terms > m {
                return Err(Stop::Budget(format!("more than {m} DP polynomial terms")));
            }
        }
        layers.push(next_polys);
        trans.push(layer_trans);
        front = next_states;
    }
    let last = layers.last().map(|l| l.as_slice()).unwrap_or(&[]);
    let counts = match front.iter().position(|s| s.is_empty()) {
        Some(i) => last[i].clone(),
        None => vec![N::zero()],
    };
    Ok(Dp {
        steps,
        layers,
        trans,
        counts,
        states: total_states,
        ngroups: c.sizes.len(),
    })
}

impl<N: Num> Dp<N> {
    /// The same DP on another integer type (the backward pass of a `u128` count with big weights).
    pub fn convert<M: Num>(&self) -> Dp<M> {
        let conv = |p: &Vec<N>| -> Vec<M> {
            p.iter()
                .map(|v| M::from_big(&v.to_big()).unwrap_or_else(M::zero))
                .collect()
        };
        Dp {
            steps: self.steps.clone(),
            layers: self
                .layers
                .iter()
                .map(|l| l.iter().map(conv).collect())
                .collect(),
            trans: self.trans.clone(),
            counts: conv(&self.counts),
            states: self.states,
            ngroups: self.ngroups,
        }
    }

    /// Weighted marginals: for each group, the sum over configurations of (mines in group) times
    /// weight(k), and the normaliser Z = sum over configurations of weight(k), where k is the
    /// configuration's number of mines in this component.
    pub fn group_mines(&self, weights: &[N], dl: &Deadline) -> Result<(Vec<N>, N), Stop> {
        let mut numer = vec![N::zero(); self.ngroups];
        let mut w = weights.to_vec();
        if w.len() < self.counts.len() {
            w.resize(self.counts.len(), N::zero());
        }
        let mut z = N::zero();
        for (c, x) in self.counts.iter().zip(&w) {
            z.add_mul(c, x)?;
        }
        let final_states = self.layers.last().map(|l| l.len()).unwrap_or(0);
        let mut back: Vec<Vec<N>> = vec![w; final_states];
        for i in (0..self.steps.len()).rev() {
            let (g, size) = self.steps[i];
            let row = binom_row::<N>(size);
            let items = &self.layers[i];
            let mut prev = Vec::with_capacity(items.len());
            let mut num = N::zero();
            for (s, poly) in items.iter().enumerate() {
                if s % 16 == 0 {
                    dl.check()?; // every 16 states, as in `count`
                }
                let n = poly.len();
                let mut vec = vec![N::zero(); n];
                for &(j, s2) in &self.trans[i][s] {
                    let Some(g2) = back.get(s2 as usize) else {
                        continue;
                    };
                    let cj = coeff(&row, j)?;
                    let jc = cj.mul_u64(j as u64)?;
                    let ju = j as usize;
                    for a in 0..n {
                        let Some(v) = g2.get(a + ju) else { break };
                        if !v.is_zero() {
                            vec[a].add_mul(cj, v)?;
                            if j > 0 && !poly[a].is_zero() {
                                let pv = poly[a].mul(&jc)?;
                                num.add_mul(&pv, v)?;
                            }
                        }
                    }
                }
                prev.push(vec);
            }
            if let Some(slot) = numer.get_mut(g) {
                *slot = num;
            }
            back = prev;
        }
        Ok((numer, z))
    }
}
