//! What `mdip check` reads: the files its paths name, folders searched for `*.mdip`, or
//! standard input, with one problem per path that cannot be read. Paths are found here; each
//! file is read by the worker thread that checks it ([`Source::load`]).
//!
//! Only regular files are read: a FIFO, socket or device named `*.mdip` inside a folder (or a
//! link to one) is skipped with a warning (reading one could block forever or never end), and
//! one named on the command line is an error; links to files and folders are followed, and a
//! link that loops is an error naming it. Inside a folder, a link that leads out of it is not
//! followed (a warning names it) unless `--follow-links` says so; a link named on the command
//! line is followed (the user named it). A folder that holds no `*.mdip` file is a warning (an
//! error with `--exit-non-zero-on-empty`). Folders are walked with the `ignore` crate, so `.gitignore` files and
//! `--exclude` globs are honoured, hidden entries are skipped, and a folder that cannot be read
//! is one error while every other file is still read. A file larger than the size limit is an
//! error, and is not read.

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// One input to check: a file, read by the worker thread that checks it, or standard input,
/// read at once.
pub enum Source {
    /// A regular file found on the command line or in a folder.
    File(PathBuf),
    /// Standard input, already read.
    Stdin(Vec<u8>),
}

/// One input: its display name and text.
pub struct Input {
    /// The path as given or found (`<stdin>` for standard input).
    pub name: String,
    /// The text; bytes that are not UTF-8 are read as U+FFFD.
    pub text: String,
}

/// Something about the inputs worth telling.
pub struct Problem {
    /// The path it is about (`<stdin>` for standard input).
    pub path: String,
    /// An error (the exit code is then 2) or only a warning (the input was skipped on purpose).
    pub error: bool,
    /// The message, naming the path.
    pub message: String,
}

/// What was found.
#[derive(Default)]
pub struct Inputs {
    /// The inputs, in order: paths in the order given, files of a folder sorted naturally.
    pub sources: Vec<Source>,
    /// Problems, in the order met.
    pub problems: Vec<Problem>,
}

impl Inputs {
    fn error(&mut self, path: impl std::fmt::Display, message: String) {
        self.problems.push(Problem {
            path: path.to_string(),
            error: true,
            message,
        });
    }

    fn warning(&mut self, path: impl std::fmt::Display, message: String) {
        self.problems.push(Problem {
            path: path.to_string(),
            error: false,
            message,
        });
    }
}

/// How to read.
pub struct Options<'a> {
    /// The largest file read, in bytes.
    pub max_file_size: u64,
    /// Globs of paths to leave out of folders.
    pub exclude: &'a [String],
    /// Whether a folder that holds no `*.mdip` file is an error (`--exit-non-zero-on-empty`)
    /// rather than a warning.
    pub empty_is_error: bool,
    /// Follow links inside folders that lead out of the folder given (`--follow-links`).
    pub follow_links: bool,
}

/// Reads one file as `mdip check` reads it (regular files only, the size limit, bytes that
/// are not UTF-8 read as U+FFFD with a warning), for the commands that take one file
/// (`mdip render`, `mdip export`). Problems are printed on standard error after `command: `;
/// `None` when the file cannot be read (or `path` is a folder): exit code 2.
pub fn read_one(path: &Path, max_file_size: u64, command: &str) -> Option<Input> {
    let found = read(
        std::slice::from_ref(&path.to_path_buf()),
        &Options {
            max_file_size,
            exclude: &[],
            empty_is_error: true,
            follow_links: false,
        },
    );
    for p in &found.problems {
        eprintln!("{command}: {}", crate::formats::escape(&p.message));
    }
    if found.problems.iter().any(|p| p.error) {
        return None;
    }
    let mut sources = found.sources;
    let (Some(source), true) = (sources.pop(), sources.is_empty()) else {
        eprintln!("{command}: {} is a folder: give one file", path.display());
        return None;
    };
    let (input, problem) = source.load(max_file_size);
    if let Some(p) = &problem {
        eprintln!("{command}: {}", crate::formats::escape(&p.message));
    }
    input
}

