//! The board scan: every revealed number as "`need` mines among these unknown cells", over a flat
//! board padded with a border of empty cells, so that every cell has its 8 neighbours at the same 8
//! offsets and no bounds are tested in the loop.

use super::cells::Cells;
use super::{Deadline, Error};

/// Cell codes as Python's `cpsolve.board` stores them, one signed byte each (`board.code_bytes`).
pub const COVERED: u8 = 0xFF; // -1
pub const FLAG: u8 = 0xFE; // -2
pub const MINE: u8 = 0xFD; // -3

/// A revealed number kept as a clue: `need` mines among `cells` (board indices, ascending).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clue {
    pub index: u32,
    pub number: u8,
    pub need: i32,
    pub cells: Cells,
}

/// What the scan finds.
#[derive(Debug, Default)]
pub struct Scan {
    /// Covered cells (and flags when flags are not trusted), ascending board indices.
    pub unknown: Vec<u32>,
    /// Revealed numbers with an unknown neighbour, or whose known mines differ from the number
    /// (violated); clue id = position here.
    pub clues: Vec<Clue>,
    /// Unknown cells next to a revealed number.
    pub clue_cells: usize,
}

/// Scans a `rows` x `cols` board of `codes` (row-major, one code a cell). A number with no unknown
/// neighbour whose mines are all known says nothing more and is dropped.
pub fn scan(
    rows: usize,
    cols: usize,
    codes: &[u8],
    trust_flags: bool,
    deadline: &Deadline,
) -> Result<Scan, Error> {
    let n = rows
        .checked_mul(cols)
        .ok_or_else(|| Error::BadInput("the board is too large".into()))?;
    if n != codes.len() {
        return Err(Error::BadInput(format!(
            "{} cells for a {rows}x{cols} board",
            codes.len()
        )));
    }
    if n >= (u32::MAX / 2) as usize {
        return Err(Error::BadInput("the board is too large".into()));
    }
    // per padded cell: bit 0 unknown, bit 1 mine, bit 2 revealed; the border is 0 (nothing)
    const UNKNOWN: u8 = 1;
    const MINE_BIT: u8 = 2;
    const REVEALED: u8 = 4;
    let w = cols + 2;
    let mut kind = vec![0u8; (rows + 2) * w];
    // one pass checks the codes, fills the kinds and counts, so that the lists are made once at
    // their size (the no-guess generator scans a small board per placement it tries: the separate
    // passes were a third of the scan)
    let (mut n_unknown, mut n_numbers) = (0usize, 0usize);
    for (r, row) in codes.chunks_exact(cols.max(1)).enumerate() {
        let base = (r + 1) * w + 1;
        for (c, &v) in row.iter().enumerate() {
            let k = match v {
                COVERED => UNKNOWN,
                FLAG if trust_flags => MINE_BIT,
                FLAG => UNKNOWN,
                MINE => MINE_BIT,
                0..=8 => REVEALED,
                _ => {
                    return Err(Error::BadInput(format!(
                        "cell {} has no cell code ({})",
                        r * cols + c,
                        v as i8
                    )))
                }
            };
            kind[base + c] = k;
            n_unknown += usize::from(k == UNKNOWN);
            n_numbers += usize::from(k == REVEALED);
        }
    }
    let mut unknown = Vec::with_capacity(n_unknown);
    // the 8 neighbours in ascending index order (Python's NEIGHBOUR_STEPS)
    let steps: [isize; 8] = {
        let w = w as isize;
        [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1]
    };
    let board_steps: [i64; 8] = {
        let c = cols as i64;
        [-c - 1, -c, -c + 1, -1, 1, c - 1, c, c + 1]
    };
    let mut clues = Vec::with_capacity(n_numbers.min(n_unknown.saturating_mul(8)));
    let mut clue_cells = 0usize;
    // the deadline checked every 4096 cells or so (every row of a wide board)
    let check_rows = (4096 / cols.max(1)).max(1);
    for r in 0..rows {
        if r % check_rows == 0 {
            deadline.check()?;
        }
        let base = (r + 1) * w + 1;
        for c in 0..cols {
            let p = base + c;
            let i = r * cols + c;
            match kind[p] {
                REVEALED => {
                    let number = codes[i];
                    let mut mines = 0i32;
                    let mut cells = Cells::default();
                    for (k, &s) in steps.iter().enumerate() {
                        let q = kind[p.wrapping_add_signed(s)];
                        if q == UNKNOWN {
                            cells.push((i as i64 + board_steps[k]) as u32);
                        } else if q == MINE_BIT {
                            mines += 1;
                        }
                    }
                    if !cells.is_empty() || mines != i32::from(number) {
                        clues.push(Clue {
                            index: i as u32,
                            number,
                            need: i32::from(number) - mines,
                            cells,
                        });
                    }
                }
                UNKNOWN => {
                    unknown.push(i as u32);
                    if steps
                        .iter()
                        .any(|&s| kind[p.wrapping_add_signed(s)] == REVEALED)
                    {
                        clue_cells += 1;
                    }
                }
                _ => {}
            }
        }
    }
    Ok(Scan {
        unknown,
        clues,
        clue_cells,
    })
}
