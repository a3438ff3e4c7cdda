// The HTML report in a real headless Chromium (Debian's chromium, driven by playwright-core):
// it loads with no errors, every chart draws, and hostile strings from a results file stay text.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { testFingerprint } from '../../../test/fixtures/fingerprint.js';
import { ROOT } from '../../paths.js';
import { reportOf } from '../model/report.js';
import { reportApp } from '../serve.js';
import { chartData, renderHtml } from './page.js';

const CHROMIUM = '/usr/bin/chromium';
const TRICKY = `<script>alert(1)</script> "q" & 'x'`;

/**
 * A results document with three runtimes, three suites (a streams workload at two sizes, an HTTP
 * row with latency percentiles), a failed job and a conformance row.
 * @param {string[]} [order] runtime order
 */
function fixture(order = ['node', 'deno', 'bun']) {
  const results = [];
  for (const [suite, workload, unit, params] of /** @type {[string, string, string, any][]} */ ([
    ['math', 'sqrt-sin-loop', 'ops', {}],
    ['streams', TRICKY, 'bytes', { mb: 1 }],
    ['streams', TRICKY, 'bytes', { mb: 64 }],
    ['http', 'json-small', 'ops', { concurrency: 1 }],
  ])) {
    for (const [runtime, ns] of /** @type {[string, number][]} */ ([
      ['node', 100],
      ['deno', 80],
      ['bun', 40],
    ]).sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]))) {
      for (const round of [1, 2, 3]) {
        const slow = 1 + round / 100 + (params.mb === 64 ? 1 : 0);
        const latency = (ms) => ({ value: ms * slow, unit: 'ms', better: 'lower', label: 'latency' });
        results.push({
          runtime,
          runtime_version: 'v1',
          engine: 'V8',
          suite,
          workload,
          params,
          round,
          status: 'ok',
          error: null,
          unit,
          units_per_call: 1000,
          samples_ns: [],
          median_ns: ns * slow,
          ci95_ns: [ns, ns * 1.05],
          throughput: { value: 1, unit: unit === 'bytes' ? 'MB/s' : 'ops/s' },
          cpu_ms: { user: 900, sys: 50 },
          wall_ms: 1000,
          rss_peak_bytes: 5e7,
          ...(suite === 'http'
            ? {
                metrics: {
                  ttfb_ms: latency(ns / 100),
                  ttfb_p99_ms: latency(ns / 10),
                  ttlb_ms: latency(ns / 50),
                  ttlb_p90_ms: latency(ns / 20),
                  ttlb_p99_ms: latency(ns / 5),
                },
              }
            : {}),
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
    provenance: { commit: null, dirty: null, lock_sha256: null, preloads: {} },
    fingerprint: testFingerprint({ cpu_model: TRICKY }),
    runtimes: order.map((id) => ({
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

test('a start-up report draws a distribution of the starts per workload, without errors', async () => {
  const doc = JSON.parse(readFileSync(join(ROOT, 'results', 'published', 'startup-quick.json'), 'utf8'));
  const ecdf = chartData(reportOf(doc).agg).filter((c) => c.kind === 'ecdf').length;
  assert.ok(ecdf >= 5, `${ecdf} start-up charts`);
  const file = join(mkdtempSync(join(tmpdir(), 'parity-html-')), 'report.html');
  writeFileSync(file, renderHtml(doc));
  const page = await browser.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(pathToFileURL(file).href);
  await page.waitForFunction(
    (n) =>
      /** @type {any} */ (globalThis).document.querySelectorAll('canvas[data-drawn=yes]').length ===
        /** @type {any} */ (globalThis).document.querySelectorAll('canvas').length && n > 0,
    ecdf,
  );
  assert.deepEqual(errors, []);
  const inked = await page.evaluate(() =>
    [.../** @type {any} */ (globalThis).document.querySelectorAll('#startup canvas')].map((c) => {
      const px = /** @type {any} */ (c).getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < px.length; i += 4) if (px[i] > 0) n++;
      return n;
    }),
  );
  assert.equal(inked.length, ecdf);
  for (const n of inked) assert.ok(n > 1000, `a start-up chart has only ${n} painted pixels`);
  await page.close();
});

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
  // Throughput bars for math, streams and http; the streams workload at two sizes; one HTTP row's percentiles.
  await page.waitForFunction(
    () => /** @type {any} */ (globalThis).document.querySelectorAll('canvas[data-drawn=yes]').length === 5,
  );
  assert.deepEqual(errors, []);
  assert.equal(dialogs, 0);
  assert.deepEqual(requests, [pathToFileURL(file).href]);
  const charts = await page.evaluate(() =>
    [.../** @type {any} */ (globalThis).document.querySelectorAll('canvas')].map((c) => {
      const ctx = /** @type {any} */ (c).getContext('2d');
      const px = ctx?.getImageData(0, 0, c.width, c.height).data ?? [];
      let inked = 0;
      for (let i = 3; i < px.length; i += 4) if (px[i] > 0) inked++;
      return { drawn: c.dataset.drawn, inked, bars: Number(c.dataset.errorBars) };
    }),
  );
  assert.equal(charts.length, 5);
  for (const c of charts) {
    assert.equal(c.drawn, 'yes');
    assert.ok(c.inked > 1000, `a chart has only ${c.inked} painted pixels`);
    assert.ok(c.bars > 0, 'every chart draws the 95% interval bars');
  }
  // The table of contents: every entry leads to an element of the page.
  const dead = await page.evaluate(() => {
    const d = /** @type {any} */ (globalThis).document;
    const links = [...d.querySelectorAll('nav.toc a')].map((a) => a.getAttribute('href').slice(1));
    return { count: links.length, dead: links.filter((id) => !d.getElementById(id)) };
  });
  assert.ok(dead.count >= 8, `${dead.count} contents entries`);
  assert.deepEqual(dead.dead, []);
  // A header click sorts its table by the figures (data-v), a second click reverses.
  const order = async () =>
    page.evaluate(() =>
      [.../** @type {any} */ (globalThis).document.querySelector('table.sortable').tBodies[0].rows].map((tr) =>
        Number(tr.cells[2].dataset.v),
      ),
    );
  await page.click('table.sortable th:nth-child(3)');
  const up = await order();
  assert.deepEqual(
    up,
    [...up].sort((a, b) => a - b),
  );
  await page.click('table.sortable th:nth-child(3)');
  const down = await order();
  assert.deepEqual(
    down,
    [...up].sort((a, b) => b - a),
  );
  assert.ok(up[0] < up[up.length - 1], 'the column has different figures to sort');
  const text = await page.evaluate(() => /** @type {any} */ (globalThis).document.body.textContent);
  assert.ok(text.includes(TRICKY), 'the tricky name is shown as text');
  // Only the report's own two scripts (Chart.js and the page script): the tricky name added none.
  assert.equal(
    await page.evaluate(() => /** @type {any} */ (globalThis).document.querySelectorAll('script:not([type])').length),
    2,
  );
  await page.close();
});

test('tooltips carry absolute figures with intervals, and a runtime keeps its colour in any column order', () => {
  const tips = chartData(reportOf(fixture(), {}).agg).flatMap((c) => c.datasets.flatMap((d) => d.tip));
  assert.ok(
    tips.some((t) =>
      /^bun: [\d.]+[kMG]? ops\/s \[[\d.]+[kMG]?–[\d.]+[kMG]?\], [=?]?[\d.]+× (\[[\d.]+–[\d.]+\] )?vs node$/.test(t),
    ),
    tips[0],
  );
  assert.ok(tips.some((t) => /^deno, mb=64: [\d.]+[kMG]? MB\/s/.test(t)));
  assert.ok(tips.some((t) => /^node TTLB p99: [\d.]+ ms/.test(t)));
  const colours = (order) =>
    Object.fromEntries(chartData(reportOf(fixture(order), {}).agg)[0].datasets.map((d) => [d.label, d.color]));
  assert.deepEqual(colours(['bun', 'node', 'deno']), colours(['node', 'deno', 'bun']));
});

test('make serve lists runs and published runs and serves each report; other paths are refused', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'parity-serve-'));
  writeFileSync(join(dir, '20261122T000000Z-host.json'), JSON.stringify(fixture()));
  mkdirSync(join(dir, 'published'));
  writeFileSync(join(dir, 'published', 'kept-run.json'), JSON.stringify(fixture()));
  const app = reportApp(dir);
  const list = await app.request('/');
  assert.equal(list.status, 200);
  const html = await list.text();
  assert.match(html, /href="\/run\/20261122T000000Z-host\.json"/);
  assert.match(html, /href="\/published\/kept-run\.json"/);
  const kept = await app.request('/published/kept-run.json');
  assert.equal(kept.status, 200);
  assert.match(await kept.text(), /<canvas data-chart=/);
  assert.equal((await app.request('/published/..%2F20261122T000000Z-host.json')).status, 404);
  const run = await app.request('/run/20261122T000000Z-host.json');
  assert.equal(run.status, 200, await run.clone().text());
  assert.match(await run.text(), /&#60;script&#62;alert\(1\)&#60;\/script&#62;/);
  assert.equal((await app.request('/run/..%2F..%2Fetc%2Fpasswd')).status, 404);
  assert.equal((await app.request('/run/missing.json')).status, 404);
});
