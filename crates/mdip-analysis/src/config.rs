//! The settings of `mdip.toml`: which diagnostics are reported, at which severity, for which
//! files, and the suppression comments of a line (`# mdip: ignore[E0202]`).
//!
//! Plain data in, plain data out: the caller finds and reads the file (`mdip check` and
//! `mdip lsp` look for it from each checked file upward) and passes its text to
//! [`Config::parse`]; a file's path relative to the configuration's folder picks its
//! [`Lint`] ([`Config::lint_for`]), which [`Lint::apply`] applies to the diagnostics of an
//! analysis. Nothing here reads a file.
//!
//! The keys are documented in `docs/configuration.md`; the JSON Schema of the file
//! (`docs/schema/mdip-toml.schema.json`) is [`schema`].

use std::collections::BTreeMap;

use mdip_syntax::LineIndex;
use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

use mdip_judge::world::Rules;
use mdip_judge::RulesError;

use crate::diagnostics::{Code, Diagnostic, Severity};

/// The file as written (keys in kebab case, unknown keys refused).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[schemars(
    title = "mdip.toml",
    description = "Configuration of mdip (`mdip check`, `mdip lsp`): which diagnostics are reported and how severe they are. See docs/configuration.md."
)]
struct RawConfig {
    /// The rule set of files without an `@rules` line: `mdatc` (the default), `standard`,
    /// `5dd` or `5dd strict`, then any options (`mdatc convoy-intent any-fleet`).
    #[schemars(with = "Option<RulesName>")]
    rules: Option<Spanned<String>>,
    /// Codes or code prefixes (`E0202`, `E03`, `W`, `ALL`) of the diagnostics reported.
    /// Default: `["ALL"]`.
    #[schemars(with = "Option<Vec<String>>")]
    select: Option<Vec<Spanned<String>>>,
    /// Codes or prefixes added to `select`.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    extend_select: Vec<Spanned<String>>,
    /// Codes or prefixes never reported (a more specific `select` entry wins: `select =
    /// ["E0202"]` with `ignore = ["E02"]` reports E0202).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    ignore: Vec<Spanned<String>>,
    /// Every warning is reported as an error (the file then fails).
    warnings_as_errors: Option<bool>,
    /// The severity of codes or prefixes: `{ W0204 = "error", E0404 = "warning" }`; the
    /// most specific entry wins over `warnings-as-errors`.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, SeverityName>")]
    severity: BTreeMap<Spanned<String>, SeverityName>,
    /// Globs of files that folders are searched without (relative to this file's folder;
    /// gitignore-like `**`, `*`, `?`). Files named on the command line are still checked.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    exclude: Vec<Spanned<String>>,
    /// Settings for some files only, applied in order after the top-level ones.
    #[serde(default)]
    overrides: Vec<RawOverride>,
    /// As ruff's: a glob = the codes or prefixes ignored in the files it matches
    /// (`"archive/**" = ["E0202"]`); the same as an override with `files` and `ignore`,
    /// applied before the `[[overrides]]`.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, Vec<String>>")]
    per_file_ignores: BTreeMap<Spanned<String>, Vec<Spanned<String>>>,
}

// `RawOverride` repeats `RawConfig`'s settings instead of flattening a shared struct: serde
// cannot combine `flatten` with `deny_unknown_fields` (a misspelt key must stay an error), and
// each field's documentation, which the schema shows, differs (an override replaces or adds).
/// One `[[overrides]]` table.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawOverride {
    /// Globs of the files these settings are for (relative to this file's folder).
    #[schemars(with = "Vec<String>")]
    files: Spanned<Vec<Spanned<String>>>,
    /// Replaces `rules` for these files.
    #[schemars(with = "Option<RulesName>")]
    rules: Option<Spanned<String>>,
    /// Replaces `select` for these files.
    #[schemars(with = "Option<Vec<String>>")]
    select: Option<Vec<Spanned<String>>>,
    /// Codes or prefixes added to `select` for these files.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    extend_select: Vec<Spanned<String>>,
    /// Codes or prefixes ignored in these files, besides the top-level `ignore`.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    ignore: Vec<Spanned<String>>,
    /// Replaces `warnings-as-errors` for these files.
    warnings_as_errors: Option<bool>,
    /// Severities for these files, over the top-level ones.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, SeverityName>")]
    severity: BTreeMap<Spanned<String>, SeverityName>,
}

