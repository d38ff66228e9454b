// Unit tests of server.ts, run with node's test runner (`npm test`), without VS Code.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  bundledServerPath,
  bundledServerRelativePath,
  configuredPath,
  describeResolution,
  Environment,
  expandPath,
  findOnPath,
  formatReport,
  languageServerCommand,
  processEnvironment,
  quoteArg,
  reportCommand,
  resolveExecutable,
} from '../server';

function fakeEnv(executables: string[], overrides: Partial<Environment> = {}): Environment {
  const set = new Set(executables);
  return {
    pathVariable: '/usr/local/bin:/usr/bin:/opt/mdip/bin',
    platform: 'linux',
    home: '/users/u',
    workspaceFolder: '/projects/game',
    extensionPath: '/ext/mdip.mdip-0.1.0-linux-x64',
    isExecutable: (file) => set.has(file),
    ...overrides,
  };
}

describe('resolveExecutable', () => {
  it('finds the default `mdip` on PATH', () => {
    const r = resolveExecutable({}, fakeEnv(['/opt/mdip/bin/mdip']));
    assert.deepEqual(r, { ok: true, executable: '/opt/mdip/bin/mdip', args: [], source: 'path' });
  });

  it('takes the first match on PATH', () => {
    const r = resolveExecutable({ path: 'mdip' }, fakeEnv(['/usr/bin/mdip', '/opt/mdip/bin/mdip']));
    assert.equal(r.ok && r.executable, '/usr/bin/mdip');
  });

  it('treats an empty or null setting as not set', () => {
    for (const value of ['', '  ', null, undefined]) {
      const r = resolveExecutable({ path: value }, fakeEnv(['/usr/bin/mdip']));
      assert.equal(r.ok && r.executable, '/usr/bin/mdip', String(value));
      assert.equal(r.ok && r.source, 'path');
      assert.equal(configuredPath({ path: value }), undefined);
    }
    assert.equal(configuredPath({ path: ' mdip ' }), 'mdip');
  });

  it('reports a name missing from PATH', () => {
    const r = resolveExecutable({ path: 'mdip' }, fakeEnv([]));
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.message : '', /not found on PATH/);
  });

  it('accepts an absolute path', () => {
    const r = resolveExecutable({ path: '/x/target/debug/mdip' }, fakeEnv(['/x/target/debug/mdip']));
    assert.deepEqual(r, { ok: true, executable: '/x/target/debug/mdip', args: [], source: 'setting' });
  });

  it('takes a relative path from the workspace folder', () => {
    const r = resolveExecutable({ path: './target/release/mdip' }, fakeEnv(['/projects/game/target/release/mdip']));
    assert.equal(r.ok && r.executable, '/projects/game/target/release/mdip');
  });

  it('expands ~ and ${workspaceFolder}', () => {
    const env = fakeEnv(['/users/u/.cargo/bin/mdip', '/projects/game/bin/mdip']);
    assert.equal(expandPath('~/.cargo/bin/mdip', env), '/users/u/.cargo/bin/mdip');
    assert.equal(expandPath('${workspaceFolder}/bin/mdip', env), '/projects/game/bin/mdip');
    const r = resolveExecutable({ path: '~/.cargo/bin/mdip' }, env);
    assert.equal(r.ok && r.executable, '/users/u/.cargo/bin/mdip');
  });

  it('reports a path that is not executable', () => {
    const r = resolveExecutable({ path: '/nope/mdip' }, fakeEnv([]));
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.message : '', /does not exist or is not executable/);
  });

  it('passes mdip.server.args through and rejects non-strings', () => {
    const ok = resolveExecutable({ args: ['--log', 'debug'] }, fakeEnv(['/usr/bin/mdip']));
    assert.deepEqual(ok.ok && ok.args, ['--log', 'debug']);
    const bad = resolveExecutable({ args: ['--log', 3] }, fakeEnv(['/usr/bin/mdip']));
    assert.equal(bad.ok, false);
    const notArray = resolveExecutable({ args: '--log' }, fakeEnv(['/usr/bin/mdip']));
    assert.equal(notArray.ok, false);
  });

  it('uses PATHEXT on Windows', () => {
    const env = fakeEnv(['C:\\mdip\\mdip.EXE'], {
      platform: 'win32',
      pathVariable: 'C:\\Windows;C:\\mdip',
      pathExt: '.COM;.EXE',
    });
    // path.join is POSIX here; compare the name only.
    const found = findOnPath('mdip', { ...env, isExecutable: (f) => /mdip[\\/]mdip\.EXE$/.test(f) });
    assert.match(found ?? '', /mdip\.EXE$/);
  });
});

