//! Byte spans into the source text.
//!
//! Every node of the syntax tree carries a [`Span`]: a half-open range of byte offsets into the
//! text that was parsed. Offsets are `u32` to keep the tree small; [`crate::parse`] refuses to
//! read past `u32::MAX` bytes, so every span fits.

use std::fmt;
use std::ops::Range;

/// A half-open range `start..end` of byte offsets into the parsed text.
///
/// Both ends lie on UTF-8 character boundaries and `start <= end`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    /// The offset of the first byte.
    pub start: u32,
    /// The offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// Makes a span from two offsets.
    ///
    /// In debug builds this asserts that `start <= end`.
    #[must_use]
    pub fn new(start: u32, end: u32) -> Span {
        debug_assert!(start <= end, "span start {start} is after its end {end}");
        Span { start, end }
    }

    /// Makes an empty span at `offset`.
    #[must_use]
    pub fn empty(offset: u32) -> Span {
        Span {
            start: offset,
            end: offset,
        }
    }

    /// Returns the smallest span covering both `self` and `other`.
    #[must_use]
    pub fn cover(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// Returns the length of the span in bytes.
    #[must_use]
    pub fn len(self) -> u32 {
        self.end - self.start
    }

    /// Tells whether the span is empty.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// Tells whether `offset` lies inside the span, counting its end as inside, which is what a
    /// cursor placed right after a word needs.
    #[must_use]
    pub fn touches(self, offset: u32) -> bool {
        self.start <= offset && offset <= self.end
    }

    /// Tells whether `offset` lies inside the half-open span.
    #[must_use]
    pub fn contains(self, offset: u32) -> bool {
        self.start <= offset && offset < self.end
    }

    /// Returns the span as a `usize` range, ready to slice the source text.
    #[must_use]
    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl From<Span> for Range<usize> {
    fn from(span: Span) -> Range<usize> {
        span.range()
    }
}
