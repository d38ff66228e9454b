//! Syntax errors and their stable codes.
//!
//! Syntax errors use the `E01xx` range of the project's diagnostic codes. A code never changes
//! meaning once published; the message may be reworded.

use std::fmt;

use crate::span::Span;

/// The stable code of a syntax error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ErrorCode {
    /// `E0101`: a character that has no place in the notation (`%`, `;`, an emoji).
    InvalidCharacter,
    /// `E0102`: a malformed season, missing its turn or timeline (`1:`, `:0`).
    MalformedSeason,
    /// `E0103`: a number longer than 9 digits.
    NumberTooLong,
    /// `E0104`: a line that is neither an order, a block header nor a directive.
    UnrecognizedLine,
    /// `E0105`: an ordered unit without its type `A` or `F`.
    MissingUnitKind,
    /// `E0106`: an order that stops too early (see [`crate::Order::Incomplete`]).
    IncompleteOrder,
    /// `E0107`: text left over after a complete order, header or directive.
    UnexpectedTrailing,
    /// `E0108`: a malformed coast (`Spain(`, `Spain()`, `spa/`).
    MalformedCoast,
    /// `E0109`: `=>` not followed by `succeeds`, `fails` or `illegal`.
    MalformedOutcome,
    /// `E0110`: a power in front of an order without its `:`.
    MissingColon,
    /// `E0111`: an unknown directive or expectation.
    UnknownDirective,
    /// `E0112`: a directive whose arguments are missing or malformed.
    MalformedDirective,
    /// `E0113`: a file larger than 4 GiB; only its beginning is read.
    FileTooLarge,
}

impl ErrorCode {
    /// Every code, in order.
    pub const ALL: [ErrorCode; 13] = [
        ErrorCode::InvalidCharacter,
        ErrorCode::MalformedSeason,
        ErrorCode::NumberTooLong,
        ErrorCode::UnrecognizedLine,
        ErrorCode::MissingUnitKind,
        ErrorCode::IncompleteOrder,
        ErrorCode::UnexpectedTrailing,
        ErrorCode::MalformedCoast,
        ErrorCode::MalformedOutcome,
        ErrorCode::MissingColon,
        ErrorCode::UnknownDirective,
        ErrorCode::MalformedDirective,
        ErrorCode::FileTooLarge,
    ];

    /// Returns the code as written in diagnostics: `E0101`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InvalidCharacter => "E0101",
            ErrorCode::MalformedSeason => "E0102",
            ErrorCode::NumberTooLong => "E0103",
            ErrorCode::UnrecognizedLine => "E0104",
            ErrorCode::MissingUnitKind => "E0105",
            ErrorCode::IncompleteOrder => "E0106",
            ErrorCode::UnexpectedTrailing => "E0107",
            ErrorCode::MalformedCoast => "E0108",
            ErrorCode::MalformedOutcome => "E0109",
            ErrorCode::MissingColon => "E0110",
            ErrorCode::UnknownDirective => "E0111",
            ErrorCode::MalformedDirective => "E0112",
            ErrorCode::FileTooLarge => "E0113",
        }
    }

    /// Finds a code from its text, ignoring case: `e0101` gives [`ErrorCode::InvalidCharacter`].
    #[must_use]
    pub fn from_code(code: &str) -> Option<ErrorCode> {
        ErrorCode::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(code))
    }

    /// A one-line explanation of the code, for `mdip check --explain`.
    #[must_use]
    pub fn explain(self) -> &'static str {
        match self {
            ErrorCode::InvalidCharacter => "This character has no meaning in the notation.",
            ErrorCode::MalformedSeason => {
                "A season is written X:Y, turn X in timeline Y, both decimal numbers."
            }
            ErrorCode::NumberTooLong => "Turns, timelines and numbers have at most 9 digits.",
            ErrorCode::UnrecognizedLine => {
                "A line is blank, a comment, a block header, an order or a directive."
            }
            ErrorCode::MissingUnitKind => "An ordered unit starts with its type, A or F.",
            ErrorCode::IncompleteOrder => "The order stops before it is complete.",
            ErrorCode::UnexpectedTrailing => "Something follows a complete line.",
            ErrorCode::MalformedCoast => "A coast is written (nc), (north coast) or /nc.",
            ErrorCode::MalformedOutcome => "After => comes succeeds, fails or illegal.",
            ErrorCode::MissingColon => "A power written in front of an order needs a colon.",
            ErrorCode::UnknownDirective => "This directive or expectation does not exist.",
            ErrorCode::MalformedDirective => "The arguments of this directive are not valid.",
            ErrorCode::FileTooLarge => "Files larger than 4 GiB are cut; only the start is read.",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A syntax error: a code, a byte span, a message and an optional hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// The stable code.
    pub code: ErrorCode,
    /// Where the error is; may be empty (a missing piece at the end of a line).
    pub span: Span,
    /// What is wrong, as one sentence without a final period.
    pub message: String,
    /// How to fix it, if there is something useful to say.
    pub hint: Option<String>,
}

impl SyntaxError {
    /// Makes an error without a hint.
    #[must_use]
    pub fn new(code: ErrorCode, span: Span, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            code,
            span,
            message: message.into(),
            hint: None,
        }
    }

    /// Adds a hint.
    #[must_use]
    pub fn with_hint(mut self, hint: impl Into<String>) -> SyntaxError {
        self.hint = Some(hint.into());
        self
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error[{}] at {}: {}", self.code, self.span, self.message)?;
        if let Some(hint) = &self.hint {
            write!(f, " (hint: {hint})")?;
        }
        Ok(())
    }
}
