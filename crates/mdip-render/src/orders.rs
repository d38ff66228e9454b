//! Orders as arrows: one element per order, styled by kind and marked by outcome.

use std::fmt::Write as _;

use mdip_analysis::report::{
    FileReport, OrderKindName, OrderReport, SeasonRef, StatusName, UnitTypeName,
};

use crate::board::{colours, esc};
use crate::geo::Point;

/// The class name of a status.
pub(crate) fn status_class(s: StatusName) -> &'static str {
    match s {
        StatusName::Succeeds => "succeeds",
        StatusName::Fails => "fails",
        StatusName::Illegal => "illegal",
        StatusName::Pending => "pending",
        StatusName::NotAdjudicated => "not-adjudicated",
    }
}

/// The class name of a kind.
pub(crate) fn kind_class(k: OrderKindName) -> &'static str {
    match k {
        OrderKindName::Hold => "hold",
        OrderKindName::Move => "move",
        OrderKindName::SupportHold => "support-hold",
        OrderKindName::SupportMove => "support-move",
        OrderKindName::Convoy => "convoy",
        OrderKindName::Retreat => "retreat",
        OrderKindName::Disband => "disband",
        OrderKindName::Build => "build",
        OrderKindName::Remove => "remove",
        OrderKindName::Waive => "waive",
        OrderKindName::Unknown => "unknown",
    }
}

/// Moves `a` towards `b` by `d`.
pub(crate) fn towards(a: Point, b: Point, d: f64) -> Point {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len = (dx * dx + dy * dy).sqrt();
    if len <= d || len == 0.0 {
        return a;
    }
    Point {
        x: a.x + dx / len * d,
        y: a.y + dy / len * d,
    }
}

/// An arrowhead at `tip`, pointing away from `from`.
pub(crate) fn head(out: &mut String, from: Point, tip: Point, size: f64, colour: &str) {
    let (dx, dy) = (tip.x - from.x, tip.y - from.y);
    let len = (dx * dx + dy * dy).sqrt();
    if len == 0.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let base = Point {
        x: tip.x - ux * size,
        y: tip.y - uy * size,
    };
    let _ = write!(
        out,
        r#"<polygon class="head" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{colour}"/>"#,
        tip.x,
        tip.y,
        base.x - uy * size * 0.5,
        base.y + ux * size * 0.5,
        base.x + uy * size * 0.5,
        base.y - ux * size * 0.5
    );
}

/// A red cross at `at`: the mark of a failed or illegal order.
pub(crate) fn cross(out: &mut String, class: &str, at: Point, size: f64) {
    let _ = write!(
        out,
        r##"<path class="{class}" d="M{:.1},{:.1}L{:.1},{:.1}M{:.1},{:.1}L{:.1},{:.1}" stroke="#d00000" stroke-width="{:.1}" stroke-linecap="round"/>"##,
        at.x - size,
        at.y - size,
        at.x + size,
        at.y + size,
        at.x - size,
        at.y + size,
        at.x + size,
        at.y - size,
        size * 0.55
    );
}

/// The point of a quadratic Bézier curve at `t`.
pub(crate) fn bezier(a: Point, c: Point, b: Point, t: f64) -> Point {
    let u = 1.0 - t;
    Point {
        x: u * u * a.x + 2.0 * u * t * c.x + t * t * b.x,
        y: u * u * a.y + 2.0 * u * t * c.y + t * t * b.y,
    }
}

/// How one order is drawn: from its unit's point (`from`, in the unit's `season`), in its
/// colour and opacity, lines `w` wide and rings of radius `r`, at the picture's `scale`;
/// `local` is the season of a one-board picture.
struct Pen<'a> {
    place: &'a dyn Fn(&str, SeasonRef) -> Option<Point>,
    from: Point,
    season: SeasonRef,
    colour: &'static str,
    opacity: f64,
    w: f64,
    r: f64,
    scale: f64,
    local: Option<SeasonRef>,
}

/// What an order's shape leaves to draw over it: season tags at points where it reaches
/// another season, the point and size of its failure cross, and where a later cut is marked.
struct Marks {
    tags: Vec<(Point, SeasonRef)>,
    mark: Option<Point>,
    mark_size: f64,
    cut_at: Option<Point>,
}

/// Keeps a text `width` wide, centred at `x`, baseline `y`, inside a one-season board's frame.
fn inside(frame: Option<(f64, f64, f64, f64)>, x: f64, y: f64, width: f64) -> (f64, f64) {
    match frame {
        Some((x0, y0, x1, y1)) => (
            x.clamp(
                x0 + width / 2.0 + 4.0,
                (x1 - width / 2.0 - 4.0).max(x0 + width / 2.0 + 4.0),
            ),
            y.clamp(y0 + 16.0, y1 - 6.0),
        ),
        None => (x, y),
    }
}

