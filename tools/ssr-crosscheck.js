// One-off cross-check of an SSR run against tools outside parity, right after it, in the same
// sitting. For every page × runtime of FILE's closed-loop rows (vanilla, react, sveltekit,
// nextjs, nextjs-opennext), the server is started by hand as a run starts it (the same launch: the runtime's server
// entry for vanilla and React, the framework build's server or worker otherwise, NODE_ENV=production,
// pinned to core 1), and
//   - cold start: tools/ssr-first-page.sh (bash, date and curl: spawn to the first correct page)
//     run STARTS times, its own timer and hyperfine's over the same script, against the rows'
//     first_page_ms (median and range over rounds);
//   - bytes: `curl -s -o /dev/null -w '%{size_download} %{time_total}'` 20 times on the warm
//     server, against the rows' response_bytes, and one page split into the catalogue's markup
//     (<main>) and the inline scripts that carry its data for the client;
//   - closed loop at one connection: oha -c1 for 5 s (a run uses wrk), against requests_per_s at
//     concurrency 1.
// Load generators run on core 0. Prints a markdown table; with out.json keeps every figure, the
// machine's fingerprint and the commit.
//
//   node tools/ssr-crosscheck.js FILE [out.json] [--starts N (default 5)]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from '../lib/measure/stats/stats.js';
import { ROOT } from '../lib/paths.js';
import { writeToolRecord } from '../lib/results/file.js';
import { appServer } from '../lib/run/shapes/server/apps/launch.js';
import { ohaBin, parseOha } from '../lib/run/shapes/server/generators.js';
import { firstOk } from '../lib/run/shapes/server/start.js';
import { driverFor } from '../lib/runtimes/drivers/index.js';
import { shellQuote } from '../lib/runtimes/drivers/process.js';
import { resolveRuntime } from '../lib/runtimes/registry.js';

const args = process.argv.slice(2);
const at = args.indexOf('--starts');
const [file, out] = args.filter((_, i) => at < 0 || (i !== at && i !== at + 1));
const STARTS = at < 0 ? 5 : Number(args[at + 1]);
if (!file || !(STARTS >= 1)) {
  console.error('usage: node tools/ssr-crosscheck.js FILE [out.json] [--starts N (default 5)]');
  process.exit(2);
}
const APPS = ['vanilla', 'react', 'sveltekit', 'nextjs', 'nextjs-opennext'];
const doc = JSON.parse(readFileSync(file, 'utf8'));
const rows = doc.results.filter(
  (r) => r.status === 'ok' && r.suite === 'ssr' && APPS.includes(r.workload) && Number(r.params.concurrency) === 1,
);
if (rows.length === 0) {
  console.error(`ssr-crosscheck: ${file} has no ok SSR row at concurrency 1`);
  process.exit(1);
}
const FIRST_PAGE = join(ROOT, 'tools', 'ssr-first-page.sh');
const tmp = mkdtempSync(join(tmpdir(), 'parity-ssr-crosscheck-'));
const ENV = { ...process.env, NODE_ENV: 'production' };

/** What a row's page is: its workload's request path and the app it names. */
const pageOf = async (r) => {
  const file = join(ROOT, 'suites', 'ssr', `${r.workload}.js`);
  const w = (await import(pathToFileURL(file).href)).default;
  return w.request(r.params).path;
};
/** Each row's page without its concurrency, as a key. */
const keyOf = (r) => {
  const { concurrency: _, ...own } = r.params;
  return `${r.workload} ${JSON.stringify(own)}`;
};

/** The server a run starts for the row's app on the runtime (the driver's or the framework's launch). */
async function launchOf(rt, app) {
  if (app === 'vanilla' || app === 'react') {
    const module = join(ROOT, 'suites', 'ssr', '_apps', app, 'server.js');
    return /** @type {any} */ (driverFor(rt)).server({ runtime: rt }, { module, node_env: 'production' });
  }
  return appServer({ runtime: rt }, app, ROOT);
}

