//! The sources of a derived fact: a sparse bitset of clue ids, and whether the mine total took part.
//!
//! Sparse (sorted `(word, bits)` pairs) rather than one word per 64 clues of the board: a 1000x1000
//! board has hundreds of thousands of clues, while a fact derived from nearby clues touches a word or
//! two (clue ids are row-major, so neighbouring clues have near ids).

/// Clue ids (and the mine total) that a fact, a constraint or a contradiction follows from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Src {
    /// The global mine total is among the sources (Python's `TOTAL`, -1).
    pub total: bool,
    words: Vec<(u32, u64)>,
}

impl Src {
    /// The sources `{clue}`.
    pub fn clue(clue: u32) -> Src {
        Src {
            total: false,
            words: vec![(clue >> 6, 1u64 << (clue & 63))],
        }
    }

    /// The sources `{TOTAL}`.
    pub fn total() -> Src {
        Src {
            total: true,
            words: Vec::new(),
        }
    }

    /// No clue and not the total.
    pub fn is_empty(&self) -> bool {
        !self.total && self.words.is_empty()
    }

    /// Whether clue id `clue` is among the sources.
    pub fn contains(&self, clue: u32) -> bool {
        self.words
            .binary_search_by_key(&(clue >> 6), |&(w, _)| w)
            .is_ok_and(|k| self.words[k].1 >> (clue & 63) & 1 == 1)
    }

    /// The union of `self` and `other`.
    pub fn union(&self, other: &Src) -> Src {
        let mut out = self.clone();
        out.union_in(other);
        out
    }

    /// `self |= other`.
    pub fn union_in(&mut self, other: &Src) {
        self.total |= other.total;
        if other.words.is_empty() {
            return;
        }
        if self.words.is_empty() {
            self.words.clone_from(&other.words);
            return;
        }
        // the common case: `other` within the words `self` already has
        if other.words.len() <= self.words.len() {
            let mut all_in = true;
            let mut j = 0;
            for &(w, b) in &other.words {
                while j < self.words.len() && self.words[j].0 < w {
                    j += 1;
                }
                if j < self.words.len() && self.words[j].0 == w {
                    self.words[j].1 |= b;
                } else {
                    all_in = false;
                    break;
                }
            }
            if all_in {
                return;
            }
        }
        let (a, b) = (&self.words, &other.words);
        let mut merged = Vec::with_capacity(a.len() + b.len());
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            let (wa, wb) = (a[i].0, b[j].0);
            if wa < wb {
                merged.push(a[i]);
                i += 1;
            } else if wb < wa {
                merged.push(b[j]);
                j += 1;
            } else {
                merged.push((wa, a[i].1 | b[j].1));
                i += 1;
                j += 1;
            }
        }
        merged.extend_from_slice(&a[i..]);
        merged.extend_from_slice(&b[j..]);
        self.words = merged;
    }

    /// The union of every one of `all` at once: their words gathered, sorted and merged (one
    /// `union_in` after another copies the growing set at each new word, quadratic over a huge
    /// component's sources).
    pub fn union_of<'a>(all: impl IntoIterator<Item = &'a Src>) -> Src {
        let mut total = false;
        let mut words: Vec<(u32, u64)> = Vec::new();
        for s in all {
            total |= s.total;
            words.extend_from_slice(&s.words);
        }
        words.sort_unstable_by_key(|&(w, _)| w);
        let mut out: Vec<(u32, u64)> = Vec::with_capacity(words.len());
        for (w, b) in words {
            match out.last_mut() {
                Some(last) if last.0 == w => last.1 |= b,
                _ => out.push((w, b)),
            }
        }
        Src { total, words: out }
    }

    /// The clue ids in ascending order (the total not among them).
    pub fn clues(&self) -> Vec<u32> {
        let mut out = Vec::new();
        for &(w, mut bits) in &self.words {
            while bits != 0 {
                out.push(w << 6 | bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
        out
    }

    /// The sources as Python spells them: clue ids, and -1 (`TOTAL`) first when the total is one.
    pub fn to_ids(&self) -> Vec<i64> {
        let mut out: Vec<i64> = Vec::new();
        if self.total {
            out.push(-1);
        }
        out.extend(self.clues().into_iter().map(i64::from));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn union_merges_words_in_order() {
        let mut s = Src::clue(200);
        s.union_in(&Src::clue(3));
        s.union_in(&Src::clue(5));
        s.union_in(&Src::clue(130));
        s.union_in(&Src::total());
        assert_eq!(s.to_ids(), vec![-1, 3, 5, 130, 200]);
        assert!(s.contains(130) && !s.contains(131) && !s.contains(7000));
        let parts = [
            Src::clue(200),
            Src::clue(3),
            Src::clue(5),
            Src::clue(130),
            Src::total(),
        ];
        assert_eq!(Src::union_of(&parts), s);
        assert_eq!(Src::union_of(&parts[..0]), Src::default());
        let t = Src::clue(5).union(&Src::clue(6));
        assert_eq!(t.clues(), vec![5, 6]);
        assert_eq!(s.union(&t).to_ids(), vec![-1, 3, 5, 6, 130, 200]);
        assert!(Src::default().is_empty() && !Src::total().is_empty());
    }
}