/// A severity as written in the file.
#[derive(Clone, Copy, Debug, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum SeverityName {
    /// The file fails (`mdip check` exits with 1).
    Error,
    /// Reported; the file is still clean.
    Warning,
}

impl From<SeverityName> for Severity {
    fn from(s: SeverityName) -> Severity {
        match s {
            SeverityName::Error => Severity::Error,
            SeverityName::Warning => Severity::Warning,
        }
    }
}

/// The JSON Schema of `mdip.toml` (published as `docs/schema/mdip-toml.schema.json`).
pub fn schema() -> schemars::Schema {
    schemars::schema_for!(RawConfig)
}

/// A problem of a configuration file: where, which key, what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// One-based line of the problem.
    pub line: usize,
    /// One-based column.
    pub column: usize,
    /// The key it is about (`ignore`, `overrides[0].files`), when known.
    pub key: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: ", self.line, self.column)?;
        if let Some(key) = &self.key {
            write!(f, "`{key}`: ")?;
        }
        f.write_str(&self.message)
    }
}

/// A code or a prefix of codes (`E0202`, `E03`, `W`; `ALL` is the empty prefix).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Selector(String);

impl Selector {
    /// Reads a selector, checked against the registry of codes ([`Code::every`]): it must be
    /// `ALL` or the start of at least one code. The error says what was meant, if anything.
    pub fn parse(text: &str) -> Result<Selector, String> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("ALL") {
            return Ok(Selector(String::new()));
        }
        let upper = t.to_ascii_uppercase();
        if !upper.is_empty() && Code::every().any(|c| c.as_str().starts_with(&upper)) {
            return Ok(Selector(upper));
        }
        let near = Code::every()
            .map(|c| c.as_str())
            .filter(|c| strsim::levenshtein(c, &upper) <= 1)
            .min_by_key(|c| strsim::levenshtein(c, &upper));
        Err(match near {
            Some(c) => format!(
                "unknown code `{t}`: did you mean `{c}`? (`mdip check --explain {c}` says what it is)"
            ),
            None => format!(
                "unknown code `{t}`: give a code (`E0202`), a prefix of codes (`E02`, `W`) or `ALL`; the codes are listed in docs/diagnostics.md"
            ),
        })
    }

    /// Whether `code` starts with this selector.
    pub fn matches(&self, code: Code) -> bool {
        code.as_str().starts_with(&self.0)
    }

    /// How specific it is: the longer the prefix, the more specific.
    fn len(&self) -> usize {
        self.0.len()
    }
}

/// The settings of one layer (the top level or an override).
#[derive(Clone, Debug, Default)]
struct Layer {
    rules: Option<Rules>,
    select: Option<Vec<Selector>>,
    extend_select: Vec<Selector>,
    ignore: Vec<Selector>,
    warnings_as_errors: Option<bool>,
    severity: Vec<(Selector, Severity)>,
}

/// Globs, matched against paths relative to the configuration's folder.
#[derive(Clone, Debug)]
struct Globs(globset::GlobSet);

impl Globs {
    fn is_match(&self, relative: &str) -> bool {
        self.0.is_match(relative)
    }
}

/// A configuration file, checked.
#[derive(Clone, Debug)]
pub struct Config {
    base: Layer,
    exclude: Globs,
    overrides: Vec<(Globs, Layer)>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            base: Layer::default(),
            exclude: Globs(globset::GlobSet::empty()),
            overrides: Vec::new(),
        }
    }
}

/// Line and column (one-based) of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rfind('\n')
        .map_or(before.chars().count(), |i| before[i + 1..].chars().count())
        + 1;
    (line, column)
}

/// The dotted key whose value is at `offset`, read from the text around it: the key before
/// `=` on its line, under the nearest `[table]` or `[[table]]` header above (`severity.W0201`).
fn key_at(text: &str, offset: usize) -> Option<String> {
    let offset = offset.min(text.len());
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let line = &text[line_start..line_end];
    let clean = |k: &str| k.trim().trim_matches(|c| c == '"' || c == '\'').to_owned();
    let table = text[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('['))
        .map(|l| clean(l.trim_matches(|c| c == '[' || c == ']')));
    let key = match line.split_once('=') {
        Some((k, _)) if !line.trim_start().starts_with('[') => Some(clean(k)),
        _ => None,
    };
    match (table, key) {
        (Some(t), Some(k)) => Some(format!("{t}.{k}")),
        (None, Some(k)) => Some(k),
        (t, None) => t,
    }
}

