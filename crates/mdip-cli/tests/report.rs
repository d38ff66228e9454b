//! The text report players read (`mdip check --report`), snapshotted on games of every kind:
//! a standard opening with bounces, a retreat step, an adjustment step (Winter), a
//! multiversal game with a fork and a cross-timeline support, and orders that were never
//! adjudicated (an unknown power). To review changes: `cargo insta review`.

mod common;

use common::run;

const FILES: [&str; 14] = [
    "examples/opening.mdip",
    "examples/time-travel.mdip",
    "tests/mdatc/3.A.6.mdip",
    "tests/datc/6.H.9.mdip",
    "tests/datc/6.I.1.mdip",
    "tests/cases/builds-per-timeline.mdip",
    "crates/mdip-cli/tests/inputs/03-power-typo-header.mdip",
    // The slips of issue 28, each with the exact text it now gives.
    "crates/mdip-cli/tests/inputs/94-one-timeline-season-words.mdip",
    "crates/mdip-cli/tests/inputs/95-refused-fleet-build.mdip",
    "crates/mdip-cli/tests/inputs/96-retreat-header-nothing-dislodged.mdip",
    "crates/mdip-cli/tests/inputs/97-order-without-unit-type-in-block.mdip",
    "crates/mdip-cli/tests/inputs/98-needless-coast-not-reported.mdip",
    "crates/mdip-cli/tests/inputs/99-incomplete-convoy-chain.mdip",
    "crates/mdip-cli/tests/inputs/100-retreats-owed-position.mdip",
];

#[test]
fn player_reports() {
    for file in FILES {
        let r = run(&["check", "--color", "never", "--report", "--no-report", file]);
        assert_eq!(r.code, 2, "--report and --no-report conflict");
        let r = run(&["check", "--color", "never", "--report", file]);
        let name = file.rsplit('/').next().unwrap().trim_end_matches(".mdip");
        let mut settings = insta::Settings::clone_current();
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.set_snapshot_suffix("report");
        settings
            .bind(|| insta::assert_snapshot!(name, format!("exit code: {}\n{}", r.code, r.stdout)));
    }
}
