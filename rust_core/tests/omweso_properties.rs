//! Omweso / Mweso properties over seeded random play, and the perft data
//! (`tests/data/{omweso,mweso}.perft`), which the Python oracle
//! (`omweso_ref`, via `tests/support/igisoro_testing/reference/omweso_perft.py`)
//! computed to the same counts: an independent check, not only a
//! regression one.
//!
//! The data file format is `perft.rs`'s: `position <notation>` then
//! `depth <N> moves <M> distinct <D>` lines.

use igisoro_core::explore::{self, legal_moves, perft, random_move, status};
use igisoro_core::game::{PlayError, Status};
use igisoro_core::moves::{format_move, parse_move};
use igisoro_core::omweso::arrangement::Arrangement;
use igisoro_core::omweso::notation::{format, parse};
use igisoro_core::omweso::{Omweso, Phase, Position, Variant};
use igisoro_core::rng::Rng;

/// A random arrangement of 32 seeds over 16 pits.
fn random_arrangement(rng: &mut Rng) -> Arrangement {
    let mut a = Arrangement { rows: [[0; 8]; 2] };
    for _ in 0..32 {
        let i = rng.below(16);
        a.rows[i / 8][i % 8] += 1;
    }
    a
}

/// A sowing-phase position after two random arrangements.
fn random_start(variant: Variant, rng: &mut Rng) -> Position {
    let mut p = Position::start(variant);
    for _ in 0..2 {
        let text = random_arrangement(rng).token();
        let choices = parse_move::<Omweso>(&p, &text).unwrap();
        p = explore::play::<Omweso>(&p, &choices).unwrap().result;
    }
    assert_eq!(p.phase, Phase::Play);
    p
}

#[test]
fn seeds_are_conserved_over_random_games() {
    for variant in Variant::ALL {
        let mut rng = Rng::new(42);
        let mut plies = 0;
        for _ in 0..12 {
            let mut p = random_start(variant, &mut rng);
            for _ in 0..60 {
                assert_eq!(parse(&format(&p)).unwrap(), p, "{}", format(&p));
                let list = legal_moves::<Omweso>(&p, None);
                for m in &list.moves {
                    assert_eq!(m.result.total(), 64, "{}", format(&p));
                    assert_ne!(m.result.to_move, p.to_move);
                    // Every listed move replays, by its canonical text, to its result.
                    let text = format_move::<Omweso>(&p, &m.choices);
                    let again = parse_move::<Omweso>(&p, &text).unwrap();
                    assert_eq!(explore::play::<Omweso>(&p, &again).unwrap().result, m.result, "{}", text);
                }
                if list.moves.is_empty() {
                    assert!(matches!(status::<Omweso>(&p), Status::Won { .. }));
                    break;
                }
                let Some((next, _)) = random_move::<Omweso>(&p, &mut rng) else { break };
                assert!(list.moves.iter().any(|m| m.result == next));
                p = next;
                plies += 1;
                if p.winner.is_some() {
                    break;
                }
            }
        }
        assert!(plies > 100, "{}: only {} plies", variant, plies);
    }
}

#[test]
fn every_start_pit_of_two_or_more_is_tried() {
    for variant in Variant::ALL {
        let mut rng = Rng::new(7);
        for _ in 0..40 {
            let p = random_start(variant, &mut rng);
            let results: Vec<Position> = legal_moves::<Omweso>(&p, None).moves.into_iter().map(|m| m.result).collect();
            for pit in igisoro_core::board4x8::geometry::name_order_pits(p.to_move).iter().map(|&(_, pit)| pit) {
                if p.count(pit) < 2 {
                    continue;
                }
                // The start, then ccw at each direction decision.
                let mut text = pit.name();
                let res = loop {
                    let choices = parse_move::<Omweso>(&p, &text).unwrap();
                    match explore::play::<Omweso>(&p, &choices) {
                        Ok(x) => break Some(x.result),
                        Err(PlayError::Incomplete { .. }) => text.push_str("-ccw"),
                        Err(PlayError::Endless { .. } | PlayError::Repeats { .. } | PlayError::NoWayOut { .. }) => {
                            break None
                        }
                        Err(e) => panic!("{} in {}: {}", text, format(&p), e),
                    }
                };
                if let Some(r) = res {
                    assert!(results.contains(&r), "{} in {}", text, format(&p));
                }
            }
        }
    }
}

fn data_path(v: Variant) -> String {
    format!("{}/tests/data/{}.perft", env!("CARGO_MANIFEST_DIR"), v.name())
}

