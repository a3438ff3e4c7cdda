// The shared checks on workerd: a capnp config embeds runners/workerd/checks-worker.js and the
// check suites a worker can run (conformance/checks/<suite>.js with their imports) as modules;
// workerd serves it once on 127.0.0.1 and streams one JSON line per check, as the collector
// script does on the process runtimes. Suites that need what a worker has not (a file system,
// threads, processes) are listed in runners/workerd/kind.json with why, and not run.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from '../../paths.js';
import { capnpConfig, moduleClosure } from './workerd-config.js';
import { serveOnce } from './workerd-wpt.js';

const KIND = JSON.parse(readFileSync(join(ROOT, 'runners', 'workerd', 'kind.json'), 'utf8'));

/** Suites workerd does not run, with why (kind.json `checks_unsupported`). */
export const CHECKS_UNSUPPORTED = /** @type {Record<string, string>} */ (KIND.checks_unsupported ?? {});

/**
 * Run every shared check workerd can run, once, in one workerd.
 * @param {any} rt a resolved workerd runtime
 * @param {string[]} suites every check suite (conformance/checks/<suite>.js)
 * @param {{timeoutMs?: number}} [options]
 * @returns {Promise<{results: any[], code: number | null, signal: string | null, stderr: string, unsupported: Record<string, string>}>}
 */
export async function workerdChecks(rt, suites, { timeoutMs = 120_000 } = {}) {
  const run = suites.filter((s) => !Object.hasOwn(CHECKS_UNSUPPORTED, s));
  const dir = mkdtempSync(join(tmpdir(), 'parity-workerd-checks-'));
  const worker = join(ROOT, 'runners', 'workerd', 'checks-worker.js');
  const files = [...run.map((s) => join(ROOT, 'conformance', 'checks', `${s}.js`)), worker];
  const modules = [...new Set(files.flatMap((f) => moduleClosure(f)))];
  const lines = ['(name = "entry.js", esModule = embed "entry.js")'];
  for (const m of modules) {
    mkdirSync(dirname(join(dir, m)), { recursive: true });
    writeFileSync(join(dir, m), readFileSync(join(ROOT, m)));
    lines.push(`(name = ${JSON.stringify(m)}, esModule = embed ${JSON.stringify(m)})`);
  }
  const imports = run.map((s, i) => `import s${i} from './conformance/checks/${s}.js';`);
  const map = run.map((s, i) => `${JSON.stringify(s)}: s${i}`).join(', ');
  writeFileSync(
    join(dir, 'entry.js'),
    `${imports.join('\n')}\nimport { checksWorker } from './runners/workerd/checks-worker.js';\nexport default checksWorker({ ${map} });\n`,
  );
  writeFileSync(join(dir, 'checks.capnp'), capnpConfig(rt, lines));
  const r = await serveOnce(rt, dir, 'checks.capnp', '{}', timeoutMs);
  const stderr = String(r.stderr ?? '')
    .trim()
    .split('\n')
    .slice(-3)
    .join(' | ');
  return { results: r.lines, code: r.code, signal: r.signal, stderr, unsupported: CHECKS_UNSUPPORTED };
}
