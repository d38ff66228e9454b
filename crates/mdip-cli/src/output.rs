//! Output files, written so that nothing is lost: an output that is one of the command's inputs
//! is refused before anything is read or written ([`refuse_input`]), and every output file is
//! written to a temporary file in its folder and renamed over the target once it is complete
//! ([`Output`], on `tempfile`'s `NamedTempFile::persist`), so a failure (a full disk, an error,
//! an interrupted run) leaves the old file as it was and no half-written one.
//!
//! An output that exists and is not a regular file (`/dev/null`, `/dev/stdout`, a FIFO) is
//! written in place: it cannot be replaced by a rename, and must not be.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use same_file::Handle;

/// Refuses an output file that is one of the inputs: the same file by identity (device and
/// inode, so links and other spellings of the path are seen through), or standard input when
/// `-` is one of the inputs. `inputs` are the paths named or found; the message names both.
/// An output that does not exist yet is no input.
pub fn refuse_input<'a>(
    output: &Path,
    inputs: impl IntoIterator<Item = &'a Path>,
) -> Result<(), String> {
    let Ok(out) = Handle::from_path(output) else {
        return Ok(());
    };
    for input in inputs {
        let same = if input.as_os_str() == "-" {
            Handle::stdin().is_ok_and(|h| h == out)
        } else {
            Handle::from_path(input).is_ok_and(|h| h == out)
        };
        if same {
            let what = if input.as_os_str() == "-" {
                "standard input".to_owned()
            } else {
                input.display().to_string()
            };
            return Err(format!(
                "the output file {} is the input {what}: writing it would destroy what is read; \
                 write the output elsewhere",
                output.display()
            ));
        }
    }
    Ok(())
}

/// Where a command writes: standard output, or a file written whole or not at all.
pub enum Output {
    /// Standard output.
    Stdout(io::StdoutLock<'static>),
    /// A temporary file beside the target, renamed over it by [`Output::commit`].
    Temp(tempfile::NamedTempFile, PathBuf),
    /// A target that is not a regular file (a device, a FIFO), written in place.
    Special(File),
}

impl Output {
    /// The output for `path`, or standard output.
    pub fn create(path: Option<&Path>) -> io::Result<Output> {
        let Some(path) = path else {
            return Ok(Output::Stdout(io::stdout().lock()));
        };
        let existing = std::fs::metadata(path).ok();
        if let Some(meta) = &existing {
            if !meta.is_file() {
                if meta.is_dir() {
                    return Err(io::Error::other("it is a folder"));
                }
                return std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map(Output::Special);
            }
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        builder.prefix(".mdip-out-").suffix(".tmp");
        // The file keeps the mode of the one it replaces; a new one gets the usual mode (0666
        // less the umask), not the temporary file's 0600.
        #[cfg(unix)]
        let mode = {
            use std::os::unix::fs::PermissionsExt;
            existing
                .as_ref()
                .map_or(std::fs::Permissions::from_mode(0o666), |m| m.permissions())
        };
        #[cfg(not(unix))]
        let mode = existing.as_ref().map(|m| m.permissions());
        #[cfg(unix)]
        builder.permissions(mode);
        #[cfg(not(unix))]
        if let Some(mode) = mode {
            builder.permissions(mode);
        }
        let temp = builder.tempfile_in(dir)?;
        Ok(Output::Temp(temp, path.to_path_buf()))
    }

    /// Finishes the output: flushes it and, for a file, renames the temporary file over the
    /// target. Dropping an output without committing it deletes the temporary file.
    pub fn commit(self) -> io::Result<()> {
        match self {
            Output::Stdout(mut s) => s.flush(),
            Output::Special(mut f) => f.flush(),
            Output::Temp(mut temp, path) => {
                temp.flush()?;
                temp.persist(&path).map(|_| ()).map_err(|e| e.error)
            }
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Output::Stdout(s) => s.write(buf),
            Output::Temp(t, _) => t.write(buf),
            Output::Special(f) => f.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Output::Stdout(s) => s.write_all(buf),
            Output::Temp(t, _) => t.write_all(buf),
            Output::Special(f) => f.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Output::Stdout(s) => s.flush(),
            Output::Temp(t, _) => t.flush(),
            Output::Special(f) => f.flush(),
        }
    }
}

/// Writes `text` to the file `path` (whole or not at all) or to standard output.
pub fn write_whole(path: Option<&Path>, text: &[u8]) -> io::Result<()> {
    let mut out = Output::create(path)?;
    out.write_all(text)?;
    out.commit()
}
