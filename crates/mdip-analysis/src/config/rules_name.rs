//! The JSON Schema of `rules` in `mdip.toml`, from the rule table.

use mdip_judge::world::Rules;
use mdip_judge::{OPTIONS, PRESETS};
use schemars::JsonSchema;

/// The words of `@rules` (only for the schema: the file's value is checked by `Rules::parse`),
/// from the rule table: a rule set, or a rule set and options.
pub(super) enum RulesName {}

impl JsonSchema for RulesName {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "RulesName".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let mut presets: Vec<serde_json::Value> = PRESETS
            .iter()
            .map(|p| serde_json::json!({ "description": p.doc, "type": "string", "const": p.name }))
            .collect();
        let names: Vec<&str> = PRESETS
            .iter()
            .flat_map(|p| std::iter::once(p.name).chain(p.aliases.iter().copied()))
            .collect();
        let options: Vec<String> = OPTIONS
            .iter()
            .flat_map(|o| {
                let number = o.source.strip_prefix("DATC ").map(str::to_owned);
                std::iter::once(o.name.to_owned()).chain(number)
            })
            .map(|n| n.replace('.', "\\."))
            .collect();
        presets.push(serde_json::json!({
            "description": "A rule set, then options it takes otherwise, each its name and a choice: `mdatc convoy-intent any-fleet` (docs/rules.md lists them).",
            "type": "string",
            "pattern": format!("^({})( ({}) [a-z0-9.-]+)+$", names.join("|"), options.join("|")),
        }));
        // `mdatc`, the default, `standard`, `5dd` or `5dd strict`: the table's presets.
        let default = Rules::default().name();
        let mut listed: Vec<String> = PRESETS
            .iter()
            .map(|p| {
                if p.name == default {
                    format!("`{}`, the default", p.name)
                } else {
                    format!("`{}`", p.name)
                }
            })
            .collect();
        let last = listed.pop().unwrap_or_default();
        let listed = if listed.is_empty() {
            last
        } else {
            format!("{} or {last}", listed.join(", "))
        };
        schemars::json_schema!({
            "description": format!("The words of `@rules`: a rule set ({listed}), then any options."),
            "oneOf": presets,
        })
    }
}
