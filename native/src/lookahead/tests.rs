//! The look-ahead's own checks: the correctly rounded ratio against exact comparisons, and the
//! marginals by rows per mine count against the DP's backward pass.

use super::ratio::ratio;
use crate::count::num::Deadline;
use crate::count::{dp, plan};
use num_bigint::BigUint;
use proptest::prelude::*;

/// Whether `f` is the nearest float to `num / den` (ties to even), checked exactly: the midpoints
/// between f and its two neighbours bracket the ratio.
fn nearest(num: &BigUint, den: &BigUint, f: f64) -> bool {
    let bits = f.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    // f = m * 2^e exactly
    let (m, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1u64 << 52), exp - 1075)
    };
    // in units of 2^(e - 2): f is 4m, the upper midpoint 4m + 2, the lower one 4m - 2, or 4m - 1
    // at a power of two (the float below is closer)
    let lo_units = if m == 0 {
        0
    } else if frac == 0 && exp > 1 {
        4 * m as u128 - 1
    } else {
        4 * m as u128 - 2
    };
    let hi_units = 4 * m as u128 + 2;
    let s = 2 - e; // num / den * 2^s compared with the units
    let (lhs, lo, hi) = if s >= 0 {
        (
            num << (s as u64),
            BigUint::from(lo_units) * den,
            BigUint::from(hi_units) * den,
        )
    } else {
        let k = (-s) as u64;
        (
            num.clone(),
            (BigUint::from(lo_units) * den) << k,
            (BigUint::from(hi_units) * den) << k,
        )
    };
    let even = m % 2 == 0;
    (lhs > lo || (even && lhs == lo) || m == 0) && (lhs < hi || (even && lhs == hi))
}

#[test]
fn small_ratios_are_ieee_division() {
    for (a, b) in [(1u64, 3u64), (2, 3), (99, 476), (1, 7), (5, 5), (0, 9)] {
        assert_eq!(
            ratio(&BigUint::from(a), &BigUint::from(b)),
            a as f64 / b as f64
        );
    }
}

#[test]
fn huge_and_tiny_ratios() {
    let one = BigUint::from(1u8);
    let big = BigUint::from(3u8).pow(2000);
    assert_eq!(ratio(&one, &big), 0.0); // below the least subnormal
    let sub = BigUint::from(1u8) << 1074u64; // 2^-1074: the least subnormal
    assert_eq!(ratio(&one, &sub), f64::from_bits(1));
    assert_eq!(ratio(&(&big - 1u8), &big), 1.0);
    let third = BigUint::from(10u8).pow(400);
    let got = ratio(&third, &(&third * 3u8));
    assert_eq!(got, 1.0 / 3.0);
}

