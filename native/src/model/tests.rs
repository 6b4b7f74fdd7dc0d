//! The model against brute force: every placement of mines on the unknown cells that meets every
//! clue (and the total) meets every fixed fact and every constraint left; a contradiction names
//! sources whose clues (and total) no placement meets. And no input panics.

use super::*;
use proptest::prelude::*;

const CODES: [u8; 9] = [
    scan::COVERED,
    scan::COVERED,
    scan::COVERED,
    scan::FLAG,
    scan::MINE,
    0,
    1,
    2,
    3,
];

fn cell_codes() -> impl Strategy<Value = (usize, usize, Vec<u8>)> {
    (1usize..5, 1usize..5).prop_flat_map(|(r, c)| {
        (
            Just(r),
            Just(c),
            proptest::collection::vec(proptest::sample::select(CODES.to_vec()), r * c),
        )
    })
}

/// The clues as (need, cells) and the unknown cells, straight from the neighbour definition.
fn plain_clues(
    rows: usize,
    cols: usize,
    codes: &[u8],
    trust: bool,
) -> (Vec<u32>, Vec<(i32, Vec<u32>)>) {
    let is_unknown = |v: u8| v == scan::COVERED || (!trust && v == scan::FLAG);
    let is_mine = |v: u8| v == scan::MINE || (trust && v == scan::FLAG);
    let unknown = (0..codes.len() as u32)
        .filter(|&i| is_unknown(codes[i as usize]))
        .collect();
    let mut clues = Vec::new();
    for r in 0..rows as i64 {
        for c in 0..cols as i64 {
            let v = codes[(r * cols as i64 + c) as usize];
            if v > 8 {
                continue;
            }
            let (mut cells, mut mines) = (Vec::new(), 0);
            for dr in -1..=1 {
                for dc in -1..=1 {
                    let (rr, cc) = (r + dr, c + dc);
                    if (dr, dc) == (0, 0)
                        || rr < 0
                        || cc < 0
                        || rr >= rows as i64
                        || cc >= cols as i64
                    {
                        continue;
                    }
                    let j = (rr * cols as i64 + cc) as usize;
                    if is_unknown(codes[j]) {
                        cells.push(j as u32);
                    } else if is_mine(codes[j]) {
                        mines += 1;
                    }
                }
            }
            if !cells.is_empty() || mines != i32::from(v) {
                clues.push((i32::from(v) - mines, cells));
            }
        }
    }
    (unknown, clues)
}

fn meets(mines: &[u32], need: i32, cells: &[u32]) -> bool {
    cells.iter().filter(|c| mines.contains(c)).count() as i32 == need
}

/// Every placement (as its mine cells) that meets the clues of `which` (all when None) and the total.
fn placements(
    unknown: &[u32],
    clues: &[(i32, Vec<u32>)],
    total: Option<i64>,
    which: Option<&Src>,
) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for bits in 0u32..(1 << unknown.len()) {
        let mines: Vec<u32> = (0..unknown.len())
            .filter(|&k| bits >> k & 1 == 1)
            .map(|k| unknown[k])
            .collect();
        let use_total = which.is_none_or(|s| s.total);
        if use_total && total.is_some_and(|t| t != mines.len() as i64) {
            continue;
        }
        let ok = clues.iter().enumerate().all(|(k, (need, cells))| {
            which.is_some_and(|s| !s.contains(k as u32)) || meets(&mines, *need, cells)
        });
        if ok {
            out.push(mines);
        }
    }
    out
}

