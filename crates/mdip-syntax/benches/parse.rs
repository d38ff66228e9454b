//! Throughput of lexing and parsing: about 10 MB of realistic order text, generated in memory
//! by a deterministic pseudo-random generator, reported in bytes per second.

use std::fmt::Write;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Province names as they appear in order files: full names and abbreviations.
const PROVINCES: &[&str] = &[
    "Munich",
    "Tyrolia",
    "North Sea",
    "Mid-Atlantic Ocean",
    "St Petersburg",
    "Gulf of Lyon",
    "Western Mediterranean",
    "Helgoland Bight",
    "Belgium",
    "Holland",
    "Burgundy",
    "Paris",
    "Picardy",
    "English Channel",
    "Norwegian Sea",
    "Constantinople",
    "Black Sea",
    "Bulgaria",
    "lon",
    "yor",
    "edi",
    "nth",
    "mao",
    "stp",
    "spa",
    "por",
    "gas",
    "mar",
    "ber",
    "kie",
    "mun",
];

const POWERS: &[&str] = &[
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];

/// A small deterministic generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// Writes a location, sometimes with a coast or a season.
fn loc(out: &mut String, rng: &mut Rng) {
    out.push_str(rng.pick(PROVINCES));
    match rng.below(10) {
        0 => out.push_str("(nc)"),
        1 => out.push_str(" (south coast)"),
        2 => out.push_str("/ec"),
        3 | 4 => {
            let _ = write!(out, " {}:{}", rng.below(20), rng.below(4));
        }
        _ => {}
    }
}

/// Writes a unit.
fn unit(out: &mut String, rng: &mut Rng) {
    out.push_str(if rng.below(2) == 0 { "A " } else { "F " });
    loc(out, rng);
}

/// Generates at least `size` bytes of order text.
fn generate(size: usize) -> String {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut out = String::with_capacity(size + 256);
    while out.len() < size {
        match rng.below(40) {
            0 => {
                let _ = writeln!(out, "\n# Block {} of the generated game.", out.len());
            }
            1..=3 => {
                let _ = writeln!(
                    out,
                    "{} {}:{}",
                    rng.pick(POWERS),
                    rng.below(30),
                    rng.below(5)
                );
            }
            4 => {
                let _ = writeln!(out, "{}:", rng.pick(POWERS));
            }
            5 => {
                let _ = writeln!(
                    out,
                    "@expect unit {} A {} 2:0",
                    rng.pick(POWERS),
                    rng.pick(PROVINCES)
                );
            }
            _ => {
                if rng.below(8) == 0 {
                    let _ = write!(out, "{}: ", rng.pick(POWERS));
                }
                match rng.below(10) {
                    0 => {
                        unit(&mut out, &mut rng);
                        out.push_str(" Hold");
                    }
                    1..=3 => {
                        unit(&mut out, &mut rng);
                        out.push_str(" - ");
                        loc(&mut out, &mut rng);
                        if rng.below(10) == 0 {
                            out.push_str(" via Convoy");
                        }
                    }
                    4 | 5 => {
                        unit(&mut out, &mut rng);
                        out.push_str(" Supports ");
                        unit(&mut out, &mut rng);
                        if rng.below(2) == 0 {
                            out.push_str(" - ");
                            loc(&mut out, &mut rng);
                        }
                    }
                    6 => {
                        unit(&mut out, &mut rng);
                        out.push_str(" Convoys A ");
                        loc(&mut out, &mut rng);
                        out.push_str(" - ");
                        loc(&mut out, &mut rng);
                    }
                    7 => {
                        out.push_str("Build ");
                        unit(&mut out, &mut rng);
                    }
                    8 => {
                        out.push_str("Remove ");
                        unit(&mut out, &mut rng);
                    }
                    _ => {
                        // One line in a hundred is cut short, as while typing.
                        unit(&mut out, &mut rng);
                        if rng.below(10) == 0 {
                            out.push_str(" - ");
                        } else {
                            out.push_str(" H");
                        }
                    }
                }
                match rng.below(6) {
                    0 => out.push_str("   => succeeds"),
                    1 => out.push_str(" => fails"),
                    2 => out.push_str("  # a note"),
                    _ => {}
                }
                out.push('\n');
            }
        }
    }
    out
}

fn bench_parse(c: &mut Criterion) {
    let text = generate(10 * 1024 * 1024);
    let mut group = c.benchmark_group("mdip-syntax");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(10);
    group.bench_function("lex", |b| {
        b.iter(|| mdip_syntax::lex(black_box(&text)).len())
    });
    group.bench_function("lex+parse", |b| {
        b.iter(|| mdip_syntax::parse(black_box(&text)))
    });
    group.finish();
}

criterion_group!(benches, bench_parse);
criterion_main!(benches);
