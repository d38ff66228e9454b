//! Label placement: each province's name is put where it hides nothing and nothing hides it.
//!
//! A board's obstacles are its units, its supply centres and its orders' lines (in board
//! units). Each label tries spots around its province's anchor, nearest first (above, below,
//! right, left, the corners, then farther out), and takes the first whose box meets no
//! obstacle and no label placed before it, and whose centre lies in its own province. Land
//! labels are placed first (they have the least room), then the seas'. A label stays inside the
//! part of the map shown. When no spot is free, the
//! spot that overlaps least is taken.
//!
//! Text widths are estimated from the embedded font's metrics (DejaVu Sans, whose average
//! advance is about 0.6 of the font size for lower case, 0.66 bold); the estimate errs wide.

use crate::geo::{contains_any, geometry, Point};

/// A box on the board: left, top, right, bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rect {
    pub(crate) x0: f64,
    pub(crate) y0: f64,
    pub(crate) x1: f64,
    pub(crate) y1: f64,
}

impl Rect {
    pub(crate) fn around(p: Point, r: f64) -> Rect {
        Rect {
            x0: p.x - r,
            y0: p.y - r,
            x1: p.x + r,
            y1: p.y + r,
        }
    }

    fn overlap(&self, o: &Rect) -> f64 {
        let w = self.x1.min(o.x1) - self.x0.max(o.x0);
        let h = self.y1.min(o.y1) - self.y0.max(o.y0);
        if w > 0.0 && h > 0.0 {
            w * h
        } else {
            0.0
        }
    }

    /// Whether the segment `a`–`b` passes through the box (Liang–Barsky clipping).
    fn crossed_by(&self, a: Point, b: Point) -> bool {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
        for (p, q) in [
            (-dx, a.x - self.x0),
            (dx, self.x1 - a.x),
            (-dy, a.y - self.y0),
            (dy, self.y1 - a.y),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return false;
                }
            } else {
                let r = q / p;
                if p < 0.0 {
                    t0 = t0.max(r);
                } else {
                    t1 = t1.min(r);
                }
                if t0 > t1 {
                    return false;
                }
            }
        }
        true
    }
}

/// A placed label.
#[derive(Clone, Debug)]
pub(crate) struct Label {
    /// The province's abbreviation.
    pub(crate) abbrev: String,
    /// What is written.
    pub(crate) text: String,
    pub(crate) sea: bool,
    /// The text's anchor (middle) and baseline.
    pub(crate) at: Point,
    pub(crate) size: f64,
    /// Its box.
    pub(crate) rect: Rect,
}

/// Font size of a land label and of a sea's name.
pub(crate) const LAND_SIZE: f64 = 9.0;
pub(crate) const SEA_SIZE: f64 = 7.0;

/// The box of `text` at font size `size`, centred at `x` with its baseline at `y`.
pub(crate) fn text_box(text: &str, size: f64, bold: bool, x: f64, y: f64) -> Rect {
    let advance = if bold { 0.66 } else { 0.6 };
    let w = text.chars().count() as f64 * size * advance + 2.0;
    Rect {
        x0: x - w / 2.0,
        y0: y - size * 0.8,
        x1: x + w / 2.0,
        y1: y + size * 0.25,
    }
}

/// Places every province's label on a board with these obstacles (boxes) and lines.
pub(crate) fn place(
    names: &[(String, String, bool)],
    obstacles: &[Rect],
    lines: &[(Point, Point)],
    frame: Rect,
) -> Vec<Label> {
    let g = geometry();
    let mut placed: Vec<Label> = Vec::new();
    let mut order: Vec<&(String, String, bool)> = names.iter().collect();
    order.sort_by_key(|(_, _, sea)| *sea);
    for (abbrev, text, sea) in order {
        let Some(p) = g.province(abbrev) else {
            continue;
        };
        let (size, bold) = if *sea {
            (SEA_SIZE, false)
        } else {
            (LAND_SIZE, true)
        };
        let mut best: Option<(f64, Label)> = None;
        for (dx, dy) in candidates() {
            let (x, y) = (p.anchor.x + dx, p.anchor.y + dy + size * 0.3);
            let rect = text_box(text, size, bold, x, y);
            let centre = Point {
                x: (rect.x0 + rect.x1) / 2.0,
                y: (rect.y0 + rect.y1) / 2.0,
            };
            let mut cost: f64 = obstacles.iter().map(|o| rect.overlap(o)).sum::<f64>()
                + placed.iter().map(|l| rect.overlap(&l.rect)).sum::<f64>() * 4.0;
            cost += lines
                .iter()
                .filter(|(a, b)| rect.crossed_by(*a, *b))
                .count() as f64
                * 20.0;
            if rect.x0 < frame.x0 || rect.y0 < frame.y0 || rect.x1 > frame.x1 || rect.y1 > frame.y1
            {
                cost += 1000.0;
            }
            // The costly test last, only when it can still matter.
            if best.as_ref().is_some_and(|(c, _)| cost >= *c) {
                continue;
            }
            if !contains_any(&p.cells, centre) {
                cost += 30.0;
            }
            let label = Label {
                abbrev: abbrev.clone(),
                text: text.clone(),
                sea: *sea,
                at: Point { x, y },
                size,
                rect,
            };
            if cost == 0.0 {
                best = Some((0.0, label));
                break;
            }
            if best.as_ref().is_none_or(|(c, _)| cost < *c) {
                best = Some((cost, label));
            }
        }
        if let Some((_, l)) = best {
            placed.push(l);
        }
    }
    placed
}

/// Offsets from the anchor to a label's centre, nearest first.
fn candidates() -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    for ring in [1.0, 1.5, 2.1, 2.8, 3.6] {
        for (dx, dy) in [
            (0.0, -15.0),
            (0.0, 16.0),
            (20.0, 0.0),
            (-20.0, 0.0),
            (16.0, -13.0),
            (-16.0, -13.0),
            (16.0, 14.0),
            (-16.0, 14.0),
        ] {
            out.push((dx * ring, dy * ring));
        }
    }
    out
}