/// Collects the errors of one file's settings.
struct Checker<'a> {
    text: &'a str,
    errors: Vec<ConfigError>,
}

impl Checker<'_> {
    fn error(&mut self, at: usize, key: &str, message: String) {
        let (line, column) = line_col(self.text, at);
        self.errors.push(ConfigError {
            line,
            column,
            key: Some(key.to_owned()),
            message,
        });
    }

    fn selectors(&mut self, key: &str, list: &[Spanned<String>]) -> Vec<Selector> {
        list.iter()
            .filter_map(|s| match Selector::parse(s.get_ref()) {
                Ok(sel) => Some(sel),
                Err(e) => {
                    self.error(s.span().start, key, e);
                    None
                }
            })
            .collect()
    }

    fn severities(
        &mut self,
        key: &str,
        map: &BTreeMap<Spanned<String>, SeverityName>,
    ) -> Vec<(Selector, Severity)> {
        let mut out: Vec<(Selector, Severity)> = Vec::new();
        for (code, severity) in map {
            match Selector::parse(code.get_ref()) {
                Ok(sel) => out.push((sel, (*severity).into())),
                Err(e) => self.error(code.span().start, key, e),
            }
        }
        out
    }

    fn rules(&mut self, key: &str, name: Option<&Spanned<String>>) -> Option<Rules> {
        let name = name?;
        match Rules::parse(name.get_ref()) {
            Ok(rules) => Some(rules),
            Err(e) => {
                let message = match e {
                    RulesError::Empty | RulesError::UnknownPreset(_) => format!(
                        "unknown rule set `{}`: {}",
                        name.get_ref(),
                        RulesError::Empty
                    ),
                    _ => e.to_string(),
                };
                self.error(name.span().start, key, message);
                None
            }
        }
    }

    fn globs(&mut self, key: &str, list: &[Spanned<String>]) -> Globs {
        let mut set = globset::GlobSetBuilder::new();
        for g in list {
            let pattern = g.get_ref().trim_start_matches("./");
            match globset::GlobBuilder::new(pattern)
                .literal_separator(true)
                .build()
            {
                Ok(glob) => {
                    set.add(glob);
                    // A pattern without a slash is matched against every folder level, as in
                    // .gitignore: `draft*.mdip` excludes drafts anywhere below.
                    if !pattern.contains('/') {
                        if let Ok(glob) = globset::GlobBuilder::new(&format!("**/{pattern}"))
                            .literal_separator(true)
                            .build()
                        {
                            set.add(glob);
                        }
                    }
                    // A folder excludes what is inside it.
                    if let Ok(glob) =
                        globset::GlobBuilder::new(&format!("{}/**", pattern.trim_end_matches('/')))
                            .literal_separator(true)
                            .build()
                    {
                        set.add(glob);
                    }
                }
                Err(e) => self.error(
                    g.span().start,
                    key,
                    format!("bad glob `{}`: {}", g.get_ref(), e.kind()),
                ),
            }
        }
        Globs(set.build().unwrap_or_else(|_| globset::GlobSet::empty()))
    }
}

