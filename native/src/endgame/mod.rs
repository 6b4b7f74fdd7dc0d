//! The exact endgame search of play: same nodes, values and limits as the Python search it replaced.
//!
//! Python passes a position as plain data (the board's size, a byte per cell saying how it counts in a
//! neighbour's number, the live cells, the components as lists of ints) and gets ints back; values are
//! exact counts of placements won. The listing and the search run without the GIL, on a thread of
//! their own with a large stack (the search recurses once per cell revealed along a line of play).

use crate::deadline::Deadline;
use crate::errors::BudgetExceeded;
use crate::options::Options;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

pub mod memo;
pub mod placements;
pub mod search;

#[cfg(test)]
mod tests;

use placements::Comp;
use search::{OverBudget, Search};

/// How a board cell counts in its neighbours' numbers (the `kinds` bytes Python passes).
pub const OTHER: u8 = 0; // revealed: counts nothing
pub const MINE: u8 = 1; // a flag, a known mine or a mine the model fixed: counts one
pub const UNKNOWN: u8 = 2; // covered and not fixed: counts one in the placements where it is a mine

/// The stack of the search's thread: room for `search::MAX_DEPTH` levels of a few kB each. Only the
/// pages a search touches are ever mapped.
const STACK: usize = 256 << 20;

/// Searches at most this many levels deep ([`Search::levels`]) run on the caller's thread: this many
/// levels fit any thread's stack.
const SMALL: u64 = 64;

/// Runs `f` on a thread with a large stack (inline when the search cannot recurse more than `levels`
/// deep, few enough); None if the thread could not be started (or failed). (Every play search of
/// Expert's 200 games of seed 1 runs inline: 40 live cells at most. A thread of its own put most of
/// its memory on pages new to the process, which the kernel zeroed: about 10% of the search's time.)
fn on_big_stack<T: Send>(levels: u64, f: impl FnOnce() -> T + Send) -> Option<T> {
    if levels <= SMALL {
        return Some(f());
    }
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .name("cpsolve-endgame".into())
            .stack_size(STACK)
            .spawn_scoped(scope, f)
            .ok()?;
        handle.join().ok()
    })
}

/// The 8 neighbours of `index` on a `rows` x `cols` board, row-major.
pub fn neighbours(rows: usize, cols: usize, index: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (index / cols.max(1), index % cols.max(1));
    (r.saturating_sub(1)..=(r + 1).min(rows.saturating_sub(1)))
        .flat_map(move |rr| {
            (c.saturating_sub(1)..=(c + 1).min(cols.saturating_sub(1)))
                .map(move |cc| rr * cols + cc)
        })
        .filter(move |&j| j != index)
}

/// What the search needs of a board: each live cell's fixed part of its number and its live
/// neighbours (indices into `live`, which is sorted and deduplicated here).
pub struct Layout {
    pub live: Vec<u32>,
    pub base: Vec<u64>,
    pub nb: Vec<Vec<usize>>,
}

pub fn layout(
    rows: usize,
    cols: usize,
    kinds: &[u8],
    mut live: Vec<u32>,
) -> Result<Layout, String> {
    let size = rows
        .checked_mul(cols)
        .ok_or_else(|| "the board is too large".to_string())?;
    if kinds.len() != size {
        return Err(format!(
            "kinds has {} bytes for a {rows}x{cols} board",
            kinds.len()
        ));
    }
    if let Some(&bad) = kinds.iter().find(|&&k| k > UNKNOWN) {
        return Err(format!("kind {bad} is none of 0, 1, 2"));
    }
    live.sort_unstable();
    live.dedup();
    if live.last().is_some_and(|&x| x as usize >= size) {
        return Err(format!(
            "live cell {} is off the {rows}x{cols} board",
            live[live.len() - 1]
        ));
    }
    let mut at = vec![usize::MAX; size];
    for (k, &x) in live.iter().enumerate() {
        at[x as usize] = k;
    }
    let mut base = Vec::with_capacity(live.len());
    let mut nb = Vec::with_capacity(live.len());
    for &x in &live {
        let mut b = 0;
        let mut around = Vec::new();
        for j in neighbours(rows, cols, x as usize) {
            match kinds[j] {
                MINE => b += 1,
                UNKNOWN if at[j] != usize::MAX => around.push(at[j]),
                _ => {}
            }
        }
        base.push(b);
        nb.push(around);
    }
    Ok(Layout { live, base, nb })
}

/// Placements (board cells) as lists of live indices.
fn as_live(layout: &Layout, placements: &[Vec<u32>]) -> Result<Vec<Vec<usize>>, String> {
    placements
        .iter()
        .map(|p| {
            p.iter()
                .map(|x| {
                    layout
                        .live
                        .binary_search(x)
                        .map_err(|_| format!("placement cell {x} is not a live cell"))
                })
                .collect()
        })
        .collect()
}

