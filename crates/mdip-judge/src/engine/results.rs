//! Reading the settled decisions out: each unit's outcome and reason, the strengths behind
//! them (DATC 5.B) and the supports given, once [`Engine::solve`](super::Engine) is done.

use super::*;

impl Engine<'_> {
    /// Builds the result from the settled decisions.
    pub(super) fn result(&mut self) -> MovementResult {
        let n = self.slots.len();
        let moved: Vec<bool> = (0..n)
            .map(|u| self.slots[u].kind == Kind::Move && self.value(u))
            .collect();

        // Dislodgements: a unit that stays while a foreign move into its place succeeds.
        let mut dislodged_by = vec![NONE; n];
        let mut dislodged = Vec::new();
        for u in 0..n {
            let g = self.slots[u].own_group;
            if moved[u] {
                continue;
            }
            let (s, e) = self.group_ranges[g as usize];
            let attacker = self.groups[s as usize..e as usize]
                .iter()
                .map(|&a| a as usize)
                .find(|&a| a != u && moved[a] && self.units[a].power != self.units[u].power);
            if let Some(a) = attacker {
                dislodged_by[u] = index(a);
                dislodged.push(Dislodgement {
                    unit: u,
                    by: a,
                    attacker_from: self.slots[a].origin,
                    by_convoy: self.slots[a].route == Route::Convoy,
                });
            }
        }

        // Standoffs: an empty place where two or more moves with prevent strength failed.
        let mut contested = Vec::new();
        for g in 0..self.group_ranges.len() {
            let (s, e) = self.group_ranges[g];
            if s == e
                || self.groups[s as usize..e as usize]
                    .iter()
                    .any(|&m| moved[m as usize])
            {
                continue;
            }
            let occupant = self.slots[self.groups[s as usize] as usize].occupant;
            if occupant != NONE && !moved[occupant as usize] {
                continue;
            }
            let mut bouncing = 0;
            for i in s..e {
                if self.prevent(self.groups[i as usize] as usize, true) > 0 {
                    bouncing += 1;
                }
            }
            if bouncing >= 2 {
                contested.push(self.place_list[g]);
            }
        }
        contested.sort_unstable();

        let mut outcomes = Vec::with_capacity(n);
        let mut positions = Vec::with_capacity(n);
        for u in 0..n {
            let outcome = self.outcome(u, &moved, &dislodged_by);
            outcomes.push(outcome);
            positions.push(if moved[u] {
                self.slots[u].aim_at
            } else {
                self.units[u].at
            });
        }
        let strengths = (0..n).map(|u| self.strengths(u)).collect();
        MovementResult {
            outcomes,
            positions,
            dislodged,
            contested,
            strengths,
        }
    }

    /// The strengths behind unit `u`'s outcome, every decision being final: a move's attack
    /// and what it met, any other unit's hold strength.
    pub(super) fn strengths(&mut self, u: usize) -> Strengths {
        let slot = self.slots[u];
        if slot.kind != Kind::Move {
            return Strengths {
                own: self.hold_strength(index(u)),
                met: Vec::new(),
            };
        }
        let value = self.attack(u, true);
        let foreign_to = (slot.occupant != NONE).then(|| self.units[slot.occupant as usize].power);
        let supporters = if value == 0 {
            Vec::new()
        } else {
            // An attack on a unit that stays counts no support of the defender's power.
            let stays = slot.occupant != NONE
                && (slot.h2h != NONE
                    || self.slots[slot.occupant as usize].kind != Kind::Move
                    || !self.value(slot.occupant as usize));
            self.given_supports(u, if stays { foreign_to } else { None })
        };
        let mut met = Vec::new();
        if slot.h2h != NONE {
            let h = slot.h2h as usize;
            met.push(Met {
                unit: h,
                kind: Opposition::Defend,
                strength: Strength {
                    value: self.defend(h, true),
                    supporters: self.given_supports(h, None),
                },
            });
        } else if slot.occupant != NONE {
            met.push(Met {
                unit: slot.occupant as usize,
                kind: Opposition::Hold,
                strength: self.hold_strength(slot.occupant),
            });
        }
        let (s, e) = self.group_ranges[slot.dest_group as usize];
        for i in s..e {
            let rival = self.groups[i as usize] as usize;
            if rival == u {
                continue;
            }
            let value = self.prevent(rival, true);
            met.push(Met {
                unit: rival,
                kind: Opposition::Prevent,
                strength: Strength {
                    value,
                    supporters: if value == 0 {
                        Vec::new()
                    } else {
                        self.given_supports(rival, None)
                    },
                },
            });
        }
        Strengths {
            own: Strength { value, supporters },
            met,
        }
    }

    /// The hold strength of the place of `occupant`, with the supports counted in it.
    pub(super) fn hold_strength(&mut self, occupant: u32) -> Strength {
        let value = self.hold(occupant, true);
        let supporters = if self.slots[occupant as usize].kind == Kind::Move {
            Vec::new()
        } else {
            self.given_supports(occupant as usize, None)
        };
        Strength { value, supporters }
    }

    /// The supporters counted for `u` once every decision is final (as `supports` counts them).
    pub(super) fn given_supports(
        &mut self,
        u: usize,
        foreign_to: Option<mdip_map::Power>,
    ) -> Vec<UnitId> {
        let (s, e) = self.slots[u].sup;
        let mut out = Vec::new();
        for i in s..e {
            let supporter = self.sup[i as usize] as usize;
            if foreign_to == Some(self.units[supporter].power)
                || self.against_own_unit(u, supporter)
            {
                continue;
            }
            if self.resolve(supporter, true) {
                out.push(supporter);
            }
        }
        out.sort_unstable();
        out
    }

    /// The outcome and reason of unit `u`'s order.
    pub(super) fn outcome(&mut self, u: usize, moved: &[bool], dislodged_by: &[u32]) -> Outcome {
        let slot = self.slots[u];
        let dislodger = dislodged_by[u];
        match slot.kind {
            Kind::Hold => match dislodger {
                NONE => Outcome::new(Reason::Held),
                by => Outcome::new(Reason::Dislodged { by: by as usize }),
            },
            Kind::Move => {
                let success = moved[u];
                if self.pinned(u) {
                    return Outcome::new(Reason::Pinned { succeeded: success });
                }
                if success {
                    let by_convoy = slot.route == Route::Convoy;
                    return Outcome::new(Reason::Moved { by_convoy });
                }
                Outcome::new(self.move_failure(u))
            }
            Kind::SupportHold | Kind::SupportMove => {
                if !slot.matched {
                    return Outcome::new(Reason::SupportVoid);
                }
                let given = self.value(u);
                if self.pinned(u) {
                    return Outcome::new(Reason::Pinned { succeeded: given });
                }
                if self.paradox(u) {
                    return Outcome::new(Reason::Paradox);
                }
                if given {
                    return Outcome::new(Reason::SupportGiven);
                }
                if let Some(cutter) = self.cutter(u) {
                    return Outcome::new(Reason::SupportCut { by: cutter });
                }
                match dislodger {
                    NONE => Outcome::new(Reason::Paradox),
                    by => Outcome::new(Reason::Dislodged { by: by as usize }),
                }
            }
            Kind::Convoy => {
                if !slot.matched {
                    return Outcome::new(Reason::ConvoyVoid);
                }
                if !slot.valid {
                    return Outcome::new(Reason::ConvoyNotUsed);
                }
                let army = slot.target as usize;
                let available = self.value(u);
                let carried = available && self.path(army, true) && self.on_route(army, u);
                if self.pinned(u) {
                    return Outcome::new(Reason::Pinned { succeeded: carried });
                }
                if self.paradox(u) {
                    return Outcome::new(Reason::ConvoyParadox);
                }
                if carried {
                    return Outcome::new(Reason::ConvoyUsed);
                }
                if available {
                    // No chain even with every ordered fleet standing: nothing disrupted it.
                    if !self.path(army, true) && self.path_failure(army) == Reason::NoConvoyPath {
                        return Outcome::new(Reason::NoConvoyRoute);
                    }
                    return Outcome::new(Reason::ConvoyDisrupted);
                }
                match dislodger {
                    NONE => Outcome::new(Reason::Paradox),
                    by => Outcome::new(Reason::Dislodged { by: by as usize }),
                }
            }
        }
    }

    /// Whether the caller fixed the decision of `u`.
    pub(super) fn pinned(&self, u: usize) -> bool {
        self.slots[u].pinned
    }

    /// The first foreign attack that cut support `s` without needing to dislodge it.
    pub(super) fn cutter(&mut self, s: usize) -> Option<UnitId> {
        let slot = self.slots[s];
        let (b, e) = self.group_ranges[slot.own_group as usize];
        for i in b..e {
            let a = self.groups[i as usize] as usize;
            if a != s
                && self.units[a].power != self.units[s].power
                && self.slots[a].origin != slot.aim
                && self.path(a, true)
            {
                return Some(a);
            }
        }
        None
    }

    /// Why move `m` failed.
    pub(super) fn move_failure(&mut self, m: usize) -> Reason {
        let slot = self.slots[m];
        if slot.route == Route::Impossible {
            return Reason::Unreachable;
        }
        if !self.path(m, true) {
            return self.path_failure(m);
        }
        let attack = self.attack(m, true);
        let o = slot.occupant;
        if attack == 0 && o != NONE {
            return Reason::WouldDislodgeOwnUnit { unit: o as usize };
        }
        if slot.h2h != NONE && self.value(slot.h2h as usize) {
            return Reason::LostHeadToHead {
                to: slot.h2h as usize,
            };
        }
        let mut by = Vec::new();
        if slot.h2h != NONE {
            if attack <= self.defend(slot.h2h as usize, true) {
                by.push(slot.h2h as usize);
            }
        } else if o != NONE && attack <= self.hold(o, true) {
            by.push(o as usize);
        }
        let (s, e) = self.group_ranges[slot.dest_group as usize];
        for i in s..e {
            let rival = self.groups[i as usize] as usize;
            if rival != m && attack <= self.prevent(rival, true) {
                by.push(rival);
            }
        }
        if by.is_empty() && self.paradox(m) {
            return Reason::Paradox;
        }
        Reason::Bounced { by }
    }

    /// Why the convoy route of move `m` failed.
    pub(super) fn path_failure(&self, m: usize) -> Reason {
        let slot = self.slots[m];
        let (s, e) = (slot.cv.0 as usize, slot.cv.1 as usize);
        let k = e - s;
        // Is there a chain at all when every ordered fleet stands?
        let complete = self
            .spread(m, FIRST_HOP, &vec![true; k])
            .iter()
            .enumerate()
            .any(|(i, &reached)| reached && self.cv_ends[s + i] & LAST_HOP != 0);
        if !complete {
            return Reason::NoConvoyPath;
        }
        if (0..k).any(|i| self.paradox(self.cv[s + i] as usize)) {
            return Reason::ConvoyParadox;
        }
        Reason::ConvoyDisrupted
    }
}
