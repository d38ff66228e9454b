//! Victory: supply-centre counts, the winner as the rules' [`Victory`] policy and the map's
//! victory count say, and whether the game is over.

use mdip_map::Power;

use super::{SeasonKey, World};
use crate::rules::Victory;

impl World {
    /// Supply-centre counts per power in a season.
    pub fn centre_count(&self, season: SeasonKey, power: Power) -> usize {
        self.seasons.get(&season).map_or(0, |s| {
            s.owners.iter().filter(|o| **o == Some(power)).count()
        })
    }

    /// Victory as reported by rule 21: the one power owning more than half the map's supply
    /// centres (18 of 34 on the standard map), counting distinct centres across all heads, if
    /// exactly one does; under [`Victory::SoleLeaderEndsGame`] the power with the most, if it
    /// has that many and no other power has as many.
    pub fn winner(&self) -> Option<Power> {
        let (needed, counts) = self.victory_counts();
        self.winner_of(needed, &counts)
    }

    /// What victory is counted on (rule 21): the supply centres a win needs (more than half
    /// the map's), and each power's distinct centres over all heads, in the map's order.
    pub fn victory_counts(&self) -> (usize, Vec<(Power, usize)>) {
        let needed = self.map.victory_centres();
        let mut counts: Vec<(Power, usize)> = Vec::new();
        for &power in self.map.powers() {
            let mut owned = vec![false; self.map.province_count()];
            for head in self.heads() {
                if let Some(s) = self.seasons.get(&head) {
                    for (i, o) in s.owners.iter().enumerate() {
                        if *o == Some(power) {
                            owned[i] = true;
                        }
                    }
                }
            }
            counts.push((power, owned.iter().filter(|b| **b).count()));
        }
        (needed, counts)
    }

    /// The winner from [`World::victory_counts`].
    fn winner_of(&self, needed: usize, counts: &[(Power, usize)]) -> Option<Power> {
        let winners: Vec<Power> = match self.rules.victory {
            Victory::OnlyOneAtEighteen => counts
                .iter()
                .filter(|&&(_, n)| n >= needed)
                .map(|&(p, _)| p)
                .collect(),
            Victory::SoleLeaderEndsGame => {
                let most = counts.iter().map(|&(_, n)| n).max().unwrap_or(0);
                counts
                    .iter()
                    .filter(|&&(_, n)| n == most && n >= needed)
                    .map(|&(p, _)| p)
                    .collect()
            }
        };
        match winners.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// Whether the game is over: under [`Victory::SoleLeaderEndsGame`], once a power has won,
    /// no step is adjudicated any more.
    pub fn game_over(&self) -> bool {
        self.rules.victory == Victory::SoleLeaderEndsGame && self.winner().is_some()
    }
}
