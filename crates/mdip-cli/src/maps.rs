//! The variant folders an `@map "path"` names, read from the disk for the analysis (which does
//! no IO): a path is relative to the folder of the order file (to the working folder for
//! standard input).

use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use mdip_analysis::MapSource;

/// The largest variant file read (a map's files are a few kilobytes).
const MAX_MAP_FILE: u64 = 4 << 20;

/// Reads variant folders relative to `base`.
pub struct Folders {
    base: PathBuf,
}

impl Folders {
    /// The folders of the order file called `name` (as [`crate::inputs::Input::name`] is).
    pub fn of(name: &str) -> Folders {
        let base = if name == "<stdin>" {
            PathBuf::from(".")
        } else {
            Path::new(name)
                .parent()
                .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
        };
        Folders { base }
    }
}

impl MapSource for Folders {
    fn read(&self, folder: &str, file: &str) -> Result<Option<String>, String> {
        let dir = self.base.join(folder);
        if !dir.is_dir() {
            return Err(format!("{} is not a folder", dir.display()));
        }
        let path = dir.join(file);
        match std::fs::metadata(&path) {
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("{}: {e}", path.display())),
            Ok(m) if m.len() > MAX_MAP_FILE => {
                return Err(format!("{}: larger than 4 MiB", path.display()))
            }
            Ok(_) => {}
        }
        std::fs::read_to_string(&path)
            .map(Some)
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}
