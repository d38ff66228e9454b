//! The variant folders an `@map "path"` names, read from the disk for the analysis (which does
//! no IO): a path is relative to the folder of the document's file; a document with no file
//! (unsaved) has the built-in maps only.

use std::io::ErrorKind;
use std::path::PathBuf;

use mdip_analysis::MapSource;

/// The largest variant file read (a map's files are a few kilobytes).
const MAX_MAP_FILE: u64 = 4 << 20;

/// Reads variant folders relative to the folder of a document's file.
#[derive(Clone, Debug, Default)]
pub struct Folders {
    /// The folder of the document's file, if it has one.
    pub base: Option<PathBuf>,
}

impl MapSource for Folders {
    fn read(&self, folder: &str, file: &str) -> Result<Option<String>, String> {
        let Some(base) = &self.base else {
            return Err("a document that is not a file reads no variant folder".to_owned());
        };
        let dir = base.join(folder);
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
