//! Finding and reading `mdip.toml`: the file-system side of [`mdip_analysis::config`], shared
//! by `mdip check`, `mdip fmt` and the language server.
//!
//! A file's configuration is the nearest `.mdip.toml` or `mdip.toml` in its folder or a
//! folder above it (in one folder, `.mdip.toml` wins); files are not merged. Paths in the
//! configuration (`exclude`, `overrides`) are relative to the folder that holds it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

use mdip_analysis::config::{Config, ConfigError, Lint};

/// The names looked for in each folder, in order of preference.
pub const NAMES: [&str; 2] = [".mdip.toml", "mdip.toml"];

/// A configuration file read and checked.
#[derive(Debug)]
pub struct Found {
    /// The file.
    pub path: PathBuf,
    /// The folder its paths are relative to.
    pub dir: PathBuf,
    /// Its settings.
    pub config: Config,
}

impl Found {
    /// `file`'s path relative to the configuration's folder, `/` between its parts (the
    /// file's name alone when it lies elsewhere).
    pub fn relative(&self, file: &Path) -> String {
        let file = absolute(file);
        let rel = file
            .strip_prefix(&self.dir)
            .map(Path::to_path_buf)
            .unwrap_or_else(|_| file.file_name().map(PathBuf::from).unwrap_or_default());
        rel.components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/")
    }

    /// The settings of `file`.
    pub fn lint_for(&self, file: &Path) -> Lint {
        self.config.lint_for(&self.relative(file))
    }

    /// Whether `file`, found in a folder, is left out by `exclude`.
    pub fn excludes(&self, file: &Path) -> bool {
        self.config.excludes(&self.relative(file))
    }
}

/// A configuration file that cannot be used: unreadable, or with errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file.
    pub path: PathBuf,
    /// Its problems, each with line, column and key; empty when it could not be read.
    pub errors: Vec<ConfigError>,
    /// Why it could not be read.
    pub io: Option<String>,
}

impl std::fmt::Display for LoadError {
    /// One line per problem: `path:line:column: `key`: message`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(io) = &self.io {
            return write!(f, "cannot read {}: {io}", self.path.display());
        }
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{}:{e}", self.path.display())?;
        }
        Ok(())
    }
}

/// A path made absolute against the current folder (left as it is if that fails), with `.`
/// and `..` parts resolved without reading links.
pub fn absolute(path: &Path) -> PathBuf {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for c in abs.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// Reads and checks a configuration file.
pub fn load(path: &Path) -> Result<Found, LoadError> {
    let text = std::fs::read_to_string(path).map_err(|e| LoadError {
        path: path.to_path_buf(),
        errors: Vec::new(),
        io: Some(e.to_string()),
    })?;
    let config = Config::parse(&text).map_err(|errors| LoadError {
        path: path.to_path_buf(),
        errors,
        io: None,
    })?;
    let abs = absolute(path);
    let dir = abs.parent().map(Path::to_path_buf).unwrap_or_default();
    Ok(Found {
        path: path.to_path_buf(),
        dir,
        config,
    })
}

/// The nearest configuration file at or above `dir` (relative to the current folder when it
/// lies inside it, so that messages name it as a user would).
pub fn find_from(dir: &Path) -> Option<PathBuf> {
    let dir = absolute(dir);
    let cwd = std::env::current_dir().ok().map(|c| absolute(&c));
    for d in dir.ancestors() {
        for name in NAMES {
            let candidate = d.join(name);
            if candidate.is_file() {
                let short = cwd
                    .as_ref()
                    .and_then(|c| candidate.strip_prefix(c).ok())
                    .map(Path::to_path_buf);
                return Some(short.unwrap_or(candidate));
            }
        }
    }
    None
}

/// What a file's settings come from.
pub type Lookup = Result<Option<Arc<Found>>, Arc<LoadError>>;

/// Finds the configuration of files, reading each configuration file once per version (its
/// modification time and length): `mdip check` asks for every file, the server for every
/// analysis.
#[derive(Debug, Default)]
pub struct Discovery {
    #[allow(clippy::type_complexity)]
    read: Mutex<HashMap<PathBuf, (Option<SystemTime>, u64, Lookup)>>,
}

impl Discovery {
    /// The configuration of `file` (found from its folder upward).
    pub fn for_file(&self, file: &Path) -> Lookup {
        let file = absolute(file);
        let dir = file.parent().unwrap_or(&file);
        self.for_dir(dir)
    }

    /// The configuration of files in `dir` (found from it upward).
    pub fn for_dir(&self, dir: &Path) -> Lookup {
        match find_from(dir) {
            None => Ok(None),
            Some(path) => self.read(&path),
        }
    }

    /// The configuration file at `path`, read again only when it changed.
    pub fn read(&self, path: &Path) -> Lookup {
        let meta = std::fs::metadata(path).ok();
        let stamp = (
            meta.as_ref().and_then(|m| m.modified().ok()),
            meta.as_ref().map_or(0, std::fs::Metadata::len),
        );
        let mut read = self.read.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((modified, len, lookup)) = read.get(path) {
            if (*modified, *len) == stamp && stamp.0.is_some() {
                return lookup.clone();
            }
        }
        let lookup = load(path).map(|f| Some(Arc::new(f))).map_err(Arc::new);
        read.insert(path.to_path_buf(), (stamp.0, stamp.1, lookup.clone()));
        lookup
    }
}
