// Unit tests of board.ts, run with node's test runner (`npm test`), without VS Code.

import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boardPage, escapeHtml, renderArguments, seasonHeaders } from '../board';

describe('seasonHeaders', () => {
  it('finds power headers with a season and seasons in words', () => {
    const text = [
      '# Founding case',
      'Germany 0:0',
      'A Munich hold',
      '',
      'England 1:0:',
      'F London - North Sea 0:0',
      'Austria:',
      'Spring 1901',
      'F1901M',
      'A Munich 2:0 - Tyrolia',
    ].join('\n');
    assert.deepEqual(seasonHeaders(text), [
      { line: 1, season: '0:0' },
      { line: 4, season: '1:0' },
      { line: 7, season: 'Spring 1901' },
      { line: 8, season: 'F1901M' },
    ]);
  });

  it('reads CRLF text and comments after a header', () => {
    assert.deepEqual(seasonHeaders('Germany 2:1  # the fork\r\nA Munich hold\r\n'), [{ line: 0, season: '2:1' }]);
  });

  it('finds nothing in orders', () => {
    assert.deepEqual(seasonHeaders('A Munich - Tyrolia 0:0\nF London hold\n'), []);
  });
});

describe('renderArguments', () => {
  it('passes the document and what to draw', () => {
    assert.deepEqual(renderArguments('file:///g.mdip', undefined), ['file:///g.mdip']);
    assert.deepEqual(renderArguments('file:///g.mdip', 'multiverse'), ['file:///g.mdip', 'multiverse']);
    assert.deepEqual(renderArguments('file:///g.mdip', { line: 3, character: 0 }), [
      'file:///g.mdip',
      { line: 3, character: 0 },
    ]);
  });
});

describe('boardPage', () => {
  it('embeds the SVG under a caption, with a policy that allows no script', () => {
    const page = boardPage('game.mdip <1:0>', '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    assert.match(page, /<div class="board"><svg xmlns/);
    assert.match(page, /game\.mdip &lt;1:0&gt;/);
    assert.match(page, /default-src 'none'/);
    assert.doesNotMatch(page, /script-src/);
  });

  it('shows a message instead of anything that is not SVG', () => {
    const page = boardPage('x', '<script>alert(1)</script>', 'the server <did not answer>');
    assert.doesNotMatch(page, /<script>/);
    assert.match(page, /the server &lt;did not answer&gt;/);
  });

  it('escapes HTML', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('boardPage with the navigable picture', () => {
  it('allows only its own script, by nonce, and passes the cursor line', () => {
    const page = boardPage('c', '<svg xmlns="http://www.w3.org/2000/svg"></svg>', undefined, {
      src: 'vscode-resource:/dist/board-view.js',
      nonce: 'abc123',
      cspSource: 'vscode-resource:',
      line: 4,
    });
    assert.match(page, /script-src 'nonce-abc123' vscode-resource:;/);
    assert.match(page, /<script nonce="abc123" src="vscode-resource:\/dist\/board-view\.js"><\/script>/);
    assert.match(page, /<template id="mdip-svg"><svg/);
    assert.match(page, /data-line="4"/);
  });
});