type CompIn = (Vec<Vec<u32>>, Vec<Vec<usize>>, Vec<(Vec<usize>, i64)>);

fn comps_of(comps: Vec<CompIn>) -> PyResult<Vec<Comp>> {
    let comps: Vec<Comp> = comps
        .into_iter()
        .map(|(groups, group_cons, cons)| Comp {
            groups,
            group_cons,
            cons,
        })
        .collect();
    placements::check(&comps).map_err(PyValueError::new_err)?;
    Ok(comps)
}

/// Every placement of the components and the `outside` cells holding `remaining` mines, as lists of
/// board cells in the search's order; None if more than `limit`.
///
/// `comps`: per component (cells of each group, constraint ids of each group, (group ids, need) of each
/// constraint).
#[pyfunction]
fn endgame_placements(
    py: Python<'_>,
    comps: Vec<CompIn>,
    outside: Vec<u32>,
    remaining: i64,
    limit: usize,
) -> PyResult<Option<Vec<Vec<u32>>>> {
    let comps = comps_of(comps)?;
    Ok(py.allow_threads(|| placements::enumerate(&comps, &outside, remaining, limit)))
}

/// A board as the search sees it (`cpsolve._core.EndgameBoard`): `kinds` per cell how it counts in
/// its neighbours' numbers (1 a mine, 2 unknown, 0 nothing), `live` the cells the search plays.
#[pyclass(frozen, module = "cpsolve._core", name = "EndgameBoard")]
pub struct EndgameBoard {
    rows: usize,
    cols: usize,
    kinds: Vec<u8>,
    live: Vec<u32>,
}

#[pymethods]
impl EndgameBoard {
    #[new]
    fn new(rows: usize, cols: usize, kinds: Vec<u8>, live: Vec<u32>) -> Self {
        EndgameBoard {
            rows,
            cols,
            kinds,
            live,
        }
    }
}

impl EndgameBoard {
    fn layout(&self) -> Result<Layout, String> {
        layout(self.rows, self.cols, &self.kinds, self.live.clone())
    }
}

/// The game tree of a position, searched exactly (`cpsolve.play.endgame.EndgameSearch` wraps it).
/// A search stopped by its node budget or its deadline raises `BudgetExceeded` (`out_of_time` says
/// which).
#[pyclass(module = "cpsolve._core")]
pub struct Endgame {
    search: Search,
    live: Vec<u32>,
}

/// An optimal first move (`Endgame.best_move`): its `cell` and the placements it wins (`won`).
#[pyclass(frozen, module = "cpsolve._core", name = "BestMove")]
pub struct BestMove {
    #[pyo3(get)]
    cell: u32,
    #[pyo3(get)]
    won: u64,
}

/// A first move the last `best_move` evaluated (`Endgame.first`): its `cell`, the placements it
/// wins (`won`), and whether that is exact (else the evaluation stopped once it could not beat the
/// best: an upper bound).
#[pyclass(frozen, module = "cpsolve._core", name = "FirstMove")]
pub struct FirstMove {
    #[pyo3(get)]
    cell: u32,
    #[pyo3(get)]
    won: u64,
    #[pyo3(get)]
    exact: bool,
}

/// The node budget of `options` (none: no limit).
fn node_budget(options: &Options) -> u64 {
    options.search.node_budget.unwrap_or(u64::MAX)
}

impl Endgame {
    /// Arms the deadline of the search about to run: `seconds` from now (Python's
    /// `boundary.seconds()`).
    fn start(&mut self, seconds: Option<f64>) {
        self.search.out_of_time = false;
        self.search.deadline = Deadline::after(seconds);
    }

    fn live_index(&self, cell: u32) -> PyResult<usize> {
        self.live
            .binary_search(&cell)
            .map_err(|_| PyValueError::new_err(format!("cell {cell} is not a live cell")))
    }

    /// `BudgetExceeded` for a search that did not finish.
    fn stopped(&self) -> PyErr {
        BudgetExceeded::new_err(if self.search.out_of_time {
            "the endgame search ran past the deadline"
        } else {
            "the endgame search ran over its node budget"
        })
    }
}

#[pymethods]
impl Endgame {
    /// The search over explicit `placements` (lists of board cells, each a subset of the board's
    /// live cells), at most `options.search.node_budget` positions visited.
    #[new]
    fn new(
        py: Python<'_>,
        board: &EndgameBoard,
        placements: Vec<Vec<u32>>,
        options: &Options,
    ) -> PyResult<Self> {
        let budget = node_budget(options);
        py.allow_threads(|| -> Result<Self, String> {
            let lay = board.layout()?;
            let ps = as_live(&lay, &placements)?;
            let search = Search::new(lay.live.len(), &lay.base, &lay.nb, &ps, budget);
            Ok(Endgame {
                search,
                live: lay.live,
            })
        })
        .map_err(PyValueError::new_err)
    }