describe('resolution order: setting > bundled > PATH', () => {
  const bundled = '/ext/mdip.mdip-0.1.0-linux-x64/server/mdip';
  const onPath = '/usr/bin/mdip';
  const configured = '/x/target/debug/mdip';

  it('knows where the bundled server is', () => {
    assert.equal(bundledServerPath(fakeEnv([])), bundled);
    assert.equal(bundledServerPath(fakeEnv([], { extensionPath: undefined })), undefined);
    assert.equal(bundledServerRelativePath('linux'), 'server/mdip');
    assert.equal(bundledServerRelativePath('darwin'), 'server/mdip');
    assert.equal(bundledServerRelativePath('win32'), 'server/mdip.exe');
  });

  it('prefers the setting over the bundled server and PATH', () => {
    const r = resolveExecutable({ path: configured }, fakeEnv([configured, bundled, onPath]));
    assert.deepEqual(r, { ok: true, executable: configured, args: [], source: 'setting' });
  });

  it('looks a bare name in the setting up on PATH, not in the extension', () => {
    const r = resolveExecutable({ path: 'mdip' }, fakeEnv([bundled, onPath]));
    assert.deepEqual(r, { ok: true, executable: onPath, args: [], source: 'setting' });
  });

  it('uses the bundled server when the setting is not set, even with mdip on PATH', () => {
    const r = resolveExecutable({ path: '' }, fakeEnv([bundled, onPath]));
    assert.deepEqual(r, { ok: true, executable: bundled, args: [], source: 'bundled' });
  });

  it('passes mdip.server.args to the bundled server', () => {
    const r = resolveExecutable({ args: ['--x'] }, fakeEnv([bundled]));
    assert.deepEqual(r, { ok: true, executable: bundled, args: ['--x'], source: 'bundled' });
  });

  it('falls back to PATH when the bundled server is missing', () => {
    const r = resolveExecutable({}, fakeEnv([onPath]));
    assert.deepEqual(r, { ok: true, executable: onPath, args: [], source: 'path' });
  });

  it('falls back to PATH when the extension folder is unknown', () => {
    const r = resolveExecutable({}, fakeEnv([bundled, onPath], { extensionPath: undefined }));
    assert.deepEqual(r, { ok: true, executable: onPath, args: [], source: 'path' });
  });

  it('does not fall back when the setting names a missing file', () => {
    const r = resolveExecutable({ path: '/nope/mdip' }, fakeEnv([bundled, onPath]));
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.message : '', /\/nope\/mdip.*mdip\.server\.path/);
  });

  it('says when there is neither a bundled server nor mdip on PATH', () => {
    const r = resolveExecutable({}, fakeEnv([]));
    assert.equal(r.ok, false);
    const message = !r.ok ? r.message : '';
    assert.match(message, /no bundled server for this platform \(server\/mdip\)/);
    assert.match(message, /'mdip' was not found on PATH/);
    assert.match(message, /mdip\.server\.path/);
  });

  it('uses server/mdip.exe on Windows', () => {
    const exe = 'C:\\ext\\mdip\\server\\mdip.exe';
    const env = fakeEnv([exe], { platform: 'win32', extensionPath: 'C:\\ext\\mdip', pathVariable: 'C:\\Windows' });
    assert.equal(bundledServerPath(env), exe);
    const r = resolveExecutable({}, env);
    assert.deepEqual(r, { ok: true, executable: exe, args: [], source: 'bundled' });
  });

  it('says which server it uses and from where', () => {
    assert.equal(
      describeResolution({ ok: true, executable: bundled, args: [], source: 'bundled' }),
      `Using the mdip server bundled with the extension: ${bundled}`,
    );
    assert.match(describeResolution({ ok: true, executable: onPath, args: [], source: 'path' }), /found on PATH: \/usr\/bin\/mdip$/);
    assert.match(
      describeResolution({ ok: true, executable: configured, args: [], source: 'setting' }),
      /"mdip\.server\.path" setting: \/x\/target\/debug\/mdip$/,
    );
  });

  it('finds a real bundled server in an extension folder', () => {
    const ext = fs.mkdtempSync(path.join(os.tmpdir(), 'mdip-vscode-ext-'));
    try {
      const env = { ...processEnvironment(undefined, ext), pathVariable: '' };
      assert.equal(resolveExecutable({}, env).ok, false);
      const server = path.join(ext, ...bundledServerRelativePath(process.platform).split('/'));
      fs.mkdirSync(path.dirname(server));
      fs.writeFileSync(server, '#!/bin/sh\n', { mode: 0o755 });
      assert.deepEqual(resolveExecutable({}, env), { ok: true, executable: server, args: [], source: 'bundled' });
    } finally {
      fs.rmSync(ext, { recursive: true, force: true });
    }
  });
});

