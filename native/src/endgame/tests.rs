//! The search and the listing against brute force, and the boundary's "never panics" property.

use std::collections::{BTreeSet, HashMap};

use proptest::prelude::*;

use super::memo::{self, Memo};
use super::placements::{self, Comp};
use super::search::{self, Part, Search};
use super::{as_live, layout};

/// Placements of `set` won by optimal play, by plain recursion: every cell that is undecided, or safe
/// with more than one number, is tried; no ordering, no cut-off, no shortcut for safe cells.
fn naive(
    set: &[usize],
    base: &[u64],
    nb: &[Vec<usize>],
    ps: &[Vec<usize>],
    memo: &mut HashMap<Vec<usize>, u64>,
) -> u64 {
    if let Some(&v) = memo.get(set) {
        return v;
    }
    let mut best = None;
    for x in 0..base.len() {
        if let Some(v) = naive_move(set, x, base, nb, ps, memo) {
            best = Some(best.map_or(v, |b: u64| b.max(v)));
        }
    }
    let v = best.unwrap_or(set.len() as u64);
    memo.insert(set.to_vec(), v);
    v
}

/// Placements of `set` won by opening `x` first (None if `x` is decided in `set`).
fn naive_move(
    set: &[usize],
    x: usize,
    base: &[u64],
    nb: &[Vec<usize>],
    ps: &[Vec<usize>],
    memo: &mut HashMap<Vec<usize>, u64>,
) -> Option<u64> {
    let mine = |k: usize, c: usize| ps[k].contains(&c);
    let mines = set.iter().filter(|&&k| mine(k, x)).count();
    let mut parts: Vec<(u64, Vec<usize>)> = Vec::new();
    for &k in set {
        if mine(k, x) {
            continue;
        }
        let v = base[x] + nb[x].iter().filter(|&&j| mine(k, j)).count() as u64;
        match parts.iter_mut().find(|(u, _)| *u == v) {
            Some((_, p)) => p.push(k),
            None => parts.push((v, vec![k])),
        }
    }
    if mines == set.len() || (mines == 0 && parts.len() == 1) {
        return None;
    }
    Some(
        parts
            .iter()
            .map(|(_, p)| naive(p, base, nb, ps, memo))
            .sum(),
    )
}

fn instance() -> impl Strategy<Value = (Vec<u64>, Vec<Vec<usize>>, Vec<Vec<usize>>)> {
    instance_of(1..=6, 1..=14)
}

