//! The syntax walk and the token run before an offset.

use mdip_syntax::{lex, parse, run_before, walk, Role, Step, TokenKind, UnitSlot};

#[test]
fn run_before_takes_adjacent_tokens_of_the_kinds_asked() {
    let text = "@expect unit 1:0:";
    let tokens = lex(text);
    let any = |_| true;
    let run = run_before(&tokens, text.len() as u32, any);
    assert_eq!(run.len(), 2); // `1:0` and `:`
    assert!(run_before(&tokens, 7, |k| k == TokenKind::Word).len() == 1);
    assert_eq!(run_before(&tokens, 7, any).len(), 2); // `@` and `expect`
    assert!(run_before(&tokens, 8, any).is_empty());
}

#[test]
fn the_walk_visits_parts_in_text_order_and_can_skip() {
    let parse = parse("England: F London S A Wales - Yorkshire => fails # note\n@turn 4\n");
    let mut roles = Vec::new();
    walk(&parse.file, &mut |role, _, _| {
        roles.push(role);
        if matches!(role, Role::Unit(UnitSlot::Target)) {
            Step::Skip
        } else {
            Step::Into
        }
    });
    use mdip_syntax::LocSlot;
    assert_eq!(
        roles,
        [
            Role::Line,
            Role::OrderLine,
            Role::Power,
            Role::Colon,
            Role::Unit(UnitSlot::Ordered),
            Role::UnitKind,
            Role::Loc(LocSlot::Unit),
            Role::Province,
            Role::Keyword,
            Role::Unit(UnitSlot::Target),
            Role::Arrow,
            Role::Loc(LocSlot::Destination),
            Role::Province,
            Role::Outcome,
            Role::OutcomeArrow,
            Role::OutcomeWord,
            Role::Comment,
            Role::Line,
            Role::Directive,
            Role::DirectiveAt,
            Role::DirectiveName,
            Role::Number,
            Role::Line,
        ]
    );
}
