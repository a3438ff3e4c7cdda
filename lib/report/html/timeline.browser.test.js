// The timeline page in a real headless Chromium (Debian's chromium, driven by playwright-core), from
// a kept timeline: it loads with no errors and no requests, and its line chart with the interval band draws.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ROOT } from '../../paths.js';
import { readResults } from '../../results/file.js';
import { timelineSeries } from '../across/timeline.js';
import { renderTimelineHtml } from './timeline.js';

const CHROMIUM = '/usr/bin/chromium';
const KEPT = join(ROOT, 'results', 'published', 'timeline-node-read-prefilled-quick.json');

test('the timeline chart draws a line in its interval band, with no errors and no network', async () => {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: run make setup (it installs Debian's chromium)`);
  const doc = readResults(KEPT);
  const file = join(mkdtempSync(join(tmpdir(), 'parity-tl-html-')), 'timeline.html');
  writeFileSync(file, renderTimelineHtml(doc, timelineSeries(doc)));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    const requests = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(file).href);
    await page.waitForFunction(
      () => /** @type {any} */ (globalThis).document.querySelector('canvas')?.dataset.drawn === 'yes',
    );
    const inked = await page.evaluate(() => {
      const c = /** @type {any} */ (globalThis).document.querySelector('canvas');
      const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < px.length; i += 4) if (px[i] > 0) n++;
      return n;
    });
    assert.deepEqual(errors, []);
    assert.deepEqual(requests, [pathToFileURL(file).href]);
    assert.ok(inked > 5000, `the chart has only ${inked} painted pixels`);
  } finally {
    await browser.close();
  }
});
