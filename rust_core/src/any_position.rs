//! One position type for every rule system, after shakmaty's
//! `VariantPosition`: [`AnyPosition`] holds a validated position of the 4x8
//! family or of Isolo, and [`with_game!`] dispatches once to code generic
//! over [`Game`](crate::game::Game), so callers (the Python binding, tools) never special-case
//! a game. Also the variant metadata every caller lists, and the parsers
//! that pick the rule system from a variant name.

use crate::any_setup::{AnySetup, Extra};
use crate::any_variant::{AnyVariant, Board};
use crate::board4x8 as b4;
use crate::budget::Budget;
use crate::error::Error;
use crate::explore;
use crate::isolo as iso;
use crate::omweso as om;
use crate::json_form::{write_str, Form, RuleValue};
use crate::moves::format_move;
use crate::search::limits::MAX_SEARCH_TIME_MS;
use crate::search::{self, Analysis, Limits, Score};

/// A validated position of any rule system.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyPosition {
    Board4x8(b4::Position),
    Isolo(iso::Position),
    Omweso(om::Position),
}

/// What a rule system offers callers of [`AnyPosition`] beyond [`Game`](crate::game::Game):
/// wrapping, notation, the JSON form and the effective rules.
pub trait Family: search::Engine<Pos: Send + Sync, Choice: Send> {
    /// The position as an [`AnyPosition`].
    fn wrap(p: Self::Pos) -> AnyPosition;
    /// The canonical text notation.
    fn notation(p: &Self::Pos) -> String;
    /// The JSON form's parts (variant, rule overrides, pits picture,
    /// to_move, extra state fields).
    fn form(p: &Self::Pos) -> Form;
    /// Every rule option with its effective value (JSON types).
    fn all_rules(p: &Self::Pos) -> Vec<(&'static str, RuleValue)>;
    /// A family's own check of a move's text before it is parsed into
    /// decisions, for refusals that carry more than "not legal": Omweso's
    /// set-up names the doc's error code ([`Error::Arrangement`]). Every
    /// other family has none.
    fn check_move(_p: &Self::Pos, _text: &str) -> Result<(), Error> {
        Ok(())
    }
}

impl Family for b4::Igisoro {
    fn wrap(p: b4::Position) -> AnyPosition {
        AnyPosition::Board4x8(p)
    }
    fn notation(p: &b4::Position) -> String {
        b4::notation::format(p)
    }
    fn form(p: &b4::Position) -> Form {
        let s = p.to_setup();
        let extra = vec![
            ("opening_plies", Extra::Int(s.opening_plies.into())),
            ("winner", Extra::Text(s.winner.map(|w| w.name().to_string()))),
        ];
        let rules = s.rules.iter().map(|&r| (r.name(), r.into())).collect();
        Form {
            variant: s.variant.name().to_string(),
            rules,
            pits: s.pits,
            to_move: s.to_move.name().to_string(),
            extra,
        }
    }
    fn all_rules(p: &b4::Position) -> Vec<(&'static str, RuleValue)> {
        p.rules().settings().into_iter().map(|r| (r.name(), r.into())).collect()
    }
}

impl Family for iso::Isolo {
    fn wrap(p: iso::Position) -> AnyPosition {
        AnyPosition::Isolo(p)
    }
    fn notation(p: &iso::Position) -> String {
        iso::notation::format(p)
    }
    fn form(p: &iso::Position) -> Form {
        let s = p.to_setup();
        let extra = vec![("phase", Extra::Text(Some(s.phase.name().to_string())))];
        let rules = s.rules.iter().map(|&r| (r.name(), r.into())).collect();
        Form {
            variant: s.variant.name().to_string(),
            rules,
            pits: s.pits,
            to_move: s.to_move.name().to_string(),
            extra,
        }
    }
    fn all_rules(p: &iso::Position) -> Vec<(&'static str, RuleValue)> {
        p.rules().settings().into_iter().map(|r| (r.name(), r.into())).collect()
    }
}

impl Family for om::Omweso {
    fn wrap(p: om::Position) -> AnyPosition {
        AnyPosition::Omweso(p)
    }
    fn notation(p: &om::Position) -> String {
        om::notation::format(p)
    }
    fn form(p: &om::Position) -> Form {
        let s = p.to_setup();
        let extra = vec![
            ("phase", Extra::Text(Some(s.phase.name().to_string()))),
            ("winner", Extra::Text(s.winner.map(|w| w.name().to_string()))),
        ];
        let rules = s.rules.iter().map(|&r| (r.name(), r.into())).collect();
        Form {
            variant: s.variant.name().to_string(),
            rules,
            pits: s.pits,
            to_move: s.to_move.name().to_string(),
            extra,
        }
    }
    fn all_rules(p: &om::Position) -> Vec<(&'static str, RuleValue)> {
        p.rules.settings().into_iter().map(|r| (r.name(), r.into())).collect()
    }
    /// In the set-up every move is an arrangement, and an arrangement
    /// (`k...`) is a set-up move only: such a move is read by
    /// [`om::arrangement::read`], so a refusal says `wrong_total`,
    /// `negative_count`, `bad_shape`, `bad_notation` or `not_setup_phase`
    /// (not a generic syntax error). An empty text (the start of a turn,
    /// step by step) is left to the generic path.
    fn check_move(p: &om::Position, text: &str) -> Result<(), Error> {
        if text.is_empty() || (p.phase != om::Phase::Setup && !text.starts_with('k')) {
            return Ok(());
        }
        om::arrangement::read(p, text)
            .map(|_| ())
            .map_err(|err| Error::Arrangement { mv: text.into(), pos: Self::notation(p), err })
    }
}

/// Run `$body` with `$G` bound to the position's game (a [`Family`]) and
/// `$p` to its position. Exported only with the `internals` feature (its
/// expansion names the rules families, which are private without it), for
/// the bench's tools.
#[cfg_attr(feature = "internals", macro_export)]
macro_rules! with_game {
    ($pos:expr, $p:ident, $G:ident => $body:expr) => {
        match $pos {
            $crate::any_position::AnyPosition::Board4x8($p) => {
                type $G = $crate::board4x8::Igisoro;
                $body
            }
            $crate::any_position::AnyPosition::Isolo($p) => {
                type $G = $crate::isolo::Isolo;
                $body
            }
            $crate::any_position::AnyPosition::Omweso($p) => {
                type $G = $crate::omweso::Omweso;
                $body
            }
        }
    };
}
pub(crate) use with_game;

/// A variant's metadata, as `/v1/variants` and `igisoro.variants()` list it.
#[derive(Clone, Debug)]
pub struct VariantInfo {
    pub name: &'static str,
    pub board: Board,
    pub aliases: &'static [&'static str],
    pub source: &'static str,
    pub description: &'static str,
    /// Every rule option with its value in this variant (JSON types).
    pub rules: Vec<(&'static str, RuleValue)>,
    /// The start position in text notation.
    pub start: String,
}

/// Every variant, the default (`igisoro`) first: the 4x8 family, Isolo,
/// then Omweso and Mweso. Everything that lists variants (the service's
/// `/v1/variants`, `igisoro.variants()`, the board, the bench) reads this
/// list, so a variant the core plays is offered everywhere at once.
pub fn variants() -> Vec<VariantInfo> {
    let four = b4::Variant::ALL.into_iter().map(|v| VariantInfo {
        name: v.name(),
        board: Board::FourByEight,
        aliases: v.aliases(),
        source: v.source(),
        description: v.description(),
        rules: v.rules().settings().into_iter().map(|r| (r.name(), r.into())).collect(),
        start: b4::notation::format(&b4::Position::start(v)),
    });
    let two = iso::Variant::ALL.into_iter().map(|v| VariantInfo {
        name: v.name(),
        board: Board::TwoRows,
        aliases: v.aliases(),
        source: v.source(),
        description: v.description(),
        rules: v.rules().settings().into_iter().map(|r| (r.name(), r.into())).collect(),
        start: iso::notation::format(&iso::Position::start(v)),
    });
    let omweso = om::Variant::ALL.into_iter().map(|v| VariantInfo {
        name: v.name(),
        board: Board::Omweso,
        aliases: v.aliases(),
        source: v.source(),
        description: v.description(),
        rules: v.rules().settings().into_iter().map(|r| (r.name(), r.into())).collect(),
        start: om::notation::format(&om::Position::start(v)),
    });
    four.chain(two).chain(omweso).collect()
}

/// A caller's bound on a move list: none, or at least 1.
pub fn move_limit(limit: Option<i64>) -> Result<Option<usize>, Error> {
    match limit {
        None => Ok(None),
        Some(l) if l >= 1 => Ok(Some(l as usize)),
        Some(l) => Err(Error::Limit(format!("limit must be at least 1, got {}", l))),
    }
}

/// A caller's perft depth: at most [`explore::MAX_PERFT_DEPTH`].
pub fn check_perft_depth(depth: u32) -> Result<(), Error> {
    if depth > explore::MAX_PERFT_DEPTH {
        return Err(Error::Limit(format!("perft depth must be at most {}, got {}", explore::MAX_PERFT_DEPTH, depth)));
    }
    Ok(())
}

impl AnyPosition {
    /// The start position of a variant.
    pub fn start(variant: &str) -> Result<AnyPosition, Error> {
        Ok(match variant.parse()? {
            AnyVariant::Board4x8(v) => AnyPosition::Board4x8(b4::Position::start(v)),
            AnyVariant::Isolo(v) => AnyPosition::Isolo(iso::Position::start(v)),
            AnyVariant::Omweso(v) => AnyPosition::Omweso(om::Position::start(v)),
        })
    }

