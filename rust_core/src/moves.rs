//! Move notation, shared by every rule system: the start followed by each
//! decision, joined by `-`, for example `b2`, `e2-p-r` or `a1-cw-x`.
//!
//! 4x8 tokens: a pit name (`a1`..`h4`) for the start, then `ccw` / `cw`
//! (lap direction), `x` / `p` (capture / pass), `r` / `n` (the opponent
//! retreats / does not). Syntax is checked here; legality in `explore`.

use crate::game::Game;

/// A move text that is not well-formed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSyntaxError {
    /// The whole text.
    pub text: String,
    /// The offending token.
    pub token: String,
    /// Its position in the decision list (0 = the start).
    pub index: usize,
}

impl std::fmt::Display for MoveSyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.index == 0 {
            write!(f, "move '{}': '{}' is not a pit name", self.text, self.token)
        } else {
            write!(f, "move '{}': decision {} '{}' is not a known token", self.text, self.index, self.token)
        }
    }
}

/// Parse a move (or a partial decision list; the empty text is the empty list).
pub fn parse_move<G: Game>(pos: &G::Pos, text: &str) -> Result<Vec<G::Choice>, MoveSyntaxError> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split('-')
        .enumerate()
        .map(|(i, tok)| {
            G::parse_choice(pos, tok, i == 0).ok_or_else(|| MoveSyntaxError {
                text: text.to_string(),
                token: tok.to_string(),
                index: i,
            })
        })
        .collect()
}

/// Format a decision list as move notation.
pub fn format_move<G: Game>(pos: &G::Pos, choices: &[G::Choice]) -> String {
    choices.iter().map(|&c| G::choice_text(pos, c)).collect::<Vec<_>>().join("-")
}