fn check_against_brute_force(
    rows: usize,
    cols: usize,
    codes: &[u8],
    total: Option<i64>,
    trust: bool,
    simplify: bool,
) {
    let (unknown, clues) = plain_clues(rows, cols, codes, trust);
    let opts = Options {
        trust_flags: trust,
        simplify,
    };
    let built = build(rows, cols, codes, total, opts, &Deadline::none());
    match built {
        Ok(m) => {
            assert_eq!(m.unknown, unknown);
            let got: Vec<(i32, Vec<u32>)> = m
                .clues
                .iter()
                .map(|c| (c.need, c.cells.as_slice().to_vec()))
                .collect();
            assert_eq!(got, clues);
            for mines in placements(&unknown, &clues, total, None) {
                for &(cell, f) in &m.fixed {
                    assert_eq!(
                        m.facts[f as usize].mine,
                        mines.contains(&cell),
                        "fact on {cell}"
                    );
                }
                for con in &m.constraints {
                    assert!(meets(&mines, con.need, con.cells.as_slice()));
                }
            }
            // components: every constraint cell in exactly one group; outside and fixed disjoint
            let mut seen: Vec<u32> = m
                .components
                .iter()
                .flat_map(|c| c.groups.iter().flat_map(|g| g.cells.clone()))
                .collect();
            seen.extend(m.outside.iter().copied());
            seen.extend(m.fixed.iter().map(|&(c, _)| c));
            seen.sort_unstable();
            assert_eq!(seen, unknown);
        }
        Err(Error::Inconsistent { src, .. }) => {
            assert!(
                placements(&unknown, &clues, total, Some(&src)).is_empty(),
                "sources {:?} are satisfiable",
                src.to_ids()
            );
        }
        Err(e) => panic!("unexpected {e:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn model_agrees_with_brute_force((rows, cols, codes) in cell_codes(), total in proptest::option::of(0i64..8),
                                     trust: bool, simplify: bool) {
        check_against_brute_force(rows, cols, &codes, total, trust, simplify);
    }

    #[test]
    fn never_panics(rows in 0usize..40, cols in 0usize..40, codes in proptest::collection::vec(any::<u8>(), 0..1700),
                    total in proptest::option::of(-3i64..2000), trust: bool, simplify: bool, left in proptest::option::of(-1.0f64..0.01)) {
        let _ = build(rows, cols, &codes, total, Options { trust_flags: trust, simplify }, &Deadline::after(left));
        let n = (rows * cols).min(1700);
        let codes: Vec<u8> = codes.iter().cycle().take(n).map(|&v| CODES[v as usize % CODES.len()]).collect();
        if codes.len() == rows * cols {
            let _ = build(rows, cols, &codes, total, Options { trust_flags: trust, simplify }, &Deadline::none());
        }
    }
}

#[test]
fn deadline_passed_is_out_of_time() {
    let codes = vec![scan::COVERED; 100 * 100];
    let opts = Options {
        trust_flags: true,
        simplify: true,
    };
    let got = build(
        100,
        100,
        &codes,
        Some(10),
        opts,
        &Deadline::after(Some(0.0)),
    );
    assert_eq!(got.err(), Some(Error::OutOfTime));
    assert_eq!(Deadline::after(Some(f64::INFINITY)).check(), Ok(()));
    assert_eq!(
        Deadline::after(Some(f64::NAN)).check(),
        Err(crate::deadline::OutOfTime)
    );
}

#[test]
fn a_known_position() {
    // mines: 1 / 1 . / . .  : the 1 sees three cells; the total 1 leaves them one mine
    let codes = [1, scan::COVERED, scan::COVERED, scan::COVERED];
    let opts = Options {
        trust_flags: true,
        simplify: true,
    };
    let m = build(2, 2, &codes, Some(1), opts, &Deadline::none()).unwrap();
    assert_eq!(m.unknown, vec![1, 2, 3]);
    assert_eq!(m.constraints.len(), 1);
    assert_eq!(m.components.len(), 1);
    assert_eq!(m.components[0].groups[0].cells, vec![1, 2, 3]);
    // with 0 mines the total fixes every cell safe, from the total alone
    let m = build(
        2,
        2,
        &[0, scan::COVERED, scan::COVERED, scan::COVERED],
        Some(0),
        opts,
        &Deadline::none(),
    )
    .unwrap();
    assert_eq!(m.fixed.len(), 3);
    assert!(m.facts.iter().all(|f| !f.mine));
    let total_fact = &m.facts[m.fixed[0].1 as usize];
    assert!(!total_fact.src.total); // the 0 fixed them first
                                    // a 2 with one covered neighbour: "2 mines needed among 1 cells" from clue 0
    let got = build(1, 2, &[2, scan::COVERED], None, opts, &Deadline::none());
    assert_eq!(
        got.err(),
        Some(Error::Inconsistent {
            src: Src::clue(0),
            reason: "2 mines needed among 1 cells".into()
        })
    );
}
