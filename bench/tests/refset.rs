//! The reference set's records and measures (`igisoro_bench::refset`): a
//! record read back with its reference, bad records refused with their
//! reason, and the target-2 measures' arithmetic on cases worked by hand.

use igisoro_bench::refset::{canonical_move, parse_entry, play_text, verdict, Measure};
use igisoro_core::AnyPosition;

const START: &str = "igisoro 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4/0,0,0,0,0,0,0,0 s opening=4";

fn record(reference: &str) -> String {
    format!(r#"{{"id":"igisoro/start","phase":"start","notation":"{START}","reference":{reference}}}"#)
}

#[test]
fn a_record_reads_back_with_its_reference() {
    let e = parse_entry(&record(r#"{"kind":"analysis","wp":0.8,"best":"d2","depth":9}"#)).unwrap();
    assert_eq!(e.id, "igisoro/start");
    assert_eq!(e.phase, "start");
    assert_eq!(e.position, AnyPosition::start("igisoro").unwrap());
    assert_eq!((e.wp, e.best.as_deref(), e.proof), (0.8, Some("d2"), false));
    let e = parse_entry(&record(r#"{"kind":"proof","wp":1.0,"best":"d2"}"#)).unwrap();
    assert!(e.proof);
    assert!(e.recorded.is_empty());
    // The screening analyses, read for `measure --recorded`.
    let line = record(r#"{"wp":1.0}"#).replace(
        r#""reference""#,
        r#""quick":{"ms":100,"wp":0.25,"best":"z9"},"screen":{"ms":1000,"wp":0.75,"best":"d2"},"reference""#,
    );
    let e = parse_entry(&line).unwrap();
    assert_eq!(e.recorded, vec![(100, 0.25, None), (1000, 0.75, Some("d2".to_string()))]);
}

#[test]
fn bad_records_are_refused_with_their_reason() {
    let err = |line: &str| parse_entry(line).unwrap_err();
    assert!(err("{").starts_with("not JSON"));
    assert!(err(r#"{"phase":"start"}"#).contains("\"id\""));
    assert!(err(&record(r#"{"kind":"analysis"}"#)).contains("without wp"));
    assert!(err(&record(r#"{"wp":1.5}"#)).contains("outside [0, 1]"));
    let bad = record(r#"{"wp":0.5}"#).replace("4,4,4,4,4,4,4,4/0", "4,4,4,4,4,4,4,9/0");
    assert!(err(&bad).starts_with("igisoro/start: "), "{}", err(&bad));
}

/// A move the reference wrote that is not legal here is no reference move
/// (it is not compared), and a legal one is played as written.
#[test]
fn moves_are_compared_in_canonical_form() {
    let p = AnyPosition::start("igisoro").unwrap();
    assert_eq!(canonical_move(&p, "d2").as_deref(), Some("d2"));
    assert_eq!(canonical_move(&p, "z9"), None);
    let e = parse_entry(&record(r#"{"wp":0.5,"best":"z9"}"#)).unwrap();
    assert_eq!(e.best, None);
    assert_ne!(play_text(&p, "d2").unwrap(), p);
    assert!(play_text(&p, "z9").is_err());
}

/// Three positions by hand: errors 0.1, 0.3 and 0.2 (mean 0.2); verdicts
/// agree on the first and third (0.5 exactly is nobody's); best moves
/// agree on one of the two positions with a reference move.
#[test]
fn measures_by_hand() {
    let mut m = Measure::default();
    m.add(0.7, Some("d2"), 0.8, Some("d2"));
    m.add(0.6, Some("a1"), 0.3, Some("b1"));
    m.add(0.5, None, 0.3, None);
    assert_eq!((m.n, m.same_verdict, m.with_best, m.same_best), (3, 1, 2, 1));
    assert!((m.mean_abs_err() - 0.2).abs() < 1e-12);
    assert!((m.verdict_share() - 1.0 / 3.0).abs() < 1e-12);
    assert!((m.best_share() - 0.5).abs() < 1e-12);
    assert_eq!((verdict(0.51), verdict(0.5), verdict(0.49)), (1, 0, -1));
}