#[test]
fn perft_data_agrees() {
    for v in Variant::ALL {
        let text = std::fs::read_to_string(data_path(v)).unwrap();
        let mut pos: Option<Position> = None;
        let mut want: Vec<(u64, u64)> = Vec::new();
        let check = |pos: &Option<Position>, want: &mut Vec<(u64, u64)>| {
            if let Some(p) = pos {
                assert_eq!(perft::<Omweso>(p, want.len() as u32), *want, "{}", format(p));
                want.clear();
            }
        };
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            if let Some(rest) = line.strip_prefix("position ") {
                check(&pos, &mut want);
                pos = Some(parse(rest).unwrap());
                continue;
            }
            let f: Vec<&str> = line.split_whitespace().collect();
            assert_eq!((f[0], f[2], f[4]), ("depth", "moves", "distinct"), "{}", line);
            assert_eq!(f[1].parse::<usize>().unwrap(), want.len() + 1);
            want.push((f[3].parse().unwrap(), f[5].parse().unwrap()));
        }
        assert!(pos.is_some(), "{}: no position", data_path(v));
        check(&pos, &mut want);
    }
}

/// Prints the perft of the standard start (`OMWESO_PERFT_DEPTH`, default 4):
/// `cargo test --profile test-release -p igisoro-core --test engine
/// omweso_properties::print_perft -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_perft() {
    let depth = std::env::var("OMWESO_PERFT_DEPTH").ok().and_then(|d| d.parse().ok()).unwrap_or(4);
    for v in Variant::ALL {
        let p = Position::standard_play_start(v);
        println!("position {}", format(&p));
        let t = std::time::Instant::now();
        for (d, (m, n)) in perft::<Omweso>(&p, depth).into_iter().enumerate() {
            println!("depth {} moves {} distinct {}", d + 1, m, n);
        }
        println!("# {:?}", t.elapsed());
    }
}

/// Times each position's move list after `OMWESO_PERFT_DEPTH` plies of the
/// standard start and prints the slowest (a hand-run diagnostic).
#[test]
#[ignore]
fn slowest_move_lists() {
    let depth = std::env::var("OMWESO_PERFT_DEPTH").ok().and_then(|d| d.parse().ok()).unwrap_or(3);
    let mut layer = vec![Position::standard_play_start(Variant::Omweso)];
    for _ in 0..depth {
        let mut next: Vec<Position> =
            layer.iter().flat_map(|p| legal_moves::<Omweso>(p, None).moves.into_iter().map(|m| m.result)).collect();
        next.sort_by_key(format);
        next.dedup();
        layer = next;
    }
    let mut times: Vec<(std::time::Duration, usize, String)> = layer
        .iter()
        .map(|p| {
            let t = std::time::Instant::now();
            let n = legal_moves::<Omweso>(p, None).moves.len();
            (t.elapsed(), n, format(p))
        })
        .collect();
    times.sort();
    for t in times.iter().rev().take(5) {
        println!("{:?} {} {}", t.0, t.1, t.2);
    }
    println!("total {:?}", times.iter().map(|t| t.0).sum::<std::time::Duration>());
}

