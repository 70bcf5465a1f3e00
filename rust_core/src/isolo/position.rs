//! Unchecked [`Setup`] and validated [`Position`] (after shakmaty): a setup
//! becomes a position only through [`Position::from_setup`], so every
//! `Position` the engine sees is consistent and the hot path checks nothing.
//!
//! Seed totals. The stock adds one seed per move and the kucheleka gives the
//! fore-play's loser two per hole, so the total on the board is the start
//! total plus the moves played (plus `2n` once the main game is reached). A
//! setup does not say how many moves were played, so validation accepts any
//! counts `>= 0` whose total is at most [`MAX_TOTAL`], and checks instead
//! what the phase implies about empty rows (see [`Position::from_setup`]).

use super::geometry::{columns_to_row, row_to_columns, Hole, MAX_HOLES, MIN_HOLES};
use super::rules::{RuleError, RuleSetting, Rules};
use super::variant::{UnknownVariant, Variant};
use crate::setup_checks::SetupError;
use crate::side::Side;
use std::fmt;
use std::str::FromStr;

/// The most seeds the board may hold. Counts are `u16`; this cap keeps every
/// hole and every hand far inside that type. Real games stay below a few
/// hundred seeds; a turn that would take the total past the cap is not
/// available (the side to move then has no legal move), which is the only
/// place the cap changes play.
pub const MAX_TOTAL: u32 = 30_000;

/// The three phases of an Isolo match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Phase {
    /// Chaplin's "fore-play": won by emptying the opponent's row.
    ForePlay,
    /// The fore-play's winner (the side to move) rearranges its seeds.
    Kucheleka,
    /// The main game: won by emptying the opponent's row.
    Main,
}

impl Phase {
    /// Every phase, in match order.
    pub const ALL: [Phase; 3] = [Phase::ForePlay, Phase::Kucheleka, Phase::Main];

    /// Snake-case name used in JSON and notation.
    pub fn name(self) -> &'static str {
        match self {
            Phase::ForePlay => "fore_play",
            Phase::Kucheleka => "kucheleka",
            Phase::Main => "main",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Phase {
    type Err = ();
    fn from_str(s: &str) -> Result<Phase, ()> {
        Phase::ALL.into_iter().find(|p| p.name() == s).ok_or(())
    }
}

/// A position as a caller wrote it, before any check (after shakmaty's
/// `Setup`). Its fields are typed: text is read into them only at the
/// notation and JSON edges ([`Setup::from_text`]), so validation
/// ([`Position::from_setup`]) checks what a type cannot say (the board's
/// shape, counts and total, the phase against the board) and parses
/// nothing. The board stays wide on purpose so that every wrong count
/// reaches validation and gets a message naming its hole. This is also the
/// shape of the JSON form (see `docs/ISOLO.md`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The variant: default rules and name.
    pub variant: Variant,
    /// Rule overrides of the variant's defaults, applied in order.
    pub rules: Vec<RuleSetting>,
    /// The board picture: North's row first, then South's; each row in
    /// column order `a`, `b`, ... (left to right as South sees the board),
    /// so opposite holes share an index. North's row thus reads North's
    /// holes n..1, South's reads South's holes 1..n.
    pub pits: Vec<Vec<i64>>,
    /// The side to move.
    pub to_move: Side,
    /// The phase of the match.
    pub phase: Phase,
}

impl Setup {
    /// Read a setup's text fields into their types: the one place where
    /// the notation parser and the JSON reader turn text into a [`Setup`]
    /// (the variant name is read by the caller, which dispatches on it).
    ///
    /// Errors come in the order validation has always reported them: the
    /// rule options as given, then the board's shape, counts and total
    /// (checked here only if a field below does not read, so that an input
    /// gets the same error it got when validation read the text), then the
    /// side to move and the phase.
    pub fn from_text<K: AsRef<str>, V: AsRef<str>>(
        variant: Variant,
        rules: &[(K, V)],
        pits: Vec<Vec<i64>>,
        to_move: &str,
        phase: &str,
    ) -> Result<Setup, PositionError> {
        let rules =
            rules.iter().map(|(k, v)| RuleSetting::parse(k.as_ref(), v.as_ref())).collect::<Result<Vec<_>, _>>()?;
        let (side, ph) = (to_move.parse::<Side>(), phase.parse::<Phase>());
        if let (Ok(to_move), Ok(phase)) = (side, ph) {
            return Ok(Setup { variant, rules, pits, to_move, phase });
        }
        board(variant, &rules, &pits)?;
        side.map_err(|_| PositionError::Setup(SetupError::BadSide(to_move.to_string())))?;
        Err(PositionError::BadPhase(phase.to_string()))
    }
}

/// Why a setup is not a position. Each names the offending input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// `pits` is not 2 rows of `holes` (4..=8) holes.
    PitShape(String),
    /// A count is negative or above [`MAX_TOTAL`]: the hole's name and its
    /// `(row, column)` in the `pits` picture as given.
    BadCount { pit: String, at: (usize, usize), value: i64 },
    /// The seeds add up to more than [`MAX_TOTAL`].
    SeedTotal { found: i64, max: u32 },
    /// The variant, a rule option or the side to move (shared by every family).
    Setup(SetupError),
    /// The phase is not one of `fore_play`, `kucheleka`, `main`.
    BadPhase(String),
    /// The board contradicts the phase or the side to move.
    PhaseMismatch { phase: String, detail: String },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::PitShape(d) => write!(f, "wrong number of holes: {}", d),
            PositionError::BadCount { pit, value, .. } => {
                write!(f, "hole {} holds {}, but a count must be an integer from 0 to {}", pit, value, MAX_TOTAL)
            }
            PositionError::SeedTotal { found, max } => {
                write!(f, "the board holds {} seeds, but at most {} are supported", found, max)
            }
            PositionError::Setup(e) => e.fmt(f),
            PositionError::BadPhase(s) => {
                write!(f, "phase must be 'fore_play', 'kucheleka' or 'main', not '{}'", s)
            }
            PositionError::PhaseMismatch { phase, detail } => write!(f, "phase '{}': {}", phase, detail),
        }
    }
}