    /// Validate a setup.
    pub fn from_setup(setup: &AnySetup) -> Result<AnyPosition, Error> {
        match setup {
            AnySetup::Board4x8(s) => b4::Position::from_setup(s).map(AnyPosition::Board4x8).map_err(Error::from),
            AnySetup::Isolo(s) => iso::Position::from_setup(s).map(AnyPosition::Isolo).map_err(Error::from),
            AnySetup::Omweso(s) => om::Position::from_setup(s).map(AnyPosition::Omweso).map_err(Error::from),
        }
    }

    /// Parse the text notation (the variant name, its first field, picks
    /// the rule system).
    pub fn from_notation(text: &str) -> Result<AnyPosition, Error> {
        let variant = text.split(' ').next().unwrap_or("");
        let syntax = |detail: String| Error::Notation { text: text.into(), detail };
        match Board::of(variant) {
            Err(_) if variant.is_empty() => Err(syntax("expected a variant name first".into())),
            Err(e) => Err(e),
            Ok(Board::FourByEight) => match b4::notation::parse(text) {
                Ok(p) => Ok(AnyPosition::Board4x8(p)),
                Err(b4::notation::ParseError::Syntax(e)) => Err(syntax(e.to_string())),
                Err(b4::notation::ParseError::Invalid(e)) => Err(Error::from(e).in_notation()),
            },
            Ok(Board::TwoRows) => match iso::notation::parse(text) {
                Ok(p) => Ok(AnyPosition::Isolo(p)),
                Err(iso::notation::ParseError::Syntax(e)) => Err(syntax(e.to_string())),
                Err(iso::notation::ParseError::Invalid(e)) => Err(Error::from(e).in_notation()),
            },
            Ok(Board::Omweso) => match om::notation::parse(text) {
                Ok(p) => Ok(AnyPosition::Omweso(p)),
                Err(om::notation::ParseError::Syntax(e)) => Err(syntax(e.to_string())),
                Err(om::notation::ParseError::Invalid(e)) => Err(Error::from(e).in_notation()),
            },
        }
    }

