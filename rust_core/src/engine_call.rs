//! The one entry of every engine call ([`entry`]): what runs before a call
//! of the engine's so that it starts from the same state as any other.
//!
//! Why its own file: the calls under a budget ([`crate::calls`]) and the
//! searches of a position ([`crate::any_position`]) both enter here, and
//! the calls are built on the positions; kept below both, neither imports
//! the other for it.

use std::cell::Cell;

thread_local! {
    /// How many [`entry`] calls are running on this thread.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
}

/// The one entry of every engine call ([`crate::calls::under`], and the
/// searches of [`crate::any_position::AnyPosition`]): the outermost one on
/// a thread first clears the state engine calls would otherwise carry from
/// one to the next, the 4x8 family's memo of endless relay chains
/// (`board4x8::cycles`), so each call starts from the same state. Why: that memo lets a later chain stop
/// early, so a chain cut at a search's lap cap in one call could settle in
/// the next, and two identical depth- or node-limited analyses answered
/// differently (`truncated_turns` 2, then 1). Within a call the memo still
/// saves the repeated giant cycles. Here rather than in [`crate::budget`],
/// which knows no rule family.
pub fn entry<R>(f: impl FnOnce() -> R) -> R {
    /// Leaves the depth right even if `f` panics.
    struct Depth;
    impl Drop for Depth {
        fn drop(&mut self) {
            DEPTH.with(|d| d.set(d.get() - 1));
        }
    }
    if DEPTH.with(|d| d.replace(d.get() + 1)) == 0 {
        crate::board4x8::cycles::forget_endless();
    }
    let _depth = Depth;
    f()
}
