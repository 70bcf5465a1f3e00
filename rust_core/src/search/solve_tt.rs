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
    /// Proofs are kept first, then disproofs, then the costlier entries
    /// (by [`Entry::class`], then work). Why proofs before disproofs: a
    /// proof's whole tree must stay in the table for the independent check
    /// ([`super::solve_check`]) to walk it, and disproofs are far more
    /// numerous (measured: with proofs and disproofs ranked alike, a 2^22
    /// table lost entries of a 1,882-position proof among 150,000
    /// expansions).
    pub(super) fn priority(&self) -> u64 {
        self.class() << 40 | (self.work & !WEAK) as u64
    }

    /// 2: proven, 1: disproven (not [`WEAK`]), 0: open or empty.
    fn class(&self) -> u64 {
        if self.key == 0 {
            0
        } else if self.pn == 0 {
            2
        } else {
            (self.dn == 0 && self.work & WEAK == 0) as u64
        }
    }
}

/// The solver's table: two-slot buckets, keys checked in full, the entry
/// of least priority replaced. Why not the search's [`super::tt::Table`]:
/// that one keeps alpha-beta bounds by depth, this one proof numbers.
///
/// A proof is never lost: a proven entry pushed out of its bucket by
/// another proof goes to `spill`, a map without replacement. Why: a proven
/// position stands on its proven children, and the independent check
/// ([`super::solve_check`]) walks the whole tree; measured, a 2^22 table
/// lost 2 proven entries in 150,000 expansions and with them a proof's
/// check. Spills are rare (proofs displace only proofs), so the map stays
/// small, and a table miss looks into it only when it is not empty.
pub(super) struct Table {
    slots: Vec<Entry>,
    mask: usize,
    spill: rustc_hash::FxHashMap<u64, Entry>,
}

impl Table {
    pub(super) fn new(bits: u32) -> Table {
        Table { slots: vec![Entry::default(); 1 << bits], mask: (1 << bits) - 1, spill: Default::default() }
    }

    pub(super) fn probe(&self, key: u64) -> Option<Entry> {
        let i = key as usize & self.mask;
        let found = [i, i ^ 1].into_iter().map(|j| self.slots[j]).find(|e| e.key == key && key != 0);
        if found.is_none() && !self.spill.is_empty() {
            return self.spill.get(&key).copied();
        }
        found
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
        // A slot is not given up for an entry of a lower class (a proof for
        // a disproof, a disproof for an open entry).
        if self.slots[j].key != key && self.slots[j].class() > e.class() {
            return;
        }
        if self.slots[j].key != key && self.slots[j].class() == 2 {
            self.spill.insert(self.slots[j].key, self.slots[j]);
        }
        self.slots[j] = e;
    }
}

#[cfg(test)]
mod tests {
    use super::super::solve_turn::{DISPROVEN, FRESH, PROVEN};
    use super::*;

    /// Keys of one bucket of a 4-slot table: equal but for the bits above
    /// the mask, and the bucket's partner slot.
    const KEYS: [u64; 4] = [0x100, 0x200, 0x301, 0x400];

    #[test]
    fn proofs_are_never_lost() {
        let mut t = Table::new(2);
        for (n, &k) in KEYS.iter().enumerate() {
            t.store(k, PROVEN, n as u32, 10 - n as u64, false);
        }
        for (n, &k) in KEYS.iter().enumerate() {
            let e = t.probe(k).unwrap_or_else(|| panic!("proof {k:x} lost"));
            assert_eq!((e.pn, e.dist), (0, n as u32));
        }
        // A disproof or an open entry does not displace a proof.
        t.store(0x500, DISPROVEN, 0, 1_000, false);
        t.store(0x600, FRESH, 0, 1_000, false);
        assert!(KEYS.iter().all(|&k| t.probe(k).is_some_and(|e| e.pn == 0)));
    }

    #[test]
    fn weak_disproofs_give_way_to_open_entries() {
        let mut t = Table::new(2);
        t.store(0x100, DISPROVEN, 0, 50, true);
        t.store(0x200, DISPROVEN, 0, 50, true);
        t.store(0x300, FRESH, 0, 1, false);
        assert!(t.probe(0x300).is_some(), "an open entry is refused by weak disproofs");
        let mut t = Table::new(2);
        t.store(0x100, DISPROVEN, 0, 50, false);
        t.store(0x200, DISPROVEN, 0, 50, false);
        t.store(0x300, FRESH, 0, 1, false);
        assert!(t.probe(0x300).is_none(), "full disproofs keep their slots");
    }
}
