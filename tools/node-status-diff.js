// Cross-check: parity's WPT results for a node runtime against Node.js's own expectations for the
// same files (test/wpt/status/*.json and WebCryptoAPI.cjs in Node's test tree; the copy in
// denoland/node_test works offline). Prints, per WPT file, how the two compare: failing in both
// with the same subtests, failing nowhere, or which side sees what the other does not; and the
// files Node's runner runs that parity does not run (with parity's reason).
//
// Node's .cjs status files decide some skips by the OpenSSL the tests run against: they are
// evaluated with the OpenSSL of the runtime under test (asked of its binary as the results file
// records it, or given with --openssl), never with that of the node running this tool, so the
// output is the same whichever node runs it.
//   node tools/node-status-diff.js <conformance results.json> <Node's test/wpt/status> [runtime id]
//        [--openssl X.Y.Z] [--wpt-dir <the WPT checkout Node's runner reads>]
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { conformanceRows } from '../lib/results/conformance-form.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Arguments: three positional, --openssl and --wpt-dir; a one-line error for anything else.
 * @returns {{resultsFile: string, statusDir: string, runtime: string, openssl?: string, 'wpt-dir'?: string}}
 */
function parseArgs(argv) {
  const positional = [];
  /** @type {Record<string, string>} */
  const opts = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--(openssl|wpt-dir)$/.exec(argv[i]);
    if (m) opts[m[1]] = argv[++i];
    else if (argv[i].startsWith('--')) fail(`Unknown option ${argv[i]}: valid options are --openssl, --wpt-dir`);
    else positional.push(argv[i]);
  }
  const [resultsFile, statusDir, runtime = 'node'] = positional;
  if (!resultsFile || !statusDir || !existsSync(statusDir))
    fail(
      'usage: node tools/node-status-diff.js <conformance results.json> <Node test/wpt/status folder> [runtime id] [--openssl X.Y.Z] [--wpt-dir dir]',
    );
  if (opts.openssl !== undefined && !/^\d+\.\d+(\.\d+)?/.test(opts.openssl))
    fail(`--openssl ${JSON.stringify(opts.openssl)} is not a version: give one such as 3.5.8`);
  return { resultsFile, statusDir, runtime, ...opts };
}

function fail(message) {
  console.error(message);
  process.exit(2);
}

/** The OpenSSL version of the runtime under test: given, or asked of the binary the results file names. */
function opensslOf(doc, runtime, given) {
  if (given) return given;
  const rt = (doc.runtimes ?? []).find((r) => r.id === runtime);
  const bin = rt?.bin && (isAbsolute(rt.bin) ? rt.bin : join(ROOT, rt.bin));
  if (!bin || !existsSync(bin))
    fail(
      `Runtime ${runtime}'s binary ${JSON.stringify(rt?.bin ?? null)} is not on this machine: give its OpenSSL version with --openssl X.Y.Z`,
    );
  return execFileSync(bin, ['-p', 'process.versions.openssl'], { encoding: 'utf8' }).trim();
}

/** Node's status files by the WPT directory they describe ("dom/abort", "WebCryptoAPI"). */
function loadStatus(dir, openssl) {
  const out = new Map();
  const walk = (d) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(json|cjs)$/.test(n)) out.set(relative(dir, p).replace(/\.(json|cjs)$/, ''), readOne(p, openssl));
    }
  };
  walk(dir);
  return out;
}

/**
 * A .cjs status module asks Node's test/common for the OpenSSL version and reads
 * process.versions.openssl: both answer with the runtime under test's version.
 */
function readOne(p, openssl) {
  if (p.endsWith('.json')) return JSON.parse(readFileSync(p, 'utf8'));
  const req = createRequire(resolve(p));
  const [maj, min] = openssl.split('.').map(Number);
  const common = { hasOpenSSL: (a, b = 0) => maj > a || (maj === a && min >= b) };
  const proc = { ...process, versions: { ...process.versions, openssl } };
  const mod = { exports: {} };
  const fn = new Function('require', 'module', 'exports', 'process', readFileSync(p, 'utf8'));
  fn((id) => (id.endsWith('common/crypto.js') ? common : req(id)), mod, mod.exports, proc);
  return mod.exports;
}

/** A file's entry in Node's status: the longest status directory that holds it, then its key. */
function statusEntry(status, file) {
  const bare = file.replace(/\?.*$/, '');
  const dir = [...status.keys()].filter((d) => bare.startsWith(`${d}/`)).sort((a, b) => b.length - a.length)[0];
  if (!dir) return { dir: undefined, entry: undefined };
  const rules = status.get(dir);
  return { dir, entry: rules[bare.slice(dir.length + 1)] ?? rules[file.slice(dir.length + 1)] };
}

/** Every file Node's runner runs: each `*.<x>.js` under a status directory (test/common/wpt.js). */
function nodeRuns(status, wptDir) {
  const out = [];
  const walk = (d) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.\w+\.js$/.test(n)) out.push(relative(wptDir, p).split('\\').join('/'));
    }
  };
  for (const dir of status.keys()) if (existsSync(join(wptDir, dir))) walk(join(wptDir, dir));
  return out;
}

