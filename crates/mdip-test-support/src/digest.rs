//! Everything observable of a world, for comparing two worlds that should be equal.

use mdip_judge::world::{Dislodged, Phase, Season, SeasonKey, Timeline, World};

/// Everything observable of a world, for equality.
#[derive(Clone, Debug, PartialEq)]
pub struct Digest {
    /// The phase.
    pub phase: Phase,
    /// Steps run.
    pub steps: u32,
    /// The timelines.
    pub timelines: Vec<Timeline>,
    /// Every season.
    pub seasons: Vec<Season>,
    /// Units waiting to retreat.
    pub pending_retreats: Vec<Dislodged>,
    /// Seasons waiting for adjustments.
    pub pending_adjustments: Vec<SeasonKey>,
}

/// The digest of a world.
pub fn digest(world: &World) -> Digest {
    Digest {
        phase: world.phase(),
        steps: world.steps_done(),
        timelines: world.timelines().to_vec(),
        seasons: world.seasons().cloned().collect(),
        pending_retreats: world.pending_retreats().to_vec(),
        pending_adjustments: world.pending_adjustments().to_vec(),
    }
}

/// Where two digests first differ, in words.
pub fn first_difference(a: &Digest, b: &Digest) -> Option<String> {
    if a == b {
        return None;
    }
    if a.phase != b.phase || a.steps != b.steps {
        return Some(format!(
            "phase/steps {:?}/{} vs {:?}/{}",
            a.phase, a.steps, b.phase, b.steps
        ));
    }
    if a.timelines != b.timelines {
        return Some(format!("timelines {:?} vs {:?}", a.timelines, b.timelines));
    }
    let ka: Vec<SeasonKey> = a.seasons.iter().map(|s| s.key).collect();
    let kb: Vec<SeasonKey> = b.seasons.iter().map(|s| s.key).collect();
    if ka != kb {
        return Some(format!("seasons {ka:?} vs {kb:?}"));
    }
    for (x, y) in a.seasons.iter().zip(&b.seasons) {
        if x != y {
            return Some(format!("season {}: {x:?}\n vs {y:?}", x.key));
        }
    }
    if a.pending_retreats != b.pending_retreats {
        return Some(format!(
            "pending retreats {:?} vs {:?}",
            a.pending_retreats, b.pending_retreats
        ));
    }
    Some(format!(
        "pending adjustments {:?} vs {:?}",
        a.pending_adjustments, b.pending_adjustments
    ))
}
