//! The cells a whole model forces, exactly, through the mine total: what no-guess generation's
//! play takes when the simplifier stops (native/src/noguess/). A group is forced when its exact
//! probability is 0 or 1, which needs no probability: a component's mine number k is *feasible*
//! when the other components and the off-frontier cells can hold the rest of the total (bit sets,
//! shift-or, as [`super::parts`]' `forced`), and a group is safe when it holds no mine in any
//! configuration of a feasible k (its numerator under weight 1 on the feasible k is 0), a mine
//! when it is full in every one (the numerator is its size times the weighted configurations).
//! The exact probability is a sum of the same terms, each times a positive weight (the placements
//! of the rest), so it is 0 or 1 exactly then: the same cells as the marginals through the total
//! ([`super::whole`]'s `run_with`), without their big-integer combination.
//!
//! Most components come back unchanged from one placement to the next (a re-lay changes a few
//! clues), and most of a component's mine numbers are feasible: [`CountCache`] keeps each
//! component's count with its verdicts when every mine number is feasible.

use num_bigint::BigUint;

use super::num::{either, Deadline, Stop};
use super::parts::{outside_forced, suffixes, Bits};
use super::whole::comp_of;
use super::{dp, Counted, Counts};
use crate::model::{self, Component};

/// A component as the counter reads it, flat: the groups' sizes, each group's constraints (its
/// length first), the needs. Equal keys are the same DP.
/// (A need is kept as its bits: the key only tells components apart.)
type CompKey = Vec<u32>;

fn key_of(c: &Component) -> CompKey {
    let mut k = Vec::with_capacity(2 + 3 * c.groups.len() + c.constraints.len());
    k.push(c.groups.len() as u32);
    k.extend(c.groups.iter().map(|g| g.cells.len() as u32));
    for g in &c.groups {
        k.push(g.constraints.len() as u32);
        k.extend_from_slice(&g.constraints);
    }
    k.extend(c.constraints.iter().map(|&(_, need)| need as u32));
    k
}

/// FxHash a word at a time: the keys here are long byte strings (a component's key, a board's
/// view), which [`crate::model::cells::Fx`] hashes a byte at a time. Only for maps that are never
/// iterated (their order would follow the hash).
#[derive(Default, Clone, Copy)]
pub(crate) struct Words(u64);

impl std::hash::Hasher for Words {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.write_u64(u64::from_le_bytes(w));
        }
        for &b in chunks.remainder() {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

pub(crate) type WordsBuild = std::hash::BuildHasherDefault<Words>;

/// A group's verdict: `Some(false)` safe, `Some(true)` a mine, None not forced.
type Verdict = Option<bool>;

/// A count kept, with its mine numbers that have a configuration, and its groups' verdicts when
/// every mine number is feasible (made when first needed).
struct Kept {
    h: Counted,
    support: Vec<usize>,
    all: std::cell::OnceCell<Vec<Verdict>>,
}

impl Kept {
    fn new(h: Counted) -> Kept {
        Kept {
            support: support(&h),
            h,
            all: std::cell::OnceCell::new(),
        }
    }
}

/// Counts kept for [`forced_cells`]: no-guess play builds a model per placement it tries, and a
/// placement changes a few clues, so most components come back as they were (about 70% of them
/// at 30x16 with 240 mines).
#[derive(Default)]
pub(crate) struct CountCache {
    /// A key's count in `kept` (a count met again is read in place: no removal and insertion).
    map: std::collections::HashMap<CompKey, usize, WordsBuild>,
    kept: Vec<Kept>,
    /// The [`weight`]s of the counts kept.
    weight: u64,
}

/// A count's size: its DP states times its mine counts, a bound on the numbers its layers hold.
fn weight(h: &Counted) -> u64 {
    let states = match &h.dp {
        Counts::Small(d) => d.states,
        Counts::Big(d) => d.states,
    };
    states.max(1).saturating_mul(counts_len(h).max(1) as u64)
}

/// A count heavier than this is not kept (a big board's large components: their layers are
/// megabytes, and they rarely come back unchanged)...
const CACHE_EACH: u64 = 1 << 14;
/// ...and the cache is emptied before it would hold more than this in all (about 16 MB of u128).
const CACHE_WEIGHT: u64 = 1 << 20;

/// A copy starts empty: the counts are only a speed-up, never part of a table's position.
impl Clone for CountCache {
    fn clone(&self) -> Self {
        CountCache::default()
    }
}

impl std::fmt::Debug for CountCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CountCache({} counts)", self.map.len())
    }
}

