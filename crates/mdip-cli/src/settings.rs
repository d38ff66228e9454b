//! `--config PATH` and `--isolated`: which `mdip.toml` each checked or formatted file follows
//! (found from the file's folder upward by `mdip_lsp::config_files`), the settings
//! ([`Lint`]) it gives the file, and whether it excludes a file found in a folder.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;
use mdip_analysis::config::Lint;
use mdip_lsp::config_files::{self, Discovery, Found, Lookup};

use crate::inputs::Source;

/// Where the configuration comes from.
#[derive(Args, Debug, Clone, Default)]
pub struct ConfigArgs {
    /// Use this configuration file for every file, instead of the `mdip.toml` (or
    /// `.mdip.toml`) found from each file's folder upward.
    #[arg(long, value_name = "PATH", conflicts_with = "isolated")]
    pub config: Option<PathBuf>,
    /// Read no configuration file: every diagnostic at its own severity.
    #[arg(long)]
    pub isolated: bool,
}

/// The configuration of a run.
pub enum Settings {
    /// No configuration.
    Isolated,
    /// One file for every input (`--config`).
    Fixed(Arc<Found>),
    /// Each input's nearest file.
    Discover(Discovery),
}

impl ConfigArgs {
    /// The run's configuration; an error (exit code 2) when `--config` names a bad file.
    pub fn settings(&self) -> Result<Settings, String> {
        if self.isolated {
            return Ok(Settings::Isolated);
        }
        match &self.config {
            Some(path) => config_files::load(path)
                .map(|f| Settings::Fixed(Arc::new(f)))
                .map_err(|e| e.to_string()),
            None => Ok(Settings::Discover(Discovery::default())),
        }
    }

    /// Each input with its settings ([`Settings::resolve`]); `None` after printing the
    /// configuration's errors, each line prefixed with `mdip COMMAND:` (the caller exits 2).
    pub fn sources_or_report(
        &self,
        sources: Vec<Source>,
        given: &[PathBuf],
        command: &str,
    ) -> Option<Vec<(Source, Lint)>> {
        match self.settings().and_then(|s| s.resolve(sources, given)) {
            Ok(sources) => Some(sources),
            Err(e) => {
                for line in e.lines() {
                    eprintln!("mdip {command}: {line}");
                }
                None
            }
        }
    }
}

impl Settings {
    /// The configuration of a file (`None`: standard input, from the current folder).
    fn lookup(&self, file: Option<&Path>) -> Lookup {
        match self {
            Settings::Isolated => Ok(None),
            Settings::Fixed(f) => Ok(Some(f.clone())),
            Settings::Discover(d) => match file {
                Some(f) => d.for_file(f),
                None => d.for_dir(Path::new(".")),
            },
        }
    }

    /// Each input with its settings, without the files found in folders that the
    /// configuration excludes; the errors of the configuration files met (exit code 2), each
    /// once.
    pub fn resolve(
        &self,
        sources: Vec<Source>,
        given: &[PathBuf],
    ) -> Result<Vec<(Source, Lint)>, String> {
        let mut out = Vec::with_capacity(sources.len());
        let mut errors: Vec<String> = Vec::new();
        for source in sources {
            let path = match &source {
                Source::File(p) => Some(p.as_path()),
                Source::Stdin(_) => None,
            };
            match self.lookup(path) {
                Ok(None) => out.push((source, Lint::default())),
                Ok(Some(found)) => {
                    let (lint, excluded) = match path {
                        Some(p) => (
                            found.lint_for(p),
                            found.excludes(p) && !given.iter().any(|g| g == p),
                        ),
                        None => (found.config.lint_for(""), false),
                    };
                    if !excluded {
                        out.push((source, lint));
                    }
                }
                Err(e) => {
                    let e = e.to_string();
                    if !errors.contains(&e) {
                        errors.push(e);
                    }
                }
            }
        }
        if errors.is_empty() {
            Ok(out)
        } else {
            Err(errors.join("\n"))
        }
    }
}

/// Writes `text` to `path` atomically: to a temporary file in the same folder, given the
/// file's permissions, then renamed over it (a reader never sees half a file, and a full
/// disk leaves the file as it was).
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(text.as_bytes())?;
    tmp.as_file().sync_all()?;
    if let Ok(meta) = std::fs::metadata(path) {
        std::fs::set_permissions(tmp.path(), meta.permissions())?;
    }
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// A unified diff of a file's text before and after, with three lines of context
/// (`--- a/PATH`, `+++ b/PATH`); empty when they are equal.
pub fn unified_diff(name: &str, before: &str, after: &str) -> String {
    if before == after {
        return String::new();
    }
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
}
