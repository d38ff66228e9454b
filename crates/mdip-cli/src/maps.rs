//! The variant folders an `@map "path"` names: a path is relative to the folder of the order
//! file (to the working folder for standard input), read by the language server's reader
//! (`mdip_lsp::maps::Folders`, as `mdip.toml` is found by its `config_files`).

use std::path::{Path, PathBuf};

pub use mdip_lsp::maps::Folders;

/// The folders of the order file called `name` (as [`crate::inputs::Input::name`] is).
pub fn folders_of(name: &str) -> Folders {
    let base = if name == "<stdin>" {
        PathBuf::from(".")
    } else {
        Path::new(name)
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
    };
    Folders { base: Some(base) }
}
