//! Unit tests of the completion context.

use super::context::word_starts;

#[test]
fn word_starts_cover_names_of_several_words() {
    let text = "A St Pe";
    assert_eq!(word_starts(text, 0, text.len()), vec![5, 2, 0]);
    let text = "A Munich -";
    assert_eq!(word_starts(text, 0, text.len())[0], text.len());
}
