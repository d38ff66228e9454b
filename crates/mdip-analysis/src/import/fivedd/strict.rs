//! The JSON document checked before it is read into the game's types: one value and nothing
//! after it, no key twice in an object. One pass over the text, in constant memory but for
//! the keys of the objects open (serde_json limits the nesting to 128 levels).

use std::collections::HashSet;
use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};

/// Reads a JSON document into `T`, naming the path of the first bad value: a byte-order mark
/// skipped (editors on Windows write one), the document checked first as JSON alone
/// ([`check`]: nothing may follow it, and no object may name a key twice, which serde would
/// resolve by keeping the last), then deserialized. A message of the types (not of the JSON's
/// syntax) is passed through `explain` with its path. `Err((path, message))` as [`check`].
pub(crate) fn read<T: serde::de::DeserializeOwned>(
    json: &str,
    explain: impl Fn(&str, String) -> String,
) -> Result<T, (String, String)> {
    let json = json.strip_prefix('\u{FEFF}').unwrap_or(json);
    check(json)?;
    let de = &mut serde_json::Deserializer::from_str(json);
    serde_path_to_error::deserialize(de).map_err(|e| {
        // serde_path_to_error writes `?` for a segment it never learnt (the input ended).
        let path = e.path().to_string();
        let path = path.trim_end_matches(".?").to_owned();
        let inner = e.into_inner();
        let message = if inner.is_syntax() || inner.is_eof() {
            format!("malformed JSON: {inner}")
        } else {
            explain(&path, inner.to_string())
        };
        (if path == "." { String::new() } else { path }, message)
    })
}

/// `Err((path, message))`: the JSON path (`boards[0].units`) and what is wrong.
pub(crate) fn check(json: &str) -> Result<(), (String, String)> {
    let mut path = Vec::new();
    let mut found = None;
    let mut de = serde_json::Deserializer::from_str(json);
    let result = Value {
        path: &mut path,
        found: &mut found,
    }
    .deserialize(&mut de)
    .and_then(|()| de.end());
    match (found, result) {
        (Some(dup), _) => Err(dup),
        (None, Ok(())) => Ok(()),
        (None, Err(e)) => {
            let message = if e.is_syntax() && e.to_string().starts_with("trailing") {
                format!("malformed JSON: {e}: the document must end after its value")
            } else {
                format!("malformed JSON: {e}")
            };
            Err((path_text(&path), message))
        }
    }
}

enum Segment {
    Key(String),
    Index(usize),
}

fn path_text(path: &[Segment]) -> String {
    let mut out = String::new();
    for s in path {
        match s {
            Segment::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Segment::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// Any JSON value, visited for its keys; `found` keeps the first duplicate key.
struct Value<'a> {
    path: &'a mut Vec<Segment>,
    found: &'a mut Option<(String, String)>,
}

impl<'de> DeserializeSeed<'de> for Value<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Value<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let mut i = 0;
        loop {
            self.path.push(Segment::Index(i));
            let next = seq.next_element_seed(Value {
                path: self.path,
                found: self.found,
            })?;
            if next.is_none() {
                self.path.pop();
                return Ok(());
            }
            if self.found.is_some() {
                return Err(de::Error::custom("duplicate key"));
            }
            self.path.pop();
            i += 1;
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut keys = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !keys.insert(key.clone()) {
                self.path.push(Segment::Key(key.clone()));
                let at = path_text(self.path);
                *self.found = Some((at, format!("the key `{key}` is given twice in one object")));
                return Err(de::Error::custom("duplicate key"));
            }
            self.path.push(Segment::Key(key));
            map.next_value_seed(Value {
                path: self.path,
                found: self.found,
            })?;
            self.path.pop();
        }
        Ok(())
    }
}
