//! Transposition table: one slot per hash bucket, depth-preferred replacement.
//!
//! Why cutoffs only at the *same* depth: a value from a deeper search is
//! usually better, but it is not the value a fixed-depth search defines, so
//! a search using it could disagree with the plain negamax oracle and with
//! itself under a different move order. Equal-depth reuse still catches every
//! transposition inside one iteration (many in mancala: different starts often
//! sow into the same position), and entries of any depth still supply the
//! best move for ordering, which is where iterative deepening gains most.

/// How a stored value relates to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true value is at least this (a beta cutoff).
    Lower,
    /// The true value is at most this (every move failed low).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    /// Value with mate scores made relative to this node (see `to_tt`).
    pub value: i32,
    pub depth: u8,
    pub bound: Bound,
    /// Zobrist key of the best move's (principal) result position, or 0
    /// (for the principal variation).
    pub best: u64,
    /// Index of the best option in the turn's frontier (for move ordering;
    /// the frontier order is a function of the position), or `u16::MAX`.
    pub item: u16,
    /// The best option's move key ([`super::MoveKey`]) when that option is
    /// its start followed by the game's follow-up choices
    /// ([`super::MoveKey::follow_up`]; a start alone when it finishes the
    /// turn), else [`NO_START`]: the search can then play it before
    /// building the turn's graph (see `Searcher::guess`).
    pub start: u8,
}

/// [`Entry::start`] when the best option is not named by its start.
pub const NO_START: u8 = u8::MAX;

/// Slots are three words each: the key, the principal result's key, and
/// value/start/depth/bound/item/generation packed (values fit 24 bits:
/// they stay within `±(MATE + 1)`).
///
/// Why this shape: a default table has 2^18 slots (6 MB), and writing it
/// clear at every `analyse` call cost about 0.1 ms, most of a shallow
/// search. Instead each thread keeps its last table and the next search
/// of the same size reuses it without clearing: keys are stored XOR a
/// per-search salt, so another search's entries never match a probe (an
/// old entry could hold another evaluation's value), and a 6-bit search
/// generation lets the replacement rule treat them as empty (the table is
/// cleared when the generation wraps). A fresh table is allocated zeroed,
/// which the OS provides lazily.
pub struct Table {
    slots: Vec<[u64; 3]>,
    mask: usize,
    salt: u64,
    gen: u64,
}

