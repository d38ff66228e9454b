// The playground's budgets, measured in headless Chromium (a benchmark, not a test: it prints
// figures and exits 0). `npm run bench` in web/ after scripts/build-web.
//   wasm size gzipped (budget 1.5 MB), whole page gzipped (2.5 MB), interactive from a local
//   server (1 s), keystroke to diagnostics p95 on a 2,000-line 5D file (50 ms), and the
//   multiverse of founding case 3.A.6 drawn (50 ms).
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { open, setText, settled, webDir } from './browser.mjs';

const dist = join(webDir, 'dist');
const gz = (f) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
const wasm = gz('mdip_wasm_bg.wasm');
const page = readdirSync(dist).reduce((n, f) => n + gz(f), 0);
const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? NaN;

const repo = join(webDir, '..');
const cases = readdirSync(join(repo, 'tests/mdatc')).filter((f) => f.endsWith('.mdip')).sort();
let big = '';
for (let i = 0; big.split('\n').length < 2000; i++) {
  big += `@game founding ${i}\n${readFileSync(join(repo, 'tests/mdatc', cases[i % cases.length]), 'utf8')}\n`;
}

const b = await open();
const t0 = Date.now();
await b.page.goto(b.url);
await b.page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.analysed === document.body.dataset.pictured && document.body.dataset.analysed);
const interactive = Date.now() - t0;

await setText(b.page, big);
const lines = big.split('\n').length;
await b.page.evaluate(() => { const v = window.mdipEditor; v.dispatch({ selection: { anchor: v.state.doc.length } }); v.focus(); window.mdipStats.keystrokeToDiagnostics.length = 0; });
for (let i = 0; i < 40; i++) {
  await b.page.keyboard.type(i % 2 ? '\n' : '#');
  await b.page.waitForFunction(() => document.body.dataset.analysed !== '');
}
const keys = await b.page.evaluate(() => window.mdipStats.keystrokeToDiagnostics.slice());
const inWorker = await b.page.evaluate(() => window.mdipStats.analysis.slice(-40));

await setText(b.page, readFileSync(join(repo, 'tests/mdatc/3.A.6.mdip'), 'utf8'));
await b.page.locator('input[value=multiverse]').check();
const draws = [];
await settled(b.page);
for (let i = 0; i < 10; i++) {
  draws.push(await b.page.evaluate(async () => (await window.mdipQuery('render', { subject: 'multiverse' })).ms));
}
// The picture's draw in the page: the SVG put into the component, measured once more.
const insert = await b.page.evaluate(() => {
  const svg = document.querySelector('#picture .mv-canvas').innerHTML;
  const t = performance.now();
  window.mdipPicture.setSvg(svg);
  document.querySelector('#picture svg').getBoundingClientRect();
  return performance.now() - t;
});
await b.close();

const row = (what, value, budget) => console.log(`${what.padEnd(52)} ${value.padStart(10)}   (budget ${budget})`);
row('wasm, gzipped', mb(wasm), '1.5 MB');
row('whole page (dist/), gzipped', mb(page), '2.5 MB');
row('interactive from a local server', `${interactive} ms`, '1000 ms');
row(`keystroke to diagnostics p95 (${lines} lines, 5D)`, `${p95(keys).toFixed(1)} ms`, '50 ms');
row('  of which the analysis in the worker, p95', `${p95(inWorker).toFixed(1)} ms`, '-');
row('multiverse of 3.A.6: rendered in the worker (median)', `${[...draws].sort((a, b) => a - b)[5].toFixed(1)} ms`, '50 ms');
row('multiverse of 3.A.6: put into the page and laid out', `${insert.toFixed(1)} ms`, '50 ms');
