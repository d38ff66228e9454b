//! A file's report serialised as it is built ([`FileReport::streamed`]): the same JSON as
//! serialising [`FileReport::new`], each diagnostic, order, step and season made only when the
//! serialiser reaches it.

use schemars::JsonSchema;
use serde::Serialize;

use super::build::*;
use super::words::*;
use super::*;
use crate::model::Analysis;

impl FileReport {
    /// The same report, serialised as it is built: [`Streamed`] writes exactly what
    /// serialising [`FileReport::new`] would, but makes each diagnostic, order, step and season
    /// only when the serialiser reaches it, so a large file's report never exists whole in
    /// memory (`mdip check --format json` writes it straight to its output).
    pub fn streamed<'a>(path: &'a str, text: &'a str, a: &'a Analysis) -> Streamed<'a> {
        Streamed { path, text, a }
    }
}

/// A file's report made while it is serialised; see [`FileReport::streamed`].
pub struct Streamed<'a> {
    path: &'a str,
    text: &'a str,
    a: &'a Analysis,
}

impl std::fmt::Debug for Streamed<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Streamed")
            .field("path", &self.path)
            .finish()
    }
}

/// The schema of a [`FileReport`]: a streamed report is one.
impl JsonSchema for Streamed<'_> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        FileReport::schema_name()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        FileReport::schema_id()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        FileReport::json_schema(generator)
    }
}

/// A sequence serialised from the items an iterator makes, one at a time.
struct Lazy<F>(F);

impl<F, I> Serialize for Lazy<F>
where
    F: Fn() -> I,
    I: Iterator,
    I::Item: Serialize,
{
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((self.0)())
    }
}

impl Serialize for Streamed<'_> {
    /// The fields of [`FileReport`], in its order and with its attributes; a test compares
    /// the two serialisations on every order file of the repository.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let a = self.a;
        let b = Builder::new(self.text, a);
        let games = games(a);
        let map = map_name(a);
        let mut m = s.serialize_struct("FileReport", 16)?;
        m.serialize_field("path", self.path)?;
        m.serialize_field("ok", &!a.has_errors())?;
        m.serialize_field("multiversal", &a.multiversal)?;
        m.serialize_field("phase", &phase(a.world.phase()))?;
        m.serialize_field("counts", &counts(a))?;
        m.serialize_field("diagnostics", &Lazy(|| b.diagnostics()))?;
        m.serialize_field("orders", &Lazy(|| b.orders()))?;
        m.serialize_field("steps", &Lazy(|| b.steps()))?;
        m.serialize_field("seasons", &Lazy(|| b.seasons()))?;
        m.serialize_field("timelines", &timelines(a))?;
        m.serialize_field(
            "heads",
            &a.world.heads().into_iter().map(season).collect::<Vec<_>>(),
        )?;
        m.serialize_field("next", &b.next())?;
        m.serialize_field("winner", &a.world.winner().map(|p| p.name()))?;
        m.serialize_field("victory", &victory(a))?;
        if games.is_empty() {
            m.skip_field("games")?;
        } else {
            m.serialize_field("games", &games)?;
        }
        match map {
            None => m.skip_field("map")?,
            Some(name) => m.serialize_field("map", name)?,
        }
        m.end()
    }
}
