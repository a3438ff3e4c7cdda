// make serve: results/ over HTTP on 127.0.0.1 with a hono app: the list of runs and each run's
// report page. Only plain file names of results files in that folder are served.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { listSuites, loadAnalyses } from '../run/discover.js';
import { readResults } from '../run/results.js';
import { escapeHtml, renderHtml } from './html.js';

const NAME = /^[\w.@+-]+\.json$/;

/** The suites' own analyses for a document, where the suites still exist here. */
export async function analysesOf(doc) {
  const known = listSuites();
  return loadAnalyses([...new Set(doc.results.map((r) => r.suite))].filter((s) => known.includes(s)));
}

/**
 * The app over one folder of results files.
 * @param {string} dir
 */
export function reportApp(dir) {
  const app = new Hono();
  app.get('/', (c) => {
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => NAME.test(f))
          .sort()
          .reverse()
      : [];
    const items = files
      .map(
        (f) =>
          `<li><a href="/run/${encodeURIComponent(f)}">${escapeHtml(f)}</a> (${statSync(join(dir, f)).size} bytes)</li>`,
      )
      .join('\n');
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>parity runs</title></head><body><h1>parity runs</h1><ul>${items || '<li>no results files yet: make compare</li>'}</ul></body></html>`,
    );
  });
  app.get('/run/:file', async (c) => {
    const file = c.req.param('file');
    if (!NAME.test(file) || !existsSync(join(dir, file)))
      return c.text(`No results file "${file}" in this folder`, 404);
    let doc;
    try {
      doc = readResults(join(dir, file));
    } catch (e) {
      return c.text(/** @type {Error} */ (e).message, 422);
    }
    return c.html(renderHtml(doc, { analyses: await analysesOf(doc) }));
  });
  return app;
}

/**
 * Serve `dir` on 127.0.0.1 until the process is stopped; port 0 picks a free one.
 * @param {string} dir
 * @param {number} port
 */
export async function serveResults(dir, port) {
  const { serve } = await import('@hono/node-server');
  const app = reportApp(dir);
  await new Promise((resolve) => {
    serve({ fetch: app.fetch, hostname: '127.0.0.1', port }, (info) => {
      process.stdout.write(`parity: serving ${dir} at http://127.0.0.1:${info.port}/ (Ctrl-C stops)\n`);
      resolve(undefined);
    });
  });
  return new Promise(() => {});
}
