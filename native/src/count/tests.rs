//! Tests of the counting core against brute force and exact identities.

use super::combine::{binomial, binomials, total_ratio, total_weights};
use super::dp::{count, Limits};
use super::num::{Deadline, Num, Stop};
use super::plan::{elimination_plan, Comp};
use num_bigint::BigUint;
use proptest::prelude::*;

fn big(v: u64) -> BigUint {
    BigUint::from(v)
}

/// C(n, k) by Pascal's rule (an independent oracle for small n).
fn pascal(n: usize, k: usize) -> BigUint {
    let mut row = vec![big(1)];
    for _ in 0..n {
        let mut next = vec![big(1); row.len() + 1];
        for i in 1..row.len() {
            next[i] = &row[i - 1] + &row[i];
        }
        row = next;
    }
    row.get(k).cloned().unwrap_or_default()
}

/// Counts by mine number and each group's mine-weighted numerator, by enumerating every
/// assignment of mine numbers to groups.
fn brute(c: &Comp, weights: &[BigUint]) -> (Vec<BigUint>, Vec<BigUint>, BigUint) {
    let n = c.sizes.len();
    let total: usize = c.sizes.iter().map(|&s| s as usize).sum();
    let mut counts = vec![BigUint::default(); total + 1];
    let mut numer = vec![BigUint::default(); n];
    let mut z = BigUint::default();
    let mut js = vec![0u32; n];
    loop {
        let ok = c
            .con_groups
            .iter()
            .zip(&c.needs)
            .all(|(gs, &need)| gs.iter().map(|&g| js[g] as i64).sum::<i64>() == need);
        if ok {
            let k: usize = js.iter().map(|&j| j as usize).sum();
            let ways = js
                .iter()
                .zip(&c.sizes)
                .fold(big(1), |acc, (&j, &s)| acc * pascal(s as usize, j as usize));
            let w = weights.get(k).cloned().unwrap_or_default();
            counts[k] += &ways;
            z += &ways * &w;
            for g in 0..n {
                numer[g] += &ways * &w * big(js[g] as u64);
            }
        }
        let mut i = 0;
        loop {
            if i == n {
                let last = counts
                    .iter()
                    .rposition(|v| *v != BigUint::default())
                    .unwrap_or(0);
                counts.truncate(last + 1);
                return (counts, numer, z);
            }
            js[i] += 1;
            if js[i] <= c.sizes[i] {
                break;
            }
            js[i] = 0;
            i += 1;
        }
    }
}

fn trimmed(v: &[BigUint]) -> Vec<BigUint> {
    let last = v
        .iter()
        .rposition(|x| *x != BigUint::default())
        .unwrap_or(0);
    v[..=last].to_vec()
}

fn counted_big(c: &Comp) -> super::dp::Dp<BigUint> {
    let steps = elimination_plan(c);
    count::<BigUint>(c, &steps, Limits::default(), &Deadline::none()).expect("counts")
}

