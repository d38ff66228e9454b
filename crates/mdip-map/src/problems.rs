//! The problems a load finds: each one a [`MapError`] with its file and line, all of them a
//! [`MapErrors`], and [`Problems`], what the loader keeps while it reads on past a bad line.

use std::collections::HashSet;
use std::fmt;

use crate::names::normalize_name;

/// A problem in a map data file.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MapError {
    /// The file the problem is in (`powers.txt`, `provinces.txt`, `adjacency.txt`,
    /// `units.txt`, `variant.txt` or `points.txt`).
    pub file: &'static str,
    /// The 1-based line of the problem, or 0 for a problem of the whole
    /// file (such as a missing adjacency).
    pub line: usize,
    /// What is wrong, in one sentence without a final full stop.
    pub message: String,
}

impl fmt::Display for MapError {
    /// `file:line: message`, or `file: message` for a problem of the whole file.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

impl std::error::Error for MapError {}

/// Every problem a load found, in the order of the files (`powers.txt`, `provinces.txt`,
/// `adjacency.txt`, `units.txt`, `variant.txt`, `points.txt`) and of their lines; never
/// empty. It derefs to the slice of problems.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapErrors(Vec<MapError>);

impl MapErrors {
    /// The first problem found.
    pub fn first(&self) -> &MapError {
        &self.0[0]
    }

    /// The problems, as a vector.
    pub fn into_vec(self) -> Vec<MapError> {
        self.0
    }
}

impl std::ops::Deref for MapErrors {
    type Target = [MapError];

    fn deref(&self) -> &[MapError] {
        &self.0
    }
}

impl<'a> IntoIterator for &'a MapErrors {
    type Item = &'a MapError;
    type IntoIter = std::slice::Iter<'a, MapError>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl fmt::Display for MapErrors {
    /// Each problem on its own line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for MapErrors {}

/// Builds a [`MapError`] for a line of a file.
pub(crate) fn error(file: &'static str, line: usize, message: impl Into<String>) -> MapError {
    MapError {
        file,
        line,
        message: message.into(),
    }
}

/// A name folded, without its spaces (a bad name `Ital y` may be the `Italy` another file names).
fn loose(name: &str) -> String {
    normalize_name(name).replace(' ', "")
}

/// What a load keeps while it reads on past bad lines: the problems found, and the names that
/// bad lines would have defined. A line of another file naming one of those is skipped without
/// a problem of its own (the problem is the bad line's), and the checks of a whole file that
/// such a skip would make wrong are not made.
#[derive(Debug, Default)]
pub(crate) struct Problems {
    /// The problems, in the order found.
    pub(crate) list: Vec<MapError>,
    /// The same problems, to record each once.
    seen: HashSet<MapError>,
    /// Folded names of the powers of `powers.txt`'s bad lines.
    lost_powers: HashSet<String>,
    /// Whether `powers.txt` has no power: any name may be a bad line's.
    every_power_lost: bool,
    /// The abbreviations (lower case) of the provinces of `provinces.txt`'s bad lines.
    lost_provinces: HashSet<String>,
}

impl Problems {
    /// Records a problem, unless it is recorded already (a line naming the same unknown place
    /// twice).
    pub(crate) fn push(&mut self, e: MapError) {
        if self.seen.insert(e.clone()) {
            self.list.push(e);
        }
    }

    /// The number of problems so far.
    pub(crate) fn count(&self) -> usize {
        self.list.len()
    }

    /// Remembers a power name of a bad line.
    pub(crate) fn lose_power(&mut self, name: &str) {
        self.lost_powers.insert(loose(name));
    }

    /// Counts every power name as a bad line's (`powers.txt` has no power).
    pub(crate) fn lose_every_power(&mut self) {
        self.every_power_lost = true;
    }

    /// Remembers the province abbreviation of a bad line.
    pub(crate) fn lose_province(&mut self, abbrev: &str) {
        self.lost_provinces.insert(abbrev.to_lowercase());
    }

    /// Whether `name` may be a power of a bad line.
    pub(crate) fn lost_power(&self, name: &str) -> bool {
        self.every_power_lost || self.lost_powers.contains(&loose(name))
    }

    /// Whether a location `abc` or `abc/nc` names a province of a bad line.
    pub(crate) fn lost_province(&self, location: &str) -> bool {
        let abbrev = location.split_once('/').map_or(location, |(a, _)| a);
        self.lost_provinces.contains(abbrev)
    }

    /// `value` (the map) if nothing was found, else every problem.
    pub(crate) fn finish<T>(self, value: T) -> Result<T, MapErrors> {
        if self.list.is_empty() {
            Ok(value)
        } else {
            Err(MapErrors(self.list))
        }
    }
}
