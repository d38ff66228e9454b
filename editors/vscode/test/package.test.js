// Checks the platform .vsix that `npm run package` built (node's test runner: `npm run
// test:package`, run by editors/test.sh after `npm run package`): the bundled server is where
// src/server.ts looks for it, is executable, is built for the package's target and runs; the
// extension is one bundled file; no node_modules/ and nothing else unneeded is in the package.
//
// Environment: VSIX (default: mdip-<target>.vsix next to package.json), MDIP_TARGET (default:
// this machine's target). Needs `tsc -p ./` first (it reads out/server.js).
'use strict';
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const Module = require('node:module');
const os = require('node:os');
const path = require('node:path');
const { before, describe, it } = require('node:test');
const yauzl = require('yauzl');
const { hostTarget, targetMismatch, targetPlatform } = require('../scripts/targets');
const { bundledServerRelativePath } = require('../out/server');

const root = path.join(__dirname, '..');
const host = hostTarget();
const target = process.env.MDIP_TARGET || host;
const vsix = path.resolve(process.env.INIT_CWD || process.cwd(), process.env.VSIX || path.join(root, `mdip-${target}.vsix`));
const serverEntry = `extension/${bundledServerRelativePath(targetPlatform(target))}`;

/** The entries of a zip file: name -> { mode, data }. */
function readZip(file) {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, decodeStrings: true }, (err, zip) => {
      if (err) {
        reject(err);
        return;
      }
      const entries = new Map();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry) => {
        if (entry.fileName.endsWith('/')) {
          entries.set(entry.fileName, { mode: entry.externalFileAttributes >>> 16, data: Buffer.alloc(0) });
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e) {
            reject(e);
            return;
          }
          const chunks = [];
          stream.on('data', (c) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, { mode: entry.externalFileAttributes >>> 16, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** What the package may contain besides the required files. */
const allowed = [
  /^extension\.vsixmanifest$/,
  /^\[Content_Types\]\.xml$/,
  /^extension\/package\.json$/,
  /^extension\/readme\.md$/,
  /^extension\/changelog\.md$/,
  /^extension\/LICENSE\.txt$/,
  /^extension\/LICENSE-(MIT|APACHE)$/,
  /^extension\/language-configuration\.json$/,
  /^extension\/dist\/extension\.js$/,
  /^extension\/dist\/board-view\.js$/,
  /^extension\/syntaxes\/mdip\.tmLanguage\.json$/,
  /^extension\/images\/icon\.png$/,
  /^extension\/server\/mdip(\.exe)?$/,
];

describe(`the ${target} package ${path.relative(process.cwd(), vsix) || vsix}`, () => {
  let entries;
  before(async () => {
    assert.ok(fs.existsSync(vsix), `${vsix} does not exist: run \`npm run package\` first`);
    entries = await readZip(vsix);
  });

  it('bundles the server where the extension looks for it', () => {
    assert.ok(entries.has(serverEntry), `no ${serverEntry} in the package: ${[...entries.keys()].join(', ')}`);
    assert.ok(entries.get(serverEntry).data.length > 0, `${serverEntry} is empty`);
  });

  it('bundles a server built for the target', () => {
    const mismatch = targetMismatch(target, entries.get(serverEntry).data);
    assert.equal(mismatch, undefined, `${serverEntry}: ${mismatch}`);
  });

  it('stores the server as executable', { skip: targetPlatform(target) === 'win32' && 'Windows has no mode bits' }, () => {
    const mode = entries.get(serverEntry).mode;
    assert.notEqual(mode & 0o111, 0, `${serverEntry} has mode ${mode.toString(8)}, not executable`);
  });

  it('has a server that runs: mdip --version', { skip: target !== host && `${target} binaries do not run on ${host}` }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mdip-vsix-test-'));
    try {
      const { data, mode } = entries.get(serverEntry);
      const exe = path.join(dir, path.basename(serverEntry));
      // Unpack with the mode the package stores, as VS Code does.
      fs.writeFileSync(exe, data, { mode: (mode & 0o777) || 0o644 });
      const r = spawnSync(exe, ['--version'], { encoding: 'utf8', timeout: 30000 });
      assert.equal(r.error, undefined, `${exe} --version: ${r.error}`);
      assert.equal(r.status, 0, `${exe} --version exited with ${r.status}: ${r.stderr}`);
      assert.match(r.stdout.trim(), /^mdip \d+\.\d+\.\d+/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('contains no node_modules/', () => {
    const found = [...entries.keys()].filter((name) => name.split('/').includes('node_modules'));
    assert.deepEqual(found, []);
  });

  it('contains only what the extension needs', () => {
    const unexpected = [...entries.keys()].filter((name) => !allowed.some((re) => re.test(name)));
    assert.deepEqual(unexpected, []);
    for (const required of [
      'extension/package.json',
      'extension/readme.md',
      'extension/changelog.md',
      'extension/LICENSE.txt',
      'extension/LICENSE-MIT',
      'extension/LICENSE-APACHE',
      'extension/language-configuration.json',
      'extension/dist/extension.js',
      'extension/dist/board-view.js',
      'extension/syntaxes/mdip.tmLanguage.json',
      'extension/images/icon.png',
    ]) {
      assert.ok(entries.has(required), `${required} is missing`);
    }
  });

  it('has a README whose images VS Code shows (data: PNG or https:)', () => {
    // The extension view's Content-Security-Policy allows `img-src https: data:` only.
    const readme = entries.get('extension/readme.md').data.toString('utf8');
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    assert.ok(images.length >= 3, `the README shows ${images.length} images, not the screenshots`);
    for (const link of images) {
      const data = /^data:image\/png;base64,(.*)$/.exec(link);
      if (data) {
        const png = Buffer.from(data[1], 'base64');
        assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG', `a data: image of the README is not a PNG`);
      } else {
        assert.match(link, /^https:\/\//, `README image ${link.slice(0, 80)} is neither data: nor https:`);
      }
    }
  });

  it('is marked for its target platform', () => {
    const manifest = entries.get('extension.vsixmanifest').data.toString('utf8');
    assert.match(manifest, new RegExp(`TargetPlatform="${target}"`));
  });

  it('has a manifest that starts dist/extension.js and leaves mdip.server.path unset', () => {
    const manifest = JSON.parse(entries.get('extension/package.json').data.toString('utf8'));
    assert.equal(manifest.main, './dist/extension.js');
    assert.equal(manifest.contributes.configuration.properties['mdip.server.path'].default, '');
    assert.equal(manifest.icon, 'images/icon.png');
    assert.equal(manifest.repository, undefined);
  });

  it('has a bundled extension that loads with only `vscode` external', () => {
    const code = entries.get('extension/dist/extension.js').data.toString('utf8');
    const required = new Set([...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]));
    for (const name of required) {
      assert.ok(
        name === 'vscode' || Module.isBuiltin(name),
        `dist/extension.js requires '${name}', which is not bundled`,
      );
    }
    // Load it with a stand-in `vscode` whose every property is a constructible function.
    const fake = new Proxy(function () {}, {
      get: (t, p) => (p === 'prototype' ? {} : fake),
      construct: () => fake,
      apply: () => fake,
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mdip-vsix-load-'));
    const originalLoad = Module._load;
    try {
      const file = path.join(dir, 'extension.js');
      fs.writeFileSync(file, code);
      Module._load = function (request, ...rest) {
        return request === 'vscode' ? fake : originalLoad.call(this, request, ...rest);
      };
      const extension = require(file);
      assert.equal(typeof extension.activate, 'function');
      assert.equal(typeof extension.deactivate, 'function');
    } finally {
      Module._load = originalLoad;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