/** How tools/ssr-first-page.sh learns the port of this launch. */
async function portHow(launch) {
  if (launch.control) return `control:${join(tmp, 'control')}`;
  const spec = launch.args.map((a) => {
    try {
      return JSON.parse(a);
    } catch {
      return null;
    }
  });
  const portFile = spec.find((s) => s?.port_file)?.port_file;
  return portFile ? `file:${portFile}` : `fixed:${await launch.port()}`;
}

/** The launch as one command line, pinned to core 1, with its environment. */
const commandOf = (launch) => ['env', ...envArgs(launch), 'taskset', '-c', '1', launch.bin, ...launch.args];
const envArgs = (launch) => Object.entries({ NODE_ENV: 'production', ...launch.env }).map(([k, v]) => `${k}=${v}`);

/** Cold starts by the script's own timer and by hyperfine's, in ms. */
function coldStarts(launch, how, path, app) {
  const argv = [FIRST_PAGE, path, app, how, ...commandOf(launch)];
  const own = [];
  for (let i = 0; i < STARTS; i++) {
    const r = spawnSync('bash', argv, { cwd: launch.cwd, env: ENV, encoding: 'utf8', timeout: 120_000 });
    if (r.status !== 0) throw new Error(`ssr-first-page failed: ${r.stderr.trim()}`);
    own.push(Number(r.stdout.trim()));
    spawnSync('sleep', ['0.3']);
  }
  const hf = join(tmp, 'hf.json');
  const cmd = ['bash', ...argv].map(shellQuote).join(' ');
  const h = spawnSync(
    '/usr/bin/hyperfine',
    ['-N', '--runs', String(STARTS), '--prepare', 'sleep 0.3', '--output=null', '--style', 'none'].concat([
      '--export-json',
      hf,
      cmd,
    ]),
    { cwd: launch.cwd, env: ENV, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (h.status !== 0) throw new Error(`hyperfine failed on ${cmd}: ${h.stderr.trim().split('\n').at(-1)}`);
  const hyperfine = JSON.parse(readFileSync(hf, 'utf8')).results[0].times.map((t) => t * 1e3);
  return { own, hyperfine };
}

/** A warm server, started by node as http-crosscheck does; resolves with its port and a stop. */
async function warmServer(launch) {
  /** @type {import('node:child_process').StdioOptions} */
  const stdio = launch.control ? ['ignore', 'ignore', 'ignore', 'pipe'] : 'ignore';
  const child = spawn('taskset', ['-c', '1', launch.bin, ...launch.args], {
    cwd: launch.cwd,
    env: { ...ENV, ...launch.env },
    stdio,
    detached: true,
  });
  const gone = { ended: false };
  child.on('exit', () => {
    gone.ended = true;
  });
  const stop = () => {
    try {
      process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
    } catch {}
  };
  try {
    const port = await launch.port({ control: child.stdio[3] }, 60_000, gone);
    await firstOk(port, performance.now() + 60_000, gone);
    return { port, stop };
  } catch (e) {
    stop();
    throw e;
  }
}

/** curl's size and total time of 20 requests after 20 unread ones. */
function curlPage(url) {
  const one = () => {
    const r = spawnSync(
      'taskset',
      ['-c', '0', 'curl', '-s', '-o', '/dev/null', '-w', '%{size_download} %{time_total}', url],
      {
        encoding: 'utf8',
      },
    );
    const [bytes, s] = r.stdout.trim().split(' ').map(Number);
    return { bytes, ms: s * 1000 };
  };
  for (let i = 0; i < 20; i++) one();
  const xs = Array.from({ length: 20 }, one);
  return { bytes: [...new Set(xs.map((x) => x.bytes))], ms: median(xs.map((x) => x.ms)), parts: parts(url) };
}

/**
 * What one page's bytes hold, from one more curl: the catalogue's markup (the <main> element) and
 * the inline scripts (the data each app ships for its client), in UTF-8 bytes.
 * @param {string} url
 */
function parts(url) {
  const html = spawnSync('curl', ['-s', url], { encoding: 'utf8' }).stdout;
  const bytes = (s) => Buffer.byteLength(s);
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].filter((m) => m[1].trim());
  return {
    total: bytes(html),
    main: bytes(html.match(/<main\b[\s\S]*<\/main>/)?.[0] ?? ''),
    inline_scripts: scripts.length,
    inline_script_bytes: scripts.reduce((a, m) => a + bytes(m[0]), 0),
  };
}

/** oha's closed loop at one connection for 5 s, req/s. */
function ohaClosed(url) {
  const r = spawnSync(
    'taskset',
    [
      '-c',
      '0',
      /** @type {string} */ (ohaBin()),
      '--no-tui',
      '--output-format',
      'json',
      '-w',
      '-c',
      '1',
      '-z',
      '5s',
      url,
    ],
    { encoding: 'utf8', timeout: 60_000 },
  );
  const o = parseOha(r.stdout);
  if (!o.ok) throw new Error(`oha: ${o.error}`);
  return Number(o.rps);
}

const f0 = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en') : '—');
const span = (xs) => `${f0(median(xs))} (${f0(Math.min(...xs))}–${f0(Math.max(...xs))})`;
const pct = (hand, kept) => `${hand >= kept ? '+' : ''}${((hand / kept - 1) * 100).toFixed(0)}%`;

const started = new Date().toISOString();
const table = [];
const kept = [];
const cells = [...new Set(rows.map((r) => `${r.runtime}\t${keyOf(r)}`))];
for (const cell of cells) {
  const [id, key] = cell.split('\t');
  const mine = rows.filter((r) => r.runtime === id && keyOf(r) === key);
  const app = mine[0].workload;
  const path = await pageOf(mine[0]);
  const rt = resolveRuntime(id);
  const launch = await launchOf(rt, app);
  if (launch.unsupported) throw new Error(`${id} ${app}: ${launch.unsupported}`);
  try {
    const how = await portHow(launch);
    // The page names its app (data-app): OpenNext's worker serves the nextjs app's page.
    const starts = coldStarts(launch, how, path, app.replace(/-opennext$/, ''));
    // The last start's port file is stale: the warm server writes its own.
    if (how.startsWith('file:')) rmSync(how.slice('file:'.length), { force: true });
    const server = await warmServer(launch);
    let curl;
    let oha;
    try {
      const url = `http://127.0.0.1:${server.port}${path}`;
      curl = curlPage(url);
      oha = ohaClosed(url);
    } finally {
      server.stop();
    }
    const keptFirst = mine.map((r) => r.metrics.first_page_ms.value);
    const keptBytes = [...new Set(mine.map((r) => r.metrics.response_bytes.value))];
    const keptRps = mine.map((r) => r.metrics.requests_per_s.value);
    kept.push({
      runtime: id,
      page: key,
      kept_first_page_ms: keptFirst,
      kept_bytes: keptBytes,
      kept_rps: keptRps,
      starts,
      curl,
      oha_rps: oha,
    });
    table.push(
      `| ${id} | ${key} | ${span(keptFirst)} | ${f0(median(starts.own))} / ${f0(median(starts.hyperfine))} | ` +
        `${keptBytes.join(', ')} | ${curl.bytes.join(', ')} | ${span(keptRps)} | ${f0(oha)} (${pct(oha, median(keptRps))}) | ${curl.ms.toFixed(2)} | ${curl.parts.main} | ${curl.parts.inline_script_bytes} (${curl.parts.inline_scripts}) |`,
    );
  } finally {
    launch.cleanup?.();
  }
  console.error(`ssr-crosscheck: ${id} ${key} done`);
}
rmSync(tmp, { recursive: true, force: true });
console.log(
  '| runtime | page | kept first page, ms: median (range) | by hand: bash+curl / hyperfine, median ms | kept bytes | curl bytes | kept c=1 req/s: median (range) | oha -c1 req/s | curl time_total ms | <main> bytes | inline script bytes (scripts) |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
console.log(table.join('\n'));
if (out)
  writeToolRecord(
    out,
    { tool: 'tools/ssr-crosscheck.js', command: `node ${process.argv.slice(1).join(' ')}`, file, started },
    { checks: kept },
  );
