use super::*;

#[test]
fn phases_map_to_turns() {
    assert_eq!(phase("Spring 1901, Movement"), Ok((0, "movement")));
    assert_eq!(phase("Fall 1902, Retreat"), Ok((3, "retreat")));
    assert_eq!(phase("Fall 1901, Adjustment"), Ok((2, "adjustment")));
    assert!(phase("Spring 1901, Adjustment").is_err());
    assert!(phase("Summer").is_err());
    assert!(phase("Spring 1800, Movement").is_err());
}

#[test]
fn variant_names_are_map_names() {
    assert_eq!(map_name("Standard"), None);
    assert_eq!(map_name("classical"), None);
    assert_eq!(
        map_name("Ancient Mediterranean").as_deref(),
        Some("ancient-mediterranean")
    );
    assert_eq!(
        map_name("France vs Austria").as_deref(),
        Some("france-vs-austria")
    );
    assert_eq!(map_name(" ").as_deref(), Some(""));
}

#[test]
fn file_names_are_safe() {
    assert_eq!(file_name("6.A.1").0, "6.A.1.mdip");
    assert_eq!(file_name("a/b c").0, "a_b_c.mdip");
    assert_eq!(file_name("../x").0, "_.._x.mdip");
    let long = "x".repeat(300);
    let (name, shortened) = file_name(&long);
    assert!(shortened && name.len() <= LONGEST_NAME + 5, "{name}");
    assert_ne!(name, file_name(&"x".repeat(301)).0);
}
