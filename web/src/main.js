// The playground page: the editor (CodeMirror 6), the analysis worker, the picture in the
// navigable component, the check report, examples, files, sharing, and the 5D game's JSON.
import { EditorView, basicSetup } from 'codemirror';
import { EditorState, Compartment } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { indentWithTab } from '@codemirror/commands';
import { lintGutter } from '@codemirror/lint';
import { mdip, applyAnalysis } from './mdip-lang.js';
import { MultiverseView } from './multiverse-view.js';
import { encodeShare, decodeShare } from './share.js';

const $ = (id) => document.getElementById(id);

// --- The worker ------------------------------------------------------------------------------
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
let nextId = 1;
const waiting = new Map();
let version = 0;
const stats = { keystrokeToDiagnostics: [], analysis: [], render: [] };
const sentAt = new Map();
window.mdipStats = stats;
window.mdipQuery = (method, params) => query(method, params);

function query(method, params) {
  const id = nextId++;
  worker.postMessage({ type: 'query', id, method, params });
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}

worker.onmessage = (e) => {
  const m = e.data;
  if (m.type === 'analysis') {
    if (m.version !== version) return; // stale: a newer text is on its way
    applyAnalysis(view, m);
    const t = sentAt.get(m.version);
    if (t !== undefined) {
      stats.keystrokeToDiagnostics.push(performance.now() - t);
      stats.analysis.push(m.ms);
      sentAt.delete(m.version);
    }
    document.body.dataset.analysed = String(m.version);
    scheduleSide();
  } else if (m.type === 'answer') {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (w) (m.error ? w.reject(new Error(m.error)) : w.resolve(m.result));
  }
};

function send(text) {
  version += 1;
  sentAt.set(version, performance.now());
  document.body.dataset.analysed = '';
  const { from, to } = view ? view.viewport : { from: 0, to: text.length };
  worker.postMessage({ type: 'update', text, version, name: fileName, from, to });
}

// --- The editor ------------------------------------------------------------------------------
let fileName = 'playground.mdip';
const lang = mdip(query);
const theme = new Compartment();
const view = new EditorView({
  parent: $('editor'),
  state: EditorState.create({
    doc: '',
    extensions: [
      basicSetup,
      lintGutter(),
      keymap.of([indentWithTab]),
      lang.extensions,
      theme.of([]),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) {
          lastEdit = performance.now();
          if (replacedByUser(u)) untitled();
          send(u.state.doc.toString());
          dirtyShare();
        } else if (u.viewportChanged) {
          send(u.state.doc.toString()); // highlighting and hints of the newly visible lines
        }
        if (u.selectionSet || u.docChanged) scheduleSide();
      }),
      EditorView.contentAttributes.of({ 'aria-label': 'mdip order file' }),
    ],
  }),
});
window.mdipEditor = view;

/** Whether the user replaced the whole text (select all, then paste or type), not an edit. */
function replacedByUser(u) {
  const old = u.startState.doc.length;
  const sel = u.startState.selection.main;
  return old > 0 && sel.from === 0 && sel.to === old &&
    u.transactions.some((t) => t.isUserEvent('input') || t.isUserEvent('delete'));
}

/** The text is no longer the file it was opened as: it gets the playground's own name. */
function untitled() {
  fileName = 'playground.mdip';
  $('examples').value = '';
  $('file-name').textContent = fileName;
}

function setText(text, name) {
  if (name) fileName = name;
  if (!examples.some((e) => e.text === text)) $('examples').value = '';
  $('file-name').textContent = fileName;
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: 0 } });
  picture.fitted = false;
}

function cursorLine() {
  return view.state.doc.lineAt(view.state.selection.main.head).number - 1;
}

