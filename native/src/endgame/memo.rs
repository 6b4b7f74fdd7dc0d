//! The search's memo: a set of placements -> the placements optimal play wins from it.
//!
//! One open-addressed table of 16-byte slots (linear probing, at most half full) whose keys live one
//! after another in one arena of words: no allocation per entry, nothing copied to look a set up, no
//! key freed one by one when the search ends, and growth moves slots by their stored tag without
//! reading a key; the buffers outlive the search for the next one ([`SPARE`]). (A
//! `HashMap<Vec<u64>, u64>` spent most of the search's memo time allocating, freeing, comparing
//! through memcmp and rehashing its keys.)
//!
//! A set's key is the index of its first non-zero word, then its words up to the last non-zero one
//! (sets deep in the tree are a few bits: their keys are a word or two). Two sets have the same key
//! exactly when they are equal, so the memo answers exactly what a map keyed by the set would.

use std::sync::Mutex;

/// A set's place in the memo: its tag (the high half of its key's hash, never 0) and the range of
/// its words the key holds.
#[derive(Clone, Copy, Debug)]
pub struct Key {
    tag: u32,
    lo: usize,
    hi: usize,
}

/// The key of the set `s` whose non-zero words are `nz` (ascending indices into `s`).
pub fn key(s: &[u64], nz: &[u32]) -> Key {
    let lo = nz.first().map_or(s.len(), |&i| i as usize).min(s.len());
    let hi = nz.last().map_or(lo, |&i| i as usize + 1).clamp(lo, s.len());
    let mut h = (lo as u64).wrapping_add(1).wrapping_mul(K);
    for &w in &s[lo..hi] {
        h = (h.rotate_left(23) ^ w).wrapping_mul(K);
    }
    h ^= h >> 29;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 32;
    Key {
        tag: (h >> 32) as u32 | 1,
        lo,
        hi,
    }
}

const K: u64 = 0x517c_c1b7_2722_0a95;

/// A slot of the table: `tag` 0 when empty, else the high half of the key's hash (never 0), the
/// index in `words` where the key starts (a header word: the set's first non-zero word's index in
/// the low half, the key's length after the header in the high half; then its words), and the value.
#[derive(Clone, Copy, Default)]
struct Slot {
    tag: u32,
    at: u32,
    val: u64,
}

/// Slots of a new memo (a power of two).
const FIRST_SLOTS: usize = 1 << 10;

pub struct Memo {
    slots: Vec<Slot>,
    /// the slots before the last growth (a buffer for the next one)
    other: Vec<Slot>,
    words: Vec<u64>,
    len: usize,
}

/// The buffers of the last memo dropped, kept for the next one: a search's memo grows to megabytes
/// (Expert's largest searches: 100k entries), and growing it on new memory each time cost page
/// faults, the kernel zeroing those pages, and copies on each growth (a profile of `play --strategy
/// best` had about 7% of its time in the memo's growth). Kept up to [`KEEP_BYTES`]; a memo made
/// while another thread holds this lock makes buffers of its own (never waits).
static SPARE: Mutex<Option<Buffers>> = Mutex::new(None);

type Buffers = (Vec<Slot>, Vec<Slot>, Vec<u64>);

/// The most memory [`SPARE`] keeps.
const KEEP_BYTES: usize = 64 << 20;

impl Default for Memo {
    fn default() -> Self {
        let spare = SPARE.try_lock().ok().and_then(|mut s| s.take());
        let (mut slots, other, mut words) = spare.unwrap_or_default();
        slots.clear();
        slots.resize(FIRST_SLOTS, Slot::default());
        words.clear();
        Memo {
            slots,
            other,
            words,
            len: 0,
        }
    }
}

/// Bytes of buffers with room for `slots` slots and `words` words.
fn bytes(slots: usize, words: usize) -> usize {
    slots * std::mem::size_of::<Slot>() + words * std::mem::size_of::<u64>()
}

