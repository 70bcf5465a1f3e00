//! One position solved and its proof checked, printed as two lines: what
//! `solve --start-ms` prints for each start and `solve_one` for any
//! position (one printout, so their logs read alike).

use igisoro_core::search::{check, solve_certified, Engine, Limits};

/// Solve `p` within `ms` with a `2^tt_bits` table (`depth`: the solver's
/// `Limits::depth`) and print the result, then the check of its proof,
/// each line starting with `label` (`start igisoro`, `position`).
pub fn solve_row<G: Engine>(label: &str, p: &G::Pos, ms: u64, tt_bits: u32, depth: Option<u32>) {
    let (s, cert) = solve_certified::<G>(p, &Limits { tt_bits, depth, ..Limits::time(ms) });
    println!(
        "{label}: {} turns {:?} nodes {} time {} ms stopped_by {} unknown_turns {} line {}",
        s.outcome.name(),
        s.turns,
        s.nodes,
        s.time_ms,
        s.stopped_by.name(),
        s.unknown_turns,
        s.line.join(" ")
    );
    // A proof is walked again, whole, with the rules (`search::solve_check`).
    if let Some(cert) = cert {
        let t = std::time::Instant::now();
        let c = check::<G>(p, &cert, u64::MAX, u32::MAX);
        println!(
            "check {label}: verified {} gave_up {} proof positions {} in-turn steps {} time {} ms",
            c.verified,
            c.gave_up,
            c.positions,
            c.steps,
            t.elapsed().as_millis()
        );
    }
}
