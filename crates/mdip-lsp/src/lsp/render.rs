//! The `mdip.render` command (`workspace/executeCommand`): the picture of a document as an SVG
//! string, drawn by `mdip-render` from the document's typed report.
//!
//! Arguments: the document's URI, then optionally what to draw: a season `"X:Y"`,
//! `"multiverse"`, or a position `{ "line": L, "character": C }` (the board of the season of
//! the order at or after that line: the order on the line, else the first order below it,
//! else the last order above it). Without the second argument: the multiverse of a
//! multiversal file, else the board of the season last ordered. A third argument `"png"` asks
//! for the picture as PNG, returned as a data URL (`data:image/png;base64,...`).

use mdip_analysis::report::SeasonRef;
use mdip_analysis::FileReport;
use serde_json::Value;

use crate::encoding::Pos;
use crate::session::Snapshot;

/// The command's name, as advertised.
pub const COMMAND: &str = "mdip.render";

/// What the second argument asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Subject {
    /// The default picture.
    Default,
    /// The multiverse grid.
    Multiverse,
    /// One season's board.
    Season(SeasonRef),
    /// The season at a position.
    At(Pos),
}

/// Reads the arguments: the URI and the subject, or what is wrong with them.
pub fn arguments(args: &[Value]) -> Result<(String, Subject), String> {
    let uri = args
        .first()
        .and_then(Value::as_str)
        .ok_or("mdip.render: the first argument must be the document's URI")?
        .to_owned();
    let subject =
        match args.get(1) {
            None | Some(Value::Null) => Subject::Default,
            Some(Value::String(s)) if s == "multiverse" => Subject::Multiverse,
            Some(Value::String(s)) => Subject::Season(season(s).ok_or_else(|| {
                format!("mdip.render: `{s}` is not a season (write X:Y) nor `multiverse`")
            })?),
            Some(v) => {
                let n = |k: &str| {
                    v.get(k)
                        .and_then(Value::as_u64)
                        .and_then(|n| u32::try_from(n).ok())
                };
                match (n("line"), n("character")) {
                    (Some(l), Some(c)) => Subject::At(Pos::new(l, c)),
                    _ => return Err(
                        "mdip.render: the second argument must be a season `X:Y`, `multiverse` \
                         or a position { line, character }"
                            .to_owned(),
                    ),
                }
            }
        };
    Ok((uri, subject))
}

/// Whether the arguments ask for PNG (a third argument `"png"`; `"svg"` or none: SVG).
pub fn wants_png(args: &[Value]) -> Result<bool, String> {
    match args.get(2) {
        None | Some(Value::Null) => Ok(false),
        Some(Value::String(f)) if f == "svg" => Ok(false),
        Some(Value::String(f)) if f == "png" => Ok(true),
        Some(v) => Err(format!(
            "mdip.render: the third argument must be `svg` or `png`, not {v}"
        )),
    }
}

/// The PNG of an SVG picture, as a data URL.
pub fn png_data_url(svg: &str) -> Result<String, String> {
    use base64::Engine as _;
    let bytes = mdip_render::png(svg)?;
    Ok(format!(
        "data:image/png;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    ))
}

/// `2:1`.
fn season(s: &str) -> Option<SeasonRef> {
    let (t, l) = s.trim().split_once(':')?;
    Some(SeasonRef {
        turn: t.trim().parse().ok()?,
        timeline: l.trim().parse().ok()?,
    })
}

/// Draws the picture of the snapshot's document.
pub fn render(uri: &str, s: &Snapshot, subject: Subject) -> Result<String, String> {
    // The picture's title names the file, not the whole URI (a folder of the user's machine).
    let name = uri
        .rsplit('/')
        .next()
        .filter(|n| !n.is_empty())
        .unwrap_or(uri);
    let report = FileReport::new(name, s.text(), s.analysis());
    let season = match subject {
        Subject::Default if report.multiversal => return Ok(mdip_render::multiverse_svg(&report)),
        Subject::Default => mdip_render::default_season(&report),
        Subject::Multiverse => return Ok(mdip_render::multiverse_svg(&report)),
        Subject::Season(season) => season,
        Subject::At(pos) => {
            let offset = (s.offset(pos) as usize).min(s.text().len());
            let line = s.text().as_bytes()[..offset]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            mdip_analysis::ide::season_at_line(&report, line)
                .unwrap_or_else(|| mdip_render::default_season(&report))
        }
    };
    mdip_render::season_svg(&report, season)
        .ok_or_else(|| format!("mdip.render: the document has no season {season}"))
}
