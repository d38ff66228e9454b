// The navigable picture: one module shared by the playground page (web/) and VS Code's board
// and multiverse panel (editors/vscode bundles this file). No dependencies, plain DOM.
//
// It shows an SVG drawn by mdip-render (a season's board or the multiverse grid) and lets the
// user zoom (wheel, pinch, buttons, keys + - 0 1), pan (drag, arrow keys), fit the whole picture
// or one board, and click back into the text: an element with `data-line` (an order's mark, a
// unit given an order) navigates to that line, a board or board title with `data-season` to
// that season. `highlightLine(line)` marks the picture's elements of the order under the
// editor's cursor. Past boards are drawn translucent and heads framed by the stylesheet below
// (the renderer's classes `board` and `board head`); forks are the renderer's branch markers.
//
// Lines are 0-based in this module's API (as CodeMirror's and VS Code's), while the renderer's
// `data-line` is the report's 1-based line: the conversion is here, and only here.

const STYLE = `
.mv-root { position: relative; display: flex; flex-direction: column; min-height: 0; height: 100%; }
.mv-bar { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; padding: 4px; font: 12px sans-serif; }
.mv-bar button { font: inherit; padding: 2px 8px; cursor: pointer; border: 1px solid var(--mv-border, #999); border-radius: 3px; background: var(--mv-button, #f4f4f4); color: inherit; }
.mv-bar button:focus-visible, .mv-viewport:focus-visible { outline: 2px solid var(--mv-focus, #1a73e8); outline-offset: 1px; }
.mv-status { margin-left: auto; opacity: 0.8; font-variant-numeric: tabular-nums; }
.mv-viewport { position: relative; flex: 1; min-height: 120px; overflow: hidden; cursor: grab; touch-action: none; background: var(--mv-background, #fbfaf6); }
.mv-viewport.mv-dragging { cursor: grabbing; }
.mv-canvas { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
.mv-canvas > svg { display: block; }
.mv-canvas [data-line], .mv-canvas [data-season] { cursor: pointer; }
.mv-canvas svg svg:not(:has(g.board.head)) { opacity: 0.55; }
.mv-canvas g.board.head > .frame { stroke: #1a73e8; stroke-width: 6px; }
.mv-canvas .fork { stroke-width: 7px; }
.mv-canvas .mv-current { filter: drop-shadow(0 0 4px #ffb300) drop-shadow(0 0 2px #ff6f00); }
.mv-canvas .order:hover, .mv-canvas .unit:hover { filter: drop-shadow(0 0 3px #1a73e8); }
.mv-message { padding: 8px; font: 13px sans-serif; }
`;

let styled = false;

/** Installs the component's stylesheet once per document. */
function installStyle(doc) {
  if (styled) return;
  styled = true;
  const s = doc.createElement('style');
  s.textContent = STYLE;
  doc.head.appendChild(s);
}

/** The nested `<svg>` of each board in the picture, with its season and frame. */
function boardsOf(svg) {
  const out = [];
  for (const g of svg.querySelectorAll('g.board[data-season]')) {
    const inner = g.closest('svg');
    if (!inner || inner === svg) {
      out.push({ season: g.getAttribute('data-season'), head: g.classList.contains('head'), x: 0, y: 0, w: num(svg, 'width'), h: num(svg, 'height') });
    } else {
      out.push({ season: g.getAttribute('data-season'), head: g.classList.contains('head'), x: num(inner, 'x'), y: num(inner, 'y'), w: num(inner, 'width'), h: num(inner, 'height') });
    }
  }
  return out;
}

function num(el, name) {
  return parseFloat(el.getAttribute(name) || '0') || 0;
}