    /// A 64-bit hash of the position (Python's `__hash__`; equal positions
    /// hash equal).
    pub fn hash_key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.hash(&mut h);
        h.finish()
    }

    /// The canonical text notation.
    pub fn notation(&self) -> String {
        with_game!(self, p, G => G::notation(p))
    }

    /// An Omweso arrangement given in its JSON form (`{"side": ..., "rows":
    /// [[8 counts], [8 counts]]}`, `docs/OMWESO.md`), checked here in the
    /// doc's order (phase, side, shape, counts, total), as its text form
    /// (`k...`), which is also its canonical notation. Why a call of its
    /// own: the JSON form states the side, so a client arranging for the
    /// wrong side is told so (`wrong_side`), which the text cannot say.
    /// Any other family has no such move (`bad_notation`).
    pub fn arrangement_from_json(&self, side: &str, rows: &[Vec<i64>]) -> Result<String, Error> {
        let err = |err| Error::Arrangement { mv: format!("{{side: {}, rows: {:?}}}", side, rows), pos: self.notation(), err };
        match self {
            AnyPosition::Omweso(p) => om::arrangement::from_json(p, side, rows).map(|a| a.token()).map_err(err),
            _ => Err(err(om::ArrangeError::BadNotation(
                "an arrangement object is a move of Omweso's set-up only; other moves are notation text".into(),
            ))),
        }
    }