impl Drop for Memo {
    fn drop(&mut self) {
        let held = bytes(
            self.slots.capacity() + self.other.capacity(),
            self.words.capacity(),
        );
        if held > KEEP_BYTES {
            return;
        }
        if let Ok(mut spare) = SPARE.try_lock() {
            let kept = spare.as_ref().map_or(0, |(s, o, w)| {
                bytes(s.capacity() + o.capacity(), w.capacity())
            });
            if held > kept {
                *spare = Some((
                    std::mem::take(&mut self.slots),
                    std::mem::take(&mut self.other),
                    std::mem::take(&mut self.words),
                ));
            }
        }
    }
}

/// The first slot a key with this tag may take (before masking to the table's size): the tag is
/// all a slot keeps of the hash, and growth moves slots by it.
fn home(tag: u32) -> usize {
    (u64::from(tag).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize
}

impl Key {
    /// The key's header word; None if its parts overflow their halves (a set of more than 2^32
    /// words: not memoised).
    fn header(&self) -> Option<u64> {
        let lo = u32::try_from(self.lo).ok()?;
        let len = u32::try_from(self.hi - self.lo).ok()?;
        Some(u64::from(lo) | u64::from(len) << 32)
    }
}

impl Memo {
    /// Entries held.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn mask(&self) -> usize {
        self.slots.len() - 1
    }

    /// The slot of `key` (of the set `s`): Ok(its index) if the memo holds it, else Err(the empty
    /// slot where it goes); None if the key cannot be held.
    fn find(&self, s: &[u64], key: &Key) -> Option<Result<usize, usize>> {
        let header = key.header()?;
        let want = s.get(key.lo..key.hi).unwrap_or(&[]);
        let tag = key.tag;
        let mask = self.mask();
        let mut i = home(tag) & mask;
        loop {
            let slot = self.slots[i];
            if slot.tag == 0 {
                return Some(Err(i));
            }
            if slot.tag == tag {
                let at = slot.at as usize;
                if self.words[at] == header && self.words[at + 1..at + 1 + want.len()] == *want {
                    return Some(Ok(i));
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// The value of the set `s` (its key `key`), if held.
    pub fn get(&self, s: &[u64], key: &Key) -> Option<u64> {
        match self.find(s, key)? {
            Ok(i) => Some(self.slots[i].val),
            Err(_) => None,
        }
    }

    /// Sets the value of the set `s` (its key `key`, made from `s` as it is now). Not held if the
    /// key words would go past 2^32 words (the search then visits the set again, as a new node).
    pub fn insert(&mut self, s: &[u64], key: &Key, val: u64) {
        let (Some(found), Some(header)) = (self.find(s, key), key.header()) else {
            return;
        };
        let i = match found {
            Ok(i) => {
                self.slots[i].val = val;
                return;
            }
            Err(i) => i,
        };
        let Ok(at) = u32::try_from(self.words.len()) else {
            return;
        };
        let want = s.get(key.lo..key.hi).unwrap_or(&[]);
        if u32::try_from(self.words.len() + 1 + want.len()).is_err() {
            return;
        }
        self.words.push(header);
        self.words.extend_from_slice(want);
        self.slots[i] = Slot {
            tag: key.tag,
            at,
            val,
        };
        self.len += 1;
        if 2 * self.len > self.slots.len() {
            self.grow();
        }
    }

    /// Twice the slots, each entry moved by its stored hash.
    fn grow(&mut self) {
        let mut twice = std::mem::take(&mut self.other);
        twice.clear();
        twice.resize(2 * self.slots.len(), Slot::default());
        let mask = twice.len() - 1;
        for &slot in self.slots.iter().filter(|s| s.tag != 0) {
            let mut i = home(slot.tag) & mask;
            while twice[i].tag != 0 {
                i = (i + 1) & mask;
            }
            twice[i] = slot;
        }
        self.other = std::mem::replace(&mut self.slots, twice);
    }
}
