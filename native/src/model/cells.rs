//! A constraint's cells: at most 8 board indices, ascending, stored inline. Every constraint is a
//! clue's cells or a difference of two constraints, so none has more cells than a clue.

use std::hash::{Hash, Hasher};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cells {
    len: u8,
    c: [u32; 8],
}

impl Hash for Cells {
    fn hash<H: Hasher>(&self, state: &mut H) {
        for &x in self.as_slice() {
            state.write_u32(x);
        }
        state.write_u8(self.len);
    }
}

impl Cells {
    /// Appends `x`, which must be larger than every cell already here (ignored when 8 are here).
    pub fn push(&mut self, x: u32) {
        if (self.len as usize) < 8 {
            self.c[self.len as usize] = x;
            self.len += 1;
        }
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[u32] {
        &self.c[..self.len as usize]
    }

    /// Every cell of `self` is in `other`, and `other` has more.
    pub fn proper_subset(&self, other: &Cells) -> bool {
        self.len < other.len && {
            let b = other.as_slice();
            let mut j = 0;
            self.as_slice().iter().all(|&x| {
                while j < b.len() && b[j] < x {
                    j += 1;
                }
                j < b.len() && b[j] == x
            })
        }
    }

    /// The cells of `self` not in `other`.
    pub fn minus(&self, other: &Cells) -> Cells {
        let b = other.as_slice();
        let mut out = Cells::default();
        let mut j = 0;
        for &x in self.as_slice() {
            while j < b.len() && b[j] < x {
                j += 1;
            }
            if j >= b.len() || b[j] != x {
                out.push(x);
            }
        }
        out
    }
}

/// FxHash (rustc's hasher): the constraint table is keyed by small arrays of small integers, which
/// need no protection from crafted collisions but are hashed on every constraint stored.
#[derive(Default, Clone, Copy)]
pub struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

pub type FxBuild = std::hash::BuildHasherDefault<Fx>;

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(xs: &[u32]) -> Cells {
        let mut c = Cells::default();
        for &x in xs {
            c.push(x);
        }
        c
    }

    #[test]
    fn subset_and_difference() {
        let a = cells(&[1, 5, 9]);
        let b = cells(&[1, 2, 5, 9, 12]);
        assert!(a.proper_subset(&b) && !b.proper_subset(&a) && !a.proper_subset(&a));
        assert_eq!(b.minus(&a).as_slice(), &[2, 12]);
        assert_eq!(a.minus(&cells(&[5, 7])).as_slice(), &[1, 9]);
        assert!(!cells(&[1, 3]).proper_subset(&cells(&[1, 2, 4])));
    }
}
