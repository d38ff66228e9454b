//! Tests of the helpers editors need: the line index, the token stream and highlighting.

use mdip_syntax::{highlight, lex, parse, HighlightKind, LineCol, LineIndex, Span, TokenKind};

/// Renders the highlights of `input` as `kind "text"` pairs.
fn highlights(input: &str) -> Vec<String> {
    highlight(input)
        .into_iter()
        .map(|h| format!("{:?} {:?}", h.kind, &input[h.span.range()]))
        .collect()
}

#[test]
fn line_index_splits_at_lf_crlf_and_lone_cr() {
    let text = "ab\ncd\r\nef\rgh";
    let index = LineIndex::new(text);
    assert_eq!(index.line_count(), 4);
    let lines: Vec<&str> = (0..4)
        .map(|i| &text[index.line_span(i).unwrap().range()])
        .collect();
    assert_eq!(lines, ["ab", "cd", "ef", "gh"]);
    assert_eq!(index.line_col(0), LineCol { line: 0, col: 0 });
    assert_eq!(index.line_col(2), LineCol { line: 0, col: 2 });
    assert_eq!(index.line_col(3), LineCol { line: 1, col: 0 });
    assert_eq!(index.line_col(6), LineCol { line: 1, col: 3 }); // The LF of the CRLF.
    assert_eq!(index.line_col(7), LineCol { line: 2, col: 0 });
    assert_eq!(index.line_col(10), LineCol { line: 3, col: 0 });
    assert_eq!(index.line_col(99), LineCol { line: 3, col: 2 });
    assert_eq!(index.offset(LineCol { line: 2, col: 1 }), Some(8));
    assert_eq!(index.offset(LineCol { line: 2, col: 3 }), None);
    assert_eq!(index.offset(LineCol { line: 4, col: 0 }), None);
}

#[test]
fn line_index_of_empty_and_trailing_newline() {
    assert_eq!(LineIndex::new("").line_count(), 1);
    let index = LineIndex::new("a\n");
    assert_eq!(index.line_count(), 2);
    assert_eq!(index.line_span(1), Some(Span::empty(2)));
}

#[test]
fn lexer_tokens() {
    let text = "F Mid-Atlantic(nc) -> 1:0 => x, @y /z # c\r\n%";
    let kinds: Vec<TokenKind> = lex(text).iter().map(|t| t.kind).collect();
    use TokenKind::*;
    assert_eq!(
        kinds,
        [
            Word, Word, LParen, Word, RParen, Arrow, Season, FatArrow, Word, Comma, At, Word,
            Slash, Word, Comment, Newline, Error
        ]
    );
    let texts: Vec<&str> = lex(text).iter().map(|t| &text[t.span.range()]).collect();
    assert_eq!(texts[1], "Mid-Atlantic");
    assert_eq!(texts[14], "# c");
    assert_eq!(texts[15], "\r\n");
}

#[test]
fn lexer_is_robust_on_odd_seasons_and_letters() {
    let text = "1: :0 99999999999:0 Zürich 日本 😀 St.";
    let tokens: Vec<(TokenKind, &str)> = lex(text)
        .iter()
        .map(|t| (t.kind, &text[t.span.range()]))
        .collect();
    use TokenKind::*;
    assert_eq!(
        tokens,
        [
            (Season, "1:"),
            (Colon, ":"),
            (Number, "0"),
            (Season, "99999999999:0"),
            (Word, "Zürich"),
            (Word, "日本"),
            (Error, "😀"),
            (Word, "St."),
        ]
    );
}

#[test]
fn highlight_classifies_by_position() {
    assert_eq!(
        highlights("England: F Spain(nc) S A Paris 1:0 - Gascony => fails # x"),
        [
            "Power \"England\"",
            "Punctuation \":\"",
            "UnitType \"F\"",
            "Province \"Spain\"",
            "Coast \"(nc)\"",
            "Keyword \"S\"",
            "UnitType \"A\"",
            "Province \"Paris\"",
            "Season \"1:0\"",
            "Operator \"-\"",
            "Province \"Gascony\"",
            "Operator \"=>\"",
            "Outcome \"fails\"",
            "Comment \"# x\"",
        ]
    );
    assert_eq!(
        highlights("Germany 1:0\nA London to Belgium via Convoy"),
        [
            "Power \"Germany\"",
            "Season \"1:0\"",
            "UnitType \"A\"",
            "Province \"London\"",
            "Keyword \"to\"",
            "Province \"Belgium\"",
            "Keyword \"via Convoy\"",
        ]
    );
}

#[test]
fn highlight_directives_and_broken_lines() {
    assert_eq!(
        highlights("@expect owner St Petersburg Russia 1:0\n@start standard\n@turn 3"),
        [
            "Directive \"@expect\"",
            "Directive \"owner\"",
            "Province \"St Petersburg\"",
            "Power \"Russia\"",
            "Season \"1:0\"",
            "Directive \"@start\"",
            "Value \"standard\"",
            "Directive \"@turn\"",
            "Number \"3\"",
        ]
    );
    // An incomplete order keeps its pieces; a stray character is an error.
    assert_eq!(
        highlights("A Paris - %"),
        [
            "UnitType \"A\"",
            "Province \"Paris\"",
            "Operator \"-\"",
            "Error \"%\""
        ]
    );
    assert_eq!(
        highlights("Build A"),
        ["Keyword \"Build\"", "UnitType \"A\""]
    );
}

#[test]
fn highlight_kinds_cover_retreats() {
    let kinds: Vec<HighlightKind> = highlight("Retreat F Trieste - Albania")
        .into_iter()
        .map(|h| h.kind)
        .collect();
    assert_eq!(
        kinds,
        [
            HighlightKind::Keyword,
            HighlightKind::UnitType,
            HighlightKind::Province,
            HighlightKind::Operator,
            HighlightKind::Province
        ]
    );
}

#[test]
fn parse_spans_of_a_file_with_errors_stay_inside_it() {
    let text = "England:\nF North Sea Convoys A\nA Paris - (\n@expect owner\n";
    let parse = parse(text);
    assert_eq!(parse.errors.len(), 3);
    for span in parse.spans() {
        assert!(span.end as usize <= text.len());
    }
}

#[test]
fn validate_detects_broken_invariants() {
    let text = "A Paris\nA Brest";
    assert_eq!(parse(text).validate(text), Ok(()));
    let mut broken = parse(text);
    broken.file.lines[0].span = Span::new(0, 99);
    assert!(broken.validate(text).is_err());
    let mut split_char = parse("é");
    split_char.errors.push(mdip_syntax::SyntaxError::new(
        mdip_syntax::ErrorCode::InvalidCharacter,
        Span::new(0, 1),
        "half a character",
    ));
    assert!(split_char.validate("é").is_err());
    let mut two_errors = parse("A Paris -");
    two_errors.errors.push(two_errors.errors[0].clone());
    assert!(two_errors.validate("A Paris -").is_err());
}
