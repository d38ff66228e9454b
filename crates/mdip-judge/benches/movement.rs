//! Benchmarks of the movement adjudicator on typical phases: the 22-unit opening of 1901 and a
//! crowded 34-unit middle game with supports, cut supports and convoys.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use mdip_judge::{adjudicate_movement, StandardGeography};
use mdip_test_support::fixtures;

/// Spring 1901 with common opening orders (22 units).
const OPENING: &[&str] = &[
    "Austria: A vie - gal",
    "Austria: A bud - ser",
    "Austria: F tri - alb",
    "England: F lon - nth",
    "England: F edi - nwg",
    "England: A lvp - yor",
    "France: A par - bur",
    "France: A mar - spa",
    "France: F bre - mao",
    "Germany: A ber - kie",
    "Germany: A mun - ruh",
    "Germany: F kie - den",
    "Italy: A ven - tyr",
    "Italy: A rom - apu",
    "Italy: F nap - ion",
    "Russia: A war - gal",
    "Russia: A mos - ukr",
    "Russia: F sev - bla",
    "Russia: F stp/sc - bot",
    "Turkey: A con - bul",
    "Turkey: A smy - con",
    "Turkey: F ank - bla",
];

/// A crowded middle game (34 units): supported attacks, cut supports, a convoy and a bounce.
const MIDGAME: &[&str] = &[
    "England: F nth C A yor - hol",
    "England: A yor - hol",
    "England: F hel S A yor - hol",
    "England: F nwg - nwy",
    "England: F bar S F nwg - nwy",
    "England: F eng - bre",
    "England: F iri S F eng - bre",
    "France: A bre H",
    "France: A par S A bre",
    "France: A bur - mun",
    "France: A mar S A bur - mun",
    "France: F mao - por",
    "France: F spa/sc S F mao - por",
    "Germany: A hol H",
    "Germany: A kie S A hol",
    "Germany: A mun H",
    "Germany: A ber S A mun",
    "Germany: F den - swe",
    "Russia: A nwy S A swe",
    "Russia: A swe H",
    "Russia: F bot S A swe",
    "Russia: A war - sil",
    "Russia: A ukr - gal",
    "Russia: F bla - ank",
    "Russia: F sev S F bla - ank",
    "Austria: A gal - war",
    "Austria: A bud S A gal - war",
    "Austria: A tri - ven",
    "Austria: A vie S A tri - ven",
    "Italy: A ven H",
    "Italy: A tyr S A ven",
    "Italy: F ion - aeg",
    "Turkey: F ank S F con",
    "Turkey: F con H",
];

fn bench(c: &mut Criterion) {
    let geo = StandardGeography;
    for (name, lines) in [("opening_22", OPENING), ("midgame_34", MIDGAME)] {
        let input = fixtures::movement_input(lines);
        c.bench_function(name, |b| {
            b.iter(|| adjudicate_movement(black_box(&input), &geo))
        });
    }
    let paradox = fixtures::movement_input(&[
        "England: F edi - nth",
        "England: F lon S F edi - nth",
        "England: F iri - eng",
        "England: F mao S F iri - eng",
        "France: A bre - lon",
        "France: F eng C A bre - lon",
        "France: F bel S F eng",
        "Russia: A nwy - bel",
        "Russia: F nth C A nwy - bel",
    ]);
    c.bench_function("paradox_6f24", |b| {
        b.iter(|| adjudicate_movement(black_box(&paradox), &geo))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
