// End-to-end test of the mdip VS Code extension in a real VS Code (code-server) driven by
// Debian's Chromium through playwright-core. On demand only (not CI): see README.md.
//
// Installs ../mdip.vsix into a fresh code-server profile, opens sample.mdip, and asserts that
// the mdip language server's diagnostic, hover and completion appear, and that
// "mdip: Show Check Report" shows `mdip check` output. Screenshots go to screenshots/.
//
// Environment: MDIP (the mdip binary; default: `mdip` on PATH), VSIX (default ../mdip.vsix),
// CHROMIUM (default /usr/bin/chromium), PORT (default: a free port on 127.0.0.1),
// E2E_TIMEOUT_MS (per step, default 60000).

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const codeServer = path.join(here, 'node_modules', '.bin', 'code-server');
const vsix = path.resolve(process.env.VSIX ?? path.join(here, '..', 'mdip.vsix'));
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const stepTimeout = Number(process.env.E2E_TIMEOUT_MS ?? 60000);
const shots = path.join(here, 'screenshots');

function which(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return undefined;
}

function fail(message) {
  console.error(`e2e: ${message}`);
  process.exit(1);
}

async function freePort() {
  if (process.env.PORT) {
    return Number(process.env.PORT);
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) {
        return;
      }
    } catch {
      // Not up yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const results = [];
async function step(name, fn) {
  const started = Date.now();
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (e) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name}: ${e.message.split('\n')[0]}`);
    throw e;
  }
}

async function main() {
  const mdip = process.env.MDIP ? path.resolve(process.env.MDIP) : which('mdip');
  if (!mdip || !fs.existsSync(mdip)) {
    fail('no mdip binary: set MDIP=/path/to/mdip (e.g. target/debug/mdip) or put mdip on PATH');
  }
  if (!fs.existsSync(codeServer)) {
    fail('code-server is not installed here: run `npm run setup` in editors/vscode/e2e first');
  }
  if (!fs.existsSync(vsix)) {
    fail(`${vsix} does not exist: run \`npm run package\` in editors/vscode first`);
  }
  if (!fs.existsSync(chromiumPath)) {
    fail(`${chromiumPath} does not exist: apt-get install chromium`);
  }

  // A fresh profile, extensions folder and workspace for every run.
  const work = fs.mkdtempSync(path.join(here, '.work', 'run-'));
  const userData = path.join(work, 'user-data');
  const extensions = path.join(work, 'extensions');
  const workspace = path.join(work, 'workspace');
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  fs.mkdirSync(workspace, { recursive: true });
  fs.mkdirSync(shots, { recursive: true });
  fs.copyFileSync(path.join(here, 'sample.mdip'), path.join(workspace, 'sample.mdip'));
  fs.writeFileSync(
    path.join(userData, 'User', 'settings.json'),
    JSON.stringify(
      {
        'mdip.server.path': mdip,
        'security.workspace.trust.enabled': false,
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'workbench.enableExperiments': false,
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'extensions.ignoreRecommendations': true,
        'editor.hover.delay': 100,
        'editor.quickSuggestions': { other: false, comments: false, strings: false },
        'window.commandCenter': false,
        'git.openRepositoryInParentFolders': 'never',
        'git.enabled': false,
      },
      null,
      2,
    ),
  );

  const common = ['--user-data-dir', userData, '--extensions-dir', extensions];
  await step('install the .vsix', async () => {
    const r = spawnSync(codeServer, [...common, '--install-extension', vsix], { encoding: 'utf8' });
    if (r.status !== 0) {
      throw new Error(`code-server --install-extension failed: ${r.stdout}${r.stderr}`);
    }
  });

  const port = await freePort();
  const log = fs.openSync(path.join(work, 'code-server.log'), 'w');
  const server = spawn(
    codeServer,
    [
      ...common,
      '--bind-addr', `127.0.0.1:${port}`,
      '--auth', 'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      workspace,
    ],
    { stdio: ['ignore', log, log] },
  );
  let browser;
  try {
    await step('code-server starts', () => waitForHttp(`http://127.0.0.1:${port}/healthz`, stepTimeout));

    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(stepTimeout);
    const shot = (name) => page.screenshot({ path: path.join(shots, `${name}.png`) });

    await step('the workbench loads', async () => {
      await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(workspace)}`);
      await page.locator('.monaco-workbench').waitFor();
      await page.locator('.explorer-folders-view, .part.sidebar').first().waitFor();
    });

    await step('sample.mdip opens as mdip', async () => {
      await page.keyboard.press('Control+P');
      await page.locator('.quick-input-widget input').waitFor();
      await page.keyboard.type('sample.mdip');
      await page.locator('.quick-input-list .monaco-list-row').first().waitFor();
      await page.keyboard.press('Enter');
      await page.locator('.monaco-editor .view-lines').filter({ hasText: 'Atlantis' }).waitFor();
      await page.locator('#status\\.editor\\.mode').filter({ hasText: /mdip/i }).waitFor();
      await shot('1-opened');
    });

    await step('a diagnostic appears', async () => {
      await page.locator('.monaco-editor .squiggly-error').first().waitFor();
      await page.keyboard.press('Control+Shift+M');
      await page.locator('.markers-panel').filter({ hasText: /Atlantis|province|E02/i }).waitFor();
      await shot('2-diagnostic');
    });

    const editorLine = (text) =>
      page.locator('.monaco-editor .view-line').filter({ hasText: text }).first();

    await step('a hover appears', async () => {
      const word = editorLine('A Munich hold').locator('span span', { hasText: 'Munich' }).first();
      await word.click();
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I');
      const hover = page.locator('.monaco-hover:not(.hidden)').first();
      await hover.waitFor();
      const text = (await hover.innerText()).trim();
      if (!text.includes('Munich') || !text.includes('Army')) {
        throw new Error(`the hover does not describe the army in Munich: ${text}`);
      }
      await shot('3-hover');
      await page.keyboard.press('Escape');
    });

    await step('a completion appears', async () => {
      await editorLine('A Atlantis hold').click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('A Ber');
      await page.keyboard.press('Control+Space');
      const rows = page.locator('.suggest-widget.visible .monaco-list-row');
      await rows.first().waitFor();
      const items = await rows.allInnerTexts();
      if (!items.some((t) => t.includes('Berlin'))) {
        throw new Error(`no completion item for Berlin: ${items.join(' | ')}`);
      }
      await shot('4-completion');
      await page.keyboard.press('Escape');
    });

    await step('mdip: Show Check Report shows mdip check output', async () => {
      await page.keyboard.press('F1');
      await page.locator('.quick-input-widget input').waitFor();
      await page.keyboard.type('mdip: Show Check Report');
      await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'Show Check Report' }).first().waitFor();
      await page.keyboard.press('Enter');
      await page.locator('.part.panel').filter({ hasText: 'mdip check' }).first().waitFor();
      await shot('5-report');
    });
  } finally {
    if (browser) {
      await browser.close();
    }
    server.kill('SIGTERM');
    fs.closeSync(log);
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`${results.length - failed} passed, ${failed} failed`);
  console.log(`screenshots: ${shots}; code-server log: ${path.join(work, 'code-server.log')}`);
}

main().catch((e) => {
  console.error(e.stack ?? String(e));
  const failed = results.filter((r) => !r.ok).length || 1;
  console.log(`${results.filter((r) => r.ok).length} passed, ${failed} failed`);
  process.exit(1);
});
