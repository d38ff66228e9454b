//! `@map`: the map chosen first, then everything follows it (names, shorthand, powers,
//! completion, hover, the report), and the incremental analysis agrees with a full one.

use mdip_analysis::ide::{completions, hover, CompletionConfig};
use mdip_analysis::{analyze, analyze_incremental, Code, FileReport};

const AM: &str = "@map ancient-mediterranean\n@start standard\n\nGreece:\nA ath-epi => succeeds\nF Sparta - Messenian Sea => succeeds\n";

#[test]
fn names_shorthand_and_powers_follow_the_map() {
    let a = analyze(AM);
    assert!(!a.has_errors(), "{:?}", a.diagnostics);
    assert_eq!(a.map().info().name, "ancient-mediterranean");
    // The standard map's names are unknown there, and the powers are the map's.
    let a = analyze("@map ancient-mediterranean\n@start standard\nEngland: F London - North Sea\n");
    assert!(
        a.diagnostics.iter().any(|d| d.code == Code::UnknownPower),
        "{:?}",
        a.diagnostics
    );
    let a = analyze("@map ancient-mediterranean\n@start standard\nRome: A Roma - Munich\n");
    assert!(
        a.diagnostics
            .iter()
            .any(|d| d.code == Code::UnknownProvince),
        "{:?}",
        a.diagnostics
    );
}

#[test]
fn the_report_names_the_map_only_off_the_standard_map() {
    let a = analyze(AM);
    let report = FileReport::new("am.mdip", AM, &a);
    assert_eq!(report.map, Some("ancient-mediterranean"));
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["map"], "ancient-mediterranean");
    let streamed = serde_json::to_value(FileReport::streamed("am.mdip", AM, &a)).unwrap();
    assert_eq!(json, streamed);
    assert_eq!(json["victory"]["needed"], 18);
    let standard = "England: F London - North Sea\n";
    let report = FileReport::new("s.mdip", standard, &analyze(standard));
    let json = serde_json::to_value(&report).unwrap();
    assert!(json.get("map").is_none());
}

/// After `@map ` completion offers every built-in map, and the hover of `@map` names them all:
/// both from the map crate's list, not a list of their own.
#[test]
fn completion_and_hover_of_the_map_line_name_every_builtin_map() {
    let names: Vec<&str> = mdip_map::Map::builtin_names().collect();
    assert!(names.len() >= 4, "{names:?}");
    let text = "@map ";
    let items = completions(
        &analyze(text),
        text,
        text.len() as u32,
        CompletionConfig::default(),
    );
    for name in &names {
        assert!(items.iter().any(|i| i.label == *name), "{name}: {items:?}");
    }
    let text = "@map chaos\nFrance:\n";
    let h = hover(&analyze(text), text, 2).expect("a hover on @map");
    for name in &names {
        assert!(
            h.markdown.contains(&format!("`{name}`")),
            "{name}: {}",
            h.markdown
        );
    }
}

#[test]
fn an_edit_of_the_map_line_reads_the_file_again_on_the_new_map() {
    let standard = "@map standard\n@start standard\nGreece:\nA ath-epi => succeeds\n";
    let before = analyze(standard);
    assert!(before.has_errors());
    let after = analyze_incremental(AM, &before, 0);
    let full = analyze(AM);
    assert!(!after.has_errors(), "{:?}", after.diagnostics);
    assert_eq!(after.diagnostics, full.diagnostics);
    // And back: an edit after the map line keeps the map.
    let edited = AM.replace("A ath-epi", "A ath-mac");
    let again = analyze_incremental(&edited, &full, 4);
    assert_eq!(again.diagnostics, analyze(&edited).diagnostics);
    assert_eq!(again.map().info().name, "ancient-mediterranean");
}

/// A variant folder `v` held in memory: the standard map's files, each edited by `edit`.
struct Folder(fn(&str, String) -> String);

impl mdip_analysis::MapSource for Folder {
    fn read(&self, folder: &str, file: &str) -> Result<Option<String>, String> {
        assert_eq!(folder, "v");
        let text = match file {
            "powers.txt" => include_str!("../../mdip-map/data/powers.txt"),
            "provinces.txt" => include_str!("../../mdip-map/data/provinces.txt"),
            "adjacency.txt" => include_str!("../../mdip-map/data/adjacency.txt"),
            "units.txt" => include_str!("../../mdip-map/data/units.txt"),
            _ => return Ok(None),
        };
        Ok(Some((self.0)(file, text.to_owned())))
    }
}

