// The folders of lib/ are layers (docs/ARCHITECTURE.md): an import may only go down, so no two
// folders import each other and report and conformance never reach lib/run. Outside lib/, each
// top-level folder has what it must not import (suites never the report or the orchestrator).
// Every import is read from the syntax tree (TypeScript's parser, already the type checker), so
// comments and strings are not imports and `import()` calls are seen whatever their argument:
// a literal one is checked like a static import, and a computed one (a variable, a template with
// substitutions, a call) fails unless it is in COMPUTED (./computed-imports.js) with its reason.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { ROOT } from '../lib/paths.js';
import { COMPUTED } from './computed-imports.js';

/**
 * The kernel from the bottom up; a layer imports only layers below it. Layers of equal rank
 * (report and conformance) do not import each other.
 */
export const RANK = {
  'lib/paths.js': 0,
  'lib/measure': 1,
  'lib/runtimes': 2,
  'lib/results': 3,
  'lib/report': 4,
  'lib/conformance': 4,
  'lib/run': 5,
};

/**
 * Top-level folders outside lib/ and the layers each must never import. Every top-level folder
 * is read unless it is SKIPPED; one holding JavaScript that is in neither list fails the test.
 * Only tests (under test/, or named *.test.js) import test/ or tools/.
 */
export const FOLDERS = {
  suites: ['lib/run', 'lib/report', 'lib/conformance', 'runners'],
  runners: ['lib/run'],
  // The shared checks run inside each runtime, as workloads do.
  conformance: ['lib/run', 'lib/report', 'runners'],
  test: [],
  tools: [],
};

/** Top-level folders that hold no project source (dot-folders other than .github and .ci too). */
const SKIPPED = ['node_modules', 'results'];

const allowed = new Set(COMPUTED.map(([file, arg]) => `${file}\0${arg}`));

/**
 * Every import of a source text, from its syntax tree: `{spec}` for a static import, a re-export
 * or an `import()` of a literal (a plain template counts), `{computed}` (the argument as written)
 * for any other `import()`.
 * @param {string} text
 * @param {string} [file] its name, for the parser (a .ts/.mts file is parsed as TypeScript)
 * @returns {({spec: string} | {computed: string})[]}
 */
export function importsOf(text, file = 'source.js') {
  const kind = /\.m?ts$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  /** @type {({spec: string} | {computed: string})[]} */
  const out = [];
  /** @param {import('typescript').Node} node */
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) out.push({ spec: node.moduleSpecifier.text });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) out.push({ spec: arg.text });
      else out.push({ computed: (arg?.getText(sf) ?? '').replace(/\s+/g, ' ') });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The layer a project path belongs to: `lib/<folder>`, `lib/paths.js`, or its top-level folder. */
export function layerOf(path) {
  const parts = path.split('/');
  if (parts[0] === 'lib') return parts.length === 2 ? path : `lib/${parts[1]}`;
  return parts.length > 1 ? parts[0] : null;
}

const isTest = (path) => path.startsWith('test/') || path.endsWith('.test.js');

/** Why an import from one project file to another breaks the layering, or null when it does not. */
export function violation(from, to) {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a === null || a === b) return null;
  if ((b === 'test' || b === 'tools') && !isTest(from)) return `only tests import ${b}/`;
  if (!a.startsWith('lib/')) {
    if (!(a in FOLDERS)) return `${a}/ is not a known folder: give it a rule in test/layers.test.js`;
    const bad = FOLDERS[a].find((f) => to === f || to.startsWith(`${f}/`));
    return bad ? `${a}/ must not import ${bad}/` : null;
  }
  if (b === null || !(b in RANK)) return b?.startsWith('lib/') ? `${b} is not a known layer of lib/` : null;
  if (!(a in RANK)) return `${a} is not a known layer of lib/`;
  if (RANK[b] < RANK[a]) return null;
  return RANK[b] === RANK[a]
    ? `${a} and ${b} must not import each other`
    : `${a} must not import ${b} (a layer above it)`;
}

/**
 * Every layering problem of one source file, one line each naming the file and the import.
 * @param {string} file project path
 * @param {string} text its source
 */