    /// Score an Omweso set-up move `text` (`k...`) and the standard
    /// arrangements the same way under `limits`
    /// ([`search::omweso_arrange::compare`]): what a player asks of its own
    /// arrangement, how it stands against the ones the engine knows. The
    /// move is checked as any set-up move (its error code kept); any other
    /// family, or Omweso's sowing phase, has no arrangement to score
    /// (`bad_notation`, `not_setup_phase`).
    pub fn compare_arrangement(&self, text: &str, limits: &Limits) -> Result<search::omweso_arrange::Comparison, Error> {
        let err = |err| Error::Arrangement { mv: text.to_string(), pos: self.notation(), err };
        let AnyPosition::Omweso(p) = self else {
            return Err(err(om::ArrangeError::BadNotation(
                "arrangements are moves of Omweso's set-up only; this position is not Omweso".into(),
            )));
        };
        let a = om::arrangement::read(p, text).map_err(err)?;
        let eval = <om::Omweso as search::Evaluate>::evaluate;
        Ok(crate::engine_call::entry(|| {
            crate::budget::with_budget(limits.budget.clone(), || search::omweso_arrange::compare(p, a, limits, eval)).0
        }))
    }

    /// The JSON form's parts.
    pub fn form(&self) -> Form {
        with_game!(self, p, G => G::form(p))
    }

