//! The JavaScript face of [`crate::Document`] (wasm-bindgen): each method returns JSON text,
//! which the page's worker parses. Nothing here but the crossing.

use serde::Serialize;
use wasm_bindgen::prelude::*;

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
}

/// `{ "ok": value }` or `{ "error": message }`.
fn result<T: Serialize>(r: Result<T, String>) -> String {
    match r {
        Ok(v) => json(&serde_json::json!({ "ok": v })),
        Err(e) => json(&serde_json::json!({ "error": e })),
    }
}

/// An open document.
#[wasm_bindgen]
pub struct Document(crate::Document);

#[wasm_bindgen]
impl Document {
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, text: &str) -> Document {
        Document(crate::Document::new(name, text))
    }

    pub fn update(&mut self, text: &str) {
        self.0.update(text);
    }

    pub fn diagnostics(&self) -> String {
        json(&self.0.diagnostics())
    }

    #[wasm_bindgen(js_name = codeActions)]
    pub fn code_actions(&self, from: u32, to: u32) -> String {
        json(&self.0.code_actions(from, to))
    }

    pub fn hover(&self, at: u32) -> String {
        json(&self.0.hover(at))
    }

    pub fn completions(&self, at: u32, snippets: bool) -> String {
        json(&self.0.completions(at, snippets))
    }

    #[wasm_bindgen(js_name = inlayHints)]
    pub fn inlay_hints(&self) -> String {
        json(&self.0.inlay_hints())
    }

    pub fn tokens(&self) -> String {
        json(&self.0.tokens())
    }

    pub fn format(&self) -> String {
        result(self.0.format())
    }

    pub fn outline(&self) -> String {
        json(&self.0.outline())
    }

    pub fn report(&self) -> String {
        json(&self.0.report())
    }

    pub fn render(&self, subject: &str) -> String {
        result(self.0.render(subject))
    }

    #[wasm_bindgen(js_name = export5dd)]
    pub fn export_5dd(&self) -> String {
        result(self.0.export_5dd())
    }
}

#[wasm_bindgen(js_name = import5dd)]
pub fn import_5dd(json: &str, source: &str) -> String {
    result(crate::import_5dd(json, source))
}
