//! The published JSON Schemas of `mdip check --format json` and `--format json-lines`
//! (`docs/schema/`) are generated from the report types, and that of `mdip.toml` from the
//! configuration's types: this test fails when they differ.
//! To write them again after changing the types:
//! `MDIP_WRITE_SCHEMA=1 cargo test -p mdip-analysis --test schema`.

use std::path::PathBuf;

fn published(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/schema")
        .join(name)
}

fn check(name: &str, schema: schemars::Schema) {
    let generated = serde_json::to_string_pretty(&schema).expect("a schema serialises") + "\n";
    let path = published(name);
    if std::env::var_os("MDIP_WRITE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).expect("the schema folder is writable");
        return;
    }
    let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        on_disk == generated,
        "{} is not the schema of the report types; write it again with \
         MDIP_WRITE_SCHEMA=1 cargo test -p mdip-analysis --test schema",
        path.display()
    );
}

#[test]
fn document_schema_is_published() {
    check("mdip-check-2.schema.json", mdip_analysis::report::schema());
}

#[test]
fn lines_schema_is_published() {
    check(
        "mdip-check-2-lines.schema.json",
        mdip_analysis::report::lines_schema(),
    );
}

#[test]
fn config_schema_is_published() {
    check("mdip-toml.schema.json", mdip_analysis::config::schema());
}

/// The example of docs/configuration.md is a good configuration, and its `#:schema` line
/// names the published schema.
#[test]
fn the_documented_configuration_is_good() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let doc = std::fs::read_to_string(root.join("docs/configuration.md")).unwrap();
    let example = doc
        .split("```toml\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("docs/configuration.md has a toml example");
    if let Err(e) = mdip_analysis::config::Config::parse(example) {
        panic!("{e:?}\n{example}");
    }
    assert!(example.contains("#:schema "), "{example}");
    assert!(root.join("docs/schema/mdip-toml.schema.json").is_file());
    // Every key of the schema is documented.
    let schema = serde_json::to_value(mdip_analysis::config::schema()).unwrap();
    let keys = schema["properties"].as_object().unwrap();
    for key in keys.keys() {
        assert!(
            doc.contains(&format!("`{key}`")),
            "`{key}` is not in docs/configuration.md"
        );
    }
}

#[test]
fn schemas_name_the_version() {
    let s = serde_json::to_string(&mdip_analysis::report::schema()).unwrap();
    assert!(s.contains("\"files\""), "{s}");
    assert_eq!(mdip_analysis::report::SCHEMA, "mdip-check/2");
}

/// Every `*.mdip` file under `dir`, recursively.
fn mdip_files(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            mdip_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "mdip") {
            out.push(path);
        }
    }
}

/// Every reason code the suites produce is documented in docs/json-schema.md, and so is
/// every code the documentation lists as a movement, retreat or adjustment result.
#[test]
fn reason_codes_are_documented() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let doc = std::fs::read_to_string(root.join("docs/json-schema.md")).unwrap();
    let mut files = Vec::new();
    mdip_files(&root.join("tests"), &mut files);
    mdip_files(&root.join("crates/mdip-cli/tests/inputs"), &mut files);
    let mut seen = std::collections::BTreeSet::new();
    for f in files {
        let text = String::from_utf8_lossy(&std::fs::read(&f).unwrap()).into_owned();
        let a = mdip_analysis::analyze(&text);
        let report = mdip_analysis::FileReport::new("f", &text, &a);
        for o in &report.orders {
            if let Some(code) = o.outcome.code {
                seen.insert(code);
            }
        }
    }
    assert!(seen.len() > 30, "only {} codes seen: {seen:?}", seen.len());
    for code in &seen {
        assert!(
            doc.contains(&format!("`{code}`")),
            "reason code `{code}` is not in docs/json-schema.md"
        );
    }
}

/// `--format json` writes a file's report as it builds it (`FileReport::streamed`): on every
/// order file of the repository (and on every prefix of a few, cut mid-line), that writes the
/// very bytes the built report serialises to, compact and pretty.
#[test]
fn a_streamed_report_is_the_built_report() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    mdip_files(&root.join("tests"), &mut files);
    mdip_files(&root.join("crates/mdip-cli/tests/inputs"), &mut files);
    mdip_files(&root.join("examples"), &mut files);
    assert!(files.len() > 300, "only {} files", files.len());
    let mut texts: Vec<String> = files
        .iter()
        .map(|f| String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned())
        .collect();
    for text in texts.clone().iter().step_by(40) {
        for cut in [text.len() / 3, text.len() / 2] {
            let mut cut = cut;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            texts.push(text[..cut].to_owned());
        }
    }
    let mut games = 0;
    for text in &texts {
        let a = mdip_analysis::analyze(text);
        games += usize::from(!a.games().is_empty());
        let built = mdip_analysis::FileReport::new("f.mdip", text, &a);
        let streamed = mdip_analysis::FileReport::streamed("f.mdip", text, &a);
        assert_eq!(
            serde_json::to_string(&streamed).unwrap(),
            serde_json::to_string(&built).unwrap(),
            "{text}"
        );
        assert_eq!(
            serde_json::to_string_pretty(&streamed).unwrap(),
            serde_json::to_string_pretty(&built).unwrap(),
        );
    }
    assert!(games > 0, "no file with @game lines was compared");
}