/// One order, as one `<g class="order KIND STATUS">` element: a move is an arrow, a support a
/// dashed line to the supported unit bending to its target, a convoy a dotted one, a hold a
/// ring, a disband or removal a cross over the unit, a build a dashed ring. A failed order is
/// drawn lighter with a red cross; an illegal one grey with a red cross. `place` gives a
/// location's point in a season; `local` is the season of a one-board picture (orders that
/// reach another season are then tagged with it).
pub(crate) fn order(
    out: &mut String,
    o: &OrderReport,
    place: &dyn Fn(&str, SeasonRef) -> Option<Point>,
    scale: f64,
    local: Option<SeasonRef>,
    cut_by: Option<usize>,
    report: &FileReport,
    frame: Option<(f64, f64, f64, f64)>,
) {
    let Some(u) = &o.unit else { return };
    let Some(from) = place(&u.location, u.season) else {
        return;
    };
    let status = status_class(o.outcome.status);
    let colour = match (o.outcome.status, u.power.or(o.power)) {
        (StatusName::Illegal | StatusName::NotAdjudicated, _) | (_, None) => "#777777",
        (_, Some(p)) => colours(p).0,
    };
    let opacity = match o.outcome.status {
        StatusName::Succeeds => 0.95,
        StatusName::Pending => 0.8,
        _ => 0.55,
    };
    let pen = Pen {
        place,
        from,
        season: u.season,
        colour,
        opacity,
        w: 3.2 * scale.max(0.6),
        r: 11.0 * scale,
        scale,
        local,
    };
    let failed = matches!(o.outcome.status, StatusName::Fails | StatusName::Illegal);
    let _ = write!(
        out,
        r#"<g class="order {} {status}{}" data-line="{}" data-range="{}-{}" data-season="{}"><title>{}: {}</title>"#,
        kind_class(o.kind),
        if local.is_some_and(|l| l != u.season) {
            " from-other-season"
        } else {
            ""
        },
        o.line,
        o.range.byte_start,
        o.range.byte_end,
        u.season,
        esc(&o.text),
        esc(&o.outcome.sentence)
    );
    let mut marks = Marks {
        tags: Vec::new(),
        mark: None,
        mark_size: 6.0 * scale.max(0.6),
        cut_at: None,
    };
    // On one season's board, an order given in another season enters at the frame.
    if local.is_some_and(|l| l != u.season) {
        marks.tags.push((from, u.season));
    }
    match o.kind {
        OrderKindName::Move | OrderKindName::Retreat => move_arrow(out, o, &pen, &mut marks),
        OrderKindName::SupportMove | OrderKindName::SupportHold | OrderKindName::Convoy => {
            support_line(out, o, &pen, &mut marks);
        }
        OrderKindName::Hold => marks.mark = Some(hold_ring(out, &pen)),
        OrderKindName::Build => {
            build_ring(out, &pen);
            if failed {
                marks.mark = Some(from);
            }
        }
        OrderKindName::Disband | OrderKindName::Remove => removal_cross(out, &pen),
        OrderKindName::Waive | OrderKindName::Unknown => {}
    }
    if failed {
        if let Some(m) = marks.mark {
            cross(out, "fail-mark", m, marks.mark_size);
        }
    }
    if let (Some(at), Some(by)) = (marks.cut_at, cut_by.and_then(|i| report.orders.get(i))) {
        cut_label(out, at, by, scale, frame);
    }
    season_tags(out, &marks.tags, colour, scale, frame);
    out.push_str("</g>");
}

