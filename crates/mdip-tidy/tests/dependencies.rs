//! Every dependency a manifest declares is used: its crate name appears as a path (`name::`),
//! in a `use`, or in an `extern crate` in the Rust sources of that package (comments do not
//! count). Normal and dev-dependencies are looked for in every source of the package but its
//! build script; build dependencies in `build.rs`. A dependency that is needed without being
//! named in code (a feature switched on for another crate, a binary a script installs) is in
//! [`ALLOWED`] with its reason.

use std::path::Path;

use mdip_tidy::{files, root, without_comments};

/// Dependencies used without being named in the package's Rust code: (manifest, name, reason).
const ALLOWED: &[(&str, &str, &str)] = &[];

/// One declared dependency.
#[derive(Debug)]
struct Dependency {
    /// The name the code uses (the key in the manifest; `-` read as `_`).
    name: String,
    /// `dependencies`, `dev-dependencies` or `build-dependencies`.
    kind: &'static str,
}

/// The dependencies a manifest declares, in any of its dependency tables (target-specific ones
/// included), in the inline form (`name = ...`, `name.workspace = true`) or the table form
/// (`[dependencies.name]`).
fn dependencies(manifest: &str) -> Vec<Dependency> {
    let mut out = Vec::new();
    let mut kind: Option<&'static str> = None;
    for line in manifest.lines() {
        let line = line.trim();
        if let Some(header) = line.strip_prefix('[') {
            let header = header.trim_end_matches(']').trim_matches('[');
            let last = header.rsplit('.').next().unwrap_or(header);
            let kind_of = |table: &str| match table {
                "dependencies" => Some("dependencies"),
                "dev-dependencies" => Some("dev-dependencies"),
                "build-dependencies" => Some("build-dependencies"),
                _ => None,
            };
            kind = kind_of(last);
            if kind.is_none() && !header.starts_with("workspace") {
                // `[dependencies.name]`: the table of one dependency.
                let mut parts = header.rsplitn(2, '.');
                let (name, table) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
                let table = table.rsplit('.').next().unwrap_or(table);
                if let Some(k) = kind_of(table) {
                    out.push(Dependency {
                        name: name.replace('-', "_"),
                        kind: k,
                    });
                }
            }
            continue;
        }
        let Some(kind) = kind else { continue };
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let key = line
            .split(['=', '.', ' '])
            .next()
            .unwrap_or("")
            .trim_matches('"');
        if !key.is_empty() {
            out.push(Dependency {
                name: key.replace('-', "_"),
                kind,
            });
        }
    }
    out
}

/// Whether `code` names the crate `name` as a path, in a `use` or in an `extern crate`.
fn names(code: &str, name: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(name).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = &code[at + name.len()..];
        if before.is_some_and(ident) || after.chars().next().is_some_and(ident) {
            return false;
        }
        let head = code[..at].trim_end();
        after.starts_with("::")
            || head.ends_with("use")
            || head.ends_with("extern crate")
            || head.ends_with("use ::")
    })
}

/// The Rust sources of the package of `manifest` (a path relative to the root), without
/// comments: the build script apart.
fn sources(files: &[String], manifest: &str) -> (String, String) {
    let dir = Path::new(manifest).parent().expect("a folder");
    let (mut code, mut build) = (String::new(), String::new());
    for f in files {
        let path = Path::new(f);
        if !f.ends_with(".rs") || !path.starts_with(dir) {
            continue;
        }
        // A nested package (another manifest deeper down) is not this one's.
        let nested = files.iter().any(|m| {
            m.ends_with("/Cargo.toml")
                && m != manifest
                && Path::new(m)
                    .parent()
                    .is_some_and(|d| d != dir && d.starts_with(dir) && path.starts_with(d))
        });
        if nested {
            continue;
        }
        let text = std::fs::read_to_string(root().join(f)).unwrap_or_default();
        let target = if path == dir.join("build.rs") {
            &mut build
        } else {
            &mut code
        };
        target.push_str(&without_comments(&text));
        target.push('\n');
    }
    (code, build)
}