impl From<RuleError> for PositionError {
    fn from(e: RuleError) -> PositionError {
        PositionError::Setup(e.into())
    }
}

/// So that a text edge reads the variant name with `?`.
impl From<UnknownVariant> for PositionError {
    fn from(e: UnknownVariant) -> PositionError {
        PositionError::Setup(e.into())
    }
}

/// The effective rules and the board as local rows, checked: two rows of
/// one length, which is the rules' `holes` if an override gives it and
/// sets it otherwise; each count's range; the total.
fn board(
    variant: Variant,
    settings: &[RuleSetting],
    pits: &[Vec<i64>],
) -> Result<(Rules, [[u16; MAX_HOLES]; 2]), PositionError> {
    let mut rules = variant.rules().with(settings);
    let holes_given = settings.iter().any(|s| matches!(s, RuleSetting::Holes(_)));
    if pits.len() != 2 {
        return Err(PositionError::PitShape(format!(
            "expected 2 rows (North's, then South's), got {} rows",
            pits.len()
        )));
    }
    let n = pits[0].len();
    if pits[1].len() != n {
        return Err(PositionError::PitShape(format!("North's row has {} holes but South's has {}", n, pits[1].len())));
    }
    if holes_given {
        if n != rules.n() {
            return Err(PositionError::PitShape(format!(
                "the rules say {} holes per row, but the rows have {}",
                rules.n(),
                n
            )));
        }
    } else {
        if !(MIN_HOLES..=MAX_HOLES).contains(&n) {
            return Err(PositionError::PitShape(format!(
                "a row must have {} to {} holes, got {}",
                MIN_HOLES, MAX_HOLES, n
            )));
        }
        rules.holes = n as u8;
    }
    let mut rows = [[0u16; MAX_HOLES]; 2];
    let mut total: i64 = 0;
    for (k, side) in [Side::North, Side::South].into_iter().enumerate() {
        let mut cols = [0u16; MAX_HOLES];
        for (c, &v) in pits[k].iter().enumerate() {
            if !(0..=MAX_TOTAL as i64).contains(&v) {
                let pit = Hole((c * 2 + side.index()) as u8).name();
                return Err(PositionError::BadCount { pit, at: (k, c), value: v });
            }
            cols[c] = v as u16;
            total += v;
        }
        rows[side.index()] = columns_to_row(side, &cols[..n], n);
    }
    if total > MAX_TOTAL as i64 {
        return Err(PositionError::SeedTotal { found: total, max: MAX_TOTAL });
    }
    Ok((rules, rows))
}

/// A validated Isolo position: board, side to move, phase and rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Counts `[side][local hole]`; entries at `holes..` are always 0.
    pub(crate) rows: [[u16; MAX_HOLES]; 2],
    pub(crate) to_move: Side,
    pub(crate) phase: Phase,
    pub(crate) variant: Variant,
    pub(crate) rules: Rules,
}

impl Position {
    /// The variant's start position (fore-play, 2 seeds in every hole, South
    /// to move) with its default rules.
    pub fn start(variant: Variant) -> Position {
        Position::start_with(variant, variant.rules())
    }