    /// The search over every placement of the position (`comps` as for `endgame_placements`, the
    /// `outside` cells, `remaining` mines among them all); None if there are more than
    /// `options.max_placements`.
    #[staticmethod]
    fn of_position(
        py: Python<'_>,
        board: &EndgameBoard,
        comps: Vec<CompIn>,
        outside: Vec<u32>,
        remaining: i64,
        options: &Options,
    ) -> PyResult<Option<Self>> {
        let comps = comps_of(comps)?;
        let (budget, limit) = (node_budget(options), options.max_placements());
        py.allow_threads(|| -> Result<Option<Self>, String> {
            let lay = board.layout()?;
            let Some(listed) = placements::enumerate(&comps, &outside, remaining, limit) else {
                return Ok(None);
            };
            let ps = as_live(&lay, &listed)?;
            let search = Search::new(lay.live.len(), &lay.base, &lay.nb, &ps, budget);
            Ok(Some(Endgame {
                search,
                live: lay.live,
            }))
        })
        .map_err(PyValueError::new_err)
    }

    /// An optimal first move ([`BestMove`]); None when nothing is left to decide.
    #[pyo3(signature = (seconds=None))]
    fn best_move(&mut self, py: Python<'_>, seconds: Option<f64>) -> PyResult<Option<BestMove>> {
        self.start(seconds);
        let search = &mut self.search;
        let got = py.allow_threads(|| {
            on_big_stack(search.levels(), || search.best_move()).unwrap_or(Err(OverBudget))
        });
        match got {
            Ok(Some((k, won))) => Ok(self.live.get(k).map(|&cell| BestMove { cell, won })),
            Ok(None) => Ok(None),
            Err(OverBudget) => Err(self.stopped()),
        }
    }

    /// Placements won by optimal play from the whole position.
    #[pyo3(signature = (seconds=None))]
    fn value(&mut self, py: Python<'_>, seconds: Option<f64>) -> PyResult<u64> {
        self.start(seconds);
        let search = &mut self.search;
        py.allow_threads(|| {
            on_big_stack(search.levels(), || search.value()).unwrap_or(Err(OverBudget))
        })
        .map_err(|_| self.stopped())
    }

    /// Placements won by opening `cell` first, then playing optimally.
    #[pyo3(signature = (cell, seconds=None))]
    fn move_value(&mut self, py: Python<'_>, cell: u32, seconds: Option<f64>) -> PyResult<u64> {
        let k = self.live_index(cell)?;
        self.start(seconds);
        let search = &mut self.search;
        py.allow_threads(|| {
            on_big_stack(search.levels(), || search.move_value(k)).unwrap_or(Err(OverBudget))
        })
        .map_err(|_| self.stopped())
    }

    /// The last search stopped at its deadline (`seconds`), not at its node budget.
    #[getter]
    fn out_of_time(&self) -> bool {
        self.search.out_of_time
    }

    /// Placements searched over.
    #[getter]
    fn n(&self) -> u64 {
        self.search.placements()
    }

    /// Positions visited so far (memo hits aside).
    #[getter]
    fn nodes(&self) -> u64 {
        self.search.nodes
    }

    #[getter]
    fn budget(&self) -> u64 {
        self.search.budget
    }

    #[setter]
    fn set_budget(&mut self, budget: u64) {
        self.search.budget = budget;
    }

    /// The live cells, sorted.
    #[getter]
    fn live(&self) -> Vec<u32> {
        self.live.clone()
    }

    /// First moves evaluated by the last best_move, in the order evaluated ([`FirstMove`]).
    #[getter]
    fn first(&self) -> Vec<FirstMove> {
        self.search
            .first
            .iter()
            .filter_map(|&(k, won, exact)| {
                self.live.get(k).map(|&cell| FirstMove { cell, won, exact })
            })
            .collect()
    }

    /// Cell -> placements where it is safe, for each live cell.
    #[getter]
    fn safety<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for (cell, safe) in self.live.iter().zip(self.search.safety()) {
            out.set_item(cell, safe)?;
        }
        Ok(out)
    }
}

/// Adds this room's functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(endgame_placements, m)?)?;
    m.add_class::<Endgame>()?;
    m.add_class::<BestMove>()?;
    m.add_class::<FirstMove>()?;
    m.add_class::<EndgameBoard>()?;
    Ok(())
}
