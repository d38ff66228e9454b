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

#[test]
fn completion_and_hover_follow_the_map() {
    let text = "@map ancient-mediterranean\n@start standard\nGreece: A Athens - Spa";
    let a = analyze(text);
    let items = completions(&a, text, text.len() as u32, CompletionConfig::default());
    assert!(
        items.iter().any(|i| i.label.contains("Sparta")),
        "{items:?}"
    );
    assert!(
        !items.iter().any(|i| i.label.contains("Spain")),
        "{items:?}"
    );
    let offset = text.find("Athens").unwrap() as u32 + 1;
    let h = hover(&a, text, offset).expect("a hover on Athens");
    assert!(h.markdown.contains("Greek Army"), "{}", h.markdown);
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
