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

/**
 * The webview page: the server's SVG (no scripts: the page allows none), scaled to the panel's
 * width, under a caption; or a message when there is no picture.
 */
export function boardPage(caption: string, svg: string | undefined, message?: string): string {
  const body = svg && svg.trimStart().startsWith('<svg')
    ? `<div class="board">${svg}</div>`
    : `<p class="message">${escapeHtml(message ?? 'No picture.')}</p>`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:;">
<style>
  body { margin: 0; padding: 6px; background: #fbfaf6; color: #222; font-family: sans-serif; }
  .caption { font-size: 12px; margin: 0 0 6px; opacity: 0.8; }
  .board svg { width: 100%; height: auto; }
  .message { font-size: 13px; }
</style>
</head>
<body>
<p class="caption">${escapeHtml(caption)}</p>
${body}
</body>
</html>`;
}
