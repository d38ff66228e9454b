use super::*;
use crate::notation::Spelt;

#[test]
fn phase_names_are_read() {
    assert_eq!(phase_name("S1901M"), Some(('S', 1901, Kind::Movement)));
    assert_eq!(phase_name("F1902R"), Some(('F', 1902, Kind::Retreat)));
    assert_eq!(phase_name("W1901A"), Some(('W', 1901, Kind::Adjustment)));
    assert_eq!(phase_name("COMPLETED"), None);
    assert_eq!(phase_name("W1901M"), None);
    assert_eq!(phase_name("S19x1M"), None);
    assert_eq!(phase_name("SM"), None);
}

#[test]
fn orders_are_read_and_written() {
    let cases = [
        ("A BUD - RUM", Kind::Movement, "A bud - rum"),
        ("A EDI - NWY VIA", Kind::Movement, "A edi - nwy via convoy"),
        ("F STP/SC - BOT", Kind::Movement, "F stp/sc - bot"),
        ("A PAR S F BRE", Kind::Movement, "A par S F bre"),
        ("A MAR S A MUN - BUR", Kind::Movement, "A mar S A mun - bur"),
        (
            "A MAR S F POR - SPA/SC",
            Kind::Movement,
            "A mar S F por - spa",
        ),
        ("F NTH C A LON - NWY", Kind::Movement, "F nth C A lon - nwy"),
        ("F TRI H", Kind::Movement, "F tri H"),
        ("F TRI R ALB", Kind::Retreat, "F tri - alb"),
        ("F TRI D", Kind::Retreat, "Disband F tri"),
        ("F TRI D", Kind::Adjustment, "Remove F tri"),
        ("F STP/NC B", Kind::Adjustment, "Build F stp/nc"),
        ("WAIVE", Kind::Adjustment, "Waive"),
    ];
    for (input, kind, text) in cases {
        let written = order_of(input).map(|o| Spelt(&o.notation(kind), &write::WORDS).to_string());
        assert_eq!(written.as_deref(), Some(text));
    }
    for bad in ["", "A BUD", "X BUD H", "A B!D H", "A BUD - ", "A BUD S"] {
        assert_eq!(order_of(bad), None, "{bad}");
    }
}

#[test]
fn steps_follow_one_another() {
    let m = |s, y| (s, y, Kind::Movement);
    assert!(follows(m('S', 1901), m('F', 1901)));
    assert!(follows(m('S', 1901), ('S', 1901, Kind::Retreat)));
    assert!(follows(m('F', 1901), ('W', 1901, Kind::Adjustment)));
    assert!(follows(m('F', 1901), m('S', 1902)));
    assert!(follows(('W', 1901, Kind::Adjustment), m('S', 1902)));
    assert!(!follows(m('S', 1901), m('S', 1902)));
    assert!(!follows(m('F', 1901), m('F', 1902)));
    assert_eq!(power("AUSTRIA"), "Austria");
}

#[test]
fn renamed_abbreviations_are_replaced_outside_comments() {
    let r = [("thb", "the"), ("sin", "sii")];
    assert_eq!(
        rename(
            "Egypt: A thb - sin => fails  # A THB thb\n@expect retreats Egypt A thb: sin, ale\n"
                .to_owned(),
            &r
        ),
        "Egypt: A the - sii => fails  # A THB thb\n@expect retreats Egypt A the: sii, ale\n"
    );
}