impl CountCache {
    fn put(&mut self, key: CompKey, kept: Kept) {
        let w = weight(&kept.h);
        if w > CACHE_EACH || self.map.contains_key(&key) {
            return;
        }
        if self.weight + w > CACHE_WEIGHT {
            self.map.clear();
            self.kept.clear();
            self.weight = 0;
        }
        self.weight += w;
        self.map.insert(key, self.kept.len());
        self.kept.push(kept);
    }
}

fn counts_len(c: &Counted) -> usize {
    match &c.dp {
        Counts::Small(d) => d.counts.len(),
        Counts::Big(d) => d.counts.len(),
    }
}

/// The mine numbers with a configuration.
fn support(c: &Counted) -> Vec<usize> {
    match &c.dp {
        Counts::Small(d) => (0..d.counts.len()).filter(|&k| d.counts[k] != 0).collect(),
        Counts::Big(d) => (0..d.counts.len())
            .filter(|&k| d.counts[k] != BigUint::ZERO)
            .collect(),
    }
}

/// The verdict of each group of `comp` (counted as `c`) over the mine numbers k with
/// `feasible[k]` (weight 1 each, the others 0).
fn verdicts(
    c: &Counted,
    comp: &Component,
    feasible: &[bool],
    dl: &Deadline,
) -> Result<Vec<Verdict>, Stop> {
    let got = either(
        || match &c.dp {
            Counts::Small(d) => {
                let w: Vec<u128> = feasible.iter().map(|&f| u128::from(f)).collect();
                d.group_mines(&w, dl)
            }
            Counts::Big(_) => Err(Stop::Overflow),
        },
        || {
            let w: Vec<BigUint> = feasible
                .iter()
                .map(|&f| BigUint::from(u8::from(f)))
                .collect();
            c.big().group_mines(&w, dl)
        },
    )?;
    let n = comp.groups.len();
    let wrong = || Stop::Invalid("a count is not its component's".into());
    Ok(match got {
        Ok((numer, z)) => {
            if numer.len() != n {
                return Err(wrong());
            }
            let sizes = comp.groups.iter().map(|g| g.cells.len() as u128);
            numer
                .iter()
                .zip(sizes)
                .map(|(&num, size)| {
                    // a numerator is at most size * z: past u128, size * z is not it
                    (num == 0 || z.checked_mul(size) == Some(num)).then_some(num != 0)
                })
                .collect()
        }
        Err((numer, z)) => {
            if numer.len() != n {
                return Err(wrong());
            }
            let sizes = comp.groups.iter().map(|g| g.cells.len());
            numer
                .iter()
                .zip(sizes)
                .map(|(num, size)| {
                    let zero = *num == BigUint::ZERO;
                    (zero || *num == &z * BigUint::from(size)).then_some(!zero)
                })
                .collect()
        }
    })
}

/// The cells of `m` (built with the total: `remaining` mines among its unknown cells) at exact
/// probability 0 or 1 and whether each is a mine, in [`super::whole`]'s order (the components'
/// groups in order, then the off-frontier cells). `None` when the count is not exact (a
/// component over `exact_limit` cells or over a DP budget, the deadline passed while counting,
/// the combination over `combine_budget` by the marginals' measure): nothing is read from an
/// estimate. An inconsistent model (a component with no configuration, a total no placement
/// meets) is `Err(Stop::Invalid)`.
///
/// `cache` keeps the components counted here for the next calls: a component met again (the
/// same groups' sizes, the same constraints on them, the same needs) is the same DP, so its count
/// is taken from there instead of made again.
#[allow(clippy::too_many_arguments)]
pub(crate) fn forced_cells(
    m: &model::Model,
    remaining: i64,
    exact_limit: Option<u64>,
    lim: dp::Limits,
    combine_budget: Option<u64>,
    dl: &Deadline,
    cache: &mut CountCache,
) -> Result<Option<Vec<(u32, bool)>>, Stop> {
    let remaining = remaining - model::fixed_mines(m) as i64;
    // every component counted first, as `run_with` does (a budget or the deadline leaves the
    // component, or the rest, to estimation); per component its count's place in the cache, or
    // a new count
    let mut slots: Vec<Result<usize, (CompKey, Kept)>> = Vec::with_capacity(m.components.len());
    let mut estimated = false;
    let mut out_of_time = false;
    for c in &m.components {
        if out_of_time || exact_limit.is_some_and(|lim| c.size() as u64 > lim) {
            estimated = true;
            continue;
        }
        let key = key_of(c);
        if let Some(&at) = cache.map.get(&key) {
            slots.push(Ok(at));
            continue;
        }
        let k = match comp_of(c).and_then(|comp| super::whole::count_comp(comp, lim, dl)) {
            Ok(h) => Kept::new(h),
            Err(Stop::Budget(_)) => {
                estimated = true;
                continue;
            }
            Err(Stop::OutOfTime) => {
                out_of_time = true;
                estimated = true;
                continue;
            }
            Err(e) => return Err(e),
        };
        slots.push(Err((key, k)));
    }
    let kept: Vec<&Kept> = slots
        .iter()
        .map(|s| match s {
            Ok(at) => &cache.kept[*at],
            Err((_, k)) => k,
        })
        .collect();
    let inconsistent = kept.iter().any(|k| total_is_zero(&k.h));
    let got = if inconsistent || estimated {
        Ok(None)
    } else {
        let n_outside = m.outside.len() as u64;
        decide(
            &m.components,
            &kept,
            remaining,
            n_outside,
            combine_budget,
            dl,
        )
    };
    drop(kept);
    // the new counts are kept whatever the verdict: they are only a speed-up
    for s in slots {
        if let Err((key, k)) = s {
            cache.put(key, k);
        }
    }
    if inconsistent {
        return Err(Stop::Invalid("the position is inconsistent".into()));
    }
    let Some((verdicts, outside)) = got? else {
        return Ok(None);
    };
    let mut out = Vec::new();
    for (g, v) in m.components.iter().flat_map(|c| &c.groups).zip(&verdicts) {
        if let Some(mine) = *v {
            out.extend(g.cells.iter().map(|&c| (c, mine)));
        }
    }
    if let Some(mine) = outside {
        out.extend(m.outside.iter().map(|&c| (c, mine)));
    }
    Ok(Some(out))
}