export class MultiverseView {
  /**
   * @param {HTMLElement} root the element to fill
   * @param {{ onNavigate?: (target: { line?: number, range?: [number, number], season?: string }) => void }} options
   */
  constructor(root, options = {}) {
    this.root = root;
    this.onNavigate = options.onNavigate || (() => {});
    this.scale = 1;
    this.tx = 0;
    this.ty = 0;
    this.size = { w: 0, h: 0 };
    this.currentLine = null;
    this.fitted = false;
    const doc = root.ownerDocument;
    installStyle(doc);
    root.classList.add('mv-root');
    root.innerHTML = '';
    const bar = doc.createElement('div');
    bar.className = 'mv-bar';
    bar.setAttribute('role', 'toolbar');
    bar.setAttribute('aria-label', 'Picture navigation');
    const button = (label, title, action, name) => {
      const b = doc.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.title = title;
      b.setAttribute('aria-label', title);
      b.dataset.action = name;
      b.addEventListener('click', action);
      bar.appendChild(b);
      return b;
    };
    button('−', 'Zoom out (-)', () => this.zoomBy(1 / 1.25), 'zoom-out');
    button('+', 'Zoom in (+)', () => this.zoomBy(1.25), 'zoom-in');
    button('Fit all', 'Fit the whole picture (0)', () => this.fitAll(), 'fit-all');
    button('Fit board', 'Fit the board of the current order (1)', () => this.fitBoard(), 'fit-board');
    this.status = doc.createElement('span');
    this.status.className = 'mv-status';
    this.status.setAttribute('aria-live', 'polite');
    bar.appendChild(this.status);
    this.viewport = doc.createElement('div');
    this.viewport.className = 'mv-viewport';
    this.viewport.tabIndex = 0;
    this.viewport.setAttribute('role', 'img');
    this.viewport.setAttribute('aria-label', 'Picture: drag to pan, wheel or + and - to zoom, Enter on a focused order to go to it');
    this.canvas = doc.createElement('div');
    this.canvas.className = 'mv-canvas';
    this.viewport.appendChild(this.canvas);
    root.appendChild(bar);
    root.appendChild(this.viewport);
    this.bar = bar;
    this.listen();
  }

  /** Shows an SVG (text). The view (zoom and pan) is kept unless `fit` is set or nothing was shown yet. */
  setSvg(svgText, { fit = false } = {}) {
    if (!svgText || !svgText.trimStart().startsWith('<svg')) {
      this.setMessage(svgText ? 'No picture.' : 'No picture yet.');
      return;
    }
    this.canvas.innerHTML = svgText;
    this.svg = this.canvas.querySelector('svg');
    this.size = { w: num(this.svg, 'width'), h: num(this.svg, 'height') };
    this.boards = boardsOf(this.svg);
    if (fit || !this.fitted) {
      this.fitAll();
    } else {
      this.apply();
    }
    if (this.currentLine !== null) this.highlightLine(this.currentLine);
  }

  setMessage(message) {
    this.svg = null;
    this.boards = [];
    this.canvas.innerHTML = '';
    const p = this.root.ownerDocument.createElement('p');
    p.className = 'mv-message';
    p.textContent = message;
    this.canvas.appendChild(p);
  }

  /** Marks the elements of the order on `line` (0-based), or nothing for null. */
  highlightLine(line) {
    this.currentLine = line;
    for (const el of this.canvas.querySelectorAll('.mv-current')) el.classList.remove('mv-current');
    if (line === null || line === undefined) return [];
    const marked = [...this.canvas.querySelectorAll(`[data-line="${Number(line) + 1}"]`)];
    for (const el of marked) el.classList.add('mv-current');
    return marked;
  }

  /** The board (season) that holds the order under the cursor, else the first head. */
  currentBoard() {
    const el = this.canvas.querySelector('.mv-current[data-season]');
    const season = el && el.getAttribute('data-season');
    return (this.boards || []).find((b) => b.season === season) || (this.boards || []).find((b) => b.head) || (this.boards || [])[0];
  }

  viewSize() {
    return { w: this.viewport.clientWidth || 1, h: this.viewport.clientHeight || 1 };
  }

  fitRect(x, y, w, h) {
    const v = this.viewSize();
    if (!w || !h) return;
    this.scale = Math.min(v.w / w, v.h / h) * 0.98;
    this.tx = (v.w - w * this.scale) / 2 - x * this.scale;
    this.ty = (v.h - h * this.scale) / 2 - y * this.scale;
    this.fitted = true;
    this.apply();
  }

  fitAll() {
    this.fitRect(0, 0, this.size.w, this.size.h);
  }

  /** Fits one board: `season` ("X:Y"), else the board of the current order. */
  fitBoard(season) {
    const b = season ? (this.boards || []).find((x) => x.season === season) : this.currentBoard();
    if (b) this.fitRect(b.x, b.y, b.w, b.h);
    else this.fitAll();
  }

  /** Zooms by `factor` around a point of the viewport (its centre by default). */
  zoomBy(factor, px, py) {
    const v = this.viewSize();
    const cx = px ?? v.w / 2;
    const cy = py ?? v.h / 2;
    const scale = Math.min(40, Math.max(0.02, this.scale * factor));
    const k = scale / this.scale;
    this.tx = cx - (cx - this.tx) * k;
    this.ty = cy - (cy - this.ty) * k;
    this.scale = scale;
    this.apply();
  }

