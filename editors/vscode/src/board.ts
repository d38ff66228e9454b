// The board preview's logic that does not need VS Code (tested in src/test/board.test.ts):
// where the season headers are (for the "show board" code lenses), the arguments of the
// server's `mdip.render` command, and the webview page that shows its SVG.

/** A season header of a file: its line (0-based) and the season it names, as written. */
export interface SeasonHeader {
  line: number;
  season: string;
}

// `Germany 1:0`, `Germany 1:0:`, `England:` is no season header; `Spring 1901`, `F1901R`.
const POWER_SEASON = /^\s*[A-Za-z][A-Za-z-]*\s+(\d+\s*:\s*\d+)\s*:?\s*(#.*)?$/;
const SEASON_IN_WORDS = /^\s*((?:spring|fall|autumn|winter)\s+\d{4}|[SFW]\d{4}[MRB]?)\s*:?\s*(#.*)?$/i;

/**
 * The season headers of a text: lines that open a block with a season (`Germany 1:0`), or a
 * season in words (`Spring 1901`, `F1901M`). Orders naming their own season need no header.
 */
export function seasonHeaders(text: string): SeasonHeader[] {
  const headers: SeasonHeader[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const m = POWER_SEASON.exec(line) ?? SEASON_IN_WORDS.exec(line);
    if (m) {
      headers.push({ line: i, season: m[1].replace(/\s+/g, ' ').replace(/ ?: ?/, ':') });
    }
  });
  return headers;
}

/** The arguments of `mdip.render`: the document and what to draw. */
export function renderArguments(
  uri: string,
  what: { line: number; character: number } | 'multiverse' | undefined,
): unknown[] {
  return what === undefined ? [uri] : [uri, what];
}

/** Escapes text for HTML. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** The navigable picture's script in a board page (dist/board-view.js, as a webview URI). */
export interface BoardScript {
  src: string;
  nonce: string;
  /** The webview's CSP source (`webview.cspSource`). */
  cspSource: string;
  /** The cursor's line (0-based), highlighted in the picture. */
  line?: number;
}

/**
 * The webview page: the server's SVG under a caption, or a message when there is no picture.
 * Without `script`, the SVG is scaled to the panel's width and the page allows no script; with
 * it, the SVG is shown in the navigable component shared with the playground
 * (web/src/multiverse-view.js: zoom, pan, click back into the text), the only script allowed.
 */
export function boardPage(caption: string, svg: string | undefined, message?: string, script?: BoardScript): string {
  const isSvg = !!svg && svg.trimStart().startsWith('<svg');
  const body = isSvg
    ? script
      ? `<template id="mdip-svg">${svg}</template><div id="mdip-view" data-line="${script.line ?? ''}"></div>`
      : `<div class="board">${svg}</div>`
    : `<p class="message">${escapeHtml(message ?? 'No picture.')}</p>`;
  const csp = script
    ? `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'nonce-${script.nonce}' ${script.cspSource};`
    : `default-src 'none'; style-src 'unsafe-inline'; img-src data:;`;
  const tag = script && isSvg ? `<script nonce="${script.nonce}" src="${escapeHtml(script.src)}"></script>` : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<style>
  html, body { height: 100%; }
  body { margin: 0; padding: 6px; box-sizing: border-box; display: flex; flex-direction: column; background: #fbfaf6; color: #222; font-family: sans-serif; }
  .caption { font-size: 12px; margin: 0 0 6px; opacity: 0.8; }
  .board svg { width: 100%; height: auto; }
  #mdip-view { flex: 1; min-height: 300px; }
  .message { font-size: 13px; }
</style>
</head>
<body>
<p class="caption">${escapeHtml(caption)}</p>
${body}
${tag}
</body>
</html>`;
}
