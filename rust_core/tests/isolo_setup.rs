//! Setup validation, text notation and JSON form of Isolo positions.

use igisoro_core::isolo::notation::{format, parse, to_json, ParseError};
use igisoro_core::isolo::Isolo;
use igisoro_core::isolo::{Position, PositionError, Rules, Setup, Variant, MAX_TOTAL};
use igisoro_core::moves::parse_move;
use igisoro_core::setup_checks::SetupError;

/// A setup's fields as text, as the JSON form and the notation give them.
struct Text {
    variant: String,
    rules: Vec<(String, String)>,
    pits: Vec<Vec<i64>>,
    to_move: String,
    phase: String,
}

fn setup(pits: Vec<Vec<i64>>, to_move: &str, phase: &str) -> Text {
    Text { variant: "isolo".into(), rules: vec![], pits, to_move: to_move.into(), phase: phase.into() }
}

/// The text read at the edge ([`Setup::from_text`]), then validated: every
/// check a setup's text goes through, in order.
fn validate(s: &Text) -> Result<Position, PositionError> {
    let variant: Variant = s.variant.parse()?;
    Position::from_setup(&Setup::from_text(variant, &s.rules, s.pits.clone(), &s.to_move, &s.phase)?)
}

fn err(s: Text) -> PositionError {
    validate(&s).unwrap_err()
}

#[test]
fn valid_setups() {
    let p = validate(&setup(vec![vec![2; 4], vec![2; 4]], "south", "fore_play")).unwrap();
    assert_eq!(p, Position::start(Variant::Isolo));
    // Any totals are allowed (the number of moves played is not known).
    assert!(validate(&setup(vec![vec![0, 0, 0, 1], vec![50, 0, 0, 0]], "n", "fore_play")).is_ok());
    // The number of holes is the row length; `holes` may repeat it.
    let six = validate(&setup(vec![vec![2; 6], vec![2; 6]], "south", "fore_play")).unwrap();
    assert_eq!(six.holes(), 6);
    assert_eq!(six, Position::start_with(Variant::Isolo, Rules { holes: 6 }));
    let mut s = setup(vec![vec![2; 6], vec![2; 6]], "south", "fore_play");
    s.rules = vec![("holes".into(), "6".into())];
    assert_eq!(validate(&s).unwrap(), six);
    let overrides: Vec<(String, String)> =
        six.to_setup().rules.iter().map(|r| (r.name().to_string(), r.value())).collect();
    assert_eq!(overrides, vec![("holes".to_string(), "6".to_string())]);
    // Aliases.
    let mut s = setup(vec![vec![2; 4], vec![2; 4]], "s", "fore_play");
    s.variant = "isolo-bemba".into();
    assert!(validate(&s).is_ok());
}

#[test]
fn each_mistake_has_its_error() {
    assert!(matches!(err(setup(vec![vec![2; 4]], "south", "fore_play")), PositionError::PitShape(_)));
    assert!(matches!(err(setup(vec![vec![2; 4], vec![2; 5]], "south", "fore_play")), PositionError::PitShape(_)));
    assert!(matches!(err(setup(vec![vec![2; 3], vec![2; 3]], "south", "fore_play")), PositionError::PitShape(_)));
    assert!(matches!(err(setup(vec![vec![2; 9], vec![2; 9]], "south", "fore_play")), PositionError::PitShape(_)));
    let mut s = setup(vec![vec![2; 4], vec![2; 4]], "south", "fore_play");
    s.rules = vec![("holes".into(), "5".into())];
    assert!(matches!(err(s), PositionError::PitShape(_)));
    assert_eq!(
        err(setup(vec![vec![2, 2, -1, 2], vec![2; 4]], "south", "fore_play")),
        PositionError::BadCount { pit: "c2".into(), at: (0, 2), value: -1 }
    );
    assert_eq!(
        err(setup(vec![vec![2; 4], vec![2, 40_000, 2, 2]], "south", "fore_play")),
        PositionError::BadCount { pit: "b1".into(), at: (1, 1), value: 40_000 }
    );
    assert_eq!(
        err(setup(vec![vec![20_000, 0, 0, 0], vec![0, 0, 0, 20_000]], "south", "fore_play")),
        PositionError::SeedTotal { found: 40_000, max: MAX_TOTAL }
    );
    let mut s = setup(vec![vec![2; 4], vec![2; 4]], "south", "fore_play");
    s.variant = "igisoro".into();
    assert_eq!(err(s), PositionError::Setup(SetupError::UnknownVariant("igisoro".into())));
    let mut s = setup(vec![vec![2; 4], vec![2; 4]], "south", "fore_play");
    s.rules = vec![("capture".into(), "obligatory".into())];
    assert_eq!(err(s), PositionError::Setup(SetupError::UnknownOption("capture".into())));
    let mut s = setup(vec![vec![2; 4], vec![2; 4]], "south", "fore_play");
    s.rules = vec![("holes".into(), "9".into())];
    assert!(matches!(err(s), PositionError::Setup(SetupError::BadOptionValue { .. })));
    assert_eq!(
        err(setup(vec![vec![2; 4], vec![2; 4]], "east", "fore_play")),
        PositionError::Setup(SetupError::BadSide("east".into()))
    );
    assert_eq!(err(setup(vec![vec![2; 4], vec![2; 4]], "south", "endgame")), PositionError::BadPhase("endgame".into()));
}

