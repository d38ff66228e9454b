// Builds a platform-specific .vsix that bundles the mdip language server: `npm run package`.
//
//   node scripts/package.js [--target <vscode-target>] [--binary <mdip>] [--out <file.vsix>]
//
// 1. takes the server binary from --binary, else $MDIP_BINARY, else the workspace's release
//    build ../../target/release/mdip (mdip.exe for win32 targets), relative to editors/vscode;
//    relative paths are taken from the directory npm was started in;
// 2. checks that it is an executable for the target (ELF / Mach-O / PE and the architecture);
// 3. copies it to server/mdip (server/mdip.exe), where src/server.ts looks for it, and strips
//    the copy (Linux targets: $STRIP, else `strip` for this machine's target, else `llvm-strip`;
//    other targets only when $STRIP is set; MDIP_STRIP=0 turns stripping off);
// 4. runs `vsce package --target <target> --no-dependencies` (vsce runs `vscode:prepublish`,
//    which bundles dist/extension.js with esbuild) into mdip-<target>.vsix, with the README
//    described below;
// 5. removes server/ again.
//
// The target defaults to $MDIP_TARGET, else this machine's (linux-x64, darwin-arm64, ...).
// README images: VS Code's extension view shows only https: and data: images, and vsce makes
// relative links absolute only with a repository URL, which the package has none of. So the
// packaged README (dist/README.md, given to vsce as --readme-path) has the screenshots of
// images/ inlined as data: URLs. When $VSCE_BASE_IMAGES_URL (and $VSCE_BASE_CONTENT_URL) are
// set, e.g. to publish where this folder is served, README.md is packaged as it is and vsce
// rewrites its relative links to those (--baseImagesUrl / --baseContentUrl).
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { TARGETS, hostTarget, serverFileName, readHeader, targetMismatch } = require('./targets');

const root = path.join(__dirname, '..');
const serverDir = path.join(root, 'server');

class PackageError extends Error {}

function fail(message) {
  throw new PackageError(message);
}

function parseArgs(argv) {
  const options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const match = /^--(target|binary|out)(?:=(.*))?$/.exec(arg);
    if (!match) {
      fail(`unknown argument '${arg}' (usage: node scripts/package.js [--target T] [--binary FILE] [--out FILE])`);
    }
    const value = match[2] !== undefined ? match[2] : argv[++i];
    if (value === undefined || value === '') {
      fail(`${arg} needs a value`);
    }
    options[match[1]] = value;
  }
  return options;
}

/** Paths given by the user are relative to where they ran npm, not to editors/vscode. */
function fromUser(file) {
  return path.resolve(process.env.INIT_CWD || process.cwd(), file);
}

function which(name) {
  const exts = process.platform === 'win32' ? ['.exe', '.cmd', ''] : [''];
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    for (const ext of exts) {
      const candidate = path.join(dir, name + ext);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        if (fs.statSync(candidate).isFile()) {
          return candidate;
        }
      } catch {
        // Not here.
      }
    }
  }
  return undefined;
}

/** The strip program for a target, or a reason why the copy is not stripped. */
function stripTool(target) {
  if (process.env.MDIP_STRIP === '0') {
    return { reason: 'MDIP_STRIP=0' };
  }
  if (process.env.STRIP) {
    return { tool: process.env.STRIP };
  }
  if (TARGETS[target].os !== 'linux') {
    return {
      reason: `${target} binaries are stripped when they are built (CARGO_PROFILE_RELEASE_STRIP=symbols) or with STRIP=<tool>`,
    };
  }
  let host;
  try {
    host = hostTarget();
  } catch {
    host = undefined;
  }
  const tool = (host === target && which('strip')) || which('llvm-strip');
  return tool ? { tool } : { reason: `no strip tool for ${target} (set STRIP=<tool>, e.g. llvm-strip)` };
}

/** A path for messages: relative to the current directory when that is short. */
function display(file) {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith(['..', '..', '..', ''].join(path.sep)) ? relative : file;
}