fn total_is_zero(c: &Counted) -> bool {
    match &c.dp {
        Counts::Small(d) => d.counts.iter().all(|v| *v == 0),
        Counts::Big(d) => d.counts.iter().all(|v| *v == BigUint::ZERO),
    }
}

/// Per group of every component (in order) its verdict, and the off-frontier cells' verdict
/// (None: not forced, or no such cell).
type Decided = (Vec<Verdict>, Verdict);

/// [`Decided`] for the components `comps` counted as `kept` (in order), `remaining` mines on their
/// cells and the `n_outside` off-frontier ones: per component the mine numbers that the others and
/// the outside can complete to `remaining` (bit d of `after[i]`: the components after i and the
/// outside can hold exactly `remaining - d` mines; of `prefix`: the components before i can hold
/// exactly d). None when the combination is over `budget` by the marginals' measure (2 (D + 1)
/// times the sum of the counts' lengths, D the sum of their degrees), as `run_with` leaves it to
/// estimation; a total that no placement meets is `Err(Stop::Invalid)`.
fn decide(
    comps: &[Component],
    kept: &[&Kept],
    remaining: i64,
    n_outside: u64,
    budget: Option<u64>,
    dl: &Deadline,
) -> Result<Option<Decided>, Stop> {
    let lens: Vec<usize> = kept.iter().map(|k| counts_len(&k.h)).collect();
    if lens.contains(&0) {
        return Err(Stop::Invalid("a component's counts are empty".into()));
    }
    let total_deg: usize = lens.iter().map(|&l| l - 1).sum();
    let cost = 2u64
        .saturating_mul(total_deg as u64 + 1)
        .saturating_mul(lens.iter().map(|&l| l as u64).sum());
    if budget.is_some_and(|b| cost > b) {
        return Ok(None);
    }
    let supports: Vec<&[usize]> = kept.iter().map(|k| k.support.as_slice()).collect();
    let degs: Vec<usize> = lens.iter().map(|&l| l - 1).collect();
    let Some((after, width)) = suffixes(&degs, &supports, remaining, n_outside, dl)? else {
        return Err(Stop::Invalid("the position is inconsistent".into()));
    };
    let mut out = Vec::new();
    let mut prefix = Bits::new(width);
    prefix.set(0);
    let mut feasible = Vec::new();
    for (i, (comp, k)) in comps.iter().zip(kept).enumerate() {
        if i % 16 == 0 {
            dl.check()?;
        }
        feasible.clear();
        feasible.resize(lens[i], false);
        let mut every = true;
        for &d in supports[i] {
            let f = prefix.meets_shr(&after[i], d);
            feasible[d] = f;
            every &= f;
        }
        if every {
            // weight 1 on every mine number: the numbers without a configuration add nothing
            let all = match k.all.get() {
                Some(all) => all,
                None => {
                    feasible.fill(true);
                    let v = verdicts(&k.h, comp, &feasible, dl)?;
                    k.all.get_or_init(|| v)
                }
            };
            out.extend_from_slice(all);
        } else {
            out.extend(verdicts(&k.h, comp, &feasible, dl)?);
        }
        let mut next = Bits::new(width);
        for &d in supports[i] {
            next.or_shl(&prefix, d);
        }
        prefix = next;
    }
    let outside = outside_forced(&prefix, width, remaining, n_outside);
    Ok(Some((out, outside)))
}
