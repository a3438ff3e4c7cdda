// make serve: results/ over HTTP on 127.0.0.1 with a hono app: the list of runs (this machine's,
// then the kept ones in results/published/) and each run's report page. Only plain file names of
// results files in those two folders are served.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { readResults } from '../results/file.js';
import { analysesOf } from './analyses/index.js';
import { escapeHtml, renderHtml } from './html/page.js';

const NAME = /^[\w.@+-]+\.json$/;

/** Results files in a folder, newest name first. */
const filesIn = (dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => NAME.test(f))
        .sort()
        .reverse()
    : [];

/**
 * The app over one folder of results files and its `published/` folder.
 * @param {string} dir
 * @param {string} [published]
 */
export function reportApp(dir, published = join(dir, 'published')) {
  const app = new Hono();
  const list = (folder, route) =>
    filesIn(folder)
      .map(
        (f) =>
          `<li><a href="/${route}/${encodeURIComponent(f)}">${escapeHtml(f)}</a> (${statSync(join(folder, f)).size} bytes)</li>`,
      )
      .join('\n');
  app.get('/', (c) => {
    const runs = list(dir, 'run');
    const kept = list(published, 'published');
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>parity runs</title></head><body><h1>parity runs</h1><h2>This machine (results/)</h2><ul>${runs || '<li>no results files yet: make compare</li>'}</ul><h2>Published (results/published/)</h2><ul>${kept || '<li>none</li>'}</ul></body></html>`,
    );
  });
  for (const [route, folder] of [
    ['run', dir],
    ['published', published],
  ]) {
    app.get(`/${route}/:file`, async (c) => {
      const file = c.req.param('file');
      if (!NAME.test(file) || !existsSync(join(folder, file)))
        return c.text(`No results file "${file}" in this folder`, 404);
      let doc;
      try {
        doc = readResults(join(folder, file));
      } catch (e) {
        return c.text(/** @type {Error} */ (e).message, 422);
      }
      return c.html(renderHtml(doc, { analyses: analysesOf(doc) }));
    });
  }
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