/** README.md with its relative PNG images inlined as data: URLs, written to dist/README.md. */
function inlineReadme() {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const inlined = readme.replace(/(!\[[^\]]*\]\()([^)\s]+)(\))/g, (all, open, link, close) => {
    if (/^[a-z][\w+.-]*:/i.test(link) || link.startsWith('#')) {
      return all;
    }
    const file = path.join(root, ...link.split('/'));
    if (!/\.png$/i.test(link) || !fs.existsSync(file)) {
      fail(`README.md: image ${link} is not a PNG file of editors/vscode`);
    }
    return `${open}data:image/png;base64,${fs.readFileSync(file).toString('base64')}${close}`;
  });
  const out = path.join(root, 'dist', 'README.md');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, inlined);
  return path.relative(root, out).split(path.sep).join('/');
}

function mib(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  const target = options.target || process.env.MDIP_TARGET || hostTarget();
  if (!TARGETS[target]) {
    fail(`unknown target '${target}'; one of: ${Object.keys(TARGETS).join(', ')}`);
  }
  const name = serverFileName(target);
  const defaultBinary = path.join(root, '..', '..', 'target', 'release', name);
  const binary = options.binary
    ? fromUser(options.binary)
    : process.env.MDIP_BINARY
      ? fromUser(process.env.MDIP_BINARY)
      : defaultBinary;
  const shown = display(binary);
  if (!fs.existsSync(binary) || !fs.statSync(binary).isFile()) {
    const cross = target === safeHostTarget() ? '' : ` --target ${TARGETS[target].triple}`;
    fail(
      [
        `the mdip server binary ${shown} does not exist.`,
        `Build it first, from the repository root:`,
        ``,
        `    cargo build --release --locked -p mdip-cli${cross}`,
        ``,
        `or point MDIP_BINARY (or --binary) at an mdip binary for ${target}, e.g.`,
        `    MDIP_BINARY=../../target/debug/mdip npm run package`,
      ].join('\n'),
    );
  }
  const mismatch = targetMismatch(target, readHeader(binary));
  if (mismatch) {
    fail(`${shown} cannot be packaged for ${target}: ${mismatch}`);
  }

  fs.rmSync(serverDir, { recursive: true, force: true });
  fs.mkdirSync(serverDir);
  const server = path.join(serverDir, name);
  try {
    fs.copyFileSync(binary, server);
    fs.chmodSync(server, 0o755);
    const before = fs.statSync(server).size;
    const strip = stripTool(target);
    let stripped = `not stripped: ${strip.reason}`;
    if (strip.tool) {
      const r = spawnSync(strip.tool, [server], { stdio: 'inherit' });
      if (r.error || r.status !== 0) {
        fail(`${strip.tool} ${server} failed${r.error ? `: ${r.error.message}` : ''}`);
      }
      stripped = `stripped with ${path.basename(strip.tool)}: ${mib(before)} -> ${mib(fs.statSync(server).size)}`;
    }
    let version = '';
    if (target === safeHostTarget()) {
      const r = spawnSync(server, ['--version'], { encoding: 'utf8' });
      if (r.error || r.status !== 0) {
        fail(`${server} --version failed: ${r.error ? r.error.message : r.stderr}`);
      }
      version = `${r.stdout.trim()}, `;
    }
    console.log(`package: server/${name} from ${shown} (${version}${stripped})`);

    const out = options.out ? fromUser(options.out) : path.join(root, `mdip-${target}.vsix`);
    const vsce = require.resolve('@vscode/vsce/vsce');
    const links =
      process.env.VSCE_BASE_CONTENT_URL || process.env.VSCE_BASE_IMAGES_URL
        ? [
            '--baseContentUrl', process.env.VSCE_BASE_CONTENT_URL || process.env.VSCE_BASE_IMAGES_URL,
            '--baseImagesUrl', process.env.VSCE_BASE_IMAGES_URL || process.env.VSCE_BASE_CONTENT_URL,
          ]
        : ['--no-rewrite-relative-links', '--readme-path', inlineReadme()];
    const args = [
      vsce, 'package',
      '--target', target,
      '--no-dependencies',
      '--allow-missing-repository',
      ...links,
      '--out', out,
    ];
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (r.error || r.status !== 0) {
      fail(`vsce package failed${r.error ? `: ${r.error.message}` : ''}`);
    }
    console.log(`package: ${display(out)} (${target}, ${mib(fs.statSync(out).size)})`);
  } finally {
    fs.rmSync(serverDir, { recursive: true, force: true });
  }
}

function safeHostTarget() {
  try {
    return hostTarget();
  } catch {
    return undefined;
  }
}

try {
  main();
} catch (e) {
  console.error(`package: ${e instanceof PackageError ? e.message : e.stack || e}`);
  process.exit(1);
}