/** Parity's failing subtests and passes per WPT file (with its variant) of one runtime. */
function filesOf(rows) {
  /** @type {Map<string, {failing: string[], passed: number}>} */
  const files = new Map();
  for (const r of rows) {
    const f = files.get(r.file) ?? { failing: [], passed: 0 };
    files.set(r.file, f);
    if (/^(unexpected-)?pass$/.test(r.status)) f.passed += r.count ?? 1;
    else f.failing.push(r.subtest);
  }
  return files;
}

/** The comparison, as groups of lines keyed by how the two sides differ (no printing). */
export function compare({ rows, status, own, runs, notApplicable }) {
  const files = filesOf(rows);
  /** @type {Record<string, string[]>} */
  const groups = {
    'agree, failing in both (same subtests)': [],
    'agree, failing nowhere': [],
    'Node skips, parity runs': [],
    'Node expects failures parity does not see': [],
    'parity sees failures Node does not list': [],
    'Node runs, parity does not': [],
  };
  for (const [file, seen] of [...files].sort()) {
    const { entry } = statusEntry(status, file);
    const bare = file.replace(/\?.*$/, '');
    const note = own[file]?.fail?.note ?? own[bare]?.fail?.note ?? '';
    const line = (why) => `${file}: ${why}${note ? ` — parity: ${note}` : ''}`;
    if (entry?.skip) {
      groups['Node skips, parity runs'].push(
        line(`Node skips ("${entry.skip}"); parity: ${seen.passed} passed, ${seen.failing.length} not`),
      );
      continue;
    }
    // A flaky subtest may go either way on Node's side: never a difference by itself.
    const expected = new Set(entry?.fail?.expected ?? []);
    const flaky = new Set(entry?.fail?.flaky ?? []);
    const parityFails = seen.failing.filter((s) => s !== '(harness)');
    const onlyNode = [...expected].filter((s) => !seen.failing.includes(s));
    const onlyParity = parityFails.filter((s) => !expected.has(s) && !flaky.has(s));
    if (!onlyNode.length && !onlyParity.length)
      groups[parityFails.length ? 'agree, failing in both (same subtests)' : 'agree, failing nowhere'].push(file);
    if (onlyNode.length)
      groups['Node expects failures parity does not see'].push(
        line(`${onlyNode.length} (${onlyNode.slice(0, 2).join(' | ').slice(0, 150)})`),
      );
    if (onlyParity.length)
      groups['parity sees failures Node does not list'].push(
        line(`${onlyParity.length} (${onlyParity.slice(0, 2).join(' | ').slice(0, 150)})`),
      );
  }
  const ran = new Set([...files.keys()].map((f) => f.replace(/\?.*$/, '')));
  const na = new Map(notApplicable.map((x) => [x.file, x]));
  for (const file of runs) {
    if (ran.has(file) || statusEntry(status, file).entry?.skip) continue;
    const why = na.get(file);
    groups['Node runs, parity does not'].push(
      `${file}: ${why ? `parity: not applicable (${why.kind}: ${why.reason})` : 'parity: not run (not under the directories it ran)'}`,
    );
  }
  return { files: files.size, groups };
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const doc = JSON.parse(readFileSync(args.resultsFile, 'utf8'));
  const openssl = opensslOf(doc, args.runtime, args.openssl);
  const status = loadStatus(args.statusDir, openssl);
  const rows = /** @type {any[]} */ (
    conformanceRows(doc).filter((r) => r.source === 'wpt' && r.runtime === args.runtime)
  );
  const ownFile = join(ROOT, 'conformance', 'expectations', `${args.runtime}.json`);
  const own = existsSync(ownFile) ? JSON.parse(readFileSync(ownFile, 'utf8')) : {};
  // A relative WPT dir in the results file is relative to the checkout that wrote it.
  const wptDir = args['wpt-dir']
    ? resolve(args['wpt-dir'])
    : doc.wpt?.dir
      ? resolve(ROOT, doc.wpt.dir)
      : resolve(args.statusDir, '..', '..', 'fixtures', 'wpt');
  if (!existsSync(wptDir))
    fail(`WPT checkout ${wptDir} not found: give the one Node's runner reads with --wpt-dir (its test/fixtures/wpt)`);
  const runs = nodeRuns(status, wptDir);
  const notApplicable = doc.wpt?.files?.not_applicable ?? [];
  const { files, groups } = compare({ rows, status, own, runs, notApplicable });
  const version = (doc.runtimes ?? []).find((r) => r.id === args.runtime)?.version ?? '(version not recorded)';
  console.log(
    `${args.runtime} ${version} against Node's status files in ${args.statusDir} (evaluated for OpenSSL ${openssl}): ${files} WPT files parity ran, ${runs.length} files Node's runner finds`,
  );
  for (const [name, list] of Object.entries(groups)) {
    console.log(`\n${name}: ${list.length}`);
    if (!name.startsWith('agree')) for (const l of list) console.log(`  ${l}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
