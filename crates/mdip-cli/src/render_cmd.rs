//! `mdip render`: draws a file's board (one season) or its multiverse (a grid of boards) as
//! SVG or PNG, from the file's typed report. Exit codes: 0 drawn, 2 usage or IO (an unknown
//! season included). Errors in the file do not stop the picture: it shows what was read.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use mdip_analysis::report::SeasonRef;
use mdip_analysis::{analyze_with_maps, FileReport};

use crate::inputs::{self, Input};

/// Arguments of `mdip render`.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// The order file, or `-` for standard input.
    pub path: PathBuf,
    /// Write the picture to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "PATH")]
    pub output_file: Option<PathBuf>,
    /// Draw this season's board (`X:Y`, turn X of timeline Y). Default: the multiverse of a
    /// multiversal file; otherwise the board of the season last ordered.
    #[arg(long, value_name = "X:Y", value_parser = parse_season)]
    pub season: Option<SeasonRef>,
    /// The picture's width in pixels. Default: 1000 for one board; the multiverse's natural
    /// width (at least 1000).
    #[arg(long, value_name = "PIXELS", value_parser = clap::value_parser!(u32).range(100..=20000))]
    pub width: Option<u32>,
    /// The picture's format. Default: png when the output file's name ends in `.png`, else svg.
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// The largest file read, in bytes (suffixes K, M, G), as for `mdip check`.
    #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = crate::check::parse_size)]
    pub max_file_size: u64,
}

/// A picture's format.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// SVG, whose elements lead back to the orders (`data-line`, `data-range`).
    Svg,
    /// PNG, drawn by resvg with the fonts `mdip-render` embeds (the same pixels on every
    /// machine).
    Png,
}

/// `2:1`.
fn parse_season(text: &str) -> Result<SeasonRef, String> {
    let bad = || format!("`{text}` is not a season: write X:Y, turn X of timeline Y (e.g. 1:0)");
    let (t, l) = text.trim().split_once(':').ok_or_else(bad)?;
    Ok(SeasonRef {
        turn: t.trim().parse().map_err(|_| bad())?,
        timeline: l.trim().parse().map_err(|_| bad())?,
    })
}

/// Runs `mdip render`; returns the exit code.
pub fn run(args: &RenderArgs) -> u8 {
    if let Some(out) = &args.output_file {
        if let Err(e) = crate::output::refuse_input(out, [args.path.as_path()]) {
            eprintln!("mdip render: {e}");
            return 2;
        }
    }
    let Some(Input { name, text }) =
        inputs::read_one(&args.path, args.max_file_size, "mdip render")
    else {
        return 2;
    };
    let analysis = analyze_with_maps(&text, &crate::maps::folders_of(&name));
    let report = FileReport::new(&name, &text, &analysis);
    let style = mdip_render::Style { width: args.width };
    // A variant's board is drawn plain from its map's points, one season (the multiverse's
    // grid of boards is the standard map's only).
    let variant = report.map.is_some();
    let season_svg = |season| {
        if variant {
            mdip_render::variant_season_svg(analysis.map(), &report, season, style)
        } else {
            mdip_render::season_svg_with(&report, season, style)
        }
    };
    let svg = match args.season {
        Some(season) => match season_svg(season) {
            Some(svg) => svg,
            None => {
                let known: Vec<String> = report
                    .seasons
                    .iter()
                    .map(|s| s.season.to_string())
                    .collect();
                eprintln!(
                    "mdip render: {name} has no season {season} (its seasons: {})",
                    known.join(" ")
                );
                return 2;
            }
        },
        None if report.multiversal && !variant => mdip_render::multiverse_svg_with(&report, style),
        None => match season_svg(mdip_render::default_season(&report)) {
            Some(svg) => svg,
            None => mdip_render::multiverse_svg_with(&report, style),
        },
    };
    let png_named = args
        .output_file
        .as_ref()
        .and_then(|p| p.extension())
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    let bytes = match args.format {
        Some(Format::Png) => mdip_render::png(&svg),
        Some(Format::Svg) => Ok(svg.into_bytes()),
        None if png_named => mdip_render::png(&svg),
        None => Ok(svg.into_bytes()),
    };
    let bytes = match bytes {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("mdip render: {e}");
            return 2;
        }
    };
    let written = match &args.output_file {
        Some(path) => crate::output::write_whole(Some(path), &bytes)
            .map_err(|e| (path.display().to_string(), e)),
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(&bytes)
                .and_then(|()| out.flush())
                .or_else(|e| {
                    if e.kind() == std::io::ErrorKind::BrokenPipe {
                        Ok(())
                    } else {
                        Err(e)
                    }
                })
                .map_err(|e| ("standard output".to_owned(), e))
        }
    };
    match written {
        Ok(()) => 0,
        Err((to, e)) => {
            eprintln!("mdip render: {to}: {e}");
            2
        }
    }
}
