//! The propagator against brute force over small random systems: a variable fixed by propagation,
//! or refuted, has that value in every model; "unsat" only when no model (with the assumption)
//! exists; "sat" only with a model of every constraint; with a budget large enough for the whole
//! tree, the search is complete. And no input panics.

use super::*;
use proptest::prelude::*;

/// Every assignment (bit v-1 of the mask: variable v) that meets every constraint.
fn models(n: usize, cards: &[(Vec<usize>, usize, usize)]) -> Vec<Vec<bool>> {
    (0u32..1 << n)
        .map(|mask| {
            (0..=n)
                .map(|v| v > 0 && mask >> (v - 1) & 1 == 1)
                .collect::<Vec<bool>>()
        })
        .filter(|m| {
            cards.iter().all(|(lits, lo, hi)| {
                let t = lits.iter().filter(|&&v| m[v]).count();
                *lo <= t && t <= *hi
            })
        })
        .collect()
}

fn system() -> impl Strategy<Value = (usize, Vec<(Vec<usize>, usize, usize)>)> {
    (1usize..=9).prop_flat_map(|n| {
        let card = (
            proptest::collection::btree_set(1..=n, 1..=n.min(5)),
            0usize..=5,
            0usize..=5,
        )
            .prop_map(|(lits, a, b)| {
                let lits: Vec<usize> = lits.into_iter().collect();
                let len = lits.len();
                let (lo, hi) = (a.min(len), b.min(len));
                (lits, lo.min(hi), lo.max(hi))
            });
        (Just(n), proptest::collection::vec(card, 0..=7))
    })
}

fn agrees(model: &[bool], cards: &[(Vec<usize>, usize, usize)]) -> bool {
    cards.iter().all(|(lits, lo, hi)| {
        let t = lits.iter().filter(|&&v| model[v]).count();
        *lo <= t && t <= *hi
    })
}

proptest! {
    #[test]
    fn propagation_is_sound_and_the_searches_complete((n, cards) in system(), prefs in proptest::collection::vec(any::<bool>(), 10)) {
        let all = models(n, &cards);
        let mut p = Prop::new(n, cards.clone(), false);
        if !p.ok() {
            prop_assert!(all.is_empty(), "a conflict with a model");
            prop_assert_eq!(p.search_whole(&[], 1 << 20, None).0, Verdict::Unsat);
            return Ok(());
        }
        let base = p.base.clone().unwrap();
        for v in 1..=n {
            if base[v] >= 0 {
                prop_assert!(all.iter().all(|m| m[v] == (base[v] == 1)), "var {} fixed wrongly", v);
            }
        }
        let prefer: Vec<(usize, bool)> = (1..=n).rev().map(|v| (v, prefs[v])).collect();
        let (verdict, model) = p.search_whole(&prefer, 1 << 20, None);
        prop_assert_eq!(verdict == Verdict::Sat, !all.is_empty());
        if let Some(m) = &model {
            prop_assert!(agrees(m, &cards));
        }
        for v in 1..=n {
            for x in [false, true] {
                let possible = all.iter().any(|m| m[v] == x);
                if p.refutes(v, x) {
                    prop_assert!(!possible, "var {} = {} refuted but possible", v, x);
                }
                for split in [false, true] {
                    let (verdict, model) = if split {
                        p.search_split(&prefer, 1 << 20, Some((v, x)))
                    } else {
                        p.search_whole(&prefer, 1 << 20, Some((v, x)))
                    };
                    // the budget covers the whole tree: the search is complete
                    prop_assert_eq!(verdict == Verdict::Sat, possible, "var {} = {} split {}", v, x, split);
                    prop_assert_eq!(verdict == Verdict::Unsat, !possible);
                    if let Some(m) = model {
                        prop_assert!(m[v] == x && agrees(&m, &cards));
                    }
                }
                // a tiny budget may give up, never lie
                let (verdict, model) = p.search_whole(&prefer, 2, Some((v, x)));
                prop_assert!(verdict != Verdict::Unsat || !possible);
                prop_assert!(verdict != Verdict::Sat || possible);
                if let Some(m) = model {
                    prop_assert!(m[v] == x && agrees(&m, &cards));
                }
            }
        }
    }

    #[test]
    fn never_panics_on_any_bounds(n in 0usize..6, cards in proptest::collection::vec(
        (proptest::collection::vec(-2i64..8, 0..6), -3i64..8, -3i64..8), 0..6)) {
        // out-of-range variables are refused with an error, never a panic
        if let Ok((kept, impossible)) = clean(n, cards) {
            let mut p = Prop::new(n, kept, impossible);
            if p.ok() && n > 0 {
                let _ = p.refutes(1, true);
                let _ = p.search_whole(&[(1, true)], 100, Some((n, false)));
                let _ = p.search_split(&[(1, true)], 100, Some((n, false)));
            }
        }
    }
}

#[test]
fn a_part_left_to_search_after_the_others_are_kept() {
    // two parts: {1, 2} with exactly one mine, {3, 4} with exactly two; then assume 1 true
    let cards = vec![(vec![1, 2], 1, 1), (vec![3, 4], 2, 2)];
    let mut p = Prop::new(4, cards, false);
    assert!(p.ok());
    assert!(p.refutes(3, false)); // propagation alone fixes 3 and 4
    let (v, m) = p.search_split(&[], 10, None);
    assert_eq!(v, Verdict::Sat);
    assert!(p.joined.is_some());
    let m = m.unwrap();
    assert!(m[1] != m[2] && m[3] && m[4]);
    for x in [false, true] {
        let (v, m) = p.search_split(&[], 10, Some((1, x)));
        assert_eq!(v, Verdict::Sat);
        let m = m.unwrap();
        assert!(m[1] == x && m[2] != x && m[3] && m[4]);
    }
    let (v, _) = p.search_whole(&[], 10, Some((3, false)));
    assert_eq!(v, Verdict::Unsat);
}