describe('processEnvironment', () => {
  it('finds a real executable on a real PATH', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mdip-vscode-test-'));
    try {
      const exe = path.join(dir, 'mdip');
      fs.writeFileSync(exe, '#!/bin/sh\n', { mode: 0o755 });
      fs.writeFileSync(path.join(dir, 'not-executable'), '', { mode: 0o644 });
      const env = { ...processEnvironment(undefined), pathVariable: dir };
      assert.equal(findOnPath('mdip', env), exe);
      if (process.platform !== 'win32') {
        assert.equal(findOnPath('not-executable', env), undefined);
      }
      assert.equal(findOnPath('missing', env), undefined);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('commands', () => {
  it('starts the server as `mdip lsp <args>`', () => {
    assert.deepEqual(languageServerCommand('/usr/bin/mdip', ['--x']), {
      command: '/usr/bin/mdip',
      args: ['lsp', '--x'],
    });
  });

  it('checks a file as `mdip check <file>`', () => {
    assert.deepEqual(reportCommand('/usr/bin/mdip', '/g/a b.mdip'), {
      command: '/usr/bin/mdip',
      args: ['check', '/g/a b.mdip'],
    });
  });

  it('quotes arguments for display', () => {
    assert.equal(quoteArg('/g/a.mdip'), '/g/a.mdip');
    assert.equal(quoteArg('/g/a b.mdip'), "'/g/a b.mdip'");
    assert.equal(quoteArg("it's"), "'it'\\''s'");
  });
});

describe('formatReport', () => {
  const command = reportCommand('/usr/bin/mdip', '/g/a b.mdip');

  it('shows the command, the output and a success line', () => {
    const text = formatReport({ file: '/g/a b.mdip', command, exitCode: 0, stdout: 'ok\n', stderr: '' });
    assert.equal(text, "$ /usr/bin/mdip check '/g/a b.mdip'\n\nok\n\nmdip check: no errors (exit code 0).\n");
  });

  it('shows stderr and a failing exit code', () => {
    const text = formatReport({
      file: 'x',
      command,
      exitCode: 1,
      stdout: 'report\n',
      stderr: 'error[E0201]: unknown province\n',
    });
    assert.match(text, /report\n\nerror\[E0201\]: unknown province\n\nmdip check: exit code 1\.\n$/);
  });

  it('says when there was no output or the program could not run', () => {
    assert.match(formatReport({ file: 'x', command, exitCode: 0, stdout: '', stderr: '' }), /\(no output\)/);
    const failed = formatReport({ file: 'x', command, exitCode: null, stdout: '', stderr: '', spawnError: 'ENOENT' });
    assert.match(failed, /Could not run mdip: ENOENT/);
  });

  it('reports a signal', () => {
    const text = formatReport({ file: 'x', command, exitCode: null, signal: 'SIGKILL', stdout: '', stderr: '' });
    assert.match(text, /stopped by SIGKILL/);
  });
});
