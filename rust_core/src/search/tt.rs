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
}

pub struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
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
        Table { slots: vec![None; n], mask: n.wrapping_sub(1) }
    }

    pub fn enabled(&self) -> bool {
        !self.slots.is_empty()
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        if self.slots.is_empty() {
            return None;
        }
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Replace unless the slot holds a deeper entry for another position;
    /// the same position is always overwritten (newer is better informed).
    pub fn store(&mut self, e: Entry) {
        if self.slots.is_empty() {
            return;
        }
        let slot = &mut self.slots[e.key as usize & self.mask];
        match slot {
            Some(old) if old.key != e.key && old.depth > e.depth => {}
            _ => *slot = Some(e),
        }
    }
}
