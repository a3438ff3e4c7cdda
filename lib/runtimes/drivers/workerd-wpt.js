// One WPT test file on workerd: a capnp config embeds runners/workerd/wpt-worker.js, the shared
// host and the checkout's files the test needs (harness, META scripts, the test, the IDL files
// an idl_test names, text data in the test's resources/ folder) as text modules; workerd serves it on 127.0.0.1 with the unsafeEval binding
// (experimental, hence --experimental), the driver POSTs the job and reads the host's events as
// JSON lines until the harness completes. One workerd per file, as one process per file elsewhere.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ROOT } from '../../paths.js';
import { runMeasured } from '../proc.js';
import { capnpConfig, listenPort, moduleClosure } from './workerd-config.js';

/** `/interfaces/<name>.idl` for every name an idl_test(…) call lists (idlharness fetches them). */
export function idlFiles(root, source) {
  const names = new Set();
  for (const m of source.matchAll(/idl_test\s*\(\s*\[([^\]]*)\]\s*,\s*\[([^\]]*)\]/g))
    for (const q of `${m[1]},${m[2]}`.matchAll(/['"]([\w-]+)['"]/g)) names.add(q[1]);
  return [...names].map((n) => join(root, 'interfaces', `${n}.idl`)).filter((f) => existsSync(f));
}

/**
 * Files named by string literals in importScripts(…) calls: from the WPT root when they start
 * with /, else from the test's folder (as the host resolves them); testharness.js is skipped there.
 */
export function importedFiles(root, file, source) {
  const out = [];
  for (const m of source.matchAll(/importScripts\s*\(([^)]*)\)/g))
    for (const q of m[1].matchAll(/['"]([^'"]+)['"]/g))
      out.push(q[1].startsWith('/') ? join(root, q[1]) : join(root, dirname(file), q[1]));
  return out.filter((f) => existsSync(f));
}

/**
 * Files named by string literals in fetch(…) calls, the way the host resolves them (from the WPT
 * root when they start with /, else from the test's folder): data a test fetches from outside its
 * own resources/ folder (atob's ../../../fetch/data-urls/resources/base64.json).
 */
export function fetchedFiles(root, file, source) {
  const out = [];
  for (const m of source.matchAll(/\bfetch\s*\(\s*['"]([^'"?#]+)['"]/g))
    out.push(m[1].startsWith('/') ? join(root, m[1]) : join(root, dirname(file), m[1]));
  return out.filter((f) => existsSync(f) && statSync(f).isFile() && statSync(f).size < 4_000_000);
}

/** Text data a test fetches at run time: the resources/ folder beside it (url's urltestdata.json, …), small files only. */
export function resourceFiles(root, file) {
  const dir = join(root, dirname(file), 'resources');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => /\.(json|txt|idl|js)$/.test(n))
    .map((n) => join(dir, n))
    .filter((f) => statSync(f).isFile() && statSync(f).size < 4_000_000);
}

/** Read a response body as text until it ends or fails; what arrived before a failure is kept. */
async function bodyText(response) {
  const reader = /** @type {ReadableStream<Uint8Array>} */ (response.body).getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {}
  return text;
}

/**
 * @param {any} rt a resolved workerd runtime
 * @param {any} job the host job (root, file, variant, harness, scripts, timeoutMs)
 * @param {number} timeoutMs when to kill workerd if the host has not completed
 */
export async function workerdWptFile(rt, job, timeoutMs) {
  const dir = mkdtempSync(join(tmpdir(), 'parity-workerd-wpt-'));
  const testFile = join(job.root, job.file);
  const wanted = [job.harness, ...job.scripts, testFile];
  const sources = wanted.filter(existsSync).map((f) => readFileSync(f, 'utf8'));
  wanted.push(...idlFiles(job.root, sources.join('\n')));
  wanted.push(...importedFiles(job.root, job.file, readFileSync(testFile, 'utf8')));
  wanted.push(...resourceFiles(job.root, job.file));
  wanted.push(...fetchedFiles(job.root, job.file, readFileSync(testFile, 'utf8')));
  const files = [...new Set(wanted)].filter(existsSync);
  const lines = ['(name = "entry.js", esModule = embed "entry.js")'];
  const imports = [];
  files.forEach((f, i) => {
    writeFileSync(join(dir, `wpt-${i}.txt`), readFileSync(f));
    lines.push(`(name = "wpt-${i}", text = embed "wpt-${i}.txt")`);
    imports.push(`import f${i} from 'wpt-${i}';`);
  });
  for (const m of moduleClosure(join(ROOT, 'runners', 'workerd', 'wpt-worker.js'))) {
    mkdirSync(dirname(join(dir, m)), { recursive: true });
    writeFileSync(join(dir, m), readFileSync(join(ROOT, m)));
    lines.push(`(name = ${JSON.stringify(m)}, esModule = embed ${JSON.stringify(m)})`);
  }
  const map = files.map((f, i) => `${JSON.stringify(f)}: f${i}`).join(', ');
  writeFileSync(
    join(dir, 'entry.js'),
    `${imports.join('\n')}\nimport { wptWorker } from './${relative(ROOT, join(ROOT, 'runners', 'workerd', 'wpt-worker.js'))}';\nexport default wptWorker({ ${map} });\n`,
  );
  writeFileSync(join(dir, 'wpt.capnp'), capnpConfig(rt, lines, ['(name = "EVAL", unsafeEval = void)']));
  return serveOnce(rt, dir, 'wpt.capnp', JSON.stringify(job), timeoutMs);
}

/**
 * Serve the config written in `dir` once: start workerd (experimental, its port on the control
 * fd), POST `body`, read the answer's JSON lines until it ends, stop workerd, remove `dir`.
 * The result has the shape spawnJsonLines gives for a process runtime.
 * @param {any} rt
 * @param {string} dir
 * @param {string} config  the capnp file in dir
 * @param {string} body
 * @param {number} timeoutMs
 */
export async function serveOnce(rt, dir, config, body, timeoutMs) {
  const started = performance.now();
  let text = '';
  /** @type {Promise<void> | null} */
  let talk = null;
  const outcome = await runMeasured({
    bin: rt.bin,
    args: ['serve', '--experimental', join(dir, config), '--control-fd', '3'],
    cwd: dir,
    env: process.env,
    timeoutMs,
    memCapBytes: 0,
    control: true,
    onStart(h) {
      talk = (async () => {
        try {
          const port = await listenPort(h.control, 30_000);
          const r = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body });
          text = await bodyText(r);
        } catch {
          // workerd died or never listened: its exit status and stderr say why.
        } finally {
          h.stop();
        }
      })();
    },
  });
  await talk;
  rmSync(dir, { recursive: true, force: true });
  const parsed = text
    .split('\n')
    .filter(Boolean)
    .flatMap((l) => {
      try {
        return [JSON.parse(l)];
      } catch {
        return [];
      }
    });
  return {
    lines: parsed,
    code: outcome.exit_code,
    signal: outcome.stopped ? null : outcome.signal,
    killed: outcome.killed_for === 'timeout',
    ms: Math.round(performance.now() - started),
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    spawnError: null,
  };
}