export function problemsOf(file, text) {
  const out = [];
  for (const i of importsOf(text, file)) {
    if ('computed' in i) {
      if (!allowed.has(`${file}\0${i.computed}`)) {
        out.push(`${file}: import(${i.computed}): a computed import, not in COMPUTED (test/computed-imports.js)`);
      }
      continue;
    }
    if (!i.spec.startsWith('.')) continue;
    const why = violation(file, normalize(join(dirname(file), i.spec)));
    if (why) out.push(`${file}: import '${i.spec}': ${why}`);
  }
  return out;
}

/** The top-level folders read: all but SKIPPED and dot-folders other than .github and .ci. */
export function foldersOf(root) {
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !SKIPPED.includes(e.name))
    .filter((e) => !e.name.startsWith('.') || ['.github', '.ci'].includes(e.name))
    .map((e) => e.name)
    .sort();
}

/** Every source file (.js, .mjs, .cjs, .mts) under the folders of a tree, as project paths. */
function sources(root) {
  return foldersOf(root).flatMap((dir) =>
    readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(m?js|cjs|mts)$/.test(e.name))
      .map((e) => relative(root, join(e.parentPath, e.name))),
  );
}

/**
 * Every layering problem of a tree, and the COMPUTED entries nothing in it matches.
 * @param {string} [root]
 */
export function scan(root = ROOT) {
  const problems = [];
  const seen = new Set();
  for (const file of sources(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const i of importsOf(text, file)) if ('computed' in i) seen.add(`${file}\0${i.computed}`);
    problems.push(...problemsOf(file, text));
  }
  const stale = COMPUTED.filter(([file, arg]) => !seen.has(`${file}\0${arg}`)).map(
    ([file, arg]) => `${file}: import(${arg}) is in COMPUTED but not in the file: remove the entry`,
  );
  return { problems, stale };
}

/**
 * The import graph of a tree: project path → the project paths its relative imports name.
 * @param {string} [root]
 * @returns {Map<string, string[]>}
 */
export function importGraph(root = ROOT) {
  const graph = new Map();
  for (const file of sources(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    const to = importsOf(text, file)
      .filter((i) => 'spec' in i && i.spec.startsWith('.'))
      .map((i) => normalize(join(dirname(file), /** @type {{spec: string}} */ (i).spec)));
    graph.set(file, to);
  }
  return graph;
}

/**
 * Every import cycle of a graph: its strongly connected components of more than one file, or of
 * one file that imports itself (Tarjan's algorithm), each sorted, largest first.
 * @param {Map<string, string[]>} graph
 * @returns {string[][]}
 */
export function cyclesOf(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  /** @param {string} v */
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => b.length - a.length);
}

test('no file of any folder reaches itself through imports: the import graph has no cycle', () => {
  assert.deepEqual(cyclesOf(importGraph()), []);
});

