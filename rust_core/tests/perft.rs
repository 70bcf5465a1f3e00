//! Perft regression data: `tests/data/<variant>.perft`.
//!
//! File format (one item per line; `#` starts a comment line, blank lines
//! are ignored):
//!
//! ```text
//! position <text notation>
//! depth <N> moves <M> distinct <D>
//! ```
//!
//! Each `depth` line belongs to the last `position` line. `moves` is the
//! number of move sequences of length N (leaves of the move tree, one move
//! per distinct resulting position) and `distinct` the number of distinct
//! positions after N plies, exactly as [`explore::perft`] returns them.
//!
//! The data is produced by the engine itself (`regenerate_perft_data` below,
//! `cargo test --release --test perft -- --ignored --nocapture`), so it is a
//! regression check, not an independent oracle: the hand-worked oracles are
//! in `scenarios.rs`. Middle-game positions are reached by seeded random play
//! (`explore::random_move` with `Rng::new(seed)`) from the variant's start.

use igisoro_core::board4x8::{notation, Igisoro, Position, Variant};
use igisoro_core::explore::{perft, random_move};
use igisoro_core::rng::Rng;
use std::time::Instant;

fn data_path(v: Variant) -> String {
    format!("{}/tests/data/{}.perft", env!("CARGO_MANIFEST_DIR"), v.name())
}

struct Case {
    line: usize,
    position: String,
    depths: Vec<(u32, u64, u64)>,
}

fn read_cases(text: &str) -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("position ") {
            out.push(Case { line: i + 1, position: rest.to_string(), depths: Vec::new() });
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        assert!(
            f.len() == 6 && f[0] == "depth" && f[2] == "moves" && f[4] == "distinct",
            "line {}: expected 'depth N moves M distinct D', got {:?}",
            i + 1,
            line
        );
        let case = out.last_mut().unwrap_or_else(|| panic!("line {}: depth before any position", i + 1));
        case.depths.push((f[1].parse().unwrap(), f[3].parse().unwrap(), f[5].parse().unwrap()));
    }
    out
}

fn check_variant(v: Variant) {
    let path = data_path(v);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {}", path, e));
    let cases = read_cases(&text);
    assert!(cases.len() >= 4, "{}: expected the start and at least 3 middle-game positions", path);
    assert_eq!(cases[0].position, notation::format(&Position::start(v)), "{}: first case is the start", path);
    for case in cases {
        let p =
            notation::parse(&case.position).unwrap_or_else(|e| panic!("{}:{}: bad position: {:?}", path, case.line, e));
        let max = case.depths.iter().map(|d| d.0).max().expect("at least one depth line");
        let got = perft::<Igisoro>(&p, max);
        for (depth, moves, distinct) in &case.depths {
            let (m, d) = got[*depth as usize - 1];
            assert_eq!(
                (m, d),
                (*moves, *distinct),
                "{}:{}: perft depth {} of {}",
                path,
                case.line,
                depth,
                case.position
            );
        }
    }
}

#[test]
fn perft_igisoro() {
    check_variant(Variant::Igisoro);
}
#[test]
fn perft_igisoro_wikipedia() {
    check_variant(Variant::IgisoroWikipedia);
}
#[test]
fn perft_igisoro_fr() {
    check_variant(Variant::IgisoroFr);
}
#[test]
fn perft_ikibuguzo_1() {
    check_variant(Variant::Ikibuguzo1);
}
#[test]
fn perft_ikibuguzo_2() {
    check_variant(Variant::Ikibuguzo2);
}

/// Middle-game positions: (seed, plies of random play from the start).
const MIDDLE: [(u64, u32); 4] = [(1, 17), (2, 20), (3, 30), (4, 40)];
/// Stop deepening once one position's perft took this long (release build).
const BUDGET_SECS: f64 = 0.3;
/// Give up on a depth after this long.
const WATCHDOG_SECS: f64 = 1.0;