/// Writes positions of seeded random games with every legal move's result,
/// as JSON lines `{"position": ..., "results": [...]}` in the JSON form,
/// for the oracle to check (`tests/support/igisoro_testing/reference/
/// omweso_diff.py`): `OMWESO_DUMP=<file> OMWESO_GAMES=<n per variant>
/// cargo test --profile test-release -p igisoro-core --test engine
/// omweso_properties::dump_for_oracle -- --ignored`.
#[test]
#[ignore]
fn dump_for_oracle() {
    use igisoro_core::AnyPosition;
    use std::io::Write;
    let path = std::env::var("OMWESO_DUMP").expect("OMWESO_DUMP=<file>");
    let games: usize = std::env::var("OMWESO_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(20);
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    for variant in Variant::ALL {
        let mut rng = Rng::new(2026);
        for _ in 0..games {
            let mut p = random_start(variant, &mut rng);
            for _ in 0..200 {
                let results: Vec<String> = legal_moves::<Omweso>(&p, None)
                    .moves
                    .into_iter()
                    .map(|m| AnyPosition::Omweso(m.result).to_json())
                    .collect();
                writeln!(
                    out,
                    "{{\"position\":{},\"results\":[{}]}}",
                    AnyPosition::Omweso(p).to_json(),
                    results.join(",")
                )
                .unwrap();
                match random_move::<Omweso>(&p, &mut rng) {
                    Some((next, _)) if next.winner.is_none() => p = next,
                    _ => break,
                }
            }
        }
    }
}

#[test]
fn the_generic_layer_accepts_omweso_and_mweso() {
    use igisoro_core::json_form::read;
    use igisoro_core::search::Limits;
    use igisoro_core::{variants, AnyPosition};
    // Listed after the other families, the default (igisoro) still first.
    let names: Vec<&str> = variants().iter().map(|v| v.name).collect();
    assert_eq!(names.first(), Some(&"igisoro"));
    assert_eq!(names[names.len() - 2..], ["omweso", "mweso"]);
    for v in ["omweso", "mweso"] {
        let start = AnyPosition::start(v).unwrap();
        assert!(start.notation().ends_with(" s phase=setup"), "{}", start.notation());
        // The JSON form and the notation read back to the same position.
        let json = start.to_json();
        assert!(json.contains("\"phase\":\"setup\""), "{}", json);
        assert_eq!(AnyPosition::from_setup(&read(&json).unwrap()).unwrap(), start);
        assert_eq!(AnyPosition::from_notation(&start.notation()).unwrap(), start);
        // The set-up's sample, as JSON.
        let (text, n, truncated) = start.legal_moves_json(None);
        assert_eq!((n, truncated), (2, false), "{}", text);
        // The search runs from the standard start of the sowing phase.
        let p = AnyPosition::Omweso(Position::standard_play_start(v.parse().unwrap()));
        let a = p.analyse(&Limits::depth(3));
        assert!(!a.lines.is_empty(), "{:?}", a);
    }
    // An unknown field or a bad phase names itself.
    let bad = r#"{"variant": "omweso", "pits": [[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[2,0,0,0,0,0,0,0]], "phase": "later"}"#;
    let e = read(bad).map(|_| ()).unwrap_err();
    assert!(e.to_string().contains("later"), "{}", e);
    let bad = r#"{"variant": "omweso", "pits": [[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[2,0,0,0,0,0,0,0]], "opening_plies": 1}"#;
    assert!(read(bad).is_err());
}

/// Every set-up move is read as an arrangement before the generic play, so
/// a refusal carries the doc's code (`docs/OMWESO.md`, "Set-up errors")
/// through play, step-wise decisions and canonical notation alike, and the
/// JSON form is checked in the doc's order (side first).
#[test]
fn a_refused_arrangement_names_its_code_everywhere() {
    use igisoro_core::{AnyPosition, ArrangeError, Budget, Error};
    let start = AnyPosition::start("omweso").unwrap();
    let code = |e: Error| match e {
        Error::Arrangement { err, .. } => ArrangeError::code(&err),
        other => panic!("not an arrangement error: {other:?}"),
    };
    for (mv, want) in [
        ("k0.0.0.0.0.0.0.0/4.4.4.4.4.4.4.5", "wrong_total"),
        ("k-1.0.0.0.0.0.0.1/4.4.4.4.4.4.4.4", "negative_count"),
        ("k4.4.4.4/4.4.4.4", "bad_shape"),
        ("kx", "bad_notation"),
        ("e2", "bad_notation"),
    ] {
        assert_eq!(code(start.play(mv, Budget::default()).unwrap_err()), want, "{mv}");
        assert_eq!(code(start.next_decision(mv, Budget::default()).unwrap_err()), want, "{mv}");
        assert_eq!(code(start.canonical(mv, Budget::default()).unwrap_err()), want, "{mv}");
        // The message names the move and the position, the code at the head of the reason.
        let text = start.play(mv, Budget::default()).unwrap_err().to_string();
        assert!(text.contains(mv) && text.contains("phase=setup") && text.contains(&format!("{want}: ")), "{text}");
    }
    // The start of a turn, step by step, is not refused.
    assert!(start.next_decision("", Budget::default()).is_ok());
    let rows = vec![vec![2i64; 8], vec![2; 8]];
    assert_eq!(code(start.arrangement_from_json("north", &rows).unwrap_err()), "wrong_side");
    assert_eq!(code(start.arrangement_from_json("south", &rows[..1]).unwrap_err()), "bad_shape");
    let even = start.arrangement_from_json("south", &rows).unwrap();
    assert_eq!(even, "k2.2.2.2.2.2.2.2/2.2.2.2.2.2.2.2");
    let north = start.play(&even, Budget::default()).unwrap().result;
    let play = north.play("k4.4.4.4.4.4.4.4/0.0.0.0.0.0.0.0", Budget::default()).unwrap().result;
    assert_eq!(code(play.play(&even, Budget::default()).unwrap_err()), "not_setup_phase");
    assert_eq!(code(play.arrangement_from_json("south", &rows).unwrap_err()), "not_setup_phase");
    // A sowing move after the set-up takes the generic path.
    assert!(play.play("a1", Budget::default()).is_ok());
    // No other family has an arrangement object.
    let igisoro = AnyPosition::start("igisoro").unwrap();
    assert_eq!(code(igisoro.arrangement_from_json("south", &rows).unwrap_err()), "bad_notation");
}