    /// The start position under given rules (for example `holes = 6`).
    pub fn start_with(variant: Variant, rules: Rules) -> Position {
        Position { rows: variant.start_rows(&rules), to_move: Side::South, phase: Phase::ForePlay, variant, rules }
    }

    /// Validate a setup.
    ///
    /// Besides shape and counts, the phase must fit the board:
    /// - `fore_play`: both rows hold seeds (the fore-play ends when a row is
    ///   emptied);
    /// - `kucheleka`: the side to move (the fore-play's winner) holds seeds
    ///   and the other row is empty, as the fore-play left it;
    /// - `main`: the side not to move holds seeds (a move never empties the
    ///   mover's own row); an empty row of the side to move means the game
    ///   is over.
    pub fn from_setup(s: &Setup) -> Result<Position, PositionError> {
        let (rules, rows) = board(s.variant, &s.rules, &s.pits)?;
        let pos = Position { rows, to_move: s.to_move, phase: s.phase, variant: s.variant, rules };
        pos.check_phase()?;
        Ok(pos)
    }

    fn check_phase(&self) -> Result<(), PositionError> {
        let me = self.to_move;
        let empty = |s: Side| self.seeds(s) == 0;
        let bad = |detail: String| Err(PositionError::PhaseMismatch { phase: self.phase.name().into(), detail });
        match self.phase {
            Phase::ForePlay => {
                for s in Side::ALL {
                    if empty(s) {
                        return bad(format!(
                            "{}'s row is empty, so the fore-play is over: {} won it and the phase is \
                             'kucheleka' with {} to move",
                            s,
                            s.other(),
                            s.other()
                        ));
                    }
                }
            }
            Phase::Kucheleka => {
                if empty(me) {
                    return bad(format!("{} is to arrange its seeds (it won the fore-play) but its row is empty", me));
                }
                if !empty(me.other()) {
                    return bad(format!(
                        "{} lost the fore-play, so its row must be empty until the kucheleka is done",
                        me.other()
                    ));
                }
            }
            Phase::Main => {
                if empty(me.other()) {
                    return bad(format!(
                        "{}'s row is empty with {} to move, which no move can lead to (a move never \
                         empties the mover's own row)",
                        me.other(),
                        me
                    ));
                }
            }
        }
        Ok(())
    }

    /// Back to an unchecked setup (rule overrides are the options that differ
    /// from the variant's defaults).
    pub fn to_setup(&self) -> Setup {
        Setup {
            variant: self.variant,
            rules: self.rule_overrides(),
            pits: self.picture().iter().map(|r| r.iter().map(|&v| v as i64).collect()).collect(),
            to_move: self.to_move,
            phase: self.phase,
        }
    }

    /// Options that differ from the variant's defaults, in canonical order.
    pub fn rule_overrides(&self) -> Vec<RuleSetting> {
        let base = self.variant.rules();
        if self.rules == base {
            // The usual case, and a hot one (every position written out):
            // nothing to compare option by option.
            return Vec::new();
        }
        self.rules.overrides(&base)
    }

    /// The board picture: `[North's row, South's row]`, each in column
    /// order `a`.. (see [`Setup::pits`]).
    pub fn picture(&self) -> [Vec<u16>; 2] {
        let n = self.rules.n();
        [
            row_to_columns(Side::North, &self.rows[Side::North.index()], n),
            row_to_columns(Side::South, &self.rows[Side::South.index()], n),
        ]
    }
    /// Seeds in a hole.
    pub fn count(&self, hole: Hole) -> u16 {
        self.rows[hole.owner().index()][hole.local(self.rules.n())]
    }
    /// Holes per row.
    pub fn holes(&self) -> usize {
        self.rules.n()
    }
    pub fn to_move(&self) -> Side {
        self.to_move
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn variant(&self) -> Variant {
        self.variant
    }
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// Seeds a side holds.
    pub fn seeds(&self, side: Side) -> u32 {
        self.rows[side.index()].iter().map(|&v| v as u32).sum()
    }
    /// Seeds on the board.
    pub fn total(&self) -> u32 {
        self.seeds(Side::South) + self.seeds(Side::North)
    }
    /// Per-side counts in local numbering, hole 1 first (for search and
    /// evaluation); entries past [`Position::holes`] are 0.
    pub fn local_rows(&self) -> &[[u16; MAX_HOLES]; 2] {
        &self.rows
    }
    /// The winner, once the main game is decided (the side to move's row
    /// is empty).
    pub fn winner(&self) -> Option<Side> {
        (self.phase == Phase::Main && self.seeds(self.to_move) == 0).then(|| self.to_move.other())
    }
}
