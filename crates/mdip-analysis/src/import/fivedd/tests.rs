use super::*;

#[test]
fn regions_map_both_ways() {
    for id in REGIONS {
        let name = mdip_location(id).unwrap();
        assert_eq!(game_region(&name), Some(id), "{id} -> {name}");
    }
    assert_eq!(mdip_location("Spa_S").as_deref(), Some("spa/sc"));
    assert_eq!(mdip_location("Bul_E").as_deref(), Some("bul/ec"));
    assert_eq!(game_region("stp/nc"), Some("Stp_N"));
    assert_eq!(mdip_location("Xyz"), None);
}

#[test]
fn boards_map_to_seasons() {
    assert_eq!(season_of(1, 1901, Phase::Spring, "").unwrap(), (0, 0));
    assert_eq!(season_of(3, 1902, Phase::Fall, "").unwrap(), (3, 2));
    assert_eq!(season_of(1, 1901, Phase::Winter, "").unwrap(), (2, 0));
    assert!(season_of(0, 1901, Phase::Spring, "x").is_err());
    assert!(season_of(1, 1900, Phase::Spring, "x").is_err());
}