test('a cycle planted inside one folder is found, with every file on it and none beside it', () => {
  const root = mkdtempSync(join(tmpdir(), 'parity-cycles-'));
  try {
    const write = (path, text) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write('lib/report/a.js', "import { b } from './b.js';\nexport const a = 1;\n");
    write('lib/report/b.js', "import { c } from './sub/c.js';\nexport const b = 2;\n");
    write('lib/report/sub/c.js', "import { a } from '../a.js';\nexport const c = 3;\n");
    write('lib/report/leaf.js', "import { a } from './a.js';\n");
    write('lib/measure/self.js', "import './self.js';\n");
    assert.deepEqual(cyclesOf(importGraph(root)), [
      ['lib/report/a.js', 'lib/report/b.js', 'lib/report/sub/c.js'],
      ['lib/measure/self.js'],
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('every import of every folder goes down the layers, and every computed import is one the project means', () => {
  const { problems, stale } = scan();
  assert.deepEqual(problems, []);
  assert.deepEqual(stale, []);
});

test('the scan reads every top-level folder that holds source, conformance/ and test/ included', () => {
  const folders = foldersOf(ROOT);
  for (const f of ['conformance', 'lib', 'runners', 'suites', 'test', 'tools']) assert.ok(folders.includes(f), f);
  const withSource = new Set(sources(ROOT).map((p) => p.split('/')[0]));
  for (const f of withSource) assert.ok(f === 'lib' || f in FOLDERS, `${f}/ holds source but has no rule in FOLDERS`);
});

test('a computed import from lib/measure into lib/report is reported, and so is a literal one', () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template import, on purpose
  assert.deepEqual(problemsOf('lib/measure/bad.js', 'const m = await import(`../report/${name}.js`);'), [
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template import, on purpose
    'lib/measure/bad.js: import(`../report/${name}.js`): a computed import, not in COMPUTED (test/computed-imports.js)',
  ]);
  assert.deepEqual(problemsOf('lib/measure/bad.js', "const t = await import('../report/table.js');"), [
    "lib/measure/bad.js: import '../report/table.js': lib/measure must not import lib/report (a layer above it)",
  ]);
  // A template without substitutions is a literal; a listed argument in another file is not allowed.
  assert.deepEqual(problemsOf('lib/measure/bad.js', 'await import(`../report/table.js`);').length, 1);
  assert.deepEqual(problemsOf('lib/measure/bad.js', 'await import(job.workload);').length, 1);
  assert.deepEqual(problemsOf('lib/measure/harness.js', 'await import(job.workload);'), []);
});

test('a bad import written to files of a tree is found there, in conformance/ and in a folder with no rule', () => {
  const root = mkdtempSync(join(tmpdir(), 'parity-layers-'));
  try {
    const write = (path, text) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template import, on purpose
    write('lib/measure/bad.js', "const which = 'table';\nexport default await import(`../report/${which}.js`);\n");
    write('conformance/checks/bad.js', "import { run } from '../../lib/run/loop/loop.js';\n");
    write('suites/s/_tables.js', "import { simpleTable } from '../../lib/report/model/model.js';\n");
    write('lib/report/bad.js', "import { p } from '../../test/processes.js';\n");
    write('extra/x.mjs', "import '../lib/paths.js';\n");
    write('results/ignored.js', 'await import(anything);\n');
    write('lib/report/fine.js', "// import(x) in a comment\nconst s = 'import() in a string';\n");
    const { problems } = scan(root);
    assert.deepEqual(problems.sort(), [
      "conformance/checks/bad.js: import '../../lib/run/loop/loop.js': conformance/ must not import lib/run/",
      "extra/x.mjs: import '../lib/paths.js': extra/ is not a known folder: give it a rule in test/layers.test.js",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template import, on purpose
      'lib/measure/bad.js: import(`../report/${which}.js`): a computed import, not in COMPUTED (test/computed-imports.js)',
      "lib/report/bad.js: import '../../test/processes.js': only tests import test/",
      "suites/s/_tables.js: import '../../lib/report/model/model.js': suites/ must not import lib/report/",
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a layering break is named with its file and import', () => {
  assert.equal(
    violation('lib/report/model/report.js', 'lib/run/loop/loop.js'),
    'lib/report must not import lib/run (a layer above it)',
  );
  assert.equal(
    violation('lib/conformance/wpt.js', 'lib/report/text/print.js'),
    'lib/conformance and lib/report must not import each other',
  );
  assert.equal(
    violation('lib/runtimes/registry.js', 'lib/results/file.js'),
    'lib/runtimes must not import lib/results (a layer above it)',
  );
  assert.equal(violation('suites/json/parse.js', 'lib/run/cli.js'), 'suites/ must not import lib/run/');
  assert.equal(violation('suites/json/parse.js', 'lib/report/model/model.js'), 'suites/ must not import lib/report/');
  assert.equal(violation('lib/run/loop/loop.js', 'lib/report/model/report.js'), null);
  assert.equal(violation('lib/report/model/report.js', 'lib/paths.js'), null);
  assert.equal(violation('lib/report/model/report.test.js', 'test/processes.js'), null);
  assert.deepEqual(
    importsOf(
      "import a from './a.js';\nexport { b } from '../b.js';\nawait import('./c.js');\nimport './d.js';\n// import('./e.js')\nawait import(f);",
    ),
    [{ spec: './a.js' }, { spec: '../b.js' }, { spec: './c.js' }, { spec: './d.js' }, { computed: 'f' }],
  );
});