/// The arrow of a move or retreat: straight on its board, curved to another season.
fn move_arrow(out: &mut String, o: &OrderReport, pen: &Pen, marks: &mut Marks) {
    let Some(d) = &o.target.destination else {
        return;
    };
    let Some(to) = (pen.place)(&d.location, d.season) else {
        return;
    };
    let (from, scale, colour, opacity, w) = (pen.from, pen.scale, pen.colour, pen.opacity, pen.w);
    // Across seasons (between boards, or tagged on one board): a curve.
    let cross_board = d.season != pen.season;
    // Between close provinces, keep at least half of the arrow visible.
    let len = ((to.x - from.x).powi(2) + (to.y - from.y).powi(2)).sqrt();
    let end = (9.5 * scale).min(len * 0.25);
    let a = towards(from, to, end);
    let b = towards(to, from, end);
    let dash = if o.kind == OrderKindName::Retreat {
        r#" stroke-dasharray="9 3 2 3""#
    } else {
        ""
    };
    if cross_board {
        // Between boards: a curve, so it does not run along a board's edge.
        // On one board the curve bulges clear of the units it joins.
        let bulge = len * 0.15;
        let (nx, ny) = if len > 0.0 {
            (-(to.y - from.y) / len, (to.x - from.x) / len)
        } else {
            (0.0, -1.0)
        };
        let c = Point {
            x: (a.x + b.x) / 2.0 + nx * bulge,
            y: (a.y + b.y) / 2.0 + ny * bulge,
        };
        let _ = write!(
            out,
            r#"<path d="M{:.1},{:.1}Q{:.1},{:.1} {:.1},{:.1}" fill="none" stroke="{colour}" stroke-width="{:.1}" stroke-opacity="{opacity}"{dash}/>"#,
            a.x,
            a.y,
            c.x,
            c.y,
            b.x,
            b.y,
            w * 1.2
        );
        let size = if pen.local.is_some() { 10.0 } else { 14.0 } * scale.max(0.7);
        head(out, bezier(a, c, b, 0.9), b, size, colour);
        if pen.local.is_some() {
            marks.mark_size = 5.0 * scale.max(0.6);
        }
        marks.mark = Some(bezier(a, c, b, 0.5));
    } else {
        let _ = write!(
            out,
            r#"<path d="M{:.1},{:.1}L{:.1},{:.1}" stroke="{colour}" stroke-width="{w:.1}" stroke-opacity="{opacity}"{dash}/>"#,
            a.x, a.y, b.x, b.y
        );
        head(out, a, b, 12.0 * scale.max(0.6), colour);
        // On a short arrow, a small cross, so the arrow still shows.
        marks.mark_size = marks.mark_size.min(len * 0.15).max(3.0);
        marks.mark = Some(Point {
            x: (a.x + b.x) / 2.0,
            y: (a.y + b.y) / 2.0,
        });
    }
    if pen.local.is_some_and(|l| l != d.season) {
        marks.tags.push((b, d.season));
    }
}

/// The dashed line of a support or dotted one of a convoy, to the unit it supports.
fn support_line(out: &mut String, o: &OrderReport, pen: &Pen, marks: &mut Marks) {
    let (w, scale) = (pen.w, pen.scale);
    let lw = if o.kind == OrderKindName::Convoy {
        w * 1.1
    } else {
        w * 0.8
    };
    let dash = if o.kind == OrderKindName::Convoy {
        format!("{:.1} {:.1}", 1.0 * scale.max(0.5), 5.0 * scale.max(0.5))
    } else {
        format!("{:.1} {:.1}", 8.0 * scale.max(0.5), 5.0 * scale.max(0.5))
    };
    let supported = o
        .target
        .unit
        .as_ref()
        .and_then(|t| Some(((pen.place)(&t.location, t.season)?, t.season)));
    let target = o
        .target
        .destination
        .as_ref()
        .and_then(|d| Some(((pen.place)(&d.location, d.season)?, d.season)));
    match (supported, target) {
        (Some(via), Some(to)) => support_curve(out, pen, marks, (lw, &dash), via, to),
        (Some(via), None) => support_ring(out, pen, marks, (lw, &dash), via),
        _ => marks.mark = Some(pen.from),
    }
}

/// The curve of a support to move or a convoy: past the supported unit (`via`) to its target.
fn support_curve(
    out: &mut String,
    pen: &Pen,
    marks: &mut Marks,
    (lw, dash): (f64, &str),
    (via, vs): (Point, SeasonRef),
    (to, ts): (Point, SeasonRef),
) {
    let (from, r, scale, colour, opacity) = (pen.from, pen.r, pen.scale, pen.colour, pen.opacity);
    let a = towards(from, via, r);
    let b = towards(to, via, r * 0.8);
    let _ = write!(
        out,
        r#"<path d="M{:.1},{:.1}Q{:.1},{:.1} {:.1},{:.1}" fill="none" stroke="{colour}" stroke-width="{:.1}" stroke-opacity="{opacity}" stroke-dasharray="{dash}" stroke-linecap="round"/>"#,
        a.x, a.y, via.x, via.y, b.x, b.y, lw
    );
    head(
        out,
        bezier(a, via, b, 0.9),
        b,
        10.0 * scale.max(0.6),
        colour,
    );
    marks.mark = Some(bezier(a, via, b, 0.3));
    marks.cut_at = Some(towards(from, bezier(a, via, b, 0.1), 26.0 * scale));
    if pen.local.is_some_and(|l| l != vs) {
        marks.tags.push((via, vs));
    }
    if pen.local.is_some_and(|l| l != ts) && ts != vs {
        marks.tags.push((b, ts));
    }
}

