// Bundles the playground into dist/ (static files only): the page and its worker (esbuild), the
// WebAssembly built by scripts/build-web into pkg/, the examples read from the repository, and
// a service worker that caches everything for offline use. Run by `npm run build` (after
// scripts/build-web made pkg/; scripts/build-web runs both).
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');
const dist = join(here, 'dist');

if (!existsSync(join(here, 'pkg', 'mdip_wasm_bg.wasm'))) {
  console.error('web/pkg/ has no WebAssembly: run scripts/build-web (it builds crates/mdip-wasm first)');
  process.exit(1);
}
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

await build({
  entryPoints: { main: join(here, 'src/main.js'), worker: join(here, 'src/worker.js') },
  bundle: true,
  format: 'esm',
  splitting: false,
  minify: true,
  sourcemap: false,
  target: 'es2022',
  outdir: dist,
  logLevel: 'warning',
});
cpSync(join(here, 'pkg', 'mdip_wasm_bg.wasm'), join(dist, 'mdip_wasm_bg.wasm'));
for (const f of ['index.html', 'style.css', 'favicon.svg']) cpSync(join(here, 'src', f), join(dist, f));

// The examples menu, from the repository's files.
const groups = [
  ['Founding cases (MDATC 3.A)', 'tests/mdatc', () => true],
  ['Shipped examples', 'examples', () => true],
  ['DATC', 'tests/datc', (f) => ['6.A.1.mdip', '6.C.3.mdip', '6.E.1.mdip'].includes(f)],
  ['The 5D game\'s rules', 'tests/5dd/mdatc', (f) => ['A.01.mdip', 'A.05.mdip'].includes(f)],
];
const titles = { 'examples/opening.mdip': 'A standard opening with its outcomes', 'examples/time-travel.mdip': 'Time travel: a multi-timeline game' };
const examples = [];
for (const [group, dir, keep] of groups) {
  const files = readdirSync(join(repo, dir)).filter((f) => f.endsWith('.mdip') && keep(f));
  files.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  for (const f of files) {
    const name = `${dir}/${f}`;
    const text = readFileSync(join(repo, name), 'utf8');
    const first = (text.split('\n')[0] || '').replace(/^#\s*/, '');
    examples.push({ group, name, title: titles[name] || first || f, text });
  }
}
writeFileSync(join(dist, 'examples.json'), JSON.stringify(examples));

// The service worker: the list of files and a version from their contents.
const files = [];
const walk = (d) => {
  for (const f of readdirSync(d)) {
    const p = join(d, f);
    if (statSync(p).isDirectory()) walk(p);
    else files.push(relative(dist, p));
  }
};
walk(dist);
files.sort();
const hash = createHash('sha256');
for (const f of files) hash.update(f).update(readFileSync(join(dist, f)));
const sw = readFileSync(join(here, 'src', 'sw.js'), 'utf8')
  .replace('__VERSION__', hash.digest('hex').slice(0, 12))
  .replace('__FILES__', JSON.stringify(['./', ...files]));
writeFileSync(join(dist, 'sw.js'), sw);
let total = 0;
for (const f of files) total += statSync(join(dist, f)).size;
console.log(`web/dist: ${files.length + 1} files, ${(total / 1024).toFixed(0)} KiB`);