/// Positions of `live` cells and `placements` distinct placements: each cell's base count, its
/// neighbours (never itself) and each placement's mined cells.
fn instance_of(
    live: std::ops::RangeInclusive<usize>,
    placements: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = (Vec<u64>, Vec<Vec<usize>>, Vec<Vec<usize>>)> {
    live.prop_flat_map(move |live| {
        let base = proptest::collection::vec(0u64..3, live);
        let nb =
            proptest::collection::vec(proptest::collection::btree_set(0..live, 0..=live), live);
        let ps = proptest::collection::btree_set(
            proptest::collection::btree_set(0..live, 0..=live),
            placements.clone(),
        );
        (base, nb, ps).prop_map(|(base, nb, ps)| {
            let nb: Vec<Vec<usize>> = nb
                .into_iter()
                .enumerate()
                .map(|(x, s)| s.into_iter().filter(|&j| j != x).collect())
                .collect();
            let ps: Vec<Vec<usize>> = ps.into_iter().map(|s| s.into_iter().collect()).collect();
            (base, nb, ps)
        })
    })
}

/// The search's values equal plain recursion's, for the whole position and for every first move,
/// and the move it picks achieves the best value.
fn check_optimal(
    base: &[u64],
    nb: &[Vec<usize>],
    ps: &[Vec<usize>],
) -> Result<(), proptest::test_runner::TestCaseError> {
    let mut memo = HashMap::new();
    let all: Vec<usize> = (0..ps.len()).collect();
    let truth = naive(&all, base, nb, ps, &mut memo);
    let mut search = Search::new(base.len(), base, nb, ps, u64::MAX);
    prop_assert_eq!(search.value(), Ok(truth));
    let mut fresh = Search::new(base.len(), base, nb, ps, u64::MAX);
    match fresh.best_move() {
        Ok(Some((k, won))) => {
            prop_assert_eq!(won, truth);
            prop_assert_eq!(naive_move(&all, k, base, nb, ps, &mut memo), Some(truth));
        }
        Ok(None) => prop_assert_eq!(truth, ps.len() as u64), // nothing to decide: every placement won
        Err(e) => prop_assert!(false, "unbounded search over budget: {e:?}"),
    }
    for x in 0..base.len() {
        if let Some(v) = naive_move(&all, x, base, nb, ps, &mut memo) {
            prop_assert_eq!(search.move_value(x), Ok(v));
        }
    }
    // every first move it evaluated: exact values are true, the others upper bounds
    for &(k, w, done) in &fresh.first {
        let v = naive_move(&all, k, base, nb, ps, &mut memo);
        prop_assert!(v.is_some());
        let v = v.unwrap_or(0);
        if done {
            prop_assert_eq!(w, v)
        } else {
            prop_assert!(w >= v)
        }
    }
    Ok(())
}

/// Like [`instance`], with more placements than a word holds (sets of several words, some of them
/// zero in the sets deep in the tree).
fn wide_instance() -> impl Strategy<Value = (Vec<u64>, Vec<Vec<usize>>, Vec<Vec<usize>>)> {
    instance_of(7..=8, 65..=140)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The search's values equal plain recursion's (`check_optimal`).
    #[test]
    fn search_is_optimal((base, nb, ps) in instance()) {
        check_optimal(&base, &nb, &ps)?;
    }

    /// A budget cut: either the same answer within the budget, or over budget having visited one more
    /// node than allowed; never a different move.
    #[test]
    fn budgets_cut_cleanly((base, nb, ps) in instance(), cut in 0u64..40) {
        let mut whole = Search::new(base.len(), &base, &nb, &ps, u64::MAX);
        let want = whole.best_move();
        let mut part = Search::new(base.len(), &base, &nb, &ps, cut);
        match part.best_move() {
            Ok(got) => { prop_assert_eq!(Ok(got), want); prop_assert!(part.nodes <= cut) }
            Err(_) => prop_assert_eq!(part.nodes, cut + 1),
        }
    }

    /// The listing equals brute force: every subset of the cells with `remaining` mines in all that
    /// meets every constraint, each once.
    #[test]
    fn listing_is_brute_force(
        sizes in proptest::collection::vec(1usize..=3, 1..=4),
        cons in proptest::collection::vec((proptest::collection::btree_set(0usize..4, 1..=3), 0i64..4), 0..=3),
        outside in 0usize..=3,
        remaining in -1i64..=7,
    ) {
        let mut next = 0u32;
        let groups: Vec<Vec<u32>> = sizes.iter().map(|&s| { let g = (next..next + s as u32).collect(); next += s as u32; g }).collect();
        let cons: Vec<(Vec<usize>, i64)> = cons.into_iter()
            .map(|(gs, need)| (gs.into_iter().filter(|&g| g < groups.len()).collect::<Vec<_>>(), need))
            .filter(|(gs, _)| !gs.is_empty()).collect();
        let group_cons: Vec<Vec<usize>> = (0..groups.len()).map(|g| (0..cons.len()).filter(|&c| cons[c].0.contains(&g)).collect()).collect();
        let outside: Vec<u32> = (next..next + outside as u32).collect();
        let comp = Comp { groups: groups.clone(), group_cons, cons: cons.clone() };
        let cells = next as usize + outside.len();
        let mut want = BTreeSet::new();
        for bits in 0u32..(1 << cells) {
            if i64::from(bits.count_ones()) != remaining { continue }
            let ok = cons.iter().all(|(gs, need)| gs.iter().flat_map(|&g| &groups[g]).filter(|&&c| bits >> c & 1 == 1).count() as i64 == *need);
            if ok { want.insert((0..cells as u32).filter(|&c| bits >> c & 1 == 1).collect::<Vec<u32>>()); }
        }
        let got = placements::enumerate(&[comp], &outside, remaining, 10_000);
        prop_assert!(got.is_some());
        let got = got.unwrap_or_default();
        let set: BTreeSet<Vec<u32>> = got.iter().map(|p| { let mut p = p.clone(); p.sort_unstable(); p }).collect();
        prop_assert_eq!(set.len(), got.len()); // each once
        prop_assert_eq!(&set, &want);
        // over the limit: None
        if !want.is_empty() {
            let comp = Comp { groups: groups.clone(), group_cons: (0..groups.len()).map(|g| (0..cons.len()).filter(|&c| cons[c].0.contains(&g)).collect()).collect(), cons };
            prop_assert_eq!(placements::enumerate(&[comp], &outside, remaining, want.len() - 1), None);
        }
    }

    /// Whatever the boundary is given, it answers or refuses; it never panics.
    #[test]
    fn never_panics(
        rows in 0usize..5, cols in 0usize..5,
        kinds in proptest::collection::vec(any::<u8>(), 0..30),
        live in proptest::collection::vec(0u32..30, 0..10),
        ps in proptest::collection::vec(proptest::collection::vec(0u32..30, 0..6), 0..12),
        budget in 0u64..50,
        groups in proptest::collection::vec(proptest::collection::vec(0u32..30, 0..4), 0..4),
        group_cons in proptest::collection::vec(proptest::collection::vec(0usize..5, 0..3), 0..4),
        cons in proptest::collection::vec((proptest::collection::vec(0usize..5, 0..3), -2i64..5), 0..4),
        remaining in -3i64..8, limit in 0usize..50,
    ) {
        if let Ok(lay) = layout(rows, cols, &kinds, live) {
            if let Ok(ps) = as_live(&lay, &ps) {
                let mut s = Search::new(lay.live.len(), &lay.base, &lay.nb, &ps, budget);
                let _ = s.best_move();
                let _ = s.value();
                for k in 0..lay.live.len() + 1 { let _ = s.move_value(k); }
            }
        }
        let comps = [Comp { groups, group_cons, cons }];
        if placements::check(&comps).is_ok() {
            let _ = placements::enumerate(&comps, &[1, 2, 3], remaining, limit);
        }
    }
}

#[test]
fn binomials() {
    assert_eq!(placements::binomial(5, 2), 10);
    assert_eq!(placements::binomial(5, 6), 0);
    assert_eq!(placements::binomial(480, 99), u64::MAX); // saturates
    assert_eq!(placements::binomial(64, 32), 1_832_624_140_942_590_534);
}

#[test]
fn a_forced_guess_and_a_won_position() {
    // two cells, one mine, nothing to tell them apart: either cell wins half the placements
    let mut s = Search::new(2, &[1, 1], &[vec![], vec![]], &[vec![0], vec![1]], 100);
    assert_eq!(s.best_move(), Ok(Some((0, 1)))); // ties go to the first cell in live order
                                                 // one placement: nothing to decide
    let mut one = Search::new(2, &[0, 0], &[vec![1], vec![0]], &[vec![0]], 100);
    assert_eq!(one.best_move(), Ok(None));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// The same over 65-140 placements (two or three words a set).
    #[test]
    fn search_is_optimal_over_words((base, nb, ps) in wide_instance()) {
        check_optimal(&base, &nb, &ps)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// The memo answers as a map keyed by the set does: sets of 0-4 words (zero words among them),
    /// inserted and looked up in any order, past several growths of its table.
    #[test]
    fn memo_is_a_map(
        sets in proptest::collection::vec(
            (proptest::collection::vec(prop_oneof![Just(0u64), Just(1u64), Just(1u64 << 63), any::<u64>()], 4), any::<u64>()),
            0..3000,
        ),
    ) {
        let mut memo = Memo::default();
        let mut truth: HashMap<Vec<u64>, u64> = HashMap::new();
        for (k, (s, v)) in sets.iter().enumerate() {
            let nz: Vec<u32> = (0..s.len() as u32).filter(|&i| s[i as usize] != 0).collect();
            let key = memo::key(s, &nz);
            prop_assert_eq!(memo.get(s, &key), truth.get(s).copied());
            if k % 3 != 2 {
                memo.insert(s, &key, *v);
                truth.insert(s.clone(), *v);
            }
            prop_assert_eq!(memo.len(), truth.len());
        }
        for (s, v) in &truth {
            let nz: Vec<u32> = (0..s.len() as u32).filter(|&i| s[i as usize] != 0).collect();
            prop_assert_eq!(memo.get(s, &memo::key(s, &nz)), Some(*v));
        }
    }
}

/// A set of `nw` words from a list of placements (bits), with its non-zero words.
fn set_of(bits: &[usize], nw: usize) -> Part {
    let mut w = vec![0u64; nw];
    for &b in bits {
        w[b / 64] |= 1 << (b % 64);
    }
    let nz = (0..nw as u32).filter(|&i| w[i as usize] != 0).collect();
    (w, nz)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// meets against the placements one by one; and_into into a reused buffer (left holding another
    /// set) against the intersection made anew.
    #[test]
    fn set_operations_are_those_of_sets(
        a in proptest::collection::btree_set(0usize..192, 0..40),
        b in proptest::collection::btree_set(0usize..192, 0..40),
        old in proptest::collection::btree_set(0usize..192, 0..40),
    ) {
        let (s, nz) = set_of(&a.iter().copied().collect::<Vec<_>>(), 3);
        let (m, _) = set_of(&b.iter().copied().collect::<Vec<_>>(), 3);
        let want = (a.iter().any(|x| b.contains(x)), a.iter().any(|x| !b.contains(x)));
        prop_assert_eq!(search::meets(&s, &nz, &m), want);
        let mut out = set_of(&old.iter().copied().collect::<Vec<_>>(), 3);
        let both: Vec<usize> = a.intersection(&b).copied().collect();
        prop_assert_eq!(search::and_into(&s, &nz, &m, &mut out), !both.is_empty());
        prop_assert_eq!(out, set_of(&both, 3));
    }

    /// A split's signature is the same for its parts in any order, and differs for another split.
    #[test]
    fn signatures_tell_splits_apart(
        labels in proptest::collection::vec(0usize..4, 1..150),
        other in proptest::collection::vec(0usize..4, 1..150),
        turn in 0usize..4,
    ) {
        let parts_of = |labels: &[usize], turn: usize| -> Vec<Part> {
            (0..4)
                .map(|l| (l + turn) % 4)
                .map(|l| {
                    let bits: Vec<usize> = (0..labels.len()).filter(|&b| labels[b] == l).collect();
                    set_of(&bits, 3)
                })
                .filter(|p| !p.1.is_empty())
                .collect()
        };
        // the set: placements 0..len of both splits (the longer one's)
        let len = labels.len().max(other.len());
        let (_, nz) = set_of(&(0..len).collect::<Vec<_>>(), 3);
        let padded = |l: &[usize]| -> Vec<usize> { (0..len).map(|b| l.get(b).copied().unwrap_or(0)).collect() };
        let (x, y) = (padded(&labels), padded(&other));
        let (mut sx, mut sx2, mut sy) = (Vec::new(), Vec::new(), Vec::new());
        search::signature(&parts_of(&x, 0), &nz, &mut sx);
        search::signature(&parts_of(&x, turn), &nz, &mut sx2);
        search::signature(&parts_of(&y, 0), &nz, &mut sy);
        prop_assert_eq!(&sx, &sx2);
        // the same split: the same parts as sets
        let as_sets = |l: &[usize]| -> BTreeSet<Vec<usize>> {
            (0..4).map(|v| (0..len).filter(|&b| l[b] == v).collect::<Vec<_>>()).filter(|p| !p.is_empty()).collect()
        };
        prop_assert_eq!(sx == sy, as_sets(&x) == as_sets(&y));
    }
}
