// The analysis worker: mdip compiled to WebAssembly answers here, off the page's thread, so
// typing never waits. The page sends the whole text on every change; bursts are coalesced (only
// the newest text is analysed). Every answer is what `mdip lsp` would say (crates/mdip-wasm).
import init, { Document, import5dd } from '../pkg/mdip_wasm.js';

let doc = null;
let docName = null;
let pending = null; // the newest { text, version } not analysed yet
let version = 0;
const MARGIN = 4000; // UTF-16 units around the viewport
const ready = init({ module_or_path: new URL('./mdip_wasm_bg.wasm', import.meta.url) });

function analyse() {
  if (!pending) return;
  const { text, version: v, name, from = 0, to = Infinity } = pending;
  pending = null;
  const t0 = performance.now();
  // A new name (another file opened) is a new document; otherwise an edit.
  if (!doc || name !== docName) {
    doc = new Document(name || 'playground.mdip', text);
    docName = name;
  } else {
    doc.update(text);
  }
  version = v;
  const analysed = performance.now() - t0;
  const t1 = performance.now();
  const message = {
    type: 'analysis',
    version: v,
    diagnostics: JSON.parse(doc.diagnostics()),
    // Highlighting and hints only around the visible lines (the page asks again on scroll):
    // a long file's thousands of marks would cost more than its analysis.
    hints: JSON.parse(doc.inlayHints()).filter((h) => h.at >= from - MARGIN && h.at <= to + MARGIN),
    tokens: JSON.parse(doc.tokens()).filter((t) => t.to >= from - MARGIN && t.from <= to + MARGIN),
    ms: analysed,
  };
  message.answerMs = performance.now() - t1;
  self.postMessage(message);
}

const queries = {
  hover: (p) => JSON.parse(doc.hover(p.at)),
  completions: (p) => JSON.parse(doc.completions(p.at, false)),
  codeActions: (p) => JSON.parse(doc.codeActions(p.from, p.to)),
  format: () => JSON.parse(doc.format()),
  outline: () => JSON.parse(doc.outline()),
  report: () => JSON.parse(doc.report()),
  render: (p) => {
    const t0 = performance.now();
    const r = JSON.parse(doc.render(p.subject));
    r.ms = performance.now() - t0;
    return r;
  },
  export5dd: () => JSON.parse(doc.export5dd()),
  import5dd: (p) => JSON.parse(import5dd(p.json, p.source)),
};

self.onmessage = async (e) => {
  const m = e.data;
  await ready;
  if (m.type === 'update') {
    pending = m;
    // Let later updates already queued replace this one before analysing.
    setTimeout(analyse, 0);
    return;
  }
  if (m.type === 'query') {
    analyse(); // A query answers for the newest text.
    let result = null;
    let error = null;
    try {
      result = doc || m.method === 'import5dd' ? queries[m.method](m.params || {}) : null;
    } catch (err) {
      error = String(err);
    }
    self.postMessage({ type: 'answer', id: m.id, version, result, error });
  }
};
