//! The map a file is played on: its `@map` line, read before anything else of the file.
//!
//! A built-in map is named (`@map ancient-mediterranean`); a variant folder is a path in
//! quotes (`@map "./my-variant"`), whose files the host reads through a [`MapSource`]: this
//! crate does no IO. The choice is made on the syntax tree alone (directives do not depend on
//! the map), so the map then reads players' shorthand, names and orders from the first line.

use std::sync::Arc;

use mdip_map::{Map, VariantFiles};
use mdip_syntax::ast::{DirectiveKind, LineKind, Name};
use mdip_syntax::Parse;

use crate::diagnostics::{Code, Diagnostic};

/// Where the analysis gets the files of a variant folder an `@map "path"` names: the host's
/// reading (the CLI and the language server read the folder relative to the order file; the
/// browser build reads none, [`BuiltinMaps`]).
pub trait MapSource {
    /// The text of `file` (one of [`VariantFiles::FILES`]) in the folder `folder`, as written
    /// between the quotes of `@map`: `Ok(None)` if the folder has no such file, `Err` with a
    /// message (without a final full stop) if it cannot be read.
    fn read(&self, folder: &str, file: &str) -> Result<Option<String>, String>;
}

/// A [`MapSource`] that reads no file: only the built-in maps are available.
#[derive(Clone, Copy, Debug, Default)]
pub struct BuiltinMaps;

impl MapSource for BuiltinMaps {
    fn read(&self, _folder: &str, _file: &str) -> Result<Option<String>, String> {
        Err("this program reads no variant folder, only the built-in maps".to_owned())
    }
}

/// The map chosen for a file, and the diagnostics of its `@map` lines by line index.
pub(crate) struct Choice {
    pub(crate) map: &'static Map,
    pub(crate) diags: Arc<Vec<(usize, Diagnostic)>>,
}

/// Chooses the map of a parsed file: the first `@map` line, if nothing the map reads comes
/// before it (only blank lines, comments, `@rules` and `@expect error` may); else the standard map. Every
/// misplaced, second, unknown or unloadable `@map` gets a diagnostic at its directive.
pub(crate) fn choose(parse: &Parse, source: &dyn MapSource) -> Choice {
    let mut map = None;
    let mut chosen_at: Option<usize> = None;
    let mut first_read: Option<usize> = None;
    let mut diags = Vec::new();
    for (i, line) in parse.file.lines.iter().enumerate() {
        let directive = match &line.kind {
            LineKind::Blank | LineKind::Comment => continue,
            LineKind::Directive(d) => d,
            _ => {
                first_read.get_or_insert(i);
                continue;
            }
        };
        let name = match &directive.kind {
            DirectiveKind::Map(name) => name,
            DirectiveKind::Rules(_)
            | DirectiveKind::Unknown
            | DirectiveKind::ExpectDiagnostic { .. } => continue,
            _ => {
                first_read.get_or_insert(i);
                continue;
            }
        };
        let span = directive.at.cover(name.span);
        if let Some(at) = first_read {
            let diag = Diagnostic::new(
                Code::SetupTooLate,
                span,
                format!(
                    "`@map` comes after line {}, which was read on the standard map",
                    at + 1
                ),
            )
            .with_hint(
                "write `@map` first: only blank lines, comments, `@rules` and `@expect error` may come before it",
            );
            diags.push((i, diag));
            continue;
        }
        if let Some(at) = chosen_at {
            let diag = Diagnostic::new(
                Code::SetupTooLate,
                span,
                format!("the map is already chosen on line {}", at + 1),
            )
            .with_hint("a file is played on one map: keep one `@map` line");
            diags.push((i, diag));
            continue;
        }
        chosen_at = Some(i);
        match resolve(name, source) {
            Ok(found) => map = Some(found),
            Err(diag) => diags.push((i, diag)),
        }
    }
    Choice {
        map: map.unwrap_or_else(Map::standard),
        diags: Arc::new(diags),
    }
}

/// The map an `@map` names, or the diagnostic at its name.
fn resolve(name: &Name, source: &dyn MapSource) -> Result<&'static Map, Diagnostic> {
    match name.map_path() {
        Some(folder) => load_folder(folder, source).map_err(|message| {
            Diagnostic::new(Code::UnknownDirectiveWord, name.span, message)
                .with_hint("a variant folder holds powers.txt, provinces.txt, adjacency.txt and units.txt (docs/variants.md)")
        }),
        None => {
            let key: String = name
                .text
                .split_whitespace()
                .collect::<Vec<_>>()
                .join("-")
                .to_ascii_lowercase();
            Map::builtin(&key).ok_or_else(|| unknown(name))
        }
    }
}

/// The diagnostic of an unknown built-in map name, with the nearest name suggested.
fn unknown(name: &Name) -> Diagnostic {
    let names: Vec<&str> = Map::builtin_names().collect();
    let wanted = name.text.to_ascii_lowercase();
    let nearest = names
        .iter()
        .map(|n| (strsim::jaro_winkler(&wanted, n), *n))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n);
    let diag = Diagnostic::new(
        Code::UnknownDirectiveWord,
        name.span,
        format!("unknown map `{}`", name.text),
    );
    let list = names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match nearest {
        Some(n) => diag.with_hint(format!(
            "did you mean `{n}`? built-in maps: {list}; a variant folder is written in quotes"
        )),
        None => diag.with_hint(format!(
            "built-in maps: {list}; a variant folder is written in quotes (`@map \"./my-variant\"`)"
        )),
    }
}

/// Reads a variant folder through `source` and loads it (once for the program).
fn load_folder(folder: &str, source: &dyn MapSource) -> Result<&'static Map, String> {
    let mut texts: Vec<Option<String>> = Vec::new();
    for file in VariantFiles::FILES {
        let text = source
            .read(folder, file)
            .map_err(|e| format!("cannot read the map `{folder}`: {e}"))?;
        texts.push(text);
    }
    let required = |i: usize| {
        texts[i].as_deref().ok_or_else(|| {
            format!(
                "the map `{folder}` has no {} (a variant folder needs powers.txt, \
                 provinces.txt, adjacency.txt and units.txt)",
                VariantFiles::FILES[i]
            )
        })
    };
    let files = VariantFiles {
        powers: required(0)?,
        provinces: required(1)?,
        adjacency: required(2)?,
        units: required(3)?,
        variant: texts[4].as_deref(),
        points: texts[5].as_deref(),
    };
    Map::load_variant(&files).map_err(|errors| load_problems(folder, &errors))
}

/// The most problems of a variant folder the message lists; the rest are counted.
const MAX_LISTED: usize = 20;

/// The message of a folder that does not load: its one problem on the line, or the count and
/// then each problem (`file:line: message`) on a line of its own, at most [`MAX_LISTED`].
fn load_problems(folder: &str, errors: &[mdip_map::MapError]) -> String {
    if let [one] = errors {
        return format!("the map `{folder}` does not load: {one}");
    }
    let mut message = format!(
        "the map `{folder}` does not load: {} problems",
        errors.len()
    );
    for e in errors.iter().take(MAX_LISTED) {
        message.push_str("\n  ");
        message.push_str(&e.to_string());
    }
    if errors.len() > MAX_LISTED {
        message.push_str(&format!("\n  and {} more", errors.len() - MAX_LISTED));
    }
    message
}
