//! Pictures as PNG (the feature `png`): the SVG rasterised by `resvg`, with the fonts this
//! crate embeds (DejaVu Sans and DejaVu Sans Bold, `fonts/`, loaded from bytes; no system font
//! is ever read), so the same picture gives the same pixels on every machine.

use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

/// The embedded fonts: DejaVu Sans 2.37 (Bitstream Vera licence, `fonts/LICENSE-DejaVu.txt`).
const FONTS: [&[u8]; 2] = [
    include_bytes!("../fonts/DejaVuSans.ttf"),
    include_bytes!("../fonts/DejaVuSans-Bold.ttf"),
];

/// The font database, built once: the embedded fonts only, DejaVu Sans for every generic
/// family.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        for font in FONTS {
            db.load_font_data(font.to_vec());
        }
        for family in ["sans-serif", "serif", "monospace", "cursive", "fantasy"] {
            let set = match family {
                "sans-serif" => usvg::fontdb::Database::set_sans_serif_family,
                "serif" => usvg::fontdb::Database::set_serif_family,
                "monospace" => usvg::fontdb::Database::set_monospace_family,
                "cursive" => usvg::fontdb::Database::set_cursive_family,
                _ => usvg::fontdb::Database::set_fantasy_family,
            };
            set(&mut db, "DejaVu Sans");
        }
        Arc::new(db)
    })
    .clone()
}

/// The options every picture is read with: the embedded fonts, DejaVu Sans by default.
fn options() -> usvg::Options<'static> {
    usvg::Options {
        font_family: "DejaVu Sans".to_owned(),
        fontdb: fonts(),
        ..usvg::Options::default()
    }
}

/// The SVG read as `resvg` reads it (with the embedded fonts), for tests that measure what is
/// drawn.
pub fn tree(svg: &str) -> Result<usvg::Tree, String> {
    usvg::Tree::from_str(svg, &options()).map_err(|e| format!("the picture is not SVG: {e}"))
}

/// The PNG of one of this crate's SVG pictures, at the size its `width` and `height` say.
pub fn png(svg: &str) -> Result<Vec<u8>, String> {
    let tree = tree(svg)?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("a picture of {size:?} pixels is too large"))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| format!("the PNG could not be encoded: {e}"))
}