/// A system for [`nominated::settle`]: clue constraints (variables, need) over 1..=n, and maybe a
/// total (lo, hi) over every variable.
/// (n, clue constraints, total) of a system for [`nominated::settle`].
type SettleSystem = (usize, Vec<(Vec<usize>, i64)>, Option<(i64, i64)>);

fn settle_system() -> impl Strategy<Value = SettleSystem> {
    (1usize..=8).prop_flat_map(|n| {
        let clue = (
            proptest::collection::btree_set(1..=n, 1..=n.min(5)),
            0i64..=5,
        )
            .prop_map(|(vs, need)| {
                let vs: Vec<usize> = vs.into_iter().collect();
                let need = need.min(vs.len() as i64);
                (vs, need)
            });
        let total = proptest::option::of(prop_oneof![
            (-3i64..=8, 0i64..=8),
            Just((i64::MIN, i64::MAX)),
            Just((i64::MAX, i64::MIN)),
        ]);
        (Just(n), proptest::collection::vec(clue, 0..=6), total)
    })
}

proptest! {
    #[test]
    fn settle_forces_only_what_every_model_has(
        (n, clues, total) in settle_system(),
        noms in proptest::collection::vec(any::<bool>(), 8),
        nodes in prop_oneof![Just(0usize), Just(2usize), Just(64usize)],
    ) {
        let as_cards = |with_total: bool| {
            let mut cards: Vec<(Vec<usize>, usize, usize)> = clues
                .iter()
                .map(|(vs, need)| (vs.clone(), *need as usize, *need as usize))
                .collect();
            if let (true, Some((lo, hi))) = (with_total, total) {
                cards.push(((1..=n).collect(), lo.max(0) as usize, hi.clamp(0, n as i64) as usize));
            }
            cards
        };
        let all = models(n, &as_cards(true));
        let clue_models = models(n, &as_cards(false));
        // candidates: every variable, nominated with the value of the first model (or any value)
        let cand: Vec<(usize, bool)> = (1..=n)
            .map(|v| (v, all.first().map_or(noms[v - 1], |m| m[v])))
            .collect();
        let got = nominated::settle(n, &clues, total, &cand, nodes, 4096, &Deadline::none());
        if let Some(forced) = got {
            prop_assert!(!all.is_empty(), "settled a system with no model");
            for &(v, x, alone) in &forced {
                prop_assert!(all.iter().all(|m| m[v] == x), "var {} forced to {} wrongly", v, x);
                let by_clues = clue_models.iter().all(|m| m[v] == x);
                prop_assert_eq!(alone, by_clues || total.is_none(), "var {} alone", v);
            }
            // every candidate not listed has a model with its other value
            for &(v, x) in &cand {
                if !forced.iter().any(|f| f.0 == v) {
                    prop_assert!(all.iter().any(|m| m[v] != x), "var {} left out but forced", v);
                }
            }
        }
    }
}

proptest! {
    /// The pass's part-decided answer ([`first::FirstPass`]), whatever the nominations and budgets:
    /// a conflict or a candidate shown free has a model with its other value, a forced one has its
    /// nominated value in every model; step 4's `Unsat` only when every model of the clues alone
    /// (every constraint but the total) has it, `Sat` only when one flips it.
    #[test]
    fn the_pass_decides_only_what_the_models_say(
        (n, mut cards) in system(),
        with_total in any::<bool>(),
        noms in proptest::collection::vec(any::<bool>(), 9),
        budget in prop_oneof![Just((0usize, 1usize)), Just((2, 2)), Just((64, 4096))],
    ) {
        let total = (with_total && !cards.is_empty()).then(|| cards.len() - 1);
        let all = models(n, &cards);
        let clues: Vec<_> = cards.iter().enumerate().filter(|&(k, _)| Some(k) != total).map(|(_, c)| c.clone()).collect();
        let clue_models = models(n, &clues);
        let cand: Vec<(usize, bool)> = (1..=n).map(|v| (v, noms[v - 1])).collect();
        let raw = cards.drain(..).map(|(lits, lo, hi)| (lits.iter().map(|&v| v as i64).collect(), lo as i64, hi as i64)).collect();
        let got = first::FirstPass::start(n, raw, total, &cand, budget).expect("variables in range");
        let Some(mut pass) = got else { return Ok(()) };
        pass.decide(budget, &Deadline::none());
        prop_assert!(!all.is_empty(), "a model found in a system with none");
        let listed = |v: usize| pass.forced.iter().chain(&pass.open).any(|c| c.0 == v);
        for &(v, x) in &cand {
            if pass.conflicts.contains(&v) || !listed(v) {
                prop_assert!(all.iter().any(|m| m[v] != x), "var {} shown free but forced", v);
            }
        }
        for &(v, x) in &pass.forced {
            prop_assert!(all.iter().all(|m| m[v] == x), "var {} forced to {} wrongly", v, x);
        }
        let vars: Vec<usize> = pass.forced.iter().map(|c| c.0).collect();
        let values: Vec<bool> = pass.forced.iter().map(|c| c.1).collect();
        let alone = pass.alone(&vars, budget, &Deadline::none()).expect("candidates");
        for ((&v, x), verdict) in vars.iter().zip(values).zip(alone) {
            let by_clues = clue_models.iter().all(|m| m[v] == x);
            match verdict {
                Verdict::Unsat => prop_assert!(by_clues || total.is_none(), "var {} alone wrongly", v),
                Verdict::Sat => prop_assert!(!by_clues, "var {} needs the total wrongly", v),
                Verdict::Unknown => {}
            }
        }
    }
}
