//! Tidy checks over the repository's tracked files.
//!
//! A user's clone has nothing beside it: no test, bench, script or doc may read or link a folder
//! outside the repository, or name a path of one machine. Published packages carry both licences
//! and no placeholder metadata. `.ci/run` runs these first (`cargo test -p mdip-tidy`).

use mdip_tidy::{files, root};

/// Strings that reach outside the repository. Spelt in pieces so that this file does not match.
fn outside_markers() -> Vec<String> {
    vec![format!("..{}shared", '/')]
}

/// Folders that only exist on some machine: user homes, the root account, work folders.
fn machine_path_markers() -> Vec<String> {
    ["work", "home", "root", "Users"]
        .iter()
        .map(|dir| format!("/{dir}/"))
        .chain([format!("C:{}Users", '\\')])
        .collect()
}

/// Whether `line` names `marker` as a path of its own (not inside a longer word or URL path).
fn names_path(line: &str, marker: &str) -> bool {
    line.match_indices(marker).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        !before.is_some_and(|c| c.is_alphanumeric() || "._-~".contains(c))
    })
}

/// The lines of tracked text files that contain one of `markers`, outside the folders `allowed`.
fn offending_lines(markers: &[String], allowed: &[&str]) -> Vec<String> {
    let root = root();
    let mut found = Vec::new();
    for file in files() {
        if allowed.iter().any(|prefix| file.starts_with(prefix)) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(root.join(&file)) else {
            continue; // Not text (images, binaries).
        };
        for (number, line) in text.lines().enumerate() {
            if markers.iter().any(|m| names_path(line, m)) {
                found.push(format!("{file}:{}: {}", number + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn nothing_reaches_outside_the_repository() {
    let found = offending_lines(&outside_markers(), &["docs/"]);
    assert!(
        found.is_empty(),
        "these lines reach a folder outside the repository, which a clone does not have \
         (vendor the data under tests/ instead):\n{}",
        found.join("\n")
    );
}

#[test]
fn no_machine_paths() {
    let found = offending_lines(&machine_path_markers(), &["docs/"]);
    assert!(
        found.is_empty(),
        "these lines name a path of one machine (use paths relative to the repository, or \
         neutral ones such as /usr/bin or /opt in tests):\n{}",
        found.join("\n")
    );
}

/// Cargo flags that forbid the network. A test or script that runs cargo with them reads what the
/// machine's cache happens to hold: on a fresh machine the cache has only what a build of this
/// platform downloaded, and such a call fails. Spelt in pieces so that this file does not match.
fn offline_markers() -> Vec<String> {
    ["offline", "frozen"]
        .iter()
        .map(|flag| format!("--{flag}"))
        .collect()
}

#[test]
fn no_cargo_call_depends_on_the_cache() {
    let found: Vec<String> = offending_lines(&offline_markers(), &["docs/", "CHANGELOG.md"])
        .into_iter()
        .filter(|line| line.contains("cargo") || line.contains(".args("))
        .collect();
    assert!(
        found.is_empty(),
        "these lines run cargo without the network, which fails on a fresh machine whose cache          holds only this platform's crates (let cargo download what the lock file names):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_checks_detect_what_they_look_for() {
    // Samples are assembled from the markers, so that this file itself passes the checks.
    let outside = &outside_markers()[0];
    let [work, home, _, _, windows] = &machine_path_markers()[..] else {
        panic!("five machine path markers");
    };
    assert!(names_path(&format!("read(\"../{outside}/x\")"), outside));
    assert!(names_path(
        &format!("see `{outside}/spec/rules.md`"),
        outside
    ));
    assert!(names_path(&format!("path: \"{home}alice/mdip\""), home));
    assert!(names_path(&format!("{work}main/tests"), work));
    assert!(names_path(&format!(r"{windows}\bob\mdip"), windows));
    assert!(!names_path(&format!("https://example.org{home}page"), home));
    assert!(!names_path(&format!("~{work}notes"), work));
    assert!(!names_path("target/release/mdip", work));
}

/// The folders of the packages meant for publishing: every crate whose manifest does not say
/// `publish = false`, and the VS Code extension.
fn published_packages() -> Vec<String> {
    let root = root();
    let mut packages = Vec::new();
    for file in files() {
        let Some(dir) = file.strip_suffix("/Cargo.toml") else {
            continue;
        };
        if dir.starts_with("fuzz") {
            continue;
        }
        let manifest = std::fs::read_to_string(root.join(&file)).expect("readable manifest");
        if manifest.contains("[package]") && !manifest.contains("publish = false") {
            packages.push(dir.to_owned());
        }
    }
    packages.push("editors/vscode".to_owned());
    packages
}

#[test]
fn licences_at_the_root_and_in_every_package() {
    let root = root();
    let mut missing = Vec::new();
    let packages = published_packages();
    assert!(
        packages.len() >= 7,
        "expected the crates and the extension to be publishable, found {packages:?}"
    );
    for dir in std::iter::once(".".to_owned()).chain(packages) {
        for licence in ["LICENSE-MIT", "LICENSE-APACHE"] {
            let path = root.join(&dir).join(licence);
            match std::fs::read_to_string(&path) {
                Ok(text) if licence == "LICENSE-MIT" && !text.contains("MIT License") => {
                    missing.push(format!("{dir}/{licence} is not the MIT licence"))
                }
                Ok(text) if licence == "LICENSE-APACHE" && !text.contains("Apache License") => {
                    missing.push(format!("{dir}/{licence} is not the Apache licence"))
                }
                Ok(_) => {}
                Err(e) => missing.push(format!("{dir}/{licence}: {e}")),
            }
        }
    }
    assert!(missing.is_empty(), "licence files:\n{}", missing.join("\n"));
}

#[test]
fn no_placeholder_metadata() {
    let placeholders = ["example.invalid", "example.com", "TODO", "FIXME"];
    let mut found = Vec::new();
    for file in files() {
        let manifest = file == "Cargo.toml"
            || file.ends_with("/Cargo.toml")
            || file.ends_with("package.json")
            || file.ends_with("package.yaml")
            || file.ends_with("tree-sitter.json");
        if !manifest || file.contains("node_modules") {
            continue;
        }
        let text = std::fs::read_to_string(root().join(&file)).expect("readable manifest");
        for (number, line) in text.lines().enumerate() {
            if placeholders.iter().any(|p| line.contains(p)) {
                found.push(format!("{file}:{}: {}", number + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "placeholder metadata (leave a field out rather than invent it):\n{}",
        found.join("\n")
    );
}

/// The codemap's boundaries, as the manifests state them: the CLI renders the analysis'
/// typed report and knows neither the judge nor the map; the language server knows no rules
/// (neither the judge nor the map);
/// the pictures are drawn from the report (and the map), never from the judge.
#[test]
fn crates_depend_only_on_what_the_codemap_allows() {
    let deps = |krate: &str| -> Vec<String> {
        let manifest =
            std::fs::read_to_string(root().join("crates").join(krate).join("Cargo.toml"))
                .unwrap_or_else(|e| panic!("{krate}/Cargo.toml: {e}"));
        let section = manifest
            .split("\n[")
            .find(|s| s.starts_with("dependencies]"))
            .unwrap_or("")
            .to_owned();
        section
            .lines()
            .skip(1)
            .filter_map(|l| l.split(['.', ' ', '=']).next())
            .filter(|n| n.starts_with("mdip-"))
            .map(str::to_owned)
            .collect()
    };
    let cli = deps("mdip-cli");
    assert!(cli.contains(&"mdip-analysis".to_owned()), "{cli:?}");
    for forbidden in ["mdip-judge", "mdip-map", "mdip-syntax"] {
        assert!(
            !cli.contains(&forbidden.to_owned()),
            "mdip-cli depends on {forbidden}: it must render mdip-analysis' report only"
        );
    }
    let lsp = deps("mdip-lsp");
    for forbidden in ["mdip-judge", "mdip-map"] {
        assert!(
            !lsp.contains(&forbidden.to_owned()),
            "mdip-lsp depends on {forbidden}: it converts mdip-analysis' answers only"
        );
    }
    let render = deps("mdip-render");
    assert!(render.contains(&"mdip-analysis".to_owned()), "{render:?}");
    for forbidden in ["mdip-judge", "mdip-syntax"] {
        assert!(
            !render.contains(&forbidden.to_owned()),
            "mdip-render depends on {forbidden}: it must draw mdip-analysis' report only"
        );
    }
}

/// The analysis' API holds no judge or syntax-tree type (the compiler enforces it: the fields
/// are crate-private); its one door to the judge's world, the `internals` feature, is for the
/// workspace's tests, benches, fuzz targets and generators. No shipped crate, and not the
/// workspace's dependency table, may turn it on.
#[test]
fn no_shipped_crate_reads_the_analysis_internals() {
    let section = |manifest: &str, name: &str| -> String {
        manifest
            .split("\n[")
            .find(|s| s.starts_with(name))
            .unwrap_or("")
            .to_owned()
    };
    let root_manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
    let workspace = section(&root_manifest, "workspace.dependencies]");
    assert!(workspace.contains("mdip-analysis"), "{workspace}");
    assert!(
        !workspace.contains("internals"),
        "the workspace's dependency table turns on mdip-analysis/internals"
    );
    // The crate root exports nothing of the judge's or the map's, nor a syntax tree.
    let lib = std::fs::read_to_string(root().join("crates/mdip-analysis/src/lib.rs"))
        .expect("mdip-analysis/src/lib.rs");
    for line in lib.lines().filter(|l| l.starts_with("pub ")) {
        for forbidden in ["mdip_judge", "mdip_map", "Parse", "World"] {
            assert!(
                !line.contains(forbidden),
                "mdip-analysis exports {forbidden}: {line}"
            );
        }
    }
    for krate in ["mdip-cli", "mdip-lsp", "mdip-wasm", "mdip-render"] {
        let manifest =
            std::fs::read_to_string(root().join("crates").join(krate).join("Cargo.toml"))
                .unwrap_or_else(|e| panic!("{krate}/Cargo.toml: {e}"));
        let deps = section(&manifest, "dependencies]");
        assert!(deps.contains("mdip-analysis"), "{krate}: {deps}");
        let features = section(&manifest, "features]");
        assert!(
            !deps.contains("internals") && !features.contains("internals"),
            "{krate} turns on mdip-analysis/internals: the analysis' judge types are for tests"
        );
    }
}
