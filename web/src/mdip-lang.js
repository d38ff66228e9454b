// The editor's mdip support: decorations from the worker's answers (semantic tokens as
// highlighting, inline outcomes and forks after each order), diagnostics with quick fixes,
// hover, completion and formatting. Positions are UTF-16 offsets, as CodeMirror's.
import { StateEffect, StateField, RangeSetBuilder } from '@codemirror/state';
import { Decoration, EditorView, WidgetType, hoverTooltip, keymap } from '@codemirror/view';
import { setDiagnostics } from '@codemirror/lint';
import { autocompletion } from '@codemirror/autocomplete';

export const setAnalysis = StateEffect.define();

class HintWidget extends WidgetType {
  constructor(hint) {
    super();
    this.hint = hint;
  }
  eq(other) {
    return other.hint.label === this.hint.label && other.hint.kind === this.hint.kind;
  }
  toDOM() {
    const span = document.createElement('span');
    const status = /succeeds|holds|retreats|built|disbanded/.test(this.hint.label) && !/fails|bounced|illegal|cut|dislodged/.test(this.hint.label) ? 'ok' : 'bad';
    span.className = `cm-mdip-hint cm-mdip-${this.hint.kind} cm-mdip-${this.hint.kind === 'fork' ? 'fork' : status}`;
    span.textContent = this.hint.label;
    if (this.hint.tooltip) span.title = this.hint.tooltip.replace(/[`*]/g, '');
    return span;
  }
  ignoreEvent() {
    return false;
  }
}

function clamp(x, len) {
  return Math.max(0, Math.min(x, len));
}

/** Decorations of one analysis: token marks and hint widgets. */
function decorationsOf(state, a) {
  const len = state.doc.length;
  const items = [];
  for (const t of a.tokens) {
    const from = clamp(t.from, len);
    const to = clamp(t.to, len);
    if (to > from) items.push(Decoration.mark({ class: `cm-mdip-${t.kind}` }).range(from, to));
  }
  for (const h of a.hints) {
    items.push(Decoration.widget({ widget: new HintWidget(h), side: 1 }).range(clamp(h.at, len)));
  }
  return Decoration.set(items, true);
}

const analysisField = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) if (e.is(setAnalysis)) deco = decorationsOf(tr.state, e.value);
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

/** CodeMirror diagnostics (with quick fixes as actions) from the worker's. */
export function lintDiagnostics(state, diags) {
  const len = state.doc.length;
  return diags.map((d) => ({
    from: clamp(d.from, len),
    to: clamp(d.to, len),
    severity: d.severity,
    source: d.code,
    message: d.message + (d.expected ? ' (expected)' : '') + (d.hint ? `\nhint: ${d.hint}` : ''),
    actions: d.fixes.map((f) => ({
      name: f.title,
      apply(view) {
        view.dispatch({ changes: f.edits.map((e) => ({ from: e.from, to: e.to, insert: e.insert })) });
      },
    })),
  }));
}

/** Applies an analysis to the view if it is of the view's current text. */
export function applyAnalysis(view, a) {
  view.dispatch(setDiagnostics(view.state, lintDiagnostics(view.state, a.diagnostics)), { effects: setAnalysis.of(a) });
}

function markdownToDom(md) {
  const div = document.createElement('div');
  div.className = 'cm-mdip-hover';
  for (const para of md.split(/\n{2,}/)) {
    const p = document.createElement(/^```/.test(para) ? 'pre' : 'p');
    const text = para.replace(/^```\w*\n?|\n?```$/g, '');
    // Inline code and bold, the rest as text.
    for (const part of text.split(/(`[^`]+`|\*\*[^*]+\*\*)/)) {
      if (!part) continue;
      if (part.startsWith('`') && part.endsWith('`')) {
        const c = document.createElement('code');
        c.textContent = part.slice(1, -1);
        p.appendChild(c);
      } else if (part.startsWith('**')) {
        const b = document.createElement('strong');
        b.textContent = part.slice(2, -2);
        p.appendChild(b);
      } else {
        p.appendChild(document.createTextNode(part));
      }
    }
    div.appendChild(p);
  }
  return div;
}

/** The mdip extensions, over a `query(method, params)` that asks the worker. */
export function mdip(query) {
  const hover = hoverTooltip(async (view, pos) => {
    const h = await query('hover', { at: pos });
    if (!h) return null;
    return { pos: h.from, end: h.to, above: true, create: () => ({ dom: markdownToDom(h.markdown) }) };
  });
  const complete = async (ctx) => {
    const items = await query('completions', { at: ctx.pos });
    if (!items || items.length === 0) return null;
    const from = Math.min(...items.map((i) => i.from));
    return {
      from,
      to: ctx.pos,
      filter: true,
      options: items.map((i) => ({
        label: i.label,
        detail: i.detail || undefined,
        type: { power: 'namespace', unit: 'variable', keyword: 'keyword', province: 'constant', season: 'enum', directive: 'keyword', snippet: 'text' }[i.kind] || 'text',
        boost: -parseInt(i.sort.slice(0, 2), 10) || 0,
        apply: (view, _c, f, t) => view.dispatch({ changes: { from: Math.min(i.from, f), to: Math.max(t, i.to), insert: i.insert }, selection: { anchor: Math.min(i.from, f) + i.insert.length } }),
      })),
    };
  };
  const format = async (view) => {
    const r = await query('format', {});
    if (r && r.ok) view.dispatch({ changes: r.ok.map((e) => ({ from: e.from, to: e.to, insert: e.insert })) });
    return r;
  };
  return {
    format,
    extensions: [
      analysisField,
      hover,
      autocompletion({ override: [complete], activateOnTyping: true }),
      keymap.of([{ key: 'Shift-Alt-f', run: (view) => { format(view); return true; } }]),
    ],
  };
}