    /// The JSON form as text (compact, keys in order).
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(256);
        self.form().write(&mut out);
        out
    }

    /// Complete legal moves as the HTTP API's JSON array, written in one
    /// pass: (the text, its length, truncated). Each item is `{"move",
    /// "result": {"position", "notation"}, "captured", "laps"}`; see
    /// [`crate::json_form`] for why the core writes it.
    ///
    /// Under a tripped budget ([`crate::budget`]) it stops writing and
    /// returns an empty text the caller discards: the list gathered up to
    /// the deadline can hold hundreds of thousands of moves, and writing
    /// them all took three times the limit before the timeout was reported.
    pub fn legal_moves_json(&self, limit: Option<usize>) -> (String, usize, bool) {
        with_game!(self, p, G => {
            let list = explore::legal_moves::<G>(p, limit);
            if crate::budget::check() {
                return (String::new(), 0, false);
            }
            let mut out = String::with_capacity(64 + 320 * list.moves.len());
            let mut digits = itoa::Buffer::new();
            out.push('[');
            for (i, m) in list.moves.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                    if i % 4096 == 0 && crate::budget::check() {
                        return (String::new(), 0, false);
                    }
                }
                out.push_str("{\"move\":");
                write_str(&mut out, &format_move::<G>(p, &m.choices));
                out.push_str(",\"result\":{\"position\":");
                G::form(&m.result).write(&mut out);
                out.push_str(",\"notation\":");
                write_str(&mut out, &G::notation(&m.result));
                out.push_str("},\"captured\":");
                out.push_str(digits.format(m.captured));
                out.push_str(",\"laps\":");
                out.push_str(digits.format(m.laps));
                out.push('}');
            }
            out.push(']');
            (out, list.moves.len(), list.truncated)
        })
    }

    /// Search this position (dispatches once to the generic search).
    pub fn analyse(&self, limits: &Limits) -> Analysis {
        crate::engine_call::entry(|| with_game!(self, p, G => search::analyse::<G>(p, limits)))
    }

    /// [`AnyPosition::analyse`], handing `report` each completed depth's
    /// analysis as it comes (see [`search::analyse_reporting`]).
    pub fn analyse_reporting(&self, limits: &Limits, report: &mut dyn FnMut(&Analysis)) -> Analysis {
        crate::engine_call::entry(|| with_game!(self, p, G => search::analyse_reporting::<G>(p, limits, report)))
    }

    /// The move a player of strength `level` would choose (see
    /// [`search::best_move_until`]).
    pub fn best_move(&self, level: u8, time_ms: u64, seed: u64, budget: &Budget) -> Analysis {
        crate::engine_call::entry(|| with_game!(self, p, G => search::best_move_until::<G>(p, level, time_ms, seed, budget)))
    }

    /// [`AnyPosition::best_move`] with a caller's `level` (1..10) and
    /// `time_ms` (1..[`MAX_SEARCH_TIME_MS`]) checked.
    pub fn best_move_checked(&self, level: i64, time_ms: i64, seed: u64, budget: &Budget) -> Result<Analysis, Error> {
        if !(1..=10).contains(&level) {
            return Err(Error::Limit(format!("level must be from 1 to 10, got {}", level)));
        }
        if !(1..=MAX_SEARCH_TIME_MS).contains(&time_ms) {
            return Err(Error::Limit(format!(
                "time_ms must be an integer from 1 to {}, got {}",
                MAX_SEARCH_TIME_MS, time_ms
            )));
        }
        Ok(self.best_move(level as u8, time_ms as u64, seed, budget))
    }

    /// Solve this position for its side to move, every proof confirmed by
    /// the independent check (see [`search::solve_checked`]).
    pub fn solve(&self, limits: &Limits) -> search::Solution {
        crate::engine_call::entry(|| with_game!(self, p, G => search::solve_checked::<G>(p, limits)))
    }

    /// The side to move's chance to win, given a search's `score` of this
    /// position (for an analysis `a` of it: `a.score`; see
    /// [`search::win_probability`](mod@search::win_probability)). Takes a
    /// score rather than an analysis so that a review can also ask it for
    /// the position after the best move, with the best line's score.
    pub fn win_probability(&self, score: Score) -> f64 {
        with_game!(self, p, G => search::win_probability::win_probability::<G>(p, score))
    }

    /// Analyse positions of any rule systems in parallel, through
    /// [`search::batch`] (same limits sharing as a one-family batch).
    pub fn analyse_many(positions: &[AnyPosition], limits: &Limits) -> Vec<Analysis> {
        search::batch::map_shared(positions, limits, |p, l| p.analyse(l))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_every_variant() {
        for v in variants() {
            let p = AnyPosition::from_notation(&v.start).unwrap();
            assert_eq!(p.notation(), v.start);
            assert_eq!(p, AnyPosition::start(v.name).unwrap());
        }
    }

    /// Every rule system answers a win probability: proven scores exactly,
    /// a search's estimate within (0, 1).
    #[test]
    fn win_probability_for_every_variant() {
        for v in variants() {
            let p = AnyPosition::start(v.name).unwrap();
            assert_eq!(p.win_probability(Score::Win { turns: 1 }), 1.0, "{}", v.name);
            assert_eq!(p.win_probability(Score::Loss { turns: 0 }), 0.0, "{}", v.name);
            let w = p.win_probability(Score::Centiseeds(-150));
            assert!(0.0 < w && w < 0.5, "{}: {}", v.name, w);
            let a = p.analyse(&Limits::depth(1));
            assert!((0.0..=1.0).contains(&p.win_probability(a.score)), "{}", v.name);
        }
    }

    #[test]
    fn an_unknown_variant_is_named() {
        let e = AnyPosition::start("chess").unwrap_err();
        assert!(e.to_string().starts_with("unknown variant 'chess': expected one of igisoro,"), "{}", e);
    }

    use crate::error::{ErrorValue, PositionError};
    use serde_json::{json, Value};

    /// The start position of `variant` as a JSON value, changed by `edit`.
    fn start_json(variant: &str, edit: impl FnOnce(&mut Value)) -> String {
        let mut v: Value = serde_json::from_str(&AnyPosition::start(variant).unwrap().to_json()).unwrap();
        edit(&mut v);
        v.to_string()
    }

    /// The position error a JSON form is refused with.
    fn refused(text: &str) -> PositionError {
        match crate::json_form::read(text).and_then(|s| AnyPosition::from_setup(&s)) {
            Err(Error::Position(p)) => p,
            other => panic!("{}: expected a position error, got {:?}", text, other),
        }
    }

    /// (field, pit, value, path) of a refused JSON form.
    type Parts = (Option<String>, Option<(usize, usize)>, Option<ErrorValue>, Option<String>);
    fn parts(p: &PositionError) -> Parts {
        (p.field(), p.pit(), p.value(), p.path())
    }
    fn text(s: &str) -> Option<ErrorValue> {
        Some(ErrorValue::Text(s.into()))
    }
    fn some(s: &str) -> Option<String> {
        Some(s.into())
    }

    #[test]
    fn a_bad_count_names_its_pit_as_given() {
        let e = refused(&start_json("igisoro", |v| v["pits"][2][3] = json!(-1)));
        assert_eq!(parts(&e), (some("pits"), Some((2, 3)), Some(ErrorValue::Int(-1)), some("pits[2][3]")));
        assert!(e.to_string().starts_with("pit "), "{}", e);
        let e = refused(&start_json("isolo", |v| v["pits"][1][2] = json!(-5)));
        assert_eq!(parts(&e), (some("pits"), Some((1, 2)), Some(ErrorValue::Int(-5)), some("pits[1][2]")));
        // A count that is not a number, refused by the JSON reader.
        let e = refused(&start_json("igisoro", |v| v["pits"][0][7] = json!("x")));
        assert_eq!(parts(&e), (some("pits"), Some((0, 7)), None, some("pits[0][7]")));
    }

    #[test]
    fn a_wrong_total_or_shape_names_the_pits() {
        let e = refused(&start_json("igisoro", |v| v["pits"][3][0] = json!(9)));
        assert_eq!(parts(&e), (some("pits"), None, Some(ErrorValue::Int(73)), some("pits")));
        assert!(e.to_string().starts_with("the board holds 73 seeds"), "{}", e);
        let e = refused(&start_json("igisoro", |v| v["pits"].as_array_mut().unwrap().truncate(3)));
        assert_eq!(parts(&e), (some("pits"), None, None, some("pits")));
        let e = refused(&start_json("igisoro", |v| v["pits"] = json!(7)));
        assert_eq!(parts(&e), (some("pits"), None, None, some("pits")));
    }

    #[test]
    fn a_bad_side_rule_or_state_field_is_named() {
        let e = refused(&start_json("igisoro", |v| v["to_move"] = json!("east")));
        assert_eq!(parts(&e), (some("to_move"), None, text("east"), some("to_move")));
        let e = refused(&start_json("isolo", |v| v["to_move"] = json!("east")));
        assert_eq!(parts(&e), (some("to_move"), None, text("east"), some("to_move")));
        let e = refused(&start_json("igisoro", |v| v["rules"] = json!({"min_seeds": 99})));
        assert_eq!(parts(&e), (some("rules.min_seeds"), None, text("99"), some("rules.min_seeds")));
        let e = refused(&start_json("igisoro", |v| v["rules"] = json!({"min_seeds": "two"})));
        assert_eq!(e.path(), some("rules.min_seeds"));
        let e = refused(&start_json("igisoro", |v| v["rules"] = json!({"no_such": 1})));
        assert_eq!(e.path(), some("rules.no_such"));
        let e = refused(&start_json("igisoro", |v| v["opening_plies"] = json!(99)));
        assert_eq!(e.path(), some("opening_plies"));
        let e = refused(&start_json("igisoro", |v| v["winner"] = json!("east")));
        assert_eq!(e.path(), some("winner"));
        let e = refused(&start_json("igisoro", |v| v["phase"] = json!("main")));
        assert_eq!(e.path(), some("phase"));
        let e = refused(&start_json("isolo", |v| v["phase"] = json!("bogus")));
        assert_eq!(parts(&e), (some("phase"), None, text("bogus"), some("phase")));
        let e = refused(&start_json("isolo", |v| v["phase"] = json!("kucheleka")));
        assert_eq!(parts(&e), (some("phase"), None, text("kucheleka"), some("phase")));
        let e = refused("[1]");
        assert_eq!(parts(&e), (None, None, None, None));
    }

    #[test]
    fn a_position_in_notation_has_fields_but_no_json_path() {
        let start = AnyPosition::start("igisoro").unwrap().notation();
        let bad = start.replacen('4', "5", 1);
        match AnyPosition::from_notation(&bad) {
            Err(Error::Position(p)) => {
                assert_eq!(p.field(), some("pits"));
                assert_eq!(p.path(), None);
                assert!(p.to_string().starts_with("the board holds 65 seeds"), "{}", p);
            }
            other => panic!("{:?}", other),
        }
    }

    #[test]
    fn a_batch_matches_one_by_one() {
        let ps: Vec<AnyPosition> = ["igisoro", "isolo"].iter().map(|v| AnyPosition::start(v).unwrap()).collect();
        let limits = Limits::depth(2);
        let many = AnyPosition::analyse_many(&ps, &limits);
        for (p, a) in ps.iter().zip(&many) {
            assert_eq!(p.analyse(&limits).best_move, a.best_move);
        }
    }
}