impl Config {
    /// Reads the text of a configuration file. Every problem is an error with its line,
    /// column and key: malformed TOML, an unknown key, a value of the wrong type, a code that
    /// is not in the registry, a bad glob.
    pub fn parse(text: &str) -> Result<Config, Vec<ConfigError>> {
        let raw: RawConfig = toml::from_str(text).map_err(|e| {
            let (line, column) = e.span().map_or((1, 1), |s| line_col(text, s.start));
            let message = e.message().trim().to_owned();
            let key = message
                .strip_prefix("unknown field `")
                .and_then(|m| m.split('`').next())
                .map(str::to_owned)
                .or_else(|| e.span().and_then(|s| key_at(text, s.start)));
            vec![ConfigError {
                line,
                column,
                key,
                message,
            }]
        })?;
        let mut c = Checker {
            text,
            errors: Vec::new(),
        };
        let base = Layer {
            rules: c.rules("rules", raw.rules.as_ref()),
            select: raw.select.as_deref().map(|s| c.selectors("select", s)),
            extend_select: c.selectors("extend-select", &raw.extend_select),
            ignore: c.selectors("ignore", &raw.ignore),
            warnings_as_errors: raw.warnings_as_errors,
            severity: c.severities("severity", &raw.severity),
        };
        let exclude = c.globs("exclude", &raw.exclude);
        let mut overrides = Vec::new();
        for (glob, codes) in &raw.per_file_ignores {
            let key = format!("per-file-ignores.{}", glob.get_ref());
            let globs = c.globs(&key, std::slice::from_ref(glob));
            let layer = Layer {
                ignore: c.selectors(&key, codes),
                ..Layer::default()
            };
            overrides.push((globs, layer));
        }
        for (i, o) in raw.overrides.iter().enumerate() {
            let key = |k: &str| format!("overrides[{i}].{k}");
            if o.files.get_ref().is_empty() {
                c.error(
                    o.files.span().start,
                    &key("files"),
                    "an override needs at least one glob".to_owned(),
                );
            }
            let globs = c.globs(&key("files"), o.files.get_ref());
            let layer = Layer {
                rules: c.rules(&key("rules"), o.rules.as_ref()),
                select: o.select.as_deref().map(|s| c.selectors(&key("select"), s)),
                extend_select: c.selectors(&key("extend-select"), &o.extend_select),
                ignore: c.selectors(&key("ignore"), &o.ignore),
                warnings_as_errors: o.warnings_as_errors,
                severity: c.severities(&key("severity"), &o.severity),
            };
            overrides.push((globs, layer));
        }
        if !c.errors.is_empty() {
            return Err(c.errors);
        }
        Ok(Config {
            base,
            exclude,
            overrides,
        })
    }

    /// Whether a file found in a folder is left out (`exclude`); `relative` is its path
    /// relative to the configuration's folder, with `/` between its parts.
    pub fn excludes(&self, relative: &str) -> bool {
        self.exclude.is_match(relative)
    }

    /// The settings of the file at `relative` (relative to the configuration's folder, `/`
    /// between parts): the top level, then each override whose globs match, in order.
    pub fn lint_for(&self, relative: &str) -> Lint {
        let mut lint = Lint::default();
        lint.add(&self.base);
        for (globs, layer) in &self.overrides {
            if globs.is_match(relative) {
                lint.add(layer);
            }
        }
        lint
    }
}

/// The settings that apply to one file: which codes are reported, at which severity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lint {
    rules: Option<Rules>,
    select: Vec<Selector>,
    ignore: Vec<Selector>,
    warnings_as_errors: bool,
    severity: Vec<(Selector, Severity)>,
}

impl Default for Lint {
    /// Everything reported at its own severity.
    fn default() -> Lint {
        Lint {
            rules: None,
            select: vec![Selector(String::new())],
            ignore: Vec::new(),
            warnings_as_errors: false,
            severity: Vec::new(),
        }
    }
}

/// Settings given elsewhere than in a file (an editor's `mdip.lint.*` settings), applied
/// after the file's for every document.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extra {
    /// Replaces `select`.
    pub select: Option<Vec<String>>,
    /// Added to `select`.
    pub extend_select: Vec<String>,
    /// Added to `ignore`.
    pub ignore: Vec<String>,
    /// Replaces `warnings-as-errors`.
    pub warnings_as_errors: Option<bool>,
}

impl Lint {
    /// These settings with `extra` applied after them; the codes of `extra` that are not in
    /// the registry are left out and returned, each with what is wrong.
    pub fn with_extra(mut self, extra: &Extra) -> (Lint, Vec<String>) {
        let mut errors = Vec::new();
        let mut parse = |list: &[String]| -> Vec<Selector> {
            list.iter()
                .filter_map(|t| Selector::parse(t).map_err(|e| errors.push(e)).ok())
                .collect()
        };
        let layer = Layer {
            rules: None,
            select: extra.select.as_deref().map(&mut parse),
            extend_select: parse(&extra.extend_select),
            ignore: parse(&extra.ignore),
            warnings_as_errors: extra.warnings_as_errors,
            severity: Vec::new(),
        };
        self.add(&layer);
        (self, errors)
    }

    /// The rule set of files without an `@rules` line, when the configuration names one
    /// (for [`crate::analyze_for`]).
    pub(crate) fn rules(&self) -> Option<Rules> {
        self.rules
    }

