// End-to-end test of the mdip VS Code extension in a real VS Code (code-server) driven by
// Debian's Chromium through playwright-core. On demand only (not CI): see README.md.
//
// Installs ../mdip-<target>.vsix into a fresh code-server profile, opens sample.mdip, and asserts
// that the extension starts the mdip language server (and says which one), that its diagnostic,
// hover and completion appear, and that "mdip: Show Check Report" shows `mdip check` output.
// Then it opens showcase.mdip for the README's pictures: the adjudication outcomes as inlay
// hints, a hover, and the "did you mean" quick fix (which it applies). Screenshots of every step
// go to screenshots/; with --update-images the three pictures are also written, cropped to the
// editor, to ../images/ (inlay-hints.png, hover.png, quick-fix.png), which the README shows.
//
// Environment: MDIP (an mdip binary to set as "mdip.server.path"; default: unset, so the
// extension starts the server bundled in the .vsix), VSIX (default ../mdip-<this machine's
// target>.vsix), CHROMIUM (default /usr/bin/chromium), PORT (default: a free port on
// 127.0.0.1), E2E_TIMEOUT_MS (per step, default 60000).

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { hostTarget } = require('../scripts/targets.js');
const codeServer = path.join(here, 'node_modules', '.bin', 'code-server');
const vsix = path.resolve(process.env.VSIX ?? path.join(here, '..', `mdip-${hostTarget()}.vsix`));
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const stepTimeout = Number(process.env.E2E_TIMEOUT_MS ?? 60000);
const shots = path.join(here, 'screenshots');
const images = path.join(here, '..', 'images');
const updateImages = process.argv.includes('--update-images');
/** Whether MDIP is the stand-in server editors/testing/fake-mdip. */
let fakeServer = false;