/// Reads every path (`-` is standard input).
pub fn read(paths: &[PathBuf], options: &Options<'_>) -> Inputs {
    let mut out = Inputs::default();
    for path in paths {
        if path.as_os_str() == "-" {
            let limit = options.max_file_size;
            match read_limited(std::io::stdin().lock(), limit) {
                Ok(Some(bytes)) => out.sources.push(Source::Stdin(bytes)),
                Ok(None) => out.error("<stdin>", too_large("standard input", limit)),
                Err(e) => out.error("<stdin>", format!("cannot read standard input: {e}")),
            }
            continue;
        }
        match std::fs::metadata(path) {
            Err(e) => out.error(
                path.display(),
                format!("cannot read {}: {}", path.display(), e),
            ),
            Ok(meta) if meta.is_dir() => walk(path, options, &mut out),
            Ok(meta) if meta.is_file() => out.sources.push(Source::File(path.clone())),
            Ok(meta) => out.error(
                path.display(),
                format!(
                "{} is not a regular file or a folder ({}); give its contents on standard input \
                 with `-` instead",
                path.display(),
                kind(&meta)
            ),
            ),
        }
    }
    out
}

impl Source {
    /// Reads the input: its text, or the problem that kept it from being read, and a warning
    /// when its bytes are not UTF-8 (they are read as U+FFFD).
    pub fn load(self, max_file_size: u64) -> (Option<Input>, Option<Problem>) {
        let (name, bytes) = match self {
            Source::Stdin(bytes) => ("<stdin>".to_owned(), bytes),
            Source::File(path) => {
                let name = path.display().to_string();
                let result = File::open(&path).and_then(|file| {
                    let len = file.metadata()?.len();
                    if len > max_file_size {
                        return Ok(None);
                    }
                    read_limited(file, max_file_size)
                });
                match result {
                    Ok(Some(bytes)) => (name, bytes),
                    Ok(None) => {
                        let message = too_large(&name, max_file_size);
                        return (None, Some(Problem::error(name, message)));
                    }
                    Err(e) => {
                        let message = format!("cannot read {name}: {e}");
                        return (None, Some(Problem::error(name, message)));
                    }
                }
            }
        };
        match String::from_utf8(bytes) {
            Ok(text) => (Some(Input::read_as_mdip(name, text)), None),
            Err(e) => {
                let warning = Problem {
                    path: name.clone(),
                    error: false,
                    message: format!(
                        "{name} is not valid UTF-8 (first bad byte at offset {}); bad bytes are \
                         read as U+FFFD",
                        e.utf8_error().valid_up_to()
                    ),
                };
                let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
                (Some(Input::read_as_mdip(name, text)), Some(warning))
            }
        }
    }
}

impl Input {
    /// The input, its text in mdip's notation: a text in another 5D notation (declared with
    /// `@notation`, or the fork's text recognised by its shape) is read into mdip's, line by
    /// line (`mdip_analysis::import::notation`); its diagnostics and report refer to the text
    /// as read.
    fn read_as_mdip(name: String, text: String) -> Input {
        match mdip_analysis::import::notation::read(&text) {
            Some(text) => Input { name, text },
            None => Input { name, text },
        }
    }
}

impl Problem {
    fn error(path: String, message: String) -> Problem {
        Problem {
            path,
            error: true,
            message,
        }
    }
}

/// Reads at most `limit` bytes; `None` when there are more.
fn read_limited(reader: impl Read, limit: u64) -> std::io::Result<Option<Vec<u8>>> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

fn too_large(name: &str, limit: u64) -> String {
    format!("{name} is larger than {limit} bytes and was not read (raise --max-file-size)")
}

/// The kind of a file that is neither a regular file nor a folder.
fn kind(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    let _ = meta;
    "a special file"
}

