//! Properties of the multiversal World over random games (issue 4, item 6).
//!
//! Games come from the seeded generator of `mdip-test-support` (standard opening or a small
//! random position, 8–14 movement steps with moves across seasons and timelines, supports and
//! convoys, retreat and adjustment steps). After every step the checks of
//! `mdip_test_support::run_checked` hold:
//!
//! - no unit is duplicated or lost: every unit of a head or forked season is in its successor
//!   (stayed), arrived somewhere by a successful move (exactly once for a live move, in the
//!   successor of its destination), or was dislodged, then retreated or disbanded; adjustments
//!   change boards only by their builds and removals; no two units share a province;
//! - the past is never edited (old boards, owners and records stay);
//! - a season forks only as rule 16 says (re-opened, and a live arrival or a result unlike every
//!   existing child's), numbered by (turn, timeline) (rule 18); heads advance by one turn;
//!   supply centres change hands only after Fall turns.
//!
//! Further tests: the same inputs give the same world (determinism), and permuting the inputs of
//! a step changes nothing (but for the order of one power's adjustment orders in one season,
//! which DATC 4.D.4–4.D.6 take one by one). `MDIP_MULTIVERSE_GAMES=n` and `MDIP_MULTIVERSE_SEED=s` run other
//! games; a failing game is written as `.mdip` text to the temporary directory.

use mdip_test_support::{
    apply, digest, first_difference, game_text, generate, run_checked, Config, Game, Rng, Stats,
    Style,
};

fn seeds() -> std::ops::Range<u64> {
    let var = |name: &str| std::env::var(name).ok().and_then(|s| s.parse::<u64>().ok());
    let base = var("MDIP_MULTIVERSE_SEED").unwrap_or(0);
    base..base + var("MDIP_MULTIVERSE_GAMES").unwrap_or(24)
}

fn fail(game: &Game, what: &str, e: &str) -> ! {
    let path = std::env::temp_dir().join(format!("mdip-multiverse-{}.mdip", game.config.seed));
    let written = std::fs::write(&path, game_text(game, &Style::terse()).text).is_ok();
    panic!(
        "seed {}: {what}: {e}\n{}",
        game.config.seed,
        if written {
            format!("(the game is in {})", path.display())
        } else {
            String::new()
        }
    );
}

#[test]
fn every_step_keeps_the_invariants() {
    let mut total = Stats::default();
    for seed in seeds() {
        let game = generate(&Config::small(seed));
        match run_checked(&game) {
            Ok((_, _, s)) => total.add(&s),
            Err(e) => fail(&game, "invariant broken", &e),
        }
    }
    println!("{total:#?}");
    let reached = [
        ("forks", total.forks),
        ("forks by a changed result", total.forks_by_result),
        ("arrivals in the past", total.past_arrivals),
        (
            "arrivals in other heads",
            total.travels - total.past_arrivals,
        ),
        (
            "re-opened seasons that do not fork",
            total.reopened_unforked,
        ),
        ("convoys", total.convoys),
        ("supports across seasons", total.cross_season_supports),
        ("retreats", total.retreated),
        ("disbands", total.disbanded),
        ("builds", total.built),
        ("removals", total.removed),
        ("civil disorder", total.civil_disorder),
        ("illegal orders", total.illegal),
    ];
    for (what, n) in reached {
        assert!(n > 0, "the generated games have no {what}: {total:#?}");
    }
}

#[test]
fn same_input_same_result() {
    for seed in seeds() {
        let game = generate(&Config::small(seed));
        let again = generate(&Config::small(seed));
        assert_eq!(
            game_text(&game, &Style::terse()).text,
            game_text(&again, &Style::terse()).text,
            "seed {seed}: the generator is not deterministic"
        );
        let mut a = game.setup.world();
        let mut b = game.setup.world();
        for (k, step) in game.steps.iter().enumerate() {
            let ra = apply(&mut a, step);
            let rb = apply(&mut b, step);
            if ra.summary() != rb.summary() || ra.verdicts() != rb.verdicts() {
                fail(&game, "nondeterministic report", &format!("step {k}"));
            }
            if let Some(d) = first_difference(&digest(&a), &digest(&b)) {
                fail(&game, "nondeterministic world", &format!("step {k}: {d}"));
            }
        }
    }
}

#[test]
fn permuting_the_inputs_of_a_step_changes_nothing() {
    for seed in seeds() {
        let game = generate(&Config::small(seed));
        let mut rng = Rng::new(seed ^ 0xBEEF);
        let mut world = game.setup.world();
        for (k, step) in game.steps.iter().enumerate() {
            let perm = step.random_permutation(&mut rng);
            let mut other = world.clone();
            let r2 = apply(&mut other, &step.permuted(&perm));
            let r1 = apply(&mut world, step);
            if let Some(d) = first_difference(&digest(&world), &digest(&other)) {
                fail(&game, "permuted inputs", &format!("step {k}: {d}"));
            }
            if r1.summary() != r2.summary() {
                fail(
                    &game,
                    "permuted inputs",
                    &format!("step {k}: reports differ"),
                );
            }
            let (v1, v2) = (r1.verdicts(), r2.verdicts());
            for (i, &p) in perm.iter().enumerate() {
                if v2[i] != v1[p] {
                    fail(
                        &game,
                        "permuted inputs",
                        &format!("step {k}: input {p} {:?} became {:?}", v1[p], v2[i]),
                    );
                }
            }
        }
    }
}
