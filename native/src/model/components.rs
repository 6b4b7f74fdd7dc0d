//! Component splitting: constraints linked by shared cells, their cells grouped by membership, in
//! the order `cpsolve/constraints/components.py` documents (components by their least cell, groups
//! by their least cell, a group's constraints ascending).

use super::bits::Src;
use super::cells::Cells;
use super::{Deadline, Error};

/// A simplified constraint: `need` mines among `cells`, derived from `src`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Constraint {
    pub cells: Cells,
    pub need: i32,
    pub src: Src,
}

/// Cells touching exactly the same constraints (local numbers of the component's constraints).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub cells: Vec<u32>,
    pub constraints: Vec<u32>,
}

/// Groups linked by constraints; independent of every other component except through the total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    pub groups: Vec<Group>,
    /// (group numbers, need) per constraint
    pub constraints: Vec<(Vec<u32>, i32)>,
    pub src: Src,
}

impl Component {
    pub fn size(&self) -> usize {
        self.groups.iter().map(|g| g.cells.len()).sum()
    }
}

/// An index of a union-find forest: `u32` for the constraints here, `usize` for the variables of
/// `crate::propagate`.
pub(crate) trait Parent: Copy + Eq {
    fn at(self) -> usize;
}

impl Parent for u32 {
    fn at(self) -> usize {
        self as usize
    }
}

impl Parent for usize {
    fn at(self) -> usize {
        self
    }
}

/// The root of `x` in the forest `parent`, halving the path on the way.
pub(crate) fn find<T: Parent>(parent: &mut [T], mut x: T) -> T {
    while parent[x.at()] != x {
        let p = parent[parent[x.at()].at()];
        parent[x.at()] = p;
        x = p;
    }
    x
}

/// The components of `constraints`, and the cells in some constraint (ascending).
pub fn split(
    constraints: &[Constraint],
    deadline: &Deadline,
) -> Result<(Vec<Component>, Vec<u32>), Error> {
    // the deadline checked every CHECK_EVERY steps of each loop that grows with the board
    const CHECK_EVERY: usize = 1 << 12;
    // (cell, constraint) pairs sorted by cell, then constraint: each cell's constraints ascending
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    for (ci, con) in constraints.iter().enumerate() {
        if ci % CHECK_EVERY == 0 {
            deadline.check()?;
        }
        for &c in con.cells.as_slice() {
            pairs.push((c, ci as u32));
        }
    }
    deadline.check()?;
    pairs.sort_unstable();
    deadline.check()?;
    let mut parent: Vec<u32> = (0..constraints.len() as u32).collect();
    let mut members: Vec<(u32, std::ops::Range<usize>)> = Vec::new(); // cell -> its run in `pairs`
    let mut i = 0;
    while i < pairs.len() {
        if members.len() % CHECK_EVERY == 0 {
            deadline.check()?;
        }
        let c = pairs[i].0;
        let mut j = i + 1;
        let r0 = find(&mut parent, pairs[i].1);
        while j < pairs.len() && pairs[j].0 == c {
            let r = find(&mut parent, pairs[j].1);
            if r != r0 {
                parent[r as usize] = r0;
            }
            j += 1;
        }
        members.push((c, i..j));
        i = j;
    }
    // components numbered by their least constraint; then ordered by their least cell
    let mut comp_of_root: Vec<u32> = vec![u32::MAX; constraints.len()];
    let mut comp_cons: Vec<Vec<u32>> = Vec::new();
    let mut local: Vec<u32> = vec![0; constraints.len()];
    for ci in 0..constraints.len() as u32 {
        if ci as usize % CHECK_EVERY == 0 {
            deadline.check()?;
        }
        let r = find(&mut parent, ci) as usize;
        if comp_of_root[r] == u32::MAX {
            comp_of_root[r] = comp_cons.len() as u32;
            comp_cons.push(Vec::new());
        }
        let k = comp_of_root[r] as usize;
        local[ci as usize] = comp_cons[k].len() as u32;
        comp_cons[k].push(ci);
    }
    let mut comp_cells: Vec<Vec<usize>> = vec![Vec::new(); comp_cons.len()]; // member numbers, by cell
    for (m, (_, run)) in members.iter().enumerate() {
        if m % CHECK_EVERY == 0 {
            deadline.check()?;
        }
        let r = find(&mut parent, pairs[run.start].1) as usize;
        comp_cells[comp_of_root[r] as usize].push(m);
    }
    let mut out: Vec<(u32, Component)> = Vec::with_capacity(comp_cons.len());
    let mut sig: Vec<u32> = Vec::new();
    for (k, cis) in comp_cons.iter().enumerate() {
        if k % 16 == 0 {
            deadline.check()?; // every 16 components: most are a few cells (a huge one checks within)
        }
        let mut groups: Vec<Group> = Vec::new();
        let mut index: std::collections::HashMap<Vec<u32>, usize, super::cells::FxBuild> =
            Default::default();
        for (n, &m) in comp_cells[k].iter().enumerate() {
            if n % CHECK_EVERY == CHECK_EVERY - 1 {
                deadline.check()?; // a huge component's cells
            }
            let (c, run) = &members[m];
            sig.clear();
            sig.extend(pairs[run.clone()].iter().map(|&(_, ci)| local[ci as usize]));
            match index.get(&sig) {
                Some(&g) => groups[g].cells.push(*c),
                None => {
                    index.insert(sig.clone(), groups.len());
                    groups.push(Group {
                        cells: vec![*c],
                        constraints: sig.clone(),
                    });
                }
            }
        }
        let mut con_groups: Vec<Vec<u32>> = vec![Vec::new(); cis.len()];
        for (gi, g) in groups.iter().enumerate() {
            for &l in &g.constraints {
                con_groups[l as usize].push(gi as u32);
            }
        }
        let src = Src::union_of(cis.iter().map(|&ci| &constraints[ci as usize].src));
        let cons = con_groups
            .into_iter()
            .zip(cis.iter())
            .map(|(gs, &ci)| (gs, constraints[ci as usize].need))
            .collect();
        let first = members[comp_cells[k][0]].0;
        out.push((
            first,
            Component {
                groups,
                constraints: cons,
                src,
            },
        ));
    }
    out.sort_unstable_by_key(|(first, _)| *first);
    let in_constraint = members.iter().map(|(c, _)| *c).collect();
    Ok((
        out.into_iter().map(|(_, comp)| comp).collect(),
        in_constraint,
    ))
}
