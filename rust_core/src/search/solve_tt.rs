//! The proof-number solver's table ([`super::solve`](mod@super::solve)): proof and
//! disproof numbers by position key, with the proof's length.

use super::solve_turn::Pn;

/// One table slot.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Entry {
    pub(super) key: u64,
    pub(super) pn: u32,
    pub(super) dn: u32,
    /// Plies to the end along the proof (proven entries only).
    pub(super) dist: u32,
    /// Expansions spent below this position (replacement priority), below
    /// [`WEAK`]; with [`WEAK`] set, a disproof that holds only under a short
    /// run's line bound (kept like an open entry).
    work: u32,
}

/// The flag bit of [`Entry::work`].
const WEAK: u32 = 1 << 31;

impl Entry {
    /// Proofs and disproofs are kept first, then the costlier entries.
    pub(super) fn priority(&self) -> u64 {
        if self.key == 0 {
            return 0;
        }
        let weak = self.work & WEAK != 0;
        let solved = (self.pn == 0 || self.dn == 0 && !weak) as u64;
        solved << 40 | (self.work & !WEAK) as u64
    }
}

/// The solver's table: two-slot buckets, keys checked in full, the entry
/// of least priority replaced. Why not the search's [`super::tt::Table`]:
/// that one keeps alpha-beta bounds by depth, this one proof numbers.
pub(super) struct Table {
    slots: Vec<Entry>,
    mask: usize,
}

impl Table {
    pub(super) fn new(bits: u32) -> Table {
        Table { slots: vec![Entry::default(); 1 << bits], mask: (1 << bits) - 1 }
    }

    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let i = key as usize & self.mask;
        [i, i ^ 1].into_iter().map(|j| self.slots[j]).find(|e| e.key == key && key != 0)
    }

    /// Store `v` for `key`; `weak`: the value comes from a short run (see
    /// [`Entry::work`]).
    pub(super) fn store(&mut self, key: u64, v: Pn, dist: u32, work: u64, weak: bool) {
        let i = key as usize & self.mask;
        let work = work.min(WEAK as u64 - 1) as u32 | if weak { WEAK } else { 0 };
        let e = Entry { key, pn: v.pn as u32, dn: v.dn as u32, dist, work };
        let j = if self.slots[i].key == key {
            i
        } else if self.slots[i ^ 1].key == key {
            i ^ 1
        } else if self.slots[i].priority() <= self.slots[i ^ 1].priority() {
            i
        } else {
            i ^ 1
        };
        // A slot with a proof is not given up for an unsolved entry.
        if self.slots[j].key != key && self.slots[j].priority() >= 1 << 40 && e.priority() < 1 << 40 {
            return;
        }
        self.slots[j] = e;
    }
}