/// The message of the one E0205 of a file choosing the folder `v` on `source`.
fn load_message(source: &Folder) -> String {
    let a = mdip_analysis::analyze_with_maps("@map \"v\"\n", source);
    let [d] = &a.diagnostics[..] else {
        panic!("{:?}", a.diagnostics)
    };
    assert_eq!(d.code, Code::UnknownDirectiveWord);
    d.message.clone()
}

/// The 1-based line of the standard map's data file `file` that starts with `start`.
fn line_of(file: &str, start: &str) -> usize {
    let text = match file {
        "provinces.txt" => include_str!("../../mdip-map/data/provinces.txt"),
        _ => include_str!("../../mdip-map/data/adjacency.txt"),
    };
    text.lines().position(|l| l.starts_with(start)).unwrap() + 1
}

#[test]
fn a_folder_that_does_not_load_lists_every_problem_with_its_line() {
    let message = load_message(&Folder(|file, text| match file {
        "provinces.txt" => text
            .replace("lon | coastal |", "lon | swamp |")
            .replace("bre | coastal | France ", "bre | coastal | Prussia "),
        "adjacency.txt" => text.replace("fleet nth: nwg", "fleet nth: nwg xyz"),
        _ => text,
    }));
    let lon = line_of("provinces.txt", "lon |");
    let bre = line_of("provinces.txt", "bre |");
    let nth = line_of("adjacency.txt", "fleet nth:");
    assert_eq!(
        message,
        format!(
            "the map `v` does not load: 3 problems\n  \
             provinces.txt:{bre}: unknown centre `Prussia` (expected -, neutral or a power)\n  \
             provinces.txt:{lon}: unknown terrain `swamp` (expected inland, coastal, sea or archipelago)\n  \
             adjacency.txt:{nth}: unknown province abbreviation `xyz`"
        )
    );
}

#[test]
fn a_folder_with_many_problems_lists_twenty_and_counts_the_rest() {
    // Thirty provinces with an unknown centre: twenty listed, ten counted.
    let message = load_message(&Folder(|file, text| {
        if file != "provinces.txt" {
            return text;
        }
        let mut n = 0;
        text.lines()
            .map(|l| {
                let fields: Vec<&str> = l.split('|').collect();
                if !l.starts_with('#') && fields.len() > 3 && fields[1].trim() != "sea" && n < 30 {
                    n += 1;
                    format!(
                        "{}|{}| Prussia |{}",
                        fields[0],
                        fields[1],
                        fields[3..].join("|")
                    )
                } else {
                    l.to_owned()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }));
    let lines: Vec<&str> = message.lines().collect();
    assert_eq!(lines[0], "the map `v` does not load: 30 problems");
    assert_eq!(lines.len(), 22, "{message}");
    assert!(lines[1..21]
        .iter()
        .all(|l| l.contains("unknown centre `Prussia`")));
    assert_eq!(lines[21], "  and 10 more");
}

#[test]
fn the_calendar_counts_from_the_maps_first_year() {
    // Ancient Mediterranean starts in year 1 (`start-year = 1`): read and written so.
    let text = "@map ancient-mediterranean\n@start standard\nS1M\nRome: A Roma - Etruria => succeeds\nFall 1\nRome: A Etruria hold\n";
    let a = analyze(text);
    assert!(!a.has_errors(), "{:?}", a.diagnostics);
    let json = serde_json::to_value(FileReport::new("c.mdip", text, &a)).unwrap();
    assert_eq!(json["steps"][0]["calendar"], "Spring 1", "{json}");
    assert_eq!(json["steps"][1]["calendar"], "Fall 1", "{json}");
    assert_eq!(json["seasons"][0]["calendar"], "Spring 1", "{json}");
    // The hover of a unit there names the season in the variant's years: the IDE fixture
    // `fixtures/ide/hover/variant-map-years.mdip`.
    // The standard map's first year is 1901's, and year 1 is before it.
    let a = analyze("S1M\nEngland: F London hold\n");
    assert!(
        a.diagnostics
            .iter()
            .any(|d| d.code == Code::SeasonWords && d.message.contains("before 1901")),
        "{:?}",
        a.diagnostics
    );
}
