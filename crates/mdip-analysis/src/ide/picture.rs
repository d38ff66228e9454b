//! Which picture a position asks for: the season of the order at a line, read off the file's
//! typed report. The language server's `mdip.render` and the browser playground (`mdip-wasm`)
//! both draw the board this chooses.

use crate::report::{OrderReport, SeasonRef};
use crate::FileReport;

/// The season of the order on `line` (one-based), else of the first order below it, else of
/// the last order above it; only seasons the report has.
pub fn season_at_line(report: &FileReport, line: usize) -> Option<SeasonRef> {
    let season = |o: &OrderReport| o.unit.as_ref().map(|u| u.season);
    let known = |s: &SeasonRef| report.seasons.iter().any(|r| r.season == *s);
    report
        .orders
        .iter()
        .filter(|o| o.line >= line)
        .find_map(season)
        .filter(known)
        .or_else(|| {
            report
                .orders
                .iter()
                .rev()
                .filter(|o| o.line < line)
                .find_map(season)
                .filter(known)
        })
}