/** Moves the editor to a 0-based line (the start of its text), or a range, and focuses it. */
function goTo({ line, season }) {
  let target = null;
  if (Number.isInteger(line) && line >= 0 && line < view.state.doc.lines) {
    const l = view.state.doc.line(line + 1);
    target = l.from + (l.text.length - l.text.trimStart().length);
  } else if (season) {
    // The first line that names the season: a block header or an order of its units.
    const re = new RegExp(`(^|[^\\d])${season.replace(':', '\\s*:\\s*')}(?!\\d)`);
    for (let i = 1; i <= view.state.doc.lines; i++) {
      const l = view.state.doc.line(i);
      if (!l.text.trimStart().startsWith('#') && re.test(l.text)) {
        target = l.from;
        break;
      }
    }
  }
  if (target === null) return;
  view.dispatch({ selection: { anchor: target }, scrollIntoView: true });
  view.focus();
}

// --- The picture -----------------------------------------------------------------------------
const picture = new MultiverseView($('picture'), { onNavigate: goTo });
window.mdipPicture = picture;
let pictureMode = 'cursor';
let sideTimer = null;
let lastSubject = null;
let lastPictureVersion = -1;

let lastEdit = 0;
/** Redraws the picture shortly after the cursor stops, and later after typing stops (the
 * worker is then free for the next keystroke's diagnostics). */
function scheduleSide() {
  clearTimeout(sideTimer);
  const typing = performance.now() - lastEdit < 300;
  sideTimer = setTimeout(updateSide, typing ? 300 : 60);
}

async function updateSide() {
  const line = cursorLine();
  const subject = pictureMode === 'multiverse' ? 'multiverse' : `line:${line + 1}`;
  if (subject !== lastSubject || version !== lastPictureVersion) {
    const v = version;
    const r = await query('render', { subject });
    if (r && r.ok) {
      stats.render.push(r.ms);
      const fit = subject !== lastSubject && (pictureMode === 'multiverse') !== (lastSubject === 'multiverse');
      picture.setSvg(r.ok, { fit });
      $('picture-caption').textContent = pictureMode === 'multiverse' ? 'The multiverse' : `The board of line ${line + 1}'s season`;
    } else if (r) {
      picture.setMessage(r.error);
    }
    lastSubject = subject;
    lastPictureVersion = v;
    document.body.dataset.pictured = String(v);
  }
  picture.highlightLine(line);
  if (!$('report-panel').hidden) updateReport();
}

for (const b of document.querySelectorAll('input[name=picture-mode]')) {
  b.addEventListener('change', () => {
    pictureMode = b.value;
    scheduleSide();
  });
}

// --- The check report ------------------------------------------------------------------------
async function updateReport() {
  const r = await query('report', {});
  if (!r) return;
  const out = $('report');
  out.innerHTML = '';
  const h = document.createElement('p');
  h.className = 'report-summary';
  h.textContent = `${r.status}: ${r.counts.errors} error(s), ${r.counts.warnings} warning(s), ${r.counts.expectations} expectation(s), ${r.counts.unmet} unmet`;
  out.appendChild(h);
  const table = document.createElement('table');
  table.innerHTML = '<thead><tr><th>line</th><th>order</th><th>outcome</th></tr></thead>';
  const body = document.createElement('tbody');
  for (const o of r.orders) {
    const tr = document.createElement('tr');
    tr.className = `status-${o.outcome.status}`;
    const cells = [String(o.line), o.text, o.outcome.sentence];
    for (const c of cells) {
      const td = document.createElement('td');
      td.textContent = c;
      tr.appendChild(td);
    }
    tr.tabIndex = 0;
    const go = () => goTo({ line: o.line - 1 });
    tr.addEventListener('click', go);
    tr.addEventListener('keydown', (e) => e.key === 'Enter' && go());
    body.appendChild(tr);
  }
  table.appendChild(body);
  out.appendChild(table);
}

$('report-toggle').addEventListener('click', () => {
  const panel = $('report-panel');
  panel.hidden = !panel.hidden;
  $('report-toggle').setAttribute('aria-expanded', String(!panel.hidden));
  if (!panel.hidden) updateReport();
});

// --- Examples, files, sharing ----------------------------------------------------------------
let examples = [];
async function loadExamples() {
  examples = await (await fetch('examples.json')).json();
  const select = $('examples');
  for (const group of [...new Set(examples.map((e) => e.group))]) {
    const og = document.createElement('optgroup');
    og.label = group;
    for (const e of examples.filter((x) => x.group === group)) {
      const o = document.createElement('option');
      o.value = e.name;
      o.textContent = e.title;
      og.appendChild(o);
    }
    select.appendChild(og);
  }
}
$('examples').addEventListener('change', (e) => {
  const ex = examples.find((x) => x.name === e.target.value);
  if (ex) setText(ex.text, ex.name.split('/').pop());
});