/// Writes the data files. Run on purpose only:
/// `cargo test --release --test perft -- --ignored --nocapture regenerate`.
#[test]
#[ignore]
fn regenerate_perft_data() {
    let commit = std::env::var("PERFT_COMMIT").unwrap_or_else(|_| "unknown".into());
    for v in Variant::ALL {
        let mut positions = vec![Position::start(v)];
        for (seed, plies) in MIDDLE {
            // A walk that ends the game early is retried with seed + 1000, so
            // every middle position is an ongoing game past the opening.
            let mut seed = seed;
            loop {
                let mut rng = Rng::new(seed);
                let mut p = Position::start(v);
                let mut played = 0;
                while played < plies {
                    match random_move::<Igisoro>(&p, &mut rng) {
                        Some((q, _)) => p = q,
                        None => break,
                    }
                    played += 1;
                }
                if played == plies && p.winner().is_none() && p.opening_plies() == 0 {
                    positions.push(p);
                    break;
                }
                seed += 1000;
            }
        }
        let mut out = format!(
            "# perft data for {} (format: see rust_core/tests/perft.rs)\n\
             # Produced by explore::perft of this engine (commit {}), release build,\n\
             # via `cargo test --release --test perft -- --ignored regenerate`; depths are\n\
             # as deep as ran in about {} s per position (a depth that did not finish in\n\
             # 1 s was left out). A regression check, not an\n\
             # independent oracle. Positions after the start: seeded random play\n\
             # (explore::random_move, Rng::new(seed)) from the start, (seed, plies) = {:?}\n\
             # (a walk that ended the game or the opening early was retried with seed + 1000).\n",
            v.name(),
            commit,
            BUDGET_SECS,
            MIDDLE
        );
        for p in positions {
            out += &format!("\nposition {}\n", notation::format(&p));
            // perft(depth) redoes every layer, and the last layer costs about
            // (distinct positions at depth - 1) move generations: predict the
            // next depth's time from the growth of the distinct count. Some
            // positions have turns with thousands of outcomes whose enumeration
            // takes minutes, so each run also has a watchdog: a depth that does
            // not finish in WATCHDOG_SECS is left out (its thread is abandoned).
            let mut depth = 1;
            let mut prev_distinct = 1u64;
            loop {
                let t = Instant::now();
                let (tx, rx) = std::sync::mpsc::channel();
                let q = p.clone();
                std::thread::spawn(move || {
                    let _ = tx.send(perft::<Igisoro>(&q, depth));
                });
                let r = match rx.recv_timeout(std::time::Duration::from_secs_f64(WATCHDOG_SECS)) {
                    Ok(r) => r,
                    Err(_) => {
                        eprintln!("{} depth {} abandoned (watchdog)", v.name(), depth);
                        break;
                    }
                };
                let secs = t.elapsed().as_secs_f64();
                let (m, d) = r[depth as usize - 1];
                out += &format!("depth {} moves {} distinct {}\n", depth, m, d);
                eprintln!("{} depth {} moves {} distinct {} {:.3}s", v.name(), depth, m, d, secs);
                let predicted = secs * (1.0 + d as f64 / prev_distinct.max(1) as f64);
                if m == 0 || depth >= 8 || predicted > BUDGET_SECS {
                    break;
                }
                prev_distinct = d;
                depth += 1;
            }
        }
        std::fs::write(data_path(v), out).unwrap();
    }
    // Abandoned watchdog threads would keep computing: end the process.
    std::process::exit(0);
}

/// Engine issue (reported to the lead): on some positions reachable by
/// random play, enumerating the legal moves does not finish in minutes. This
/// igisoro position (the first legal move of the first legal move from the
/// seed-1 middle position in data/igisoro.perft, 12 plies in) has turns
/// with long pass/retreat chains: `legal_moves(limit 100)` takes ~5 ms, limit
/// 1000 ~26 s (canonical lists of 110 decisions), and the full list did not
/// finish in 10 minutes. `next_decision` for each start is instant. This is
/// why middle-game perft depths above stop early (watchdog) and why the
/// Python properties skip positions with more than 120 moves.
#[test]
#[ignore = "engine issue: legal_moves does not finish on this reachable position"]
fn legal_moves_finishes_on_long_pass_retreat_turns() {
    let p = notation::parse("igisoro 0,3,2,0,1,5,0,6/2,1,0,1,1,1,3,1/4,1,0,1,2,5,5,1/1,2,8,0,2,3,0,2 s").unwrap();
    let t = Instant::now();
    let list = igisoro_core::explore::legal_moves::<Igisoro>(&p, None);
    assert!(!list.truncated);
    assert!(t.elapsed().as_secs_f64() < 5.0, "took {:?}", t.elapsed());
}
