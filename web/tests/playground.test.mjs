// The playground in a real browser (Debian's Chromium through playwright-core): the page
// loads, diagnostics, quick fixes, completion, inline outcomes and forks, the picture and its
// links back to the text, share links, and the 5D game's JSON in and out. Screenshots go to
// web/test-results/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { open, results, setText, settled, webDir } from './browser.mjs';

const repo = join(webDir, '..');
let b;
before(async () => {
  b = await open();
  await b.page.goto(b.url);
  await b.page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20000 });
  await settled(b.page);
});
after(async () => b && (await b.close()));

const shot = (name) => b.page.screenshot({ path: join(results, `${name}.png`) });
const text = () => b.page.evaluate(() => window.mdipEditor.state.doc.toString());

test('the page loads with founding case 3.A.2, its outcomes and its picture', async () => {
  assert.match(await text(), /MDATC 3\.A\.2/);
  await b.page.waitForSelector('.cm-mdip-hint');
  const hints = await b.page.locator('.cm-mdip-hint').allTextContents();
  // An outcome the file does not state (`=> succeeds` is not repeated), and the fork.
  assert.ok(hints.some((h) => /bounced off A Tyrolia/.test(h)), hints.join(' | '));
  assert.ok(hints.some((h) => /forks timeline 1/.test(h)), hints.join(' | '));
  assert.ok(await b.page.locator('#picture svg').count() > 0);
  await shot('1-loaded-3.A.2');
});

test('a typo gets its diagnostic, and its quick fix repairs it', async () => {
  await setText(b.page, 'England:\nF London - Nort Sea\n');
  await b.page.waitForSelector('.cm-lintRange-error');
  await b.page.locator('.cm-lintRange-error').first().hover(); // the diagnostic's tooltip
  const action = b.page.locator('.cm-tooltip-lint .cm-diagnosticAction').first();
  await action.waitFor();
  assert.match(await b.page.locator('.cm-tooltip-lint').textContent(), /Nort Sea/);
  await shot('2-diagnostic');
  await action.click();
  await b.page.waitForFunction(() => window.mdipEditor.state.doc.toString().includes('North Sea'));
  await settled(b.page);
  assert.equal(await b.page.locator('.cm-lintRange-error').count(), 0);
});

test('completion lists provinces and inserts the chosen one', async () => {
  await setText(b.page, 'Germany:\nA Ber');
  await b.page.evaluate(() => { const v = window.mdipEditor; v.dispatch({ selection: { anchor: v.state.doc.length } }); v.focus(); });
  await b.page.keyboard.press('Control+Space');
  const list = b.page.locator('.cm-tooltip-autocomplete li');
  await list.first().waitFor();
  const labels = await list.allTextContents();
  assert.ok(labels.some((l) => /Berlin/.test(l)), labels.join(' | '));
  await shot('3-completion');
  await b.page.keyboard.press('Enter');
  await b.page.waitForFunction(() => /A Berlin/.test(window.mdipEditor.state.doc.toString()));
});

test('founding case 3.A.1 shows its fork inline; a click on an arrow moves the cursor', async () => {
  await setText(b.page, readFileSync(join(repo, 'tests/mdatc/3.A.1.mdip'), 'utf8'));
  await b.page.waitForSelector('.cm-mdip-fork');
  const hints = await b.page.locator('.cm-mdip-hint').allTextContents();
  // The file states every outcome (`=> succeeds`), so only the fork is shown.
  assert.ok(!hints.some((h) => /succeeds/.test(h)), hints.join(' | '));
  assert.ok(hints.some((h) => /1:1/.test(h)), `a fork into 1:1: ${hints.join(' | ')}`);
  await b.page.locator('input[value=multiverse]').check();
  await b.page.waitForFunction(() => /timeline/.test(document.querySelector('#picture svg title')?.textContent + document.querySelector('#picture svg')?.textContent));
  await shot('4-inline-outcomes-and-multiverse');
  // Put the cursor on line 0, then click the move's arrow.
  await b.page.evaluate(() => window.mdipEditor.dispatch({ selection: { anchor: 0 } }));
  const arrow = b.page.locator('#picture g.order.move[data-line]').first();
  const line = Number(await arrow.getAttribute('data-line')) - 1; // the report's 1-based line
  const order = (await arrow.locator('title').textContent()).split(':')[0]; // the order as written, up to its season's colon
  const box = await arrow.boundingBox();
  assert.ok(box, 'the arrow is drawn');
  // The arrow's head is the polygon: click it.
  const head = await arrow.locator('polygon.head').first().boundingBox();
  const at = head || box;
  await b.page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
  await b.page.waitForFunction((l) => {
    const v = window.mdipEditor;
    return v.state.doc.lineAt(v.state.selection.main.head).number - 1 === l;
  }, line);
  await b.page.waitForSelector('#picture .mv-current');
  const cursorText = await b.page.evaluate(() => { const v = window.mdipEditor; return v.state.doc.lineAt(v.state.selection.main.head).text; });
  assert.ok(cursorText.startsWith(order), `the cursor is on ${JSON.stringify(cursorText)}, not on the order ${order}`);
  await shot('5-clicked-arrow');
});

