// The two images the docs show, drawn again from the kept files they picture, so an image, like a
// figure, comes from a kept file: docs/report.png (the "Cost as the size grows" charts of the HTML
// report of results/published/streams-scaling.json) and docs/timeline.png (the top of the timeline
// page of results/published/timeline-node-read-prefilled-quick.json). Debian's chromium driven by
// playwright-core, as the browser tests drive it. Run after the kept files are made again:
//   node tools/doc-images.js
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { ROOT } from '../lib/paths.js';
import { timelineSeries } from '../lib/report/across/timeline.js';
import { analysesOf } from '../lib/report/analyses/index.js';
import { renderHtml } from '../lib/report/html/page.js';
import { renderTimelineHtml } from '../lib/report/html/timeline.js';
import { readResults } from '../lib/results/file.js';

const CHROMIUM = '/usr/bin/chromium';
const kept = (name) => readResults(join(ROOT, 'results', 'published', name));

const IMAGES = [
  {
    out: 'docs/report.png',
    html: () => {
      const doc = kept('streams-scaling.json');
      return renderHtml(doc, { analyses: analysesOf(doc) });
    },
    viewport: { width: 1100, height: 1000 },
    section: '#scaling',
  },
  {
    out: 'docs/timeline.png',
    html: () => {
      const doc = kept('timeline-node-read-prefilled-quick.json');
      return renderTimelineHtml(doc, timelineSeries(doc));
    },
    viewport: { width: 1000, height: 760 },
  },
];

const dir = mkdtempSync(join(tmpdir(), 'parity-doc-images-'));
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  for (const img of IMAGES) {
    const file = join(dir, 'page.html');
    writeFileSync(file, img.html());
    const page = await browser.newPage({ viewport: img.viewport });
    await page.goto(pathToFileURL(file).href);
    // Every chart drawn (lib/report/html/page.browser.js and the timeline page set data-drawn when a chart is done).
    await page.waitForFunction(() =>
      [.../** @type {any} */ (globalThis).document.querySelectorAll('canvas')].every((c) => c.dataset.drawn === 'yes'),
    );
    const path = join(ROOT, img.out);
    if (img.section) {
      const box = await page.locator(img.section).boundingBox();
      if (!box) throw new Error(`${img.out}: the page has no ${img.section} section`);
      const { width, height } = img.viewport;
      await page.screenshot({
        path,
        fullPage: true,
        clip: { x: 0, y: box.y, width, height: Math.min(box.height, height) },
      });
    } else await page.screenshot({ path });
    await page.close();
    console.log(`wrote ${img.out}`);
  }
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