/// A random component: groups of 1..4 cells, constraints over random groups with needs that are
/// usually satisfiable.
fn component() -> impl Strategy<Value = Comp> {
    (1usize..6, 1usize..5).prop_flat_map(|(ng, nc)| {
        (
            proptest::collection::vec(1u32..4, ng),
            proptest::collection::vec(proptest::collection::vec(0..ng, 1..4), nc),
            proptest::collection::vec(0i64..5, nc),
        )
            .prop_map(move |(sizes, cons, needs)| {
                let mut group_cons = vec![Vec::new(); ng];
                for (c, gs) in cons.iter().enumerate() {
                    for &g in gs {
                        group_cons[g].push(c);
                    }
                }
                Comp::new(sizes, group_cons, needs).expect("valid")
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn dp_matches_brute_force(c in component(), ws in proptest::collection::vec(0u64..50, 1..20)) {
        let weights: Vec<BigUint> = ws.iter().map(|&w| big(w)).collect();
        let (counts, numer, z) = brute(&c, &weights);
        let dp = counted_big(&c);
        prop_assert_eq!(trimmed(&dp.counts), counts);
        let (n2, z2) = dp.group_mines(&weights, &Deadline::none()).expect("marginals");
        prop_assert_eq!(n2, numer);
        prop_assert_eq!(z2, z);
        // the u128 path agrees where it does not overflow
        let steps = elimination_plan(&c);
        let small = count::<u128>(&c, &steps, Limits::default(), &Deadline::none()).expect("small");
        prop_assert_eq!(small.counts.iter().map(|v| v.to_big()).collect::<Vec<_>>(), dp.counts.clone());
    }

    #[test]
    fn never_panics(sizes in proptest::collection::vec(0u32..150, 0..6),
                    cons in proptest::collection::vec(proptest::collection::vec(0usize..8, 0..4), 0..6),
                    needs in proptest::collection::vec(-3i64..400, 0..6),
                    outside in 0u64..2000, remaining in -5i64..2000) {
        if let Ok(c) = Comp::new(sizes, cons, needs) {
            let steps = elimination_plan(&c);
            let lim = Limits { max_states: Some(10_000), max_terms: Some(100_000) };
            match count::<BigUint>(&c, &steps, lim, &Deadline::none()) {
                Ok(dp) => {
                    let counts = vec![dp.counts.clone()];
                    let t = total_weights(&counts, outside, remaining, &Deadline::none()).expect("total");
                    let _ = dp.group_mines(&t.weights[0], &Deadline::none()).expect("marginals");
                    let _ = total_ratio(&counts, outside, remaining, &Deadline::none()).expect("ratio");
                }
                Err(Stop::Budget(_)) => {}
                Err(e) => prop_assert!(false, "{:?}", e),
            }
        }
    }

    #[test]
    fn ratio_mode_gives_the_same_probabilities(c in component(), outside in 0u64..3000, extra in 0i64..800) {
        let dp = counted_big(&c);
        let counts = vec![dp.counts.clone()];
        let remaining = extra;
        let t = total_weights(&counts, outside, remaining, &Deadline::none()).expect("total");
        let r = total_ratio(&counts, outside, remaining, &Deadline::none()).expect("ratio");
        // out_num / out_den and every weight / z agree as fractions
        prop_assert_eq!(&t.out_num * &r.out_den, &r.out_num * &t.out_den);
        for (wt, wr) in t.weights[0].iter().zip(&r.weights[0]) {
            prop_assert_eq!(wt * &r.z, wr * &t.z);
        }
    }
}

/// `a * b` as polynomials, directly (an oracle for the combination's products).
fn poly_mul(a: &[BigUint], b: &[BigUint]) -> Vec<BigUint> {
    let mut out = vec![BigUint::default(); a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Many components, repeated counts and counts with zeros at either end (the combination
    /// trims them and works once per distinct counts): every weight, z and the outside
    /// numerator equal the direct leave-one-out products against C(outside, remaining - d), and
    /// the probabilities-only combination (here scaled: outside large) gives the same ratios.
    #[test]
    fn combination_matches_direct_products(
        pool in proptest::collection::vec(proptest::collection::vec(0u64..4, 1..5), 1..4),
        picks in proptest::collection::vec(0usize..4, 1..12),
        outside in 0u64..400, extra in 0i64..200,
    ) {
        let counts: Vec<Vec<BigUint>> = picks
            .iter()
            .map(|&p| pool[p % pool.len()].iter().map(|&v| big(v)).collect())
            .filter(|c: &Vec<BigUint>| c.iter().any(|v| *v != BigUint::default()))
            .collect();
        let remaining = extra;
        // rows n and n - 1 of Pascal's triangle, by its rule (not the binomials under test)
        let mut row = vec![big(1)];
        let mut prev = Vec::new();
        for _ in 0..outside {
            let mut next = vec![big(1); row.len() + 1];
            for i in 1..row.len() {
                next[i] = &row[i - 1] + &row[i];
            }
            prev = std::mem::replace(&mut row, next);
        }
        let ways = |d: usize| -> BigUint {
            let x = remaining - d as i64;
            if x < 0 || x as u64 > outside { BigUint::default() } else { row[x as usize].clone() }
        };
        let t = total_weights(&counts, outside, remaining, &Deadline::none()).expect("total");
        let mut all = vec![big(1)];
        for c in &counts {
            all = poly_mul(&all, c);
        }
        let z: BigUint = all.iter().enumerate().map(|(d, n)| n * ways(d)).sum();
        prop_assert_eq!(&t.z, &z);
        let out_num: BigUint = all
            .iter()
            .enumerate()
            .filter(|&(d, _)| outside > 0 && remaining - d as i64 >= 1 && remaining - (d as i64) - 1 < outside as i64)
            .map(|(d, n)| n * &prev[(remaining - d as i64 - 1) as usize])
            .sum();
        prop_assert_eq!(&t.out_num, &out_num);
        for (i, c) in counts.iter().enumerate() {
            let mut rest = vec![big(1)];
            for (j, d) in counts.iter().enumerate() {
                if j != i {
                    rest = poly_mul(&rest, d);
                }
            }
            for k in 0..c.len() {
                let w: BigUint = rest.iter().enumerate().map(|(d, n)| n * ways(k + d)).sum();
                prop_assert_eq!(&t.weights[i][k], &w, "component {} weight {}", i, k);
            }
        }
        let r = total_ratio(&counts, outside, remaining, &Deadline::none()).expect("ratio");
        prop_assert_eq!(&t.out_num * &r.out_den, &r.out_num * &t.out_den);
        for (wt, wr) in t.weights.iter().zip(&r.weights) {
            for (a, b) in wt.iter().zip(wr) {
                prop_assert_eq!(a * &r.z, b * &t.z);
            }
        }
    }
}

#[test]
fn binomials_agree_with_pascal() {
    for n in [0u64, 1, 5, 64, 130, 300] {
        for k in 0..=n + 2 {
            assert_eq!(
                binomial(n, k, &Deadline::none()).unwrap(),
                pascal(n as usize, k as usize),
                "C({n},{k})"
            );
        }
    }
    // the rows kept per thread: each (n, lo, hi) gives its own row, made or kept
    for (n, lo) in [(40u64, -3i64), (41, -3), (40, -2), (40, -3), (41, -3)] {
        let row = binomials(n, lo, 45, &Deadline::none()).unwrap();
        assert_eq!(row.len() as i64, 45 - lo + 1);
        for (i, v) in row.iter().enumerate() {
            let x = i as i64 + lo;
            let want = if (0..=n as i64).contains(&x) {
                pascal(n as usize, x as usize)
            } else {
                BigUint::default()
            };
            assert_eq!(*v, want);
        }
    }
}

#[test]
fn binomial_of_a_million_cell_board() {
    // C(10^6, 2*10^5) by prime powers against the multiplicative recurrence, and its size: the
    // entropy bound puts log2 C(n, k) just under n * H(0.2) = 721,928 bits
    let dl = Deadline::none();
    let (n, k) = (1_000_000u64, 200_000u64);
    let v = binomial(n, k, &dl).unwrap();
    let bits = v.bits();
    assert!((721_000..721_929).contains(&bits), "{bits} bits");
    // C(n, k) * (n - k) / (k + 1) = C(n, k + 1), both by the product of prime powers
    assert_eq!(&v * (n - k) / (k + 1), binomial(n, k + 1, &dl).unwrap());
    // the recurrence from a smaller one agrees
    let small = binomial(3000, 600, &dl).unwrap();
    let mut r = big(1);
    for i in 0..600u64 {
        r = r * (3000 - i) / (i + 1);
    }
    assert_eq!(small, r);
}

#[test]
fn deadline_stops_a_huge_binomial() {
    let dl = Deadline::after(Some(0.0));
    assert_eq!(binomial(4_000_000, 800_000, &dl), Err(Stop::OutOfTime));
}

#[test]
fn a_400_cell_component_overflows_into_big_integers() {
    // 200 groups of 2 cells in a chain: constraint i covers groups i and i+1 with need 2, so
    // counts[k] grows past u128; the u128 path must say so, and the big path must give
    // the closed forms (each group holds 0, 1 or 2 mines; alternating patterns)
    let n = 200usize;
    let sizes = vec![2u32; n];
    let mut group_cons = vec![Vec::new(); n];
    for i in 0..n - 1 {
        group_cons[i].push(i);
        group_cons[i + 1].push(i);
    }
    let c = Comp::new(sizes, group_cons, vec![2; n - 1]).unwrap();
    let steps = elimination_plan(&c);
    let small = count::<u128>(&c, &steps, Limits::default(), &Deadline::none());
    assert!(matches!(small, Err(Stop::Overflow)));
    let dp = count::<BigUint>(&c, &steps, Limits::default(), &Deadline::none()).unwrap();
    // the pairs (j_i, j_{i+1}) sum to 2: j alternates a, 2 - a. a = 0 or 2: one way each, 200 mines;
    // a = 1: C(2,1)^200 = 2^200 ways, 200 mines
    let total: BigUint = dp.counts.iter().sum();
    assert_eq!(total, big(2) + (big(1) << 200usize));
    assert_eq!(dp.counts[200], total);
    assert!(dp.counts.iter().take(200).all(|v| *v == BigUint::default()));
    // every group holds one mine on average (a = 0 and a = 2 are symmetric)
    let mut w = vec![BigUint::default(); 201];
    w[200] = big(1);
    let (numer, z) = dp.group_mines(&w, &Deadline::none()).unwrap();
    assert!(numer.iter().all(|x| *x == z));
}

#[test]
fn blank_board_ratio_is_remaining_over_cells() {
    let dl = Deadline::none();
    let r = total_ratio::<BigUint>(&[], 1_000_000, 200_000, &dl).unwrap();
    // nothing to drop a common factor from but the whole binomial: the numbers stay tiny
    assert_eq!(
        (r.out_num.clone(), r.out_den.clone()),
        (big(200_000), big(1_000_000))
    );
    let t = total_weights::<BigUint>(&[], 3000, 700, &dl).unwrap();
    assert_eq!(t.z, pascal(3000, 700));
    assert_eq!(t.out_num, pascal(2999, 699));
}

#[test]
fn budgets_and_invalid_input_are_errors() {
    assert!(matches!(
        Comp::new(vec![1], vec![vec![3]], vec![1]),
        Err(Stop::Invalid(_))
    ));
    assert!(matches!(
        Comp::new(vec![1, 1], vec![vec![0]], vec![1, 1]),
        Err(Stop::Invalid(_))
    ));
    let c = Comp::new(
        vec![3; 12],
        (0..12).map(|g| vec![g / 2, 6 + g % 6]).collect(),
        vec![2; 12],
    )
    .unwrap();
    let steps = elimination_plan(&c);
    let lim = Limits {
        max_states: Some(3),
        max_terms: None,
    };
    assert!(matches!(
        count::<BigUint>(&c, &steps, lim, &Deadline::none()),
        Err(Stop::Budget(_))
    ));
    let past = Deadline::after(Some(0.0));
    std::thread::sleep(std::time::Duration::from_millis(1));
    assert!(matches!(
        count::<BigUint>(&c, &steps, Limits::default(), &past),
        Err(Stop::OutOfTime)
    ));
}

/// The whole model counted in one call (`whole::run`) against brute force over every placement
/// of the board's mines: each frontier cell's probability, and the off-frontier cells'.
#[test]
fn whole_model_agrees_with_brute_force() {
    use super::whole::{run, BigOrSmall, Outcome, Settings};
    use crate::model::{build, Deadline as ModelDeadline, Options};
    fn val(v: &BigOrSmall) -> BigUint {
        match v {
            BigOrSmall::Small(x) => BigUint::from(*x),
            BigOrSmall::Big(x) => x.clone(),
        }
    }
    // 0xFF covered; rows of 5: clues around a few covered cells, and cells far from every clue
    let boards: [(&[u8], usize, usize, i64); 3] = [
        (
            &[
                0xFF, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 1, 0xFF,
            ],
            3,
            5,
            1,
        ),
        (
            &[
                0xFF, 2, 0xFF, 0xFF, 0xFF, 1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 3, 0xFF, 0xFF,
            ],
            3,
            5,
            4,
        ),
        (
            &[
                0xFF, 0xFF, 1, 0xFF, 0xFF, 0xFF, 0xFF, 2, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            ],
            3,
            5,
            3,
        ),
    ];
    for (codes, rows, cols, mines) in boards {
        let opts = Options {
            trust_flags: true,
            simplify: true,
        };
        let m = build(rows, cols, codes, Some(mines), opts, &ModelDeadline::none()).unwrap();
        let fixed_mines = m
            .fixed
            .iter()
            .filter(|&&(_, f)| m.facts[f as usize].mine)
            .count() as i64;
        let s = Settings {
            exact_limit: None,
            lim: Limits {
                max_states: None,
                max_terms: None,
            },
            remaining: Some(mines - fixed_mines),
            density: None,
            combine_budget: None,
        };
        let got = run(
            &m.components,
            m.outside.len() as u64,
            &s,
            &Deadline::none(),
            &Deadline::none(),
        )
        .unwrap();
        let Outcome::Exact { groups, outside } = got.outcome else {
            panic!("not exact")
        };
        // brute force: every set of `mines` unknown cells meeting every clue
        let unknown = &m.unknown;
        let mut hits = vec![0u64; rows * cols];
        let mut total = 0u64;
        for mask in 0u32..(1 << unknown.len()) {
            if mask.count_ones() as i64 != mines {
                continue;
            }
            let mine = |i: usize| {
                unknown
                    .iter()
                    .position(|&u| u as usize == i)
                    .is_some_and(|k| mask >> k & 1 == 1)
            };
            let ok = (0..rows * cols).filter(|&i| codes[i] <= 8).all(|i| {
                let (r, c) = ((i / cols) as i64, (i % cols) as i64);
                let mut n = 0;
                for dr in -1..=1 {
                    for dc in -1..=1 {
                        let (rr, cc) = (r + dr, c + dc);
                        if (dr, dc) != (0, 0)
                            && 0 <= rr
                            && rr < rows as i64
                            && 0 <= cc
                            && cc < cols as i64
                            && mine((rr * cols as i64 + cc) as usize)
                        {
                            n += 1;
                        }
                    }
                }
                n == codes[i]
            });
            if ok {
                total += 1;
                for (k, &u) in unknown.iter().enumerate() {
                    if mask >> k & 1 == 1 {
                        hits[u as usize] += 1;
                    }
                }
            }
        }
        let mut g = 0;
        for comp in &m.components {
            for grp in &comp.groups {
                let (n, d) = (val(&groups[g].0), val(&groups[g].1));
                for &cell in &grp.cells {
                    // n / d == hits / total
                    assert_eq!(
                        n.clone() * big(total),
                        big(hits[cell as usize]) * d.clone(),
                        "cell {cell}"
                    );
                }
                g += 1;
            }
        }
        assert_eq!(g, groups.len());
        match outside {
            Some((n, d)) => {
                for &cell in &m.outside {
                    assert_eq!(
                        val(&n) * big(total),
                        big(hits[cell as usize]) * val(&d),
                        "outside {cell}"
                    );
                }
            }
            None => assert!(m.outside.is_empty()),
        }
    }
}