thread_local! {
    /// The last table this thread dropped, for the next search to reuse.
    static SPARE: std::cell::RefCell<Option<Vec<[u64; 3]>>> = const { std::cell::RefCell::new(None) };
    /// Searches started on this thread (salt and generation source).
    static SEARCHES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

const GEN_MASK: u64 = 0x3f;

fn pack(e: &Entry, gen: u64) -> [u64; 3] {
    let bound = match e.bound {
        Bound::Exact => 0u64,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    let value = e.value as u32 as u64 & 0xff_ffff;
    let word =
        value | (e.start as u64) << 24 | (e.depth as u64) << 32 | bound << 40 | gen << 42 | (e.item as u64) << 48;
    [e.key, e.best, word]
}

fn unpack(s: &[u64; 3], key: u64) -> Entry {
    let w = s[2];
    Entry {
        key,
        // Sign-extend the 24-bit value.
        value: ((w as u32) << 8) as i32 >> 8,
        start: (w >> 24) as u8,
        depth: (w >> 32) as u8,
        bound: match (w >> 40) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
        best: s[1],
        item: (w >> 48) as u16,
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        if !self.slots.is_empty() {
            let slots = std::mem::take(&mut self.slots);
            SPARE.with(|s| *s.borrow_mut() = Some(slots));
        }
    }
}

/// Scores above this are forced wins (and below its negation, losses).
pub const MATE: i32 = 1_000_000;
pub const MATE_BOUND: i32 = MATE - 10_000;

/// Mate scores count plies from the root; stored, they count from the node,
/// so an entry is valid wherever the position recurs.
#[inline]
pub fn to_tt(v: i32, ply: u32) -> i32 {
    if v > MATE_BOUND {
        v + ply as i32
    } else if v < -MATE_BOUND {
        v - ply as i32
    } else {
        v
    }
}

#[inline]
pub fn from_tt(v: i32, ply: u32) -> i32 {
    if v > MATE_BOUND {
        v - ply as i32
    } else if v < -MATE_BOUND {
        v + ply as i32
    } else {
        v
    }
}

impl Table {
    /// A table of `2^bits` slots; `bits == 0` gives a disabled table.
    pub fn new(bits: u32) -> Table {
        let n = if bits == 0 { 0 } else { 1usize << bits.min(28) };
        let count = SEARCHES.with(|c| {
            c.set(c.get() + 1);
            c.get()
        });
        // Any fixed odd multiplier spreads consecutive counts over 64 bits.
        let salt = count.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let reused = SPARE.with(|s| s.borrow_mut().take()).filter(|v| v.len() == n);
        let slots = match reused {
            // Generations wrap every 64 searches: clear then, so an entry
            // 64 searches old is never taken for this search's own in the
            // replacement rule (which would make results depend on what ran
            // before, and fixed-depth searches must be deterministic).
            Some(mut v) if count & GEN_MASK == 0 => {
                v.fill([0; 3]);
                v
            }
            Some(v) => v,
            None => vec![[0u64; 3]; n],
        };
        Table { slots, mask: n.wrapping_sub(1), salt, gen: count & GEN_MASK }
    }

    pub fn enabled(&self) -> bool {
        !self.slots.is_empty()
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        if self.slots.is_empty() {
            return None;
        }
        let s = &self.slots[key as usize & self.mask];
        (s[0] == key ^ self.salt).then(|| unpack(s, key))
    }

    /// Replace unless the slot holds a deeper entry for another position;
    /// the same position is always overwritten (newer is better informed).
    pub fn store(&mut self, e: Entry) {
        if self.slots.is_empty() {
            return;
        }
        let (salt, gen) = (self.salt, self.gen);
        let slot = &mut self.slots[e.key as usize & self.mask];
        let ours = (slot[2] >> 42) & GEN_MASK == gen && slot[0] != 0;
        let taken_deeper = ours && slot[0] != e.key ^ salt && (slot[2] >> 32) as u8 > e.depth;
        if !taken_deeper {
            *slot = pack(&Entry { key: e.key ^ salt, ..e }, gen);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_deeper_entries_stay() {
        let mut t = Table::new(4);
        let e = |key, value, depth, bound, item| Entry { key, value, depth, bound, best: key ^ 7, item, start: 3 };
        for (k, v, b, item) in [
            (17u64, -MATE + 3, Bound::Lower, u16::MAX),
            (33, 12_345, Bound::Upper, 0),
            (49, -1, Bound::Exact, 9),
            (3, MATE + 1, Bound::Lower, 1),
            (2, -MATE - 1, Bound::Upper, 2),
        ] {
            t.store(Entry { start: item as u8, ..e(k, v, 5, b, item) });
            let got = t.probe(k).unwrap();
            assert_eq!(
                (got.key, got.value, got.depth, got.bound, got.best, got.item, got.start),
                (k, v, 5, b, k ^ 7, item, item as u8)
            );
        }
        // 49 and 33 share slot 1 (mask 15): the depth-5 entry of 49 stays
        // against a shallower one, and is replaced by a deeper one.
        t.store(e(33, 1, 3, Bound::Exact, 0));
        assert!(t.probe(33).is_none() && t.probe(49).is_some());
        t.store(e(33, 1, 6, Bound::Exact, 0));
        assert!(t.probe(33).is_some() && t.probe(49).is_none());
        assert!(t.probe(0).is_none() && t.probe(65).is_none());
    }

    #[test]
    fn a_new_search_sees_nothing_of_the_last_one() {
        let e = Entry { key: 5, value: 42, depth: 9, bound: Bound::Exact, best: 1, item: 2, start: NO_START };
        let mut t = Table::new(4);
        t.store(e);
        assert_eq!(t.probe(5).map(|x| x.value), Some(42));
        drop(t);
        // The same memory, reused: the old entry neither matches nor blocks.
        let mut t = Table::new(4);
        assert!(t.probe(5).is_none());
        t.store(Entry { key: 21, depth: 1, ..e });
        assert_eq!(t.probe(21).map(|x| x.depth), Some(1));
        t.store(Entry { key: 21, depth: 9, ..e });
        drop(t);
        // 64 searches later the generation comes round again: still nothing.
        for _ in 0..63 {
            drop(Table::new(4));
        }
        let mut t = Table::new(4);
        t.store(Entry { key: 37, depth: 1, ..e });
        assert_eq!(t.probe(37).map(|x| x.depth), Some(1), "a stale deeper entry must not block");
    }
}
