//! The published JSON Schemas of `mdip check --format json` and `--format json-lines`
//! (`docs/schema/`) are generated from the report types: this test fails when they differ.
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
fn schemas_name_the_version() {
    let s = serde_json::to_string(&mdip_analysis::report::schema()).unwrap();
    assert!(s.contains("\"files\""), "{s}");
    assert_eq!(mdip_analysis::report::SCHEMA, "mdip-check/2");
}
