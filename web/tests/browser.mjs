// Starts Debian's Chromium (never a downloaded browser) through playwright-core, headless, with
// a new empty profile, and serves web/dist from 127.0.0.1.
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './serve.mjs';

export const webDir = fileURLToPath(new URL('..', import.meta.url));
export const results = join(webDir, 'test-results');

export async function open() {
  mkdirSync(results, { recursive: true });
  const server = await serve(join(webDir, 'dist'));
  const profile = mkdtempSync(join(tmpdir(), 'mdip-web-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    viewport: { width: 1400, height: 850 },
  });
  const page = context.pages()[0] || (await context.newPage());
  const url = `http://127.0.0.1:${server.address().port}/`;
  const close = async () => {
    await context.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { page, url, close, context };
}

/** Replaces the editor's text and waits for its analysis and picture. */
export async function setText(page, text) {
  await page.evaluate((t) => {
    const v = window.mdipEditor;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: t } });
  }, text);
  await settled(page);
}

export async function settled(page) {
  await page.waitForFunction(() => document.body.dataset.analysed !== '' && document.body.dataset.analysed !== undefined && document.body.dataset.pictured === document.body.dataset.analysed, null, { timeout: 15000 });
}