test('zoom and pan change the view', async () => {
  const before = await b.page.evaluate(() => window.mdipPicture.view());
  await b.page.locator('#picture [data-action=zoom-in]').click();
  const zoomed = await b.page.evaluate(() => window.mdipPicture.view());
  assert.ok(zoomed.scale > before.scale * 1.2);
  const vp = await b.page.locator('#picture .mv-viewport').boundingBox();
  await b.page.mouse.move(vp.x + 100, vp.y + 100);
  await b.page.mouse.down();
  await b.page.mouse.move(vp.x + 180, vp.y + 140, { steps: 4 });
  await b.page.mouse.up();
  const panned = await b.page.evaluate(() => window.mdipPicture.view());
  assert.ok(Math.abs(panned.tx - zoomed.tx - 80) < 2 && Math.abs(panned.ty - zoomed.ty - 40) < 2, JSON.stringify([zoomed, panned]));
});

test('a share link carries the text', async () => {
  const original = await text();
  await b.page.locator('#share').click();
  await b.page.waitForFunction(() => location.hash.startsWith('#code='));
  const url = await b.page.evaluate(() => location.href);
  const other = await b.context.newPage();
  await other.goto(url);
  await other.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.equal(await other.evaluate(() => window.mdipEditor.state.doc.toString()), original);
  await other.close();
});

test('a 5D game\'s JSON is imported, and its orders exported', async () => {
  const fixture = join(repo, 'crates/mdip-analysis/tests/import/5dd/three-timelines-retreat.json');
  await b.page.locator('#open-file').setInputFiles(fixture);
  await b.page.waitForFunction(() => /@rules 5dd/.test(window.mdipEditor.state.doc.toString()));
  await settled(b.page);
  await shot('6-imported-5d-game');
  const download = b.page.waitForEvent('download');
  await b.page.locator('#export').click();
  const file = await download;
  const body = JSON.parse(readFileSync(await file.path(), 'utf8'));
  assert.ok(Array.isArray(body.orders) || typeof body === 'object', JSON.stringify(body).slice(0, 200));
  assert.match(file.suggestedFilename(), /orders\.json$/);
});

test('text that replaces the whole file is no longer that file: the picture drops its name', async () => {
  await b.page.locator('#examples').selectOption({ label: await b.page.evaluate(() =>
    [...document.querySelectorAll('#examples option')].find((o) => /3\.A\.2/.test(o.value)).textContent) });
  await settled(b.page);
  assert.equal(await b.page.locator('#file-name').textContent(), '3.A.2.mdip');
  // An ordinary edit keeps the name.
  await b.page.locator('.cm-content').click();
  await b.page.keyboard.press('End');
  await b.page.keyboard.type(' ');
  await settled(b.page);
  assert.equal(await b.page.locator('#file-name').textContent(), '3.A.2.mdip');
  // Select all, then paste other orders: a new, unnamed file.
  await b.page.keyboard.press('Control+A');
  await b.page.keyboard.insertText('England:\nF London - North Sea\n');
  await settled(b.page);
  assert.equal(await b.page.locator('#file-name').textContent(), 'playground.mdip');
  assert.equal(await b.page.locator('#examples').inputValue(), '');
  const svg = await b.page.evaluate(() => document.querySelector('#picture svg')?.outerHTML ?? '');
  assert.ok(!svg.includes('3.A.2'), svg.slice(0, 300));
});
