//! Reading a jDip case's lines: comments, powers, units, provinces, phases and the orders of
//! past phases.

/// Splits a line at its `#` comment.
pub(super) fn split_comment(line: &str) -> (&str, Option<String>) {
    match line.find('#') {
        Some(i) => {
            let c = line[i + 1..].trim();
            (&line[..i], (!c.is_empty()).then(|| c.to_owned()))
        }
        None => (line, None),
    }
}

/// A position line: `England: F nth`, `France f mid`, `Russia: A stp` (the power, the unit).
pub(super) fn power_and_rest(text: &str) -> Option<(String, String)> {
    let (power, rest) = match text.split_once(':') {
        Some((p, r)) => (p.trim(), r.trim()),
        None => {
            let (p, r) = text.split_once(char::is_whitespace)?;
            (p.trim(), r.trim())
        }
    };
    if power.is_empty() || rest.is_empty() || power.contains(char::is_whitespace) {
        return None;
    }
    Some((power.to_owned(), rest.to_owned()))
}

/// A unit `A lvp` / `f stp/sc`: its type letter (upper case) and location.
pub(super) fn unit(text: &str) -> Option<(char, String)> {
    let (kind, loc) = text.trim().split_once(char::is_whitespace)?;
    let kind = match kind.to_ascii_lowercase().as_str() {
        "a" | "army" => 'A',
        "f" | "fleet" => 'F',
        _ => return None,
    };
    let loc = loc.trim();
    if loc.is_empty() || loc.contains(char::is_whitespace) {
        return None;
    }
    Some((kind, loc.to_owned()))
}

/// The province of a location (`stp/sc` → `stp`), lower-cased for comparisons.
pub(super) fn province(loc: &str) -> String {
    loc.split(['/', '('])
        .next()
        .unwrap_or(loc)
        .to_ascii_lowercase()
}

/// `Spring 1901, Movement` → the root turn and the phase directive, with how far the phase
/// words are from the notation's when they cannot be read.
pub(super) fn phase(text: &str) -> Result<(u32, &'static str), String> {
    let words: Vec<String> = text
        .split([',', ' ', '\t'])
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let [season, year, phase] = words.as_slice() else {
        return Err(format!(
            "phase `{text}`: expected a season, a year and a phase"
        ));
    };
    let year: u32 = year
        .parse()
        .ok()
        .filter(|y| *y >= 1901)
        .ok_or_else(|| format!("phase `{text}`: the year must be 1901 or later"))?;
    let fall = match season.as_str() {
        "spring" => false,
        "fall" | "autumn" => true,
        _ => return Err(format!("phase `{text}`: the season is Spring or Fall")),
    };
    let turn = (year - 1901).saturating_mul(2) + u32::from(fall);
    match phase.as_str() {
        "movement" => Ok((turn, "movement")),
        "retreat" | "retreats" => Ok((turn, "retreat")),
        // The adjustments after a Fall turn change the board that turn left: the next turn.
        "adjustment" | "adjustments" | "build" | "builds" if fall => Ok((turn + 1, "adjustment")),
        "adjustment" | "adjustments" | "build" | "builds" => {
            Err(format!("phase `{text}`: adjustments follow a Fall turn"))
        }
        _ => Err(format!(
            "phase `{text}`: the phase is Movement, Retreat or Adjustment"
        )),
    }
}

/// A move in the previous phase's results: `SUCCESS: Italy: A tyr-tri` → the origin and the
/// destination provinces; for a convoy `SUCCESS: England: F nth C A lon-nwy`, the army's.
pub(super) struct PastOrder {
    pub(super) success: bool,
    /// A unit's move (`None` for other orders).
    pub(super) mv: Option<(String, String)>,
    /// The move a convoy order carries.
    pub(super) convoyed: Option<(String, String)>,
    /// Whether the move was ordered `via convoy`.
    pub(super) via_convoy: bool,
}

pub(super) fn past_order(text: &str) -> Option<PastOrder> {
    let (status, rest) = text.split_once(':')?;
    let success = match status.trim().to_ascii_uppercase().as_str() {
        "SUCCESS" => true,
        "FAILURE" => false,
        _ => return None,
    };
    let (_, order) = power_and_rest(rest.trim())?;
    let mut words: Vec<&str> = order.split_whitespace().collect();
    let via_convoy = words.len() > 2
        && words[words.len() - 2].eq_ignore_ascii_case("via")
        && words[words.len() - 1].eq_ignore_ascii_case("convoy");
    if via_convoy {
        words.truncate(words.len() - 2);
    }
    let arrow = |w: &str| -> Option<(String, String)> {
        let (a, b) = w.split_once('-')?;
        Some((province(a), province(b)))
    };
    let mut out = PastOrder {
        success,
        mv: None,
        convoyed: None,
        via_convoy,
    };
    match words.as_slice() {
        [_, w] => out.mv = arrow(w),
        [_, a, "-", b] => out.mv = Some((province(a), province(b))),
        [_, _, c, _, w] if c.eq_ignore_ascii_case("c") => out.convoyed = arrow(w),
        _ => {}
    }
    Some(out)
}
