// Cross-check: parity's WPT results for node against Node.js's own expectations for the same
// files (test/wpt/status/*.json and WebCryptoAPI.cjs in Node's test tree; the copy in
// denoland/node_test works offline). Prints, per WPT file where the two disagree, what Node's
// status says, what parity saw and parity's own expectation note, grouped by how they differ.
//   node tools/node-status-diff.js <conformance results.json> <node's test/wpt/status> [runtime id]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { conformanceRows } from '../lib/results/conformance-form.js';

const [resultsFile, statusDir, runtime = 'node'] = process.argv.slice(2);
if (!resultsFile || !statusDir || !existsSync(statusDir)) {
  console.error(
    'usage: node tools/node-status-diff.js <conformance results.json> <Node test/wpt/status folder> [runtime id]',
  );
  process.exit(2);
}

/** Node's status files by the WPT directory they describe ("dom/abort", "WebCryptoAPI"). */
function loadStatus(dir) {
  const out = new Map();
  const walk = (d) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(json|cjs)$/.test(n)) out.set(relative(dir, p).replace(/\.(json|cjs)$/, ''), readOne(p));
    }
  };
  walk(dir);
  return out;
}

/** A .cjs status module asks Node's test/common for the OpenSSL version: answer for this node. */
function readOne(p) {
  if (p.endsWith('.json')) return JSON.parse(readFileSync(p, 'utf8'));
  const req = createRequire(p);
  const [maj, min] = process.versions.openssl.split('.').map(Number);
  const common = { hasOpenSSL: (a, b = 0) => maj > a || (maj === a && min >= b) };
  const mod = { exports: {} };
  const fn = new Function('require', 'module', 'exports', readFileSync(p, 'utf8'));
  fn((id) => (id.endsWith('common/crypto.js') ? common : req(id)), mod, mod.exports);
  return mod.exports;
}

const status = loadStatus(statusDir);
const rows = /** @type {any[]} */ (
  conformanceRows(JSON.parse(readFileSync(resultsFile, 'utf8'))).filter(
    (r) => r.source === 'wpt' && r.runtime === runtime,
  )
);
const own = JSON.parse(readFileSync(new URL(`../conformance/expectations/${runtime}.json`, import.meta.url), 'utf8'));
/** @type {Map<string, {failing: string[], passed: number}>} */
const files = new Map();
for (const r of rows) {
  const f = files.get(r.file) ?? { failing: [], passed: 0 };
  files.set(r.file, f);
  if (/^(unexpected-)?pass$/.test(r.status)) f.passed += r.count ?? 1;
  else f.failing.push(r.subtest);
}
/** @type {Record<string, string[]>} */
const groups = {
  agree: [],
  'Node skips, parity runs': [],
  'Node expects failures parity does not see': [],
  'parity sees failures Node does not list': [],
};
for (const [file, seen] of [...files].sort()) {
  const bare = file.replace(/\?.*$/, '');
  const dir = [...status.keys()].filter((d) => bare.startsWith(`${d}/`)).sort((a, b) => b.length - a.length)[0];
  const entry = dir
    ? (status.get(dir)[bare.slice(dir.length + 1)] ?? status.get(dir)[file.slice(dir.length + 1)])
    : undefined;
  const note = own[file]?.fail?.note ?? own[bare]?.fail?.note ?? '';
  const line = (why) => `${file}: ${why}${note ? ` — parity: ${note}` : ''}`;
  if (entry?.skip) {
    groups['Node skips, parity runs'].push(
      line(`Node skips ("${entry.skip}"); parity: ${seen.passed} passed, ${seen.failing.length} not`),
    );
    continue;
  }
  const nodeFails = new Set([...(entry?.fail?.expected ?? []), ...(entry?.fail?.flaky ?? [])]);
  const onlyNode = [...nodeFails].filter((s) => !seen.failing.includes(s));
  const onlyParity = seen.failing.filter((s) => !nodeFails.has(s) && s !== '(harness)');
  if (!onlyNode.length && !onlyParity.length) groups.agree.push(file);
  if (onlyNode.length)
    groups['Node expects failures parity does not see'].push(
      line(`${onlyNode.length} (${onlyNode.slice(0, 2).join(' | ').slice(0, 150)})`),
    );
  if (onlyParity.length)
    groups['parity sees failures Node does not list'].push(
      line(`${onlyParity.length} (${onlyParity.slice(0, 2).join(' | ').slice(0, 150)})`),
    );
}
console.log(`${runtime} ${process.version} against Node's status files in ${statusDir}: ${files.size} WPT files`);
for (const [name, list] of Object.entries(groups)) {
  console.log(`\n${name}: ${list.length}`);
  if (name !== 'agree') for (const l of list) console.log(`  ${l}`);
}
