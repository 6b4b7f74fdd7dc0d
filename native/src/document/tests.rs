//! The document writer against a plain rendering of the same entries, and the best cell against
//! a brute-force minimum.

use super::*;

fn le(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn parts() -> Vec<String> {
    [
        "{\"cells\": ",
        ", \"proved_safe\": ",
        ", \"proved_mine\": ",
        ", \"best_guess\": null}",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

fn render(
    cells: &[usize],
    keys: &Keys<'_>,
    tails: &[String],
    verdicts: &[u8],
    cols: usize,
) -> String {
    let mut out = Vec::new();
    write_into(&mut out, &parts(), cols, cells, keys, tails, verdicts).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn entries_and_proved_lists() {
    let tails: Vec<String> = vec![
        "\"p\": 0}".into(),
        "\"p\": 1, \"proof\": \"safe\"}".into(),
        "\"m\"}".into(),
    ];
    let verdicts = [0u8, 1, 2];
    let raw = le(&[u32::MAX, 1, 2, u32::MAX, u32::MAX, u32::MAX]);
    let keys = Keys::new(&raw, true, 0, &[], &[]).unwrap();
    let text = render(&[0, 1, 2, 5], &keys, &tails, &verdicts, 3);
    assert_eq!(
        text,
        "{\"cells\": [{\"row\": 0, \"col\": 0, \"p\": 0}, {\"row\": 0, \"col\": 1, \"p\": 1, \"proof\": \"safe\"}, \
         {\"row\": 0, \"col\": 2, \"m\"}, {\"row\": 1, \"col\": 2, \"p\": 0}], \"proved_safe\": [[0, 1]], \
         \"proved_mine\": [[0, 2]], \"best_guess\": null}"
    );
    // overrides: the same text from keys that say otherwise for cells 1 and 2
    let wrong = le(&[u32::MAX, 0, 0, u32::MAX, u32::MAX, u32::MAX]);
    let keys = Keys::new(&wrong, true, 0, &le(&[1, 2]), &le(&[1, 2])).unwrap();
    assert_eq!(render(&[0, 1, 2, 5], &keys, &tails, &verdicts, 3), text);
    assert!(Keys::new(&wrong, true, 0, &le(&[2, 1]), &le(&[1, 2])).is_err()); // not ascending
    assert!(Keys::new(&wrong, true, 0, &le(&[1]), &le(&[1, 2])).is_err());
    // one key per listed cell gives the same text
    let listed = le(&[0, 1, 2, 0]);
    let keys = Keys::new(&listed, false, 0, &[], &[]).unwrap();
    assert_eq!(render(&[0, 1, 2, 5], &keys, &tails, &verdicts, 3), text);
}

#[test]
fn empty_and_many() {
    let tails: Vec<String> = vec!["\"x\"}".into()];
    let keys = Keys::new(&[], true, 0, &[], &[]).unwrap();
    assert_eq!(
        render(&[], &keys, &tails, &[0], 1),
        "{\"cells\": [], \"proved_safe\": [], \"proved_mine\": [], \"best_guess\": null}"
    );
    // over a chunk: the same text as a plain join
    let cells: Vec<usize> = (0..200_000).collect();
    let text = render(&cells, &keys, &tails, &[0], 1000);
    let want: Vec<String> = cells
        .iter()
        .map(|c| format!("{{\"row\": {}, \"col\": {}, \"x\"}}", c / 1000, c % 1000))
        .collect();
    assert_eq!(
        text,
        format!(
            "{{\"cells\": [{}], \"proved_safe\": [], \"proved_mine\": [], \"best_guess\": null}}",
            want.join(", ")
        )
    );
}

#[test]
fn bad_arguments_are_refused() {
    let tails: Vec<String> = vec!["}".into()];
    let zero = le(&[0]);
    assert!(listed(2, 2, &zero, &[1, 2, 3], true, 0, &[], &[]).is_err()); // keys not a word a cell
    assert!(listed(2, 2, &[0, 0, 0], &[], false, 0, &[], &[]).is_err()); // cells not a word each
    assert!(listed(2, 2, &le(&[4]), &[], false, 0, &[], &[]).is_err()); // off the board
    assert!(listed(usize::MAX, 3, &zero, &[], false, 0, &[], &[]).is_ok());
    let raw = le(&[5]);
    let keys = Keys::new(&raw, false, 0, &[], &[]).unwrap();
    assert!(checked(&parts(), &[0], &keys, &tails, &[0]).is_err()); // names no entry
    let keys = Keys::new(&[], false, 0, &[], &[]).unwrap();
    assert!(checked(&parts()[..3], &[0], &keys, &tails, &[0]).is_err());
    assert!(checked(&parts(), &[0], &keys, &tails, &[]).is_err());
    assert!(checked(&parts(), &[0], &keys, &tails, &[0]).is_ok());
}

#[test]
fn best_against_brute_force() {
    // boards of 5x7 (edges and interior) and 1xN / Nx1 shapes, covered cells on a pattern
    for (rows, cols) in [(5usize, 7usize), (1, 6), (6, 1), (2, 2), (3, 3)] {
        best_on(rows, cols);
    }
    let keys = Keys::new(&[], false, 0, &[], &[]).unwrap();
    assert_eq!(best(1, 3, &[], &[2, 1], &keys, &le(&[0])), Some(1)); // no board: row-major
    assert_eq!(best(1, 3, &[], &[2, 1], &keys, &le(&[u32::MAX])), None);
    assert_eq!(best(1, 3, &[], &[], &keys, &le(&[0])), None);
}

fn best_on(rows: usize, cols: usize) {
    let covered: Vec<u8> = (0..rows * cols)
        .map(|i| u8::from(i % 3 != 0 || i % 5 == 0))
        .collect();
    for seed in 0..50u32 {
        let cells: Vec<usize> = (0..rows * cols)
            .filter(|i| (i * 7 + seed as usize) % 4 != 0)
            .collect();
        let klist: Vec<u32> = cells.iter().map(|&c| (c as u32 * 31 + seed) % 3).collect();
        let ranks = le(&[seed % 2, 0, if seed % 3 == 0 { u32::MAX } else { 1 }]);
        let raw = le(&klist);
        let keys = Keys::new(&raw, false, 0, &[], &[]).unwrap();
        let got = best(rows, cols, &covered, &cells, &keys, &ranks);
        let rank = |k: u32| {
            u32::from_le_bytes(
                ranks[4 * k as usize..4 * k as usize + 4]
                    .try_into()
                    .unwrap(),
            )
        };
        let around = |c: usize| {
            let (r, q) = ((c / cols) as i64, (c % cols) as i64);
            let mut n = 0;
            for dr in -1..=1i64 {
                for dc in -1..=1i64 {
                    let (rr, cc) = (r + dr, q + dc);
                    if (dr, dc) != (0, 0)
                        && rr >= 0
                        && cc >= 0
                        && rr < rows as i64
                        && cc < cols as i64
                        && covered[(rr * cols as i64 + cc) as usize] != 0
                    {
                        n += 1;
                    }
                }
            }
            n
        };
        let want = cells
            .iter()
            .zip(&klist)
            .filter(|(_, &k)| rank(k) != u32::MAX)
            .map(|(&c, &k)| (rank(k), around(c), c))
            .min()
            .map(|t| t.2);
        assert_eq!(got, want, "{rows}x{cols} seed {seed}");
    }
}

#[test]
fn scattered_keys_take_the_last_layer_and_refuse_cells_off_the_board() {
    let a = (le(&[0, 3]), le(&[7, 8]));
    let b = (le(&[3]), le(&[9]));
    let got = scatter(5, &[(&a.0, &a.1), (&b.0, &b.1)]).unwrap();
    assert_eq!(got, le(&[7, u32::MAX, u32::MAX, 9, u32::MAX]));
    assert_eq!(scatter(0, &[]).unwrap(), Vec::<u8>::new());
    let off = (le(&[5]), le(&[1]));
    assert!(scatter(5, &[(&off.0, &off.1)]).is_err());
    let uneven = (le(&[1, 2]), le(&[1]));
    assert!(scatter(5, &[(&uneven.0, &uneven.1)]).is_err());
    assert!(scatter(usize::MAX, &[]).is_err());
}

#[test]
fn key_pairs_are_distinct_in_the_order_met() {
    let keys = le(&[4, 5, u32::MAX, 4]);
    let cells = le(&[0, 1, 3, 2, 0, 9]);
    let (pairs, index) = pairs_of(&keys, &cells, &[1, 1, 1, 0, 2, 0]).unwrap();
    assert_eq!(pairs, vec![(4, 1), (5, 1), (u32::MAX, 0), (4, 2)]);
    assert_eq!(index, le(&[0, 1, 0, 2, 3, 2]));
    assert!(pairs_of(&keys, &cells, &[1]).is_err());
}
