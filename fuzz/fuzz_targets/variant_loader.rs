//! Fuzz target: the variant loader on any files never panics, and neither does the analysis of
//! a file played on the folder.
//!
//! The input (lossy UTF-8) is split at NUL bytes into a variant folder's files, in the order of
//! `VariantFiles::FILES`: `powers.txt`, `provinces.txt`, `adjacency.txt`, `units.txt`,
//! `variant.txt`, `points.txt` (the last two absent when the input has no part for them), and
//! a seventh part of orders. `Map::parse_variant` reads the files: every problem names one of
//! the six files and a line of it (0: the whole file), and no problem is listed twice. Then
//! `mdip_analysis::analyze_with_maps` reads `@map "v"`, `@start standard`, a move of each
//! starting unit to its first neighbour and the seventh part, on a `MapSource` that gives the
//! folder `v` those texts; the `@map` has a diagnostic exactly when the loader found a problem.
//!
//! Seeded (by `scripts/fuzz`) with the standard map's data and the built-in variant folders;
//! inputs up to 24 KB.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mdip_analysis::{Code, MapSource};
use mdip_map::{Map, UnitType, VariantFiles};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let parts: Vec<&str> = text.splitn(7, '\0').collect();
    let part = |i: usize| parts.get(i).copied();
    let files = VariantFiles {
        powers: part(0).unwrap_or(""),
        provinces: part(1).unwrap_or(""),
        adjacency: part(2).unwrap_or(""),
        units: part(3).unwrap_or(""),
        variant: part(4),
        points: part(5),
    };
    let loaded = Map::parse_variant(&files);
    let orders = match &loaded {
        Ok(map) => moves(map),
        Err(errors) => {
            check_problems(&files, errors);
            String::new()
        }
    };
    let source = Texts(&files);
    let file = format!("@map \"v\"\n@start standard\n{orders}{}", part(6).unwrap_or(""));
    let analysis = mdip_analysis::analyze_with_maps(&file, &source);
    let map_line = file.find('\n').unwrap_or(file.len()) as u32;
    let at_map = analysis
        .diagnostics
        .iter()
        .any(|d| d.code == Code::UnknownDirectiveWord && d.span.end <= map_line);
    assert_eq!(
        at_map,
        loaded.is_err(),
        "the @map diagnostic disagrees with the loader: {:?}",
        analysis.diagnostics
    );
});

/// Every problem names a file of the folder and a line of it, and none is listed twice.
fn check_problems(files: &VariantFiles<'_>, errors: &mdip_map::MapErrors) {
    let texts = [
        Some(files.powers),
        Some(files.provinces),
        Some(files.adjacency),
        Some(files.units),
        files.variant,
        files.points,
    ];
    for (i, e) in errors.iter().enumerate() {
        let index = VariantFiles::FILES
            .iter()
            .position(|f| *f == e.file)
            .unwrap_or_else(|| panic!("a problem in an unknown file: {e}"));
        let text = texts[index].unwrap_or_else(|| panic!("a problem in an absent file: {e}"));
        let lines = text.lines().count();
        assert!(e.line <= lines, "{e}: the file has {lines} lines");
        assert!(!errors[..i].contains(e), "listed twice: {e}");
    }
    let _ = errors.to_string();
}

/// Orders for the loaded map: each starting unit moves to its first neighbour.
fn moves(map: &Map) -> String {
    let mut out = String::new();
    for &(power, unit, location) in map.starting_units() {
        let letter = if unit == UnitType::Army { 'A' } else { 'F' };
        let from = map.location_abbrev(location);
        let to = map
            .neighbours(unit, location)
            .first()
            .map_or_else(|| from.clone(), |to| map.location_abbrev(*to));
        out.push_str(&format!("{}: {letter} {from} - {to}\n", power.name()));
    }
    out
}

/// The folder `v`: the fuzzed files.
struct Texts<'a>(&'a VariantFiles<'a>);

impl MapSource for Texts<'_> {
    fn read(&self, folder: &str, file: &str) -> Result<Option<String>, String> {
        assert_eq!(folder, "v");
        let f = self.0;
        let text = match file {
            "powers.txt" => Some(f.powers),
            "provinces.txt" => Some(f.provinces),
            "adjacency.txt" => Some(f.adjacency),
            "units.txt" => Some(f.units),
            "variant.txt" => f.variant,
            "points.txt" => f.points,
            other => panic!("the analysis asked for {other}"),
        };
        Ok(text.map(str::to_owned))
    }
}
