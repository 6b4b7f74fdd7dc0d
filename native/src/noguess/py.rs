//! No-guess generation for Python (`cpsolve/simulate/noguess.py`): a request's settings cross as
//! the keyword-only [`NoguessPlan`] (a [`NoguessBoard`] and a [`NoguessEffort`]), the exact count's limits as [`Options`], and the answers come
//! back as [`NoguessGenerated`] and [`NoguessPlayed`] with named fields.

use pyo3::exceptions::{PyAssertionError, PyValueError};
use pyo3::prelude::*;

use super::{generate, Error, Geometry, Limits, Plan, Rng, Table};
use crate::deadline::Deadline;
use crate::options::Options;

fn py_error(e: Error) -> PyErr {
    match e {
        Error::Wrong(msg) => PyAssertionError::new_err(msg),
        Error::Invalid(msg) => PyAssertionError::new_err(format!("no-guess play: {msg}")),
    }
}

fn check_board(rows: usize, cols: usize, first: usize) -> PyResult<()> {
    let n = rows.saturating_mul(cols);
    if rows == 0 || cols == 0 || n > 1 << 24 || first >= n {
        return Err(PyValueError::new_err(
            "a board of 1 to 2^24 cells with the first cell on it",
        ));
    }
    Ok(())
}

/// The limits of a stuck position's exact count: `options.count`'s `exact_limit`,
/// `max_states`, `max_terms`, `combine_budget`, and `seconds` for each position's model and count.
fn limits_of(options: &Options) -> Limits {
    Limits {
        exact_limit: options.count.exact_limit,
        lim: options.limits(),
        combine_budget: options.count.combine_budget,
        seconds: options.seconds,
    }
}

/// A flag per cell of an `n`-cell board, set at `cells`; `off_board` is the error for a cell past it.
fn marked(n: usize, cells: &[u32], off_board: &str) -> PyResult<Vec<bool>> {
    let mut flags = vec![false; n];
    for &c in cells {
        match flags.get_mut(c as usize) {
            Some(x) => *x = true,
            None => return Err(PyValueError::new_err(off_board.to_owned())),
        }
    }
    Ok(flags)
}

/// The board of a no-guess request (`cpsolve._core.NoguessBoard`, by keyword only): its size,
/// mines and first cell (`first`, row-major), and the cells the first-click rule keeps free
/// (`banned`, the first among them). Checked by `noguess_generate`.
#[pyclass(frozen, module = "cpsolve._core", name = "NoguessBoard")]
#[derive(Clone)]
pub struct NoguessBoard {
    #[pyo3(get)]
    rows: usize,
    #[pyo3(get)]
    cols: usize,
    #[pyo3(get)]
    mines: usize,
    #[pyo3(get)]
    first: usize,
    #[pyo3(get)]
    banned: Vec<u32>,
}

#[pymethods]
impl NoguessBoard {
    #[new]
    #[pyo3(signature = (*, rows, cols, mines, first, banned))]
    fn new(rows: usize, cols: usize, mines: usize, first: usize, banned: Vec<u32>) -> Self {
        NoguessBoard {
            rows,
            cols,
            mines,
            first,
            banned,
        }
    }
}

/// How hard a no-guess request searches (`cpsolve._core.NoguessEffort`, by keyword only):
/// `repair` (false: rejection, fresh layouts only), `max_repairs` re-lays per random layout,
/// `max_restarts` random layouts and `tries` placements per stuck position.
#[pyclass(frozen, module = "cpsolve._core", name = "NoguessEffort")]
#[derive(Clone)]
pub struct NoguessEffort {
    #[pyo3(get)]
    repair: bool,
    #[pyo3(get)]
    max_repairs: u32,
    #[pyo3(get)]
    max_restarts: u32,
    #[pyo3(get)]
    tries: u32,
}

#[pymethods]
impl NoguessEffort {
    #[new]
    #[pyo3(signature = (*, repair, max_repairs, max_restarts, tries))]
    fn new(repair: bool, max_repairs: u32, max_restarts: u32, tries: u32) -> Self {
        NoguessEffort {
            repair,
            max_repairs,
            max_restarts,
            tries,
        }
    }
}

/// What one no-guess request asks for (`cpsolve._core.NoguessPlan`, by keyword only): the
/// [`NoguessBoard`], the [`NoguessEffort`], the seed of the random numbers and `time_limit` seconds
/// for the whole request (None: no limit).
#[pyclass(frozen, module = "cpsolve._core", name = "NoguessPlan")]
pub struct NoguessPlan {
    #[pyo3(get)]
    board: NoguessBoard,
    #[pyo3(get)]
    effort: NoguessEffort,
    #[pyo3(get)]
    seed: u64,
    #[pyo3(get)]
    time_limit: Option<f64>,
}