#[test]
fn the_phase_must_fit_the_board() {
    let mismatch = |e: PositionError| matches!(e, PositionError::PhaseMismatch { .. });
    // Fore-play with an empty row: the fore-play is already over.
    assert!(mismatch(err(setup(vec![vec![0; 4], vec![2; 4]], "north", "fore_play"))));
    assert!(mismatch(err(setup(vec![vec![0; 4], vec![2; 4]], "south", "fore_play"))));
    // Kucheleka: the arranger (to move) holds seeds, the loser none.
    assert!(validate(&setup(vec![vec![0; 4], vec![1, 2, 3, 4]], "south", "kucheleka")).is_ok());
    assert!(mismatch(err(setup(vec![vec![0; 4], vec![1, 2, 3, 4]], "north", "kucheleka"))));
    assert!(mismatch(err(setup(vec![vec![1; 4], vec![1, 2, 3, 4]], "south", "kucheleka"))));
    // Main: only the side to move can have an empty row (it has lost).
    let over = validate(&setup(vec![vec![0; 4], vec![1, 2, 3, 4]], "north", "main")).unwrap();
    assert_eq!(over.winner(), Some(igisoro_core::Side::South));
    assert!(mismatch(err(setup(vec![vec![0; 4], vec![1, 2, 3, 4]], "south", "main"))));
    assert!(mismatch(err(setup(vec![vec![0; 4], vec![0; 4]], "south", "main"))));
}

#[test]
fn text_notation() {
    let start = Position::start(Variant::Isolo);
    assert_eq!(format(&start), "isolo 2,2,2,2/2,2,2,2 s");
    assert_eq!(parse("isolo 2,2,2,2/2,2,2,2 s"), Ok(start));
    assert_eq!(format(&Position::start_with(Variant::Isolo, Rules { holes: 5 })), "isolo 2,2,2,2,2/2,2,2,2,2 s");
    let p = parse("isolo 2,2,2,2,2/2,2,2,2,2 s holes=5").unwrap();
    assert_eq!(p.holes(), 5);
    let syntax = |t: &str| matches!(parse(t), Err(ParseError::Syntax(_)));
    assert!(syntax(""));
    assert!(syntax("isolo"));
    assert!(syntax("isolo 2,2,2,2 s"));
    assert!(syntax("isolo 2,2,2/2,2,2 s"));
    assert!(syntax("isolo 2,2,2,02/2,2,2,2 s"));
    assert!(syntax("isolo 2,2,2,-2/2,2,2,2 s"));
    assert!(syntax("isolo 2,2,2,2/2,2,2,2 x"));
    assert!(syntax("isolo 2,2,2,2/2,2,2,2 s phase"));
    assert!(syntax("isolo 2,2,2,2/2,2,2,2 s opening=4"));
    assert!(syntax("isolo 2,2,2,2/2,2,2,2 s phase=main phase=main"));
    assert!(matches!(
        parse("isolo 2,2,2,2/2,2,2,2 s phase=late"),
        Err(ParseError::Invalid(PositionError::BadPhase(_)))
    ));
    assert!(matches!(parse("isolo 2,2,2,2/2,2,2,2 s holes=5"), Err(ParseError::Invalid(PositionError::PitShape(_)))));
    assert_eq!(
        format(&parse("isolo 0,0,0,0/1,2,3,4 s phase=kucheleka").unwrap()),
        "isolo 0,0,0,0/1,2,3,4 s phase=kucheleka"
    );
}

#[test]
fn move_tokens() {
    let p = Position::start(Variant::Isolo);
    assert!(parse_move::<Isolo>(&p, "a1").is_ok());
    assert!(parse_move::<Isolo>(&p, "d2").is_ok());
    assert!(parse_move::<Isolo>(&p, "e1").is_err()); // only 4 holes
    assert!(parse_move::<Isolo>(&p, "a3").is_err());
    assert!(parse_move::<Isolo>(&p, "a1-x").is_err()); // one decision per turn
    let e = igisoro_core::explore::play::<Isolo>(&p, &parse_move::<Isolo>(&p, "a2").unwrap()).unwrap_err();
    assert!(e.to_string().contains("a1, b1, c1, d1"), "{}", e);
}

#[test]
fn json_form() {
    let p = parse("isolo 1,0,3,2/4,0,0,5 n phase=main").unwrap();
    assert_eq!(
        to_json(&p),
        r#"{"variant": "isolo", "rules": {}, "pits": [[1, 0, 3, 2], [4, 0, 0, 5]], "to_move": "north", "phase": "main"}"#
    );
    let six = Position::start_with(Variant::Isolo, Rules { holes: 6 });
    assert!(to_json(&six).contains(r#""rules": {"holes": 6}"#));
}

#[test]
fn the_seed_cap_ends_play() {
    // 30000 seeds on the board: one more stock seed would pass MAX_TOTAL, so
    // the side to move has no legal move (docs/ISOLO.md, Validation).
    let p = parse("isolo 1,0,0,0/29999,0,0,0 s").unwrap();
    assert_eq!(p.total(), MAX_TOTAL);
    assert_eq!(
        igisoro_core::explore::status::<Isolo>(&p),
        igisoro_core::Status::Won { winner: igisoro_core::Side::North, reason: igisoro_core::WinReason::NoLegalMove }
    );
    // One below the cap, a move works and reaches it.
    let q = parse("isolo 1,0,0,0/29998,0,0,0 s").unwrap();
    let m = igisoro_core::explore::legal_moves::<Isolo>(&q, None).moves;
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].result.total(), MAX_TOTAL);
}