#[test]
fn every_dependency_is_used() {
    let files = files();
    let manifests: Vec<&String> = files
        .iter()
        .filter(|f| f.ends_with("Cargo.toml") && f.as_str() != "Cargo.toml")
        .collect();
    assert!(manifests.len() >= 10, "{manifests:?}");
    let mut unused = Vec::new();
    let mut allowed_seen = Vec::new();
    for manifest in manifests {
        let text = std::fs::read_to_string(root().join(manifest)).expect("a manifest");
        let (code, build) = sources(&files, manifest);
        for dep in dependencies(&text) {
            let haystack = if dep.kind == "build-dependencies" {
                &build
            } else {
                &code
            };
            if names(haystack, &dep.name) {
                continue;
            }
            if ALLOWED
                .iter()
                .any(|(m, n, _)| m == manifest && n.replace('-', "_") == dep.name)
            {
                allowed_seen.push((manifest.clone(), dep.name.clone()));
                continue;
            }
            unused.push(format!("{manifest}: {} ({})", dep.name, dep.kind));
        }
    }
    assert!(
        unused.is_empty(),
        "dependencies no Rust source of their package names (remove them, or add them to \
         ALLOWED with the reason):\n{}",
        unused.join("\n")
    );
    for (m, n, _) in ALLOWED {
        assert!(
            allowed_seen
                .iter()
                .any(|(am, an)| am == m && *an == n.replace('-', "_")),
            "{m}: {n} is allowed but is named in code or declared no more: remove it from ALLOWED"
        );
    }
}

/// The checks find what they look for.
#[test]
fn the_dependency_checks_see_uses_and_tables() {
    let deps = dependencies(
        "[package]\nname = \"x\"\n[dependencies]\nserde.workspace = true\nfoo-bar = \"1\"\n\
         [target.'cfg(unix)'.dev-dependencies]\nbaz = { version = \"1\" }\n\
         [build-dependencies.cc]\nversion = \"1\"\n[features]\npng = []\n",
    );
    let got: Vec<(&str, &str)> = deps.iter().map(|d| (d.name.as_str(), d.kind)).collect();
    assert_eq!(
        got,
        [
            ("serde", "dependencies"),
            ("foo_bar", "dependencies"),
            ("baz", "dev-dependencies"),
            ("cc", "build-dependencies"),
        ]
    );
    assert!(names("use serde::Serialize;", "serde"));
    assert!(names("let x = foo_bar::f();", "foo_bar"));
    assert!(names("use {a, b};\nextern crate baz;", "baz"));
    assert!(!names("let serde_json = 1;", "serde"));
    assert!(!names(
        &without_comments("// serde::x\n/* serde::y */"),
        "serde"
    ));
    assert!(names(&without_comments("\"//\"; serde::x"), "serde"));
}

/// Every entry of the root's `[workspace.dependencies]` is declared by some package.
#[test]
fn every_workspace_dependency_is_declared_by_a_package() {
    let files = files();
    let root_manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("the root");
    let workspace = dependencies(&root_manifest);
    assert!(workspace.len() > 10, "{workspace:?}");
    let mut declared = Vec::new();
    for manifest in files
        .iter()
        .filter(|f| f.ends_with("/Cargo.toml") && !f.starts_with("fuzz/"))
    {
        let text = std::fs::read_to_string(root().join(manifest)).expect("a manifest");
        declared.extend(dependencies(&text).into_iter().map(|d| d.name));
    }
    let unused: Vec<&str> = workspace
        .iter()
        .map(|d| d.name.as_str())
        .filter(|n| !declared.iter().any(|d| d == n))
        .collect();
    assert!(
        unused.is_empty(),
        "workspace dependencies no package declares: {unused:?}"
    );
}