proptest! {
    #[test]
    fn ratio_is_nearest(a in proptest::collection::vec(any::<u32>(), 1..40),
                        b in proptest::collection::vec(any::<u32>(), 1..40),
                        shift in 0u64..1200) {
        let num = BigUint::new(a);
        let den = BigUint::new(b) + 1u8;
        for (n, d) in [(num.clone(), den.clone() << shift), (num.clone() << shift, den.clone())] {
            if n.bits() as i64 - (d.bits() as i64) < 1000 {
                let f = ratio(&n, &d);
                prop_assert!(nearest(&n, &d, f), "{} / {} -> {}", n, d, f);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A component's group marginals made from its rows per mine count (`per_mine_count`, `dot`)
    /// equal the DP's backward pass with the same weights, small ones and ones past u128.
    #[test]
    fn rows_per_mine_count_equal_the_backward_pass(
        sizes in proptest::collection::vec(1u32..=3, 1..=5),
        cons in proptest::collection::vec((proptest::collection::btree_set(0usize..5, 1..=3), 0i64..5), 1..=3),
        ws in proptest::collection::vec((any::<u64>(), 0u32..4), 1..=16),
    ) {
        let cons: Vec<(Vec<usize>, i64)> = cons
            .into_iter()
            .map(|(gs, need)| (gs.into_iter().filter(|&g| g < sizes.len()).collect::<Vec<_>>(), need))
            .filter(|(gs, _)| !gs.is_empty())
            .collect();
        let group_cons: Vec<Vec<usize>> = (0..sizes.len())
            .map(|g| (0..cons.len()).filter(|&c| cons[c].0.contains(&g)).collect())
            .collect();
        let needs = cons.iter().map(|(_, n)| *n).collect();
        let Ok(pc) = plan::Comp::new(sizes, group_cons, needs) else { return Ok(()) };
        let steps = plan::elimination_plan(&pc);
        let Ok(d) = dp::count::<u128>(&pc, &steps, dp::Limits::default(), &Deadline::none()) else {
            return Ok(());
        };
        let w: Vec<BigUint> = ws.iter().map(|&(x, shift)| BigUint::from(x) << (64 * shift)).collect();
        let rows = super::per_mine_count(&d);
        prop_assert!(rows.is_some());
        let rows = rows.unwrap_or_default();
        let (want, _) = d.convert::<BigUint>().group_mines(&w, &Deadline::none()).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        let got: Vec<BigUint> = rows.iter().map(|r| super::dot(r, &w)).collect();
        prop_assert_eq!(got, want);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// The quotient from the top bits alone, where it decides, is the big-integer one: random
    /// ratios, exact multiples and quotients within a few units of an integer (where the top bits
    /// must give up), with every shift `ratio` uses (subnormal ones included).
    #[test]
    fn quotient_from_top_bits_is_exact(
        a in proptest::collection::vec(any::<u32>(), 1..12),
        b in proptest::collection::vec(any::<u32>(), 1..12),
        q in any::<u64>(),
        delta in -3i64..=3,
        kind in 0u8..3,
        extra in -40i64..40,
    ) {
        use super::ratio::{quotient_exact, quotient_fast};
        let den = BigUint::new(b) + 1u8;
        let num = match kind {
            0 => BigUint::new(a) + 1u8,
            // q * den, nudged by a few units: the quotient at or next to an integer
            _ => {
                let base = BigUint::from(q | 1) * &den;
                let base = if kind == 2 { base << 70u64 } else { base };
                if delta >= 0 { base + delta as u64 } else if base > BigUint::from(3u8) { base - delta.unsigned_abs() } else { base }
            }
        };
        let diff = num.bits() as i64 - den.bits() as i64;
        for shift in [diff - 55, diff - 56, diff + extra - 55] {
            let want = quotient_exact(&num, &den, shift);
            if want.0 < (1 << 58) {
                if let Some(got) = quotient_fast(&num, &den, shift) {
                    prop_assert_eq!(got, want, "{} / {} shift {}", num, den, shift);
                }
            }
        }
    }
}

/// The top bits decide nearly every ratio of Expert-sized counts (hundreds of bits).
#[test]
fn quotient_from_top_bits_mostly_decides() {
    use super::ratio::{quotient_exact, quotient_fast};
    let mut x = BigUint::from(0x9e37_79b9_7f4a_7c15u64);
    let m = (BigUint::from(1u8) << 300u64) - 1u8;
    let mut decided = 0;
    for i in 0..1000u64 {
        x = (&x * 6_364_136_223_846_793_005u64 + 1_442_695_040_888_963_407u64) % &m;
        let den = &x + 1u8;
        x = (&x * 6_364_136_223_846_793_005u64 + 1_442_695_040_888_963_407u64) % &m;
        let num = &x >> (i % 70);
        let shift = num.bits() as i64 - den.bits() as i64 - 55;
        if let Some(got) = quotient_fast(&num, &den, shift) {
            assert_eq!(got, quotient_exact(&num, &den, shift));
            decided += 1;
        }
    }
    assert!(decided > 950, "{decided}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A component planned once and counted for each need of its last constraint (a candidate's
    /// clue, `Prepared::set_last_need`, the needs in any order) counts as planning and counting it
    /// anew for that need: the same counts, constraints and group marginals (asked once, with
    /// weights past u128: those of the DP's backward pass on big integers).
    #[test]
    fn planned_once_counts_as_planned_anew(
        cons in proptest::collection::vec((proptest::collection::btree_set(0u32..12, 1..=6), 0i32..4), 1..=5),
        clue in proptest::collection::btree_set(0u32..12, 1..=8),
        order in proptest::collection::vec(0i64..=8, 1..=6),
        ws in proptest::collection::vec(any::<u64>(), 1..=14),
    ) {
        use super::{Comp, Prepared};
        use crate::model::components::{split, Constraint};
        use crate::model::{Cells, Src};
        let make = |cells: &std::collections::BTreeSet<u32>, need: i32| {
            let mut c = Cells::default();
            for &x in cells {
                c.push(x);
            }
            Constraint { cells: c, need, src: Src::default() }
        };
        let mut all: Vec<Constraint> = cons.iter().map(|(cs, n)| make(cs, (*n).min(cs.len() as i32))).collect();
        all.push(make(&clue, 0));
        let first = *clue.iter().next().unwrap_or(&0);
        let Ok((comps, _)) = split(&all, &crate::model::Deadline::none()) else { return Ok(()) };
        let Some(mc) = comps.into_iter().find(|c| c.groups.iter().any(|g| g.cells.contains(&first))) else {
            return Ok(());
        };
        let Ok(mut prepared) = Prepared::new(&mc) else { return Ok(()) };
        let w: Vec<BigUint> = ws.iter().map(|&x| BigUint::from(x) << 100u64).collect();
        let lim = dp::Limits::default();
        for &v in &order {
            let v = v.min(clue.len() as i64);
            let mut anew = mc.clone();
            if let Some(last) = anew.constraints.last_mut() {
                last.1 = v as i32;
            }
            prepared.set_last_need(v).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
            let got = prepared.count(lim, &Deadline::none());
            let want = Comp::count(&anew, lim, &Deadline::none());
            match (got, want) {
                (Ok(g), Ok(x)) => {
                    prop_assert_eq!(&g.counts, &x.counts);
                    prop_assert_eq!(&g.cons, &x.cons);
                    prop_assert_eq!(&g.groups, &x.groups);
                    let gm = g.group_mines(&w, &Deadline::none()).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
                    let xm = x.group_mines(&w, &Deadline::none()).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
                    prop_assert_eq!(&gm, &xm);
                    // the first ask with weights past u128 (by rows per mine count) is the
                    // backward pass on big integers
                    let back = match &x.dp {
                        super::Counts::Small(d) => d.convert::<BigUint>().group_mines(&w, &Deadline::none()),
                        super::Counts::Big(d) => d.group_mines(&w, &Deadline::none()),
                    };
                    let back = back.map_err(|e| TestCaseError::fail(format!("{e:?}")))?.0;
                    prop_assert_eq!(&gm, &back);
                }
                (Err(_), Err(_)) => {}
                (g, x) => prop_assert!(false, "prepared {} vs anew {}", g.is_ok(), x.is_ok()),
            }
        }
    }
}