    /// Whether files play under the same rules with this configuration as with `other` (an
    /// analysis made under one is of no use under the other).
    pub fn same_rules(&self, other: &Lint) -> bool {
        self.rules == other.rules
    }

    fn add(&mut self, layer: &Layer) {
        if layer.rules.is_some() {
            self.rules = layer.rules;
        }
        if let Some(select) = &layer.select {
            self.select = select.clone();
        }
        self.select.extend(layer.extend_select.iter().cloned());
        self.ignore.extend(layer.ignore.iter().cloned());
        if let Some(w) = layer.warnings_as_errors {
            self.warnings_as_errors = w;
        }
        self.severity.extend(layer.severity.iter().cloned());
    }

    /// Whether diagnostics with `code` are reported: the most specific matching selector
    /// decides (`ignore` wins a tie).
    pub fn enabled(&self, code: Code) -> bool {
        let best = |list: &[Selector]| {
            list.iter()
                .filter(|s| s.matches(code))
                .map(Selector::len)
                .max()
        };
        match (best(&self.select), best(&self.ignore)) {
            (Some(s), Some(i)) => s > i,
            (Some(_), None) => true,
            (None, _) => false,
        }
    }

    /// The severity of a diagnostic with `code` whose own severity is `own`: the most specific
    /// `severity` entry (the later one on a tie), else an error for a warning under
    /// `warnings-as-errors`, else its own.
    pub fn severity(&self, code: Code, own: Severity) -> Severity {
        let mut best: Option<(usize, Severity)> = None;
        for (sel, sev) in &self.severity {
            if sel.matches(code) && best.is_none_or(|(len, _)| sel.len() >= len) {
                best = Some((sel.len(), *sev));
            }
        }
        match best {
            Some((_, s)) => s,
            None if self.warnings_as_errors => Severity::Error,
            None => own,
        }
    }

    /// The diagnostics of `text` as these settings report them: codes not selected are left
    /// out, so are those a suppression comment on their line names (`# mdip: ignore[E0202]`),
    /// severities are changed, and every code of a suppression comment that suppressed
    /// nothing is a warning (W0101, or W0102 for a code that does not exist). The result
    /// stays sorted by position.
    pub fn apply(&self, text: &str, diagnostics: &[Diagnostic]) -> Vec<Diagnostic> {
        let mut suppressions = suppressions(text);
        // Lines are only counted when a comment may suppress something (a large file
        // without suppressions is not indexed again for each publication).
        let index = (!suppressions.is_empty()).then(|| LineIndex::new(text));
        let mut out = Vec::with_capacity(diagnostics.len());
        for d in diagnostics {
            if !self.enabled(d.code) {
                continue;
            }
            let line = index
                .as_ref()
                .map_or(usize::MAX, |i| i.line_col(d.span.start).line as usize);
            if let Ok(i) = suppressions.binary_search_by_key(&line, |s| s.line) {
                let s = &mut suppressions[i];
                let hit = s.codes.iter_mut().find(|c| c.code == Some(d.code));
                if let Some(hit) = hit {
                    hit.used = true;
                    continue;
                }
            }
            let mut d = d.clone();
            d.severity = self.severity(d.code, d.severity);
            out.push(d);
        }
        for s in &suppressions {
            for c in &s.codes {
                if c.used {
                    continue;
                }
                let (code, message, hint) = match c.code {
                    Some(code) => (
                        Code::UnusedSuppression,
                        format!("`{}` suppresses nothing on this line", code.as_str()),
                        "no diagnostic with this code starts on this line: remove it",
                    ),
                    None => (
                        Code::UnknownSuppression,
                        format!("`{}` is not a diagnostic code", c.text),
                        "codes are listed in docs/diagnostics.md (`mdip check --explain CODE`)",
                    ),
                };
                if !self.enabled(code) {
                    continue;
                }
                let remove = removal(text, s, c);
                let mut d = Diagnostic::new(code, c.span, message)
                    .with_hint(hint)
                    .with_fix("Remove the unused suppression", remove, "");
                d.severity = self.severity(code, d.severity);
                let at = out.partition_point(|o: &Diagnostic| o.span.start <= d.span.start);
                out.insert(at, d);
            }
        }
        out
    }
}

mod rules_name;
mod suppress;
use rules_name::RulesName;
use suppress::{removal, suppressions};

#[cfg(test)]
mod tests;
