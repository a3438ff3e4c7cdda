// The HTML report in a real headless Chromium (Debian's chromium, driven by playwright-core):
// it loads with no errors, every chart draws, and hostile strings from a results file stay text.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { testFingerprint } from '../../test/fixtures/fingerprint.js';
import { renderHtml } from './html.js';
import { reportApp } from './serve.js';

const CHROMIUM = '/usr/bin/chromium';
const TRICKY = `<script>alert(1)</script> "q" & 'x'`;

/** A results document with three runtimes, two suites, a failed job and a conformance row. */
function fixture() {
  const results = [];
  for (const [suite, workload, unit] of [
    ['math', 'sqrt-sin-loop', 'ops'],
    ['streams', TRICKY, 'bytes'],
  ]) {
    for (const [runtime, ns] of /** @type {[string, number][]} */ ([
      ['node', 100],
      ['deno', 80],
      ['bun', 40],
    ])) {
      for (const round of [1, 2, 3]) {
        results.push({
          runtime,
          runtime_version: 'v1',
          engine: 'V8',
          suite,
          workload,
          params: {},
          round,
          status: 'ok',
          error: null,
          unit,
          units_per_call: 1000,
          samples_ns: [],
          median_ns: ns * (1 + round / 100),
          ci95_ns: [ns, ns * 1.05],
          throughput: { value: 1, unit: unit === 'bytes' ? 'MB/s' : 'ops/s' },
          cpu_ms: { user: 900, sys: 50 },
          wall_ms: 1000,
          rss_peak_bytes: 5e7,
        });
      }
    }
  }
  results.push({ ...results[0], round: 4, status: 'timeout', error: `no result ${TRICKY}`, repro: `node ${TRICKY}` });
  return {
    schema: 'parity.results/1',
    started: '2026-11-22T00:00:00.000Z',
    finished: '2026-11-22T00:01:00.000Z',
    complete: true,
    command: TRICKY,
    fingerprint: testFingerprint({ cpu_model: TRICKY }),
    runtimes: ['node', 'deno', 'bun'].map((id) => ({
      id,
      kind: id,
      bin: 'x',
      version: 'v1',
      flags: [],
      env: {},
      preload: null,
    })),
    results,
    conformance: [
      { runtime: 'node', suite: 'streams', source: 'check', name: 'streams/x', status: 'pass', detail: null },
    ],
  };
}

/** @type {import('playwright-core').Browser} */
let browser;
before(async () => {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: run make setup (it installs Debian's chromium)`);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
});
after(async () => browser?.close());

test('the report loads without errors, draws every chart and shows hostile strings as text', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'parity-html-')), 'report.html');
  writeFileSync(file, renderHtml(fixture()));
  const page = await browser.newPage();
  const errors = [];
  let dialogs = 0;
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', async (d) => {
    dialogs++;
    await d.dismiss();
  });
  // Anything but the file itself would be a network request the report must not make.
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(pathToFileURL(file).href);
  await page.waitForFunction(() => /** @type {any} */ (globalThis).document.querySelectorAll('canvas').length === 2);
  assert.deepEqual(errors, []);
  assert.equal(dialogs, 0);
  assert.deepEqual(requests, [pathToFileURL(file).href]);
  const charts = await page.evaluate(() =>
    [.../** @type {any} */ (globalThis).document.querySelectorAll('canvas')].map((c) => {
      const ctx = /** @type {any} */ (c).getContext('2d');
      const px = ctx?.getImageData(0, 0, c.width, c.height).data ?? [];
      let inked = 0;
      for (let i = 3; i < px.length; i += 4) if (px[i] > 0) inked++;
      return { drawn: c.dataset.drawn, inked };
    }),
  );
  for (const c of charts) {
    assert.equal(c.drawn, 'yes');
    assert.ok(c.inked > 1000, `a chart has only ${c.inked} painted pixels`);
  }
  const text = await page.evaluate(() => /** @type {any} */ (globalThis).document.body.textContent);
  assert.ok(text.includes(TRICKY), 'the tricky name is shown as text');
  // Only the report's own two scripts (Chart.js and the page script): the tricky name added none.
  assert.equal(
    await page.evaluate(() => /** @type {any} */ (globalThis).document.querySelectorAll('script:not([type])').length),
    2,
  );
  await page.close();
});

test('make serve lists runs and serves each report; other paths are refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-serve-'));
  writeFileSync(join(dir, '20261122T000000Z-host.json'), JSON.stringify(fixture()));
  const app = reportApp(dir);
  const list = await app.request('/');
  assert.equal(list.status, 200);
  assert.match(await list.text(), /href="\/run\/20261122T000000Z-host\.json"/);
  const run = await app.request('/run/20261122T000000Z-host.json');
  assert.equal(run.status, 200, await run.clone().text());
  assert.match(await run.text(), /&#60;script&#62;alert\(1\)&#60;\/script&#62;/);
  assert.equal((await app.request('/run/..%2F..%2Fetc%2Fpasswd')).status, 404);
  assert.equal((await app.request('/run/missing.json')).status, 404);
});