#[pymethods]
impl NoguessPlan {
    #[new]
    #[pyo3(signature = (*, board, effort, seed, time_limit=None))]
    fn new(board: NoguessBoard, effort: NoguessEffort, seed: u64, time_limit: Option<f64>) -> Self {
        NoguessPlan {
            board,
            effort,
            seed,
            time_limit,
        }
    }
}

/// What a request made (`cpsolve._core.NoguessGenerated`): the mine cells ascending (None when
/// none was found), re-lays kept, fresh random layouts (restarts), plays from the first click, and,
/// when none was found, the most safe cells revealed by proved moves in any attempt (else 0).
#[pyclass(frozen, module = "cpsolve._core", name = "NoguessGenerated")]
pub struct NoguessGenerated {
    #[pyo3(get)]
    mines: Option<Vec<u32>>,
    #[pyo3(get)]
    repairs: u32,
    #[pyo3(get)]
    restarts: u32,
    #[pyo3(get)]
    replays: u32,
    #[pyo3(get)]
    best_revealed: usize,
}

/// [`generate`] for Python: `plan`'s request, with `options`' limits for each stuck position's
/// exact count ([`limits_of`]). Bad input raises `ValueError`; a rule contradicted by the layout
/// `AssertionError`.
#[pyfunction]
#[pyo3(signature = (plan, options))]
fn noguess_generate(
    py: Python<'_>,
    plan: &NoguessPlan,
    options: &Options,
) -> PyResult<NoguessGenerated> {
    let (board, effort) = (&plan.board, &plan.effort);
    let (rows, cols, first) = (board.rows, board.cols, board.first);
    check_board(rows, cols, first)?;
    let ban = marked(rows * cols, &board.banned, "a banned cell off the board")?;
    if ban.iter().filter(|&&b| !b).count() < board.mines || !ban[first] {
        return Err(PyValueError::new_err(
            "the mines do not fit outside the banned cells, or the first cell is not banned",
        ));
    }
    let p = Plan {
        mines: board.mines,
        first,
        banned: ban,
        max_repairs: effort.max_repairs,
        max_restarts: effort.max_restarts.max(1),
        tries: effort.tries.max(1),
        repair: effort.repair,
        limits: limits_of(options),
    };
    let (seed, time_limit) = (plan.seed, plan.time_limit);
    let got = py.allow_threads(|| {
        let until = Deadline::after(time_limit);
        let g = Geometry::new(rows, cols);
        generate(&g, &p, &mut Rng::new(seed), until)
    });
    Ok(match got.map_err(py_error)? {
        Ok(x) => NoguessGenerated {
            mines: Some(x.mines),
            repairs: x.repairs,
            restarts: x.restarts,
            replays: x.replays,
            best_revealed: 0,
        },
        Err(s) => NoguessGenerated {
            mines: None,
            repairs: s.repairs,
            restarts: s.layouts,
            replays: s.replays,
            best_revealed: s.best_revealed,
        },
    })
}

/// How a play from the first click ended (`cpsolve._core.NoguessPlayed`): won, and the final
/// position's cell codes, a byte each.
#[pyclass(frozen, module = "cpsolve._core", name = "NoguessPlayed")]
pub struct NoguessPlayed {
    #[pyo3(get)]
    won: bool,
    #[pyo3(get)]
    view: Vec<u8>,
}

/// The play alone for Python (`play_proved(quick=True)`): the layout's mine cells, the first cell
/// (safe, row-major), and `options`' limits for each stuck position's exact count ([`limits_of`]).
#[pyfunction]
#[pyo3(signature = (rows, cols, mines, first, options))]
fn noguess_play(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    mines: Vec<u32>,
    first: usize,
    options: &Options,
) -> PyResult<NoguessPlayed> {
    check_board(rows, cols, first)?;
    let mine = marked(rows * cols, &mines, "a mine off the board")?;
    if mine[first] {
        return Err(PyValueError::new_err("the first cell is a mine"));
    }
    let limits = limits_of(options);
    let got = py.allow_threads(|| {
        let g = Geometry::new(rows, cols);
        let mut t = Table::new(&g, mine);
        t.open(first);
        t.play(&limits)
            .map(|won| NoguessPlayed { won, view: t.view })
    });
    got.map_err(py_error)
}

/// Adds this room's classes and functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NoguessBoard>()?;
    m.add_class::<NoguessEffort>()?;
    m.add_class::<NoguessPlan>()?;
    m.add_class::<NoguessGenerated>()?;
    m.add_class::<NoguessPlayed>()?;
    m.add_function(wrap_pyfunction!(noguess_generate, m)?)?;
    m.add_function(wrap_pyfunction!(noguess_play, m)?)?;
    Ok(())
}