/// Reads the `*.mdip` files below `dir`.
fn walk(dir: &Path, options: &Options<'_>, out: &mut Inputs) {
    let mut overrides = ignore::overrides::OverrideBuilder::new(dir);
    for glob in options.exclude {
        if let Err(e) = overrides.add(&format!("!{glob}")) {
            out.error(dir.display(), format!("bad --exclude glob `{glob}`: {e}"));
        }
    }
    let overrides = match overrides.build() {
        Ok(o) => o,
        Err(e) => {
            out.error(dir.display(), format!("bad --exclude globs: {e}"));
            return;
        }
    };
    let mut files: Vec<PathBuf> = Vec::new();
    let mut skipped = 0;
    let problems_before = out.problems.len();
    // Links are followed, but not out of the folder (unless --follow-links): a link checked in
    // could otherwise show a file of the machine (`/proc/self/environ`, a secret) in the report.
    let outside: std::sync::Arc<std::sync::Mutex<Vec<(PathBuf, PathBuf)>>> = Default::default();
    let mut builder = ignore::WalkBuilder::new(dir);
    builder.follow_links(true).overrides(overrides);
    if !options.follow_links {
        if let Ok(root) = std::fs::canonicalize(dir) {
            let outside = std::sync::Arc::clone(&outside);
            builder.filter_entry(move |entry| {
                if entry.depth() == 0 || !entry.path_is_symlink() {
                    return true;
                }
                match std::fs::canonicalize(entry.path()) {
                    Ok(target) if target.starts_with(&root) => true,
                    Ok(target) => {
                        if let Ok(mut list) = outside.lock() {
                            list.push((entry.path().to_path_buf(), target));
                        }
                        false
                    }
                    // A broken link or a loop: the walker reports it.
                    Err(_) => true,
                }
            });
        }
    }
    let walker = builder.build();
    for entry in walker {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                out.error(
                    walk_path(&e, dir),
                    format!("cannot read {}", walk_error(&e, dir)),
                );
                continue;
            }
        };
        let path = entry.path();
        if entry.depth() == 0 || path.extension().is_none_or(|x| x != "mdip") {
            continue;
        }
        // The walker followed links: this is the type of what the path leads to.
        let Some(file_type) = entry.file_type() else {
            continue;
        };
        if file_type.is_dir() {
            continue;
        }
        if file_type.is_file() {
            files.push(path.to_path_buf());
        } else {
            skipped += 1;
            let what = std::fs::metadata(path).map_or("a special file", |m| kind(&m));
            out.warning(
                path.display(),
                format!("skipped {}: {what}, not a regular file", path.display()),
            );
        }
    }
    let outside = std::mem::take(&mut *outside.lock().unwrap_or_else(|e| e.into_inner()));
    let links = outside.len();
    for (link, target) in outside {
        out.warning(
            link.display(),
            format!(
                "skipped {}: a link to {}, outside {} (links out of a folder are not followed; \
                 name the file, or give --follow-links)",
                link.display(),
                target.display(),
                dir.display()
            ),
        );
    }
    let walk_failed = out.problems[problems_before..].iter().any(|p| p.error);
    if files.is_empty() && !walk_failed {
        let problem = Problem {
            path: dir.display().to_string(),
            error: options.empty_is_error,
            message: match (skipped, links) {
                (0, 0) => format!("no .mdip files in {}", dir.display()),
                (_, 0) => format!(
                    "no .mdip files in {} (only {skipped} special file{} skipped)",
                    dir.display(),
                    if skipped == 1 { "" } else { "s" }
                ),
                _ => format!(
                    "no .mdip files in {} (only {} skipped: {skipped} special, {links} leading out of it)",
                    dir.display(),
                    skipped + links
                ),
            },
        };
        out.problems.push(problem);
    }
    // Natural order: `6.A.10` after `6.A.9`.
    files.sort_by(|a, b| natord::compare(&a.to_string_lossy(), &b.to_string_lossy()));
    out.sources.extend(files.into_iter().map(Source::File));
}

/// The path a walk error is about.
fn walk_path(error: &ignore::Error, dir: &Path) -> String {
    match error {
        ignore::Error::WithPath { path, .. } => path.display().to_string(),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            walk_path(err, dir)
        }
        ignore::Error::Loop { child, .. } => child.display().to_string(),
        _ => dir.display().to_string(),
    }
}

/// An error of the walk, naming the path it is about.
fn walk_error(error: &ignore::Error, dir: &Path) -> String {
    match error {
        ignore::Error::WithPath { path, err } => format!("{}: {}", path.display(), cause(err)),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            walk_error(err, dir)
        }
        ignore::Error::Loop { child, ancestor } => format!(
            "{}: a link loop (it leads back to {})",
            child.display(),
            ancestor.display()
        ),
        other => format!("{}: {}", dir.display(), cause(other)),
    }
}

/// The innermost cause of a walk error, without the paths the outer layers already name.
fn cause(error: &ignore::Error) -> String {
    match error {
        ignore::Error::WithPath { err, .. }
        | ignore::Error::WithDepth { err, .. }
        | ignore::Error::WithLineNumber { err, .. } => cause(err),
        // The walker's own IO errors wrap the system's error with the path again.
        ignore::Error::Io(e) => match e.get_ref().and_then(std::error::Error::source) {
            Some(inner) => inner.to_string(),
            None => e.to_string(),
        },
        other => other.to_string(),
    }
}