/** The first line containing `text` in a .log file under `dir`. */
function findInLogs(dir, text) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = findInLogs(file, text);
      if (found) {
        return found;
      }
    } else if (entry.name.endsWith('.log')) {
      const line = fs.readFileSync(file, 'utf8').split('\n').find((l) => l.includes(text));
      if (line) {
        return line;
      }
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
/** Takes a screenshot of the page when a step fails (set once the page exists). */
let failureShot = async () => {};
async function step(name, fn) {
  const started = Date.now();
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (e) {
    results.push({ name, ok: false });
    console.log(`FAIL ${name}: ${e.message.split('\n')[0]}`);
    await failureShot().catch(() => {});
    throw e;
  }
}

async function main() {
  // Without MDIP the extension must find the server bundled in the .vsix by itself.
  const mdip = process.env.MDIP ? path.resolve(process.env.MDIP) : undefined;
  if (mdip && !fs.existsSync(mdip)) {
    fail(`MDIP=${process.env.MDIP}: ${mdip} does not exist`);
  }
  fakeServer = mdip !== undefined && path.basename(mdip) === 'fake-mdip';
  if (fakeServer && updateImages) {
    fail('--update-images needs the real mdip server, not fake-mdip');
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
  fs.copyFileSync(path.join(here, 'showcase.mdip'), path.join(workspace, 'showcase.mdip'));
  fs.copyFileSync(path.join(here, 'multiverse.mdip'), path.join(workspace, 'multiverse.mdip'));
  fs.writeFileSync(
    path.join(userData, 'User', 'settings.json'),
    JSON.stringify(
      {
        ...(mdip ? { 'mdip.server.path': mdip } : {}),
        'editor.fontSize': 15,
        'editor.minimap.enabled': false,
        'editor.inlayHints.enabled': 'on',
        'editor.lightbulb.enabled': 'off',
        'workbench.colorTheme': 'Default Dark Modern',
        'workbench.activityBar.location': 'hidden',
        'breadcrumbs.enabled': false,
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
    failureShot = () => shot('failure');

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

    await step('the extension says which server it started', async () => {
      // The *mdip* output channel is logged under the profile's logs/ folder.
      const expected = mdip
        ? `Using the mdip server from the "mdip.server.path" setting: ${mdip}`
        : 'Using the mdip server bundled with the extension: ';
      const deadline = Date.now() + stepTimeout;
      for (;;) {
        const line = findInLogs(userData, 'Using the mdip server');
        if (line && line.includes(expected)) {
          console.log(`     ${line.trim()}`);
          if (!mdip && !/[\\/]server[\\/]mdip(\.exe)?$/.test(line.trim())) {
            throw new Error(`not the bundled server/mdip: ${line}`);
          }
          break;
        }
        if (Date.now() > deadline) {
          throw new Error(`the mdip output channel does not say "${expected}"${line ? `, but: ${line}` : ''}`);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
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
      if (!text.includes('Munich') || (!fakeServer && !text.includes('Army'))) {
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

    // Runs a command from the Command Palette by its title.
    const command = async (title) => {
      await page.keyboard.press('F1');
      await page.locator('.quick-input-widget input').waitFor();
      await page.keyboard.type(title);
      await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: title }).first().waitFor();
      await page.keyboard.press('Enter');
      await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    };

    // The README's pictures, in showcase.mdip with the panel closed. The stand-in server of
    // editors/testing has no inlay hints or quick fixes, so these steps need the real one.
    if (fakeServer) {
      console.log('skip the showcase.mdip steps: editors/testing/fake-mdip has no inlay hints or quick fixes');
    } else {
      // A screenshot `<n>-<name>`; with --update-images also ../images/<name>.png: the editor
      // part (tab and text) down to the end of showcase.mdip, and the widget open in it.
      const picture = async (numbered, widget) => {
        await shot(numbered);
        const name = numbered.replace(/^\d+-/, '');
        if (!updateImages) {
          return;
        }
        const box = await page.locator('.part.editor').boundingBox();
        const last = await editorLine('Tyrolia').boundingBox();
        let bottom = last.y + 2.5 * last.height;
        if (widget) {
          const w = await widget.boundingBox();
          bottom = Math.max(bottom, w.y + w.height + 12);
        }
        const height = Math.min(box.y + box.height, bottom) - box.y;
        const file = path.join(images, `${name}.png`);
        await page.screenshot({ path: file, clip: { x: box.x, y: box.y, width: Math.min(box.width, 860), height } });
        console.log(`     wrote ${path.relative(process.cwd(), file)} (${Math.round(fs.statSync(file).size / 1024)} KB)`);
      };

      await step('showcase.mdip shows outcomes as inlay hints', async () => {
        await page.keyboard.press('Escape');
        await command('View: Hide Panel');
        await command('View: Close Primary Side Bar');
        // Only showcase.mdip in the pictures: drop the edits of sample.mdip and close it.
        await editorLine('A Munich hold').click();
        await command('File: Revert File');
        await command('View: Close All Editors');
        await page.locator('.monaco-editor .view-lines').waitFor({ state: 'detached' });
        await page.keyboard.press('Control+P');
        await page.locator('.quick-input-widget input').waitFor();
        await page.keyboard.type('showcase.mdip');
        await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'showcase.mdip' }).first().waitFor();
        await page.keyboard.press('Enter');
        await page.locator('.monaco-editor .view-lines').filter({ hasText: 'Munih' }).waitFor();
        // The hint after the bounced move names the unit it bounced off.
        await editorLine('A Munich - Burgundy').filter({ hasText: 'bounced off A Paris' }).waitFor();
        await editorLine('A Paris - Burgundy').filter({ hasText: 'succeeds' }).waitFor();
        await page.locator('.monaco-editor .squiggly-error').first().waitFor();
        await page.mouse.move(5, 5);
        await page.waitForTimeout(500);
        await picture('6-inlay-hints');
      });

      await step('a hover over a unit in showcase.mdip', async () => {
        const word = editorLine('A Munich - Burgundy').locator('span span', { hasText: 'Munich' }).first();
        await word.hover();
        const hover = page.locator('.monaco-hover:not(.hidden)').filter({ hasText: 'Munich' }).first();
        await hover.waitFor();
        await page.waitForTimeout(500);
        await picture('7-hover', hover);
        await page.mouse.move(5, 5);
        await page.keyboard.press('Escape');
      });

      await step('the quick fix for Munih offers Munich (Ctrl+.)', async () => {
        await editorLine('A Munih - Tyrolia').locator('span span', { hasText: 'Munih' }).first().click();
        await page.keyboard.press('Control+.');
        const menu = page.locator('.action-widget').filter({ hasText: 'Munich' }).first();
        await menu.waitFor();
        await page.waitForTimeout(300);
        await picture('8-quick-fix', menu);
        await page.keyboard.press('Enter');
        await editorLine('A Munich - Tyrolia').waitFor();
        await shot('9-quick-fix-applied');
      });
    }

    // The stand-in server draws no pictures: the preview needs the real one.
    if (fakeServer) {
      console.log('skip the board preview steps: editors/testing/fake-mdip draws no pictures');
    } else {
      // The board preview: a webview beside the editor, drawn by the server's `mdip.render`, that
      // follows the cursor from season to season. Its SVG lives two frames down (the webview's
      // host frame, then its content frame).
      const boardSvg = () => page.frameLocator('iframe.webview').first().frameLocator('iframe#active-frame').locator('svg').first();
      await step('the board preview shows the season under the cursor', async () => {
        await page.keyboard.press('Escape');
        await command('View: Close All Editors');
        await page.keyboard.press('Control+P');
        await page.locator('.quick-input-widget input').waitFor();
        await page.keyboard.type('multiverse.mdip');
        await page.locator('.quick-input-list .monaco-list-row').filter({ hasText: 'multiverse.mdip' }).first().waitFor();
        await page.keyboard.press('Enter');
        await editorLine('A Munich hold').click();
        await command('mdip: Show Board (follows the cursor)');
        await boardSvg().locator('g.board[data-season="0:0"]').first().waitFor();
        await page.waitForTimeout(500);
        await shot('11-board-preview');
      });

      await step('the board preview follows the cursor to the next season', async () => {
        await editorLine('A Munich - Tyrolia 0:0').click();
        await boardSvg().locator('g.board[data-season="1:0"]').first().waitFor();
        // The move into 0:0 is drawn, from the board of 1:0.
        await boardSvg().locator('[class*="move"]').first().waitFor();
        await page.waitForTimeout(500);
        await shot('12-board-follows');
        await command('mdip: Show Multiverse');
        await boardSvg().locator('g.board[data-season="1:1"]').first().waitFor();
        await page.waitForTimeout(500);
        await shot('13-multiverse');
      });

      // The navigable picture (web/src/multiverse-view.js, shared with the playground): zoom,
      // pan, and a click on an arrow that moves the editor's cursor to its order.
      await step('the multiverse zooms, pans, and a click on an arrow moves the cursor', async () => {
        const frame = page.frameLocator('iframe.webview').first().frameLocator('iframe#active-frame');
        const transform = () => frame.locator('.mv-canvas').first().evaluate((e) => e.style.transform);
        const scale = (t) => Number(/scale\(([\d.]+)\)/.exec(t)?.[1]);
        const offset = (t) => /translate\(([-\d.]+)px, ([-\d.]+)px\)/.exec(t).slice(1).map(Number);
        await editorLine('A Munich hold').click();
        const before = await transform();
        await frame.locator('.mv-bar [data-action="zoom-in"]').click();
        await frame.locator('.mv-bar [data-action="zoom-in"]').click();
        const zoomed = await transform();
        if (!(scale(zoomed) > scale(before) * 1.4)) throw new Error(`no zoom: ${before} -> ${zoomed}`);
        const vp = await frame.locator('.mv-viewport').boundingBox();
        await page.mouse.move(vp.x + vp.width / 2, vp.y + vp.height / 2);
        await page.mouse.down();
        await page.mouse.move(vp.x + vp.width / 2 - 120, vp.y + vp.height / 2 - 60, { steps: 5 });
        await page.mouse.up();
        const panned = await transform();
        const [dx, dy] = [offset(panned)[0] - offset(zoomed)[0], offset(panned)[1] - offset(zoomed)[1]];
        if (Math.abs(dx + 120) > 3 || Math.abs(dy + 60) > 3) throw new Error(`no pan: ${zoomed} -> ${panned}`);
        await shot('14-multiverse-zoomed-panned');
        await frame.locator('.mv-bar [data-action="fit-all"]').click();
        const arrow = frame.locator('g.order.move[data-line]').first();
        const line = Number(await arrow.getAttribute('data-line')); // the report's 1-based line
        if (line !== 7) throw new Error(`the move is on line 7 of multiverse.mdip, not ${line}`);
        await arrow.locator('polygon.head').click();
        await page.locator('.statusbar-item', { hasText: `Ln ${line},` }).first().waitFor();
        await frame.locator('.mv-current').first().waitFor();
        await page.waitForTimeout(500);
        const status = await page.locator('.statusbar-item[id$="editor.selection"], .statusbar-item', { hasText: /Ln \d+, Col/ }).first().textContent();
        console.log(`     after the click: ${status.trim()} (the order is on line ${line})`);
        await shot('15-multiverse-click-moved-cursor');
      });
    }

    await step("the extension's page shows the README with its screenshots", async () => {
      // The page is a webview whose Content-Security-Policy allows only https: and data: images,
      // which is why scripts/package.js inlines the screenshots.
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+Shift+X');
      await page.locator('.extensions-viewlet .suggest-input-container').first().waitFor();
      await page.keyboard.type('@installed mdip');
      await page.locator('.extensions-viewlet .monaco-list-row').filter({ hasText: 'mdip' }).first().click();
      const deadline = Date.now() + stepTimeout;
      let images = [];
      for (;;) {
        images = [];
        for (const frame of page.frames()) {
          const found = await frame
            .evaluate(() =>
              [...document.querySelectorAll('img')]
                .filter((img) => (img.getAttribute('src') ?? '').startsWith('data:image/png'))
                .map((img) => img.naturalWidth),
            )
            .catch(() => []);
          images.push(...found);
        }
        if (images.length >= 3 && images.every((w) => w > 0)) {
          break;
        }
        if (Date.now() > deadline) {
          throw new Error(`the README shows ${images.length} inlined screenshots (widths ${images.join(', ')})`);
        }
        await new Promise((r) => setTimeout(r, 250));
      }
      await shot('10-extension-page');
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
