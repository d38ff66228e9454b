//! The syntax walk and the token lookup at an offset.

use mdip_syntax::{lex, parse, run_before, token_at, walk, Role, Span, Step, TokenKind, UnitSlot};

#[test]
fn token_at_finds_the_token_containing_or_ending_at_an_offset() {
    let text = "A Munich -  Tyrolia";
    let tokens = lex(text);
    let at = |o| token_at(&tokens, o).map(|t| (t.kind, t.span));
    assert_eq!(at(0), Some((TokenKind::Word, Span::new(0, 1))));
    assert_eq!(at(5), Some((TokenKind::Word, Span::new(2, 8))));
    assert_eq!(at(8), Some((TokenKind::Word, Span::new(2, 8))));
    assert_eq!(at(9), Some((TokenKind::Dash, Span::new(9, 10))));
    assert_eq!(at(11), None);
    assert_eq!(at(19), Some((TokenKind::Word, Span::new(12, 19))));
}

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
