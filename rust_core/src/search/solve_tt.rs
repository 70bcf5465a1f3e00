//! The proof-number solver's table ([`super::solve`](mod@super::solve)): proof and
//! disproof numbers by position key, with the proof's length.

use super::limits::Limits;
use super::solve_turn::Pn;
use crate::budget::Budget;

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

/// Smallest table the solver uses, as a power of two (a proof-number
/// search without a table re-expands everything and proves nothing big).
pub const MIN_TABLE_BITS: u32 = 16;

/// Solver nodes a millisecond assumed when sizing the table to a time
/// budget: about what the solver runs on the ikibuguzo-1 start (1,845,283
/// nodes in about 4 s on the 2 shared cores of the build machine,
/// docs/benchmarks/solver.md).
pub const NODES_PER_MS: u64 = 500;

/// Table slots per node of the budget. The ikibuguzo-1 proof (1.85 million
/// nodes) needed a table of 2^26 slots and failed in 120 s at the product's
/// former 2^18 (issue 31, item 6); a table several times the nodes keeps
/// the proof's entries and the turns' inner ones.
pub const SLOTS_PER_NODE: u64 = 8;

/// The memory cap on one solver table when the caller sets none, in
/// megabytes (2^26 slots of 24 bytes, 1.5 GB, fit; the server sets its own,
/// `SOLVER_MAX_TABLE_MB`).
pub const DEFAULT_TABLE_MB: u64 = 2048;

/// The largest cap a caller may set, in megabytes.
pub const MAX_TABLE_MB: u64 = 65536;

/// The solver's table size (a power of two of slots) for a budget of
/// `nodes` and/or `time_ms`, within `max_mb` megabytes: enough slots for
/// [`SLOTS_PER_NODE`] per node the budget allows (a time budget counts
/// [`NODES_PER_MS`] nodes a millisecond; with both, the smaller), at least
/// [`MIN_TABLE_BITS`] and at most what `max_mb` holds (but never below the
/// minimum). Why: a table too small for the budget loses the proof's
/// entries, and the solver then spends the budget finding them again.
pub fn table_bits(nodes: Option<u64>, time_ms: Option<u64>, max_mb: u64) -> u32 {
    let by_time = time_ms.map(|ms| ms.saturating_mul(NODES_PER_MS));
    let expected = match (nodes, by_time) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b).unwrap_or(0),
    };
    let want = expected.saturating_mul(SLOTS_PER_NODE).max(1);
    let bits = 64 - (want - 1).leading_zeros().min(63);
    let slot = std::mem::size_of::<Entry>() as u64;
    let fit = (max_mb.saturating_mul(1 << 20) / slot).max(1);
    let cap = 63 - fit.leading_zeros();
    bits.min(cap).max(MIN_TABLE_BITS)
}

/// The solver's budget, with the table sized to it (see [`table_bits`]).
/// Why here: sizing the table is this file's concept, and the limits stay
/// a leaf.
impl Limits {
    /// The solver's budget ([`crate::search::solve()`]): `nodes` and/or
    /// `time_ms`, each checked as [`Limits::checked`] checks it. One of them
    /// is required: the solver has no depth that bounds its work. The
    /// solver's table is sized to that budget within `max_table_mb`
    /// megabytes (default [`DEFAULT_TABLE_MB`]; see
    /// [`table_bits`]).
    pub fn checked_budget(
        nodes: Option<i64>,
        time_ms: Option<i64>,
        budget: Budget,
        max_table_mb: Option<i64>,
    ) -> Result<Limits, crate::error::Error> {
        if nodes.is_none() && time_ms.is_none() {
            return Err(crate::error::Error::Limit("solving needs a budget: nodes or time_ms".into()));
        }
        let cap = match max_table_mb {
            None => DEFAULT_TABLE_MB,
            Some(mb) if (1..=MAX_TABLE_MB as i64).contains(&mb) => mb as u64,
            Some(mb) => {
                return Err(crate::error::Error::Limit(format!(
                    "max_table_mb must be an integer from 1 to {}, got {}",
                    MAX_TABLE_MB, mb
                )))
            }
        };
        let left = budget.left().map(|d| d.as_millis() as u64);
        let limits = Limits::checked(None, nodes, time_ms, 1, budget)?;
        // The time the table is sized for is what the call may really use:
        // its own time_ms or what is left before the outside deadline,
        // whichever is less (a 1.5 GB table takes most of a second to clear,
        // which a 1 ms deadline must not wait for).
        let ms = match (limits.time_ms, left) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let tt_bits = table_bits(limits.nodes, ms, cap);
        Ok(Limits { tt_bits, ..limits })
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

#[cfg(test)]
mod table_tests {
    use super::*;

    #[test]
    fn the_table_follows_the_budget_and_the_cap() {
        let slot = std::mem::size_of::<Entry>() as u64;
        assert_eq!(slot, 24);
        // Small budgets: the minimum.
        assert_eq!(table_bits(Some(100), None, DEFAULT_TABLE_MB), MIN_TABLE_BITS);
        // 1 s: 500,000 nodes, 4 million slots.
        assert_eq!(table_bits(None, Some(1000), DEFAULT_TABLE_MB), 22);
        // Longer budgets, more slots; the smaller of nodes and time counts.
        assert!(table_bits(None, Some(10_000), DEFAULT_TABLE_MB) > table_bits(None, Some(1000), DEFAULT_TABLE_MB));
        assert_eq!(table_bits(Some(1000), Some(120_000), DEFAULT_TABLE_MB), MIN_TABLE_BITS);
        // 120 s: capped by the default 2 GB at 2^26 slots (1.5 GB).
        assert_eq!(table_bits(None, Some(120_000), DEFAULT_TABLE_MB), 26);
        assert!((1u64 << 26) * slot <= DEFAULT_TABLE_MB << 20);
        // A smaller cap, a smaller table; never below the minimum.
        assert_eq!(table_bits(None, Some(120_000), 100), 22);
        assert!((1u64 << 22) * slot <= 100 << 20 && (1u64 << 23) * slot > 100 << 20);
        assert_eq!(table_bits(None, Some(120_000), 1), MIN_TABLE_BITS);
        // Through the checked limits the binding uses.
        let l = Limits::checked_budget(None, Some(120_000), Budget::default(), Some(100)).unwrap();
        assert_eq!(l.tt_bits, 22);
        assert!(Limits::checked_budget(None, Some(1), Budget::default(), Some(0)).is_err());
    }
}
