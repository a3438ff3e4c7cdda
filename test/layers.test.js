// The folders of lib/ are layers (docs/ARCHITECTURE.md): an import may only go down, so no two
// folders import each other and report and conformance never reach lib/run. Suites and runners
// never reach lib/run either. Every static and literal dynamic import is checked.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.js';

/**
 * The kernel from the bottom up; a layer imports only layers below it. Layers of equal rank
 * (report and conformance) do not import each other.
 */
export const RANK = {
  'lib/paths.js': 0,
  'lib/measure': 1,
  'lib/results': 2,
  'lib/runtimes': 3,
  'lib/report': 4,
  'lib/conformance': 4,
  'lib/run': 5,
};

/** Outside lib/: folders that may import the kernel and the layers above it, but never these. */
const FORBIDDEN = { suites: ['lib/run', 'runners'], runners: ['lib/run'] };

const IMPORT =
  /\b(?:import|export)\b[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1|\bimport\s*\(\s*(['"])([^'"]+)\3\s*\)|^\s*import\s*(['"])([^'"]+)\5/gm;

/** Every relative import specifier of a source text (template strings are code that writes code: skipped). */
export function importsOf(text) {
  return [...text.matchAll(IMPORT)].map((m) => m[2] ?? m[4] ?? m[6]).filter((s) => s.startsWith('.'));
}

/** The layer a project path belongs to: `lib/<folder>`, `lib/paths.js`, `suites`, `runners`, or null. */
export function layerOf(path) {
  const parts = path.split('/');
  if (parts[0] === 'lib') return parts.length === 2 ? path : `lib/${parts[1]}`;
  return parts[0] in FORBIDDEN ? parts[0] : null;
}

/** Why an import from one project file to another breaks the layering, or null when it does not. */
export function violation(from, to) {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a === null || a === b) return null;
  if (a in FORBIDDEN) {
    const bad = FORBIDDEN[a].find((f) => to === f || to.startsWith(`${f}/`));
    return bad ? `${a}/ must not import ${bad}/` : null;
  }
  if (b === null || !(b in RANK)) return b?.startsWith('lib/') ? `${b} is not a known layer of lib/` : null;
  if (!(a in RANK)) return `${a} is not a known layer of lib/`;
  if (RANK[b] < RANK[a]) return null;
  return RANK[b] === RANK[a]
    ? `${a} and ${b} must not import each other`
    : `${a} must not import ${b} (a layer above it)`;
}

function sources(dir) {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.m?js$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .filter((p) => !p.split('/').includes('fixtures'));
}

test('every import in lib/, runners/ and suites/ goes down the layers', () => {
  const broken = [];
  for (const file of ['lib', 'runners', 'suites'].flatMap(sources)) {
    for (const spec of importsOf(readFileSync(join(ROOT, file), 'utf8'))) {
      const why = violation(file, normalize(join(dirname(file), spec)));
      if (why) broken.push(`${file}: import '${spec}': ${why}`);
    }
  }
  assert.deepEqual(broken, []);
});

test('a layering break is named with its file and import', () => {
  assert.equal(
    violation('lib/report/table.js', 'lib/run/loop.js'),
    'lib/report must not import lib/run (a layer above it)',
  );
  assert.equal(
    violation('lib/conformance/wpt.js', 'lib/report/print.js'),
    'lib/conformance and lib/report must not import each other',
  );
  assert.equal(
    violation('lib/results/file.js', 'lib/runtimes/registry.js'),
    'lib/results must not import lib/runtimes (a layer above it)',
  );
  assert.equal(violation('suites/json/_analysis.js', 'lib/run/cli.js'), 'suites/ must not import lib/run/');
  assert.equal(violation('lib/run/loop.js', 'lib/report/table.js'), null);
  assert.equal(violation('lib/report/table.js', 'lib/paths.js'), null);
  assert.deepEqual(
    importsOf("import a from './a.js';\nexport { b } from '../b.js';\nawait import('./c.js');\nimport './d.js';"),
    ['./a.js', '../b.js', './c.js', './d.js'],
  );
});