$('open').addEventListener('click', () => $('open-file').click());
$('open-file').addEventListener('change', async (e) => {
  const f = e.target.files[0];
  if (f) await openFile(f);
  e.target.value = '';
});

async function openFile(f) {
  const text = await f.text();
  if (/\.json$/i.test(f.name) || /^\s*\{/.test(text)) await importGame(text, f.name);
  else setText(text, f.name);
}

function download(name, text, type) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

$('save').addEventListener('click', () => download(fileName, view.state.doc.toString(), 'text/plain'));
$('format').addEventListener('click', async () => {
  const r = await lang.format(view);
  if (r && r.error) flash(`Not formatted: ${r.error}`);
});

function flash(message) {
  const s = $('status');
  s.textContent = message;
}

let shareDirty = true;
function dirtyShare() {
  shareDirty = true;
}
$('share').addEventListener('click', async () => {
  const code = await encodeShare(view.state.doc.toString());
  history.replaceState(null, '', `#code=${code}`);
  shareDirty = false;
  try {
    await navigator.clipboard.writeText(location.href);
    flash('Link copied: the text is in the address.');
  } catch {
    flash('The text is in the address: copy it to share.');
  }
  $('share-url').value = location.href;
});

// --- The 5D game's JSON ----------------------------------------------------------------------
async function importGame(json, source) {
  const r = await query('import5dd', { json, source });
  if (r && r.ok) {
    setText(r.ok, source.replace(/\.json$/i, '') + '.mdip');
    flash(`Imported ${source}.`);
  } else {
    flash(`Not imported: ${r ? r.error : 'no answer'}`);
  }
}

$('export').addEventListener('click', async () => {
  const r = await query('export5dd', {});
  if (r && r.ok) {
    download(fileName.replace(/\.mdip$/, '') + '-orders.json', r.ok.json, 'application/json');
    flash(r.ok.warnings.length ? r.ok.warnings.join('\n') : 'Orders exported.');
  } else {
    flash(`Not exported: ${r ? r.error : 'no answer'}`);
  }
});

document.addEventListener('dragover', (e) => {
  e.preventDefault();
  document.body.classList.add('dropping');
});
document.addEventListener('dragleave', () => document.body.classList.remove('dropping'));
document.addEventListener('drop', async (e) => {
  e.preventDefault();
  document.body.classList.remove('dropping');
  const f = e.dataTransfer.files[0];
  if (f) await openFile(f);
});

// --- Themes ----------------------------------------------------------------------------------
function applyTheme(t) {
  document.documentElement.dataset.theme = t;
  view.dispatch({ effects: theme.reconfigure(EditorView.theme({}, { dark: t === 'dark' })) });
  $('theme').setAttribute('aria-pressed', String(t === 'dark'));
}
const dark = window.matchMedia('(prefers-color-scheme: dark)');
applyTheme(localStorage.getItem('mdip-theme') || (dark.matches ? 'dark' : 'light'));
$('theme').addEventListener('click', () => {
  const t = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
  localStorage.setItem('mdip-theme', t);
  applyTheme(t);
});

// --- Start -----------------------------------------------------------------------------------
async function start() {
  await loadExamples();
  const m = /#code=([A-Za-z0-9_-]*)/.exec(location.hash);
  if (m) {
    try {
      setText(await decodeShare(m[1]), 'shared.mdip');
    } catch (err) {
      flash(`The link's text could not be read: ${err}`);
    }
  }
  if (view.state.doc.length === 0) {
    const first = examples.find((e) => e.name.endsWith('3.A.2.mdip')) || examples[0];
    $('examples').value = first.name;
    setText(first.text, first.name.split('/').pop());
  }
  document.body.dataset.ready = 'true';
}
start();

if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  navigator.serviceWorker.register('sw.js').catch(() => {});
}