/// The line of a support to hold, to a ring round the supported unit (`via`).
fn support_ring(
    out: &mut String,
    pen: &Pen,
    marks: &mut Marks,
    (lw, dash): (f64, &str),
    (via, vs): (Point, SeasonRef),
) {
    let (from, r, w, scale, colour, opacity) =
        (pen.from, pen.r, pen.w, pen.scale, pen.colour, pen.opacity);
    let a = towards(from, via, r);
    let b = towards(via, from, r * 1.3);
    let _ = write!(
        out,
        r#"<path d="M{:.1},{:.1}L{:.1},{:.1}" stroke="{colour}" stroke-width="{:.1}" stroke-opacity="{opacity}" stroke-dasharray="{dash}" stroke-linecap="round"/><circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="none" stroke="{colour}" stroke-width="{:.1}" stroke-opacity="{opacity}"/>"#,
        a.x,
        a.y,
        b.x,
        b.y,
        lw,
        via.x,
        via.y,
        r * 1.3,
        w * 0.6
    );
    marks.mark = Some(Point {
        x: (a.x + b.x) / 2.0,
        y: (a.y + b.y) / 2.0,
    });
    marks.cut_at = Some(towards(a, b, 8.0 * scale));
    if pen.local.is_some_and(|l| l != vs) {
        marks.tags.push((via, vs));
    }
}

/// The ring round a holding unit; returns where its failure cross goes.
fn hold_ring(out: &mut String, pen: &Pen) -> Point {
    let (from, r, w, colour, opacity) = (pen.from, pen.r, pen.w, pen.colour, pen.opacity);
    let _ = write!(
        out,
        r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="none" stroke="{colour}" stroke-width="{:.1}" stroke-opacity="{opacity}"/>"#,
        from.x,
        from.y,
        r * 1.2,
        w * 0.6
    );
    Point {
        x: from.x + r,
        y: from.y - r,
    }
}

/// The dashed ring of a build round the new unit's place.
fn build_ring(out: &mut String, pen: &Pen) {
    let (from, r, w, colour) = (pen.from, pen.r, pen.w, pen.colour);
    let _ = write!(
        out,
        r#"<circle cx="{:.1}" cy="{:.1}" r="{:.1}" fill="none" stroke="{colour}" stroke-width="{:.1}" stroke-dasharray="3 2"/>"#,
        from.x,
        from.y,
        r * 1.4,
        w * 0.7
    );
}

/// The black cross of a disband or removal over the unit.
fn removal_cross(out: &mut String, pen: &Pen) {
    let (from, r, w, opacity) = (pen.from, pen.r, pen.w, pen.opacity);
    let _ = write!(
        out,
        r##"<path class="removed" d="M{:.1},{:.1}L{:.1},{:.1}M{:.1},{:.1}L{:.1},{:.1}" stroke="#111" stroke-width="{:.1}" stroke-linecap="round" stroke-opacity="{opacity}"/>"##,
        from.x - r,
        from.y - r,
        from.x + r,
        from.y + r,
        from.x - r,
        from.y + r,
        from.x + r,
        from.y - r,
        w * 0.8
    );
}

/// The red cross and label at `at` of a support cut by the later move `by`.
fn cut_label(
    out: &mut String,
    at: Point,
    by: &OrderReport,
    scale: f64,
    frame: Option<(f64, f64, f64, f64)>,
) {
    // A later move cut this support: its recorded outcome stands.
    cross(out, "cut-mark", at, 7.0 * scale.max(0.6));
    let who = by.unit.as_ref().map_or(String::new(), |u| {
        format!(
            "{} {} {}",
            u.kind.map_or('?', UnitTypeName::letter),
            u.location,
            u.season
        )
    });
    let text = format!(
        "support cut by {} (line {}) when this season was re-opened",
        who, by.line
    );
    let (x, y) = inside(
        frame,
        at.x,
        at.y - 14.0 * scale.max(0.6),
        text.chars().count() as f64 * 12.0 * 0.66,
    );
    let _ = write!(
        out,
        r##"<text class="cut-label" x="{x:.1}" y="{y:.1}" font-size="12" font-weight="bold" fill="#d00000" stroke="#fff" stroke-width="3" paint-order="stroke" text-anchor="middle">{}</text>"##,
        esc(&text)
    );
}

/// The season tags, in the order's colour, at the points where it reaches another season.
fn season_tags(
    out: &mut String,
    tags: &[(Point, SeasonRef)],
    colour: &str,
    scale: f64,
    frame: Option<(f64, f64, f64, f64)>,
) {
    for &(p, s) in tags {
        let size = 11.0 * scale.max(1.0);
        let text = s.to_string();
        let width = text.len() as f64 * size * 0.66;
        let (x, y) = inside(
            frame,
            p.x + 8.0 * scale.max(1.0) + width / 2.0,
            p.y + 16.0 * scale.max(1.0),
            width,
        );
        let _ = write!(
            out,
            r##"<text class="season-tag" x="{x:.1}" y="{y:.1}" font-size="{size:.1}" font-weight="bold" fill="{colour}" stroke="#fff" stroke-width="3" paint-order="stroke" text-anchor="middle">{text}</text>"##,
        );
    }
}
