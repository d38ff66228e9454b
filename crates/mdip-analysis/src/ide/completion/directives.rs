//! Directive names and their words.

use super::context::Ctx;
use super::item::CompletionKind;

impl Ctx<'_> {
    /// Directive names and their words.
    pub(super) fn directive(&mut self, prefix: &str) {
        let words: Vec<String> = prefix
            .trim_start_matches('@')
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let values: &[&str] = match words.as_slice() {
            [] => {
                for (d, detail) in [
                    ("@start standard", "the standard opening position"),
                    ("@rules mdatc", "multiversal rules (default)"),
                    ("@rules standard", "standard Diplomacy only"),
                    ("@unit", "place a unit: @unit Russia F St Petersburg(sc)"),
                    ("@owns", "supply-centre owners: @owns Germany Berlin, Kiel"),
                    ("@phase movement", "the phase"),
                    ("@phase retreat", "the phase"),
                    ("@phase adjustment", "the phase"),
                    ("@phase next", "end the step in progress"),
                    ("@turn", "the root turn: @turn 2"),
                    (
                        "@season",
                        "a season before the first step: @season 1:1 from 0:0",
                    ),
                    (
                        "@record",
                        "a past order: @record Germany: A Munich 0:0 - Tyrolia => fails",
                    ),
                    (
                        "@dislodged",
                        "retreat setup: @dislodged Austria A Tyrolia from Munich",
                    ),
                    ("@standoff", "retreat setup: @standoff Bohemia, Galicia"),
                    ("@game", "a new, independent game: @game 6.A.1"),
                    (
                        "@map",
                        "the map, first in the file: @map ancient-mediterranean",
                    ),
                    ("@expect", "an expectation"),
                ] {
                    self.push(d, CompletionKind::Directive, Some(detail.into()), d, 0);
                }
                return;
            }
            ["start"] => &["standard"],
            ["rules"] => &["mdatc", "standard", "5dd"],
            ["rules", "5dd"] => &["strict", "loose"],
            ["phase"] => &["movement", "retreat", "adjustment", "next"],
            ["expect"] => &[
                "unit",
                "has",
                "dislodged",
                "retreats",
                "empty",
                "seasons",
                "timelines",
                "heads",
                "owner",
                "winner",
                "error",
                "warning",
            ],
            ["phase", "adjustment" | "adjustments", ..] | ["season", _, "from"] => {
                self.seasons(None);
                return;
            }
            ["season", _] => &["from"],
            ["unit"]
            | ["owns"]
            | ["record"]
            | ["expect", "unit"]
            | ["dislodged"]
            | ["expect", "retreats"]
            | ["expect", "winner"] => {
                self.powers(None, 0);
                return;
            }
            ["expect", "dislodged"] => {
                self.powers(None, 0);
                self.push(
                    "except disbanded",
                    CompletionKind::Directive,
                    Some("the units with nowhere to retreat are not listed".into()),
                    "except disbanded",
                    0,
                );
                return;
            }
            ["expect", "has"] => {
                // A power, or the unit at once: `@expect has A Munich 1:0`.
                self.powers(None, 0);
                for (letter, what) in [("A", "an army"), ("F", "a fleet")] {
                    self.push(
                        letter,
                        CompletionKind::Keyword,
                        Some(format!("{what}, of any power")),
                        letter,
                        0,
                    );
                }
                return;
            }
            ["map"] => {
                for name in mdip_map::Map::builtin_names() {
                    let detail = mdip_map::Map::builtin(name).map(|m| m.info().title.clone());
                    self.push(name, CompletionKind::Keyword, detail, name, 0);
                }
                return;
            }
            ["expect", "dislodged", "except"] => &["disbanded"],
            ["expect", "empty" | "seasons" | "heads", ..] => {
                self.seasons(None);
                return;
            }
            _ => return,
        };
        for v in values {
            self.push(*v, CompletionKind::Directive, None, *v, 0);
        }
    }
}
