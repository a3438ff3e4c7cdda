// lib/measure/README.md lists the files of lib/measure that run inside a runtime: exactly those
// the runners, workloads and shared checks reach through their imports.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.js';
import { importGraph } from './layers.test.js';

/** The lib/measure files every file under runners/, suites/ and conformance/ reaches, tests aside. */
function shipped(graph) {
  const queue = [...graph.keys()].filter((f) => /^(runners|suites|conformance)\//.test(f) && !f.includes('.test.'));
  const seen = new Set();
  while (queue.length) {
    const f = /** @type {string} */ (queue.pop());
    if (seen.has(f)) continue;
    seen.add(f);
    queue.push(...(graph.get(f) ?? []));
  }
  return [...seen].filter((f) => f.startsWith('lib/measure/')).sort();
}

/** The files a README section lists, as project paths. */
function listed(text, heading) {
  const part = text.split(/^## /m).find((s) => s.startsWith(heading)) ?? '';
  return [...part.matchAll(/^- `([^`]+\.js)`/gm)].map((m) => `lib/measure/${m[1]}`).sort();
}

test('lib/measure/README.md names exactly the files of lib/measure that run inside a runtime', () => {
  const text = readFileSync(join(ROOT, 'lib/measure/README.md'), 'utf8');
  assert.deepEqual(listed(text, 'Runs inside a runtime'), shipped(importGraph()));
});

test('a file reached only through a workload counts as shipped: the closure follows imports', () => {
  const graph = new Map([
    ['suites/s/w.js', ['lib/measure/a.js']],
    ['lib/measure/a.js', ['lib/measure/stats/b.js']],
    ['lib/measure/stats/b.js', []],
    ['lib/measure/c.js', []],
    ['lib/run/cli.js', ['lib/measure/c.js']],
  ]);
  assert.deepEqual(shipped(graph), ['lib/measure/a.js', 'lib/measure/stats/b.js']);
});