  panBy(dx, dy) {
    this.tx += dx;
    this.ty += dy;
    this.apply();
  }

  /** The view as numbers (for tests and for keeping it across redraws). */
  view() {
    return { scale: this.scale, tx: this.tx, ty: this.ty };
  }

  apply() {
    this.canvas.style.transform = `translate(${this.tx}px, ${this.ty}px) scale(${this.scale})`;
    this.updateStatus();
  }

  updateStatus(pointer) {
    let where = '';
    if (pointer && this.boards) {
      const x = (pointer.x - this.tx) / this.scale;
      const y = (pointer.y - this.ty) / this.scale;
      const b = this.boards.find((b) => x >= b.x && x <= b.x + b.w && y >= b.y && y <= b.y + b.h);
      if (b) where = `${b.season}${b.head ? ' (head)' : ''} · `;
    }
    this.status.textContent = `${where}${Math.round(this.scale * 100)}%`;
  }

  /** Navigates from a clicked element: its order's line, else its board's season. */
  navigateFrom(target) {
    const withLine = target.closest && target.closest('[data-line]');
    if (withLine && this.canvas.contains(withLine)) {
      const line = parseInt(withLine.getAttribute('data-line'), 10) - 1;
      const r = (withLine.getAttribute('data-range') || '').split('-').map(Number);
      this.onNavigate({ line, range: r.length === 2 && r.every(Number.isFinite) ? r : undefined, season: withLine.getAttribute('data-season') || undefined });
      return true;
    }
    const withSeason = target.closest && target.closest('[data-season]');
    if (withSeason && this.canvas.contains(withSeason)) {
      this.onNavigate({ season: withSeason.getAttribute('data-season') });
      return true;
    }
    return false;
  }

  listen() {
    const vp = this.viewport;
    const pointers = new Map();
    let moved = 0;
    let pinch = null;
    const local = (e) => {
      const r = vp.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    vp.addEventListener('wheel', (e) => {
      e.preventDefault();
      const p = local(e);
      this.zoomBy(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), p.x, p.y);
    }, { passive: false });
    vp.addEventListener('pointerdown', (e) => {
      vp.setPointerCapture?.(e.pointerId);
      pointers.set(e.pointerId, local(e));
      moved = 0;
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) };
      }
      vp.classList.add('mv-dragging');
    });
    vp.addEventListener('pointermove', (e) => {
      const p = local(e);
      this.updateStatus(p);
      const last = pointers.get(e.pointerId);
      if (!last) return;
      pointers.set(e.pointerId, p);
      if (pointers.size === 2 && pinch) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (pinch.d > 0) this.zoomBy(d / pinch.d, (a.x + b.x) / 2, (a.y + b.y) / 2);
        pinch.d = d;
        moved += 10;
        return;
      }
      moved += Math.abs(p.x - last.x) + Math.abs(p.y - last.y);
      this.panBy(p.x - last.x, p.y - last.y);
    });
    const end = (e) => {
      const was = pointers.has(e.pointerId);
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
      if (pointers.size === 0) vp.classList.remove('mv-dragging');
      if (was && e.type === 'pointerup' && moved < 4) {
        // A click, not a drag: the element under the pointer (capture retargets the event).
        const under = vp.ownerDocument.elementFromPoint(e.clientX, e.clientY);
        if (under) this.navigateFrom(under);
      }
    };
    vp.addEventListener('pointerup', end);
    vp.addEventListener('pointercancel', end);
    vp.addEventListener('keydown', (e) => {
      const step = 60;
      const keys = {
        '+': () => this.zoomBy(1.25), '=': () => this.zoomBy(1.25), '-': () => this.zoomBy(1 / 1.25),
        '0': () => this.fitAll(), '1': () => this.fitBoard(),
        ArrowLeft: () => this.panBy(step, 0), ArrowRight: () => this.panBy(-step, 0),
        ArrowUp: () => this.panBy(0, step), ArrowDown: () => this.panBy(0, -step),
      };
      const f = keys[e.key];
      if (f) {
        e.preventDefault();
        f();
      }
    });
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(() => { if (this.svg && this.fitted) this.apply(); }) : null;
    ro?.observe(vp);
  }
}
