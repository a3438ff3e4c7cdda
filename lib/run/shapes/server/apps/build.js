// Builds of the SSR suite's framework apps (suites/ssr/_apps/<app>/): each app's production build
// for one deploy target (`node`: the server node, deno and bun run; `cloudflare`: the worker
// workerd serves), made once per app source and pinned package versions and kept under
// results/.cache/ssr/ (never committed). The first job that needs a build makes it, printing its
// progress; every later job, and every later run, reuses it. Offline: telemetry off, no fonts or
// assets fetched (the apps use none).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../../../../paths.js';

export const CACHE = join(ROOT, 'results', '.cache', 'ssr');
const APPS = join(ROOT, 'suites', 'ssr', '_apps');
const BIN = {
  vite: join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
  next: join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'),
  opennext: join(ROOT, 'node_modules', '@opennextjs', 'cloudflare', 'dist', 'cli', 'index.js'),
  wrangler: join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js'),
};
/** The packages whose versions a build depends on, beside the app's own files. */
const PACKAGES = {
  sveltekit: ['@sveltejs/kit', '@sveltejs/adapter-node', '@sveltejs/adapter-cloudflare', 'svelte', 'vite', 'wrangler'],
  nextjs: ['next', 'react', 'react-dom', '@opennextjs/cloudflare', 'wrangler'],
};
/** The longest one build may take before it is stopped. */
const BUILD_TIMEOUT_MS = 15 * 60_000;

/** Every file under a folder, as sorted paths relative to it (build outputs and dependencies left out). */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !/(^|\/)(node_modules|\.next|\.open-next|\.svelte-kit)(\/|$)/.test(e.parentPath))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/**
 * The cache key of one app's build for one target: its sources, the shared data and mode
 * modules, and the versions of the packages it is built with.
 * @param {string} app
 * @param {string} target
 */
export function buildKey(app, target) {
  const h = createHash('sha256').update(`${app}\n${target}\n`);
  const src = join(APPS, app);
  for (const f of filesUnder(src)) h.update(`${f}\n`).update(readFileSync(join(src, f)));
  for (const f of [join(APPS, '..', '_data.js'), join(APPS, '_mode.js')]) h.update(readFileSync(f));
  for (const p of PACKAGES[app] ?? []) {
    const version = JSON.parse(readFileSync(join(ROOT, 'node_modules', p, 'package.json'), 'utf8')).version;
    h.update(`${p}@${version}\n`);
  }
  return h.digest('hex').slice(0, 16);
}

/**
 * The environment of every build step: production, no telemetry, no prompts.
 * @param {Record<string, string>} [extra]
 * @returns {Record<string, string | undefined>}
 */
const buildEnv = (extra = {}) => ({
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  WRANGLER_SEND_METRICS: 'false',
  CI: '1',
  // The pinned node first: a step that runs a package script (OpenNext's `npm run build`) gets it too.
  PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
  ...extra,
});

/**
 * Run one build step with node, its output appended to the build's log and each line echoed as
 * progress; rejects with the log's last lines when it fails or outlasts the limit.
 * @param {{args: string[], cwd: string, env?: Record<string, string>}} step
 * @param {string} log
 * @param {(line: string) => void} progress
 */
function runStep({ args, cwd, env = {} }, log, progress) {
  return new Promise((resolve, reject) => {
    const fd = openSync(log, 'a');
    const child = spawn(process.execPath, args, {
      cwd,
      env: buildEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-(/** @type {number} */ (child.pid)), 'SIGKILL');
      } catch {}
    }, BUILD_TIMEOUT_MS);
    let pending = '';
    const echo = (/** @type {Buffer} */ chunk) => {
      writeFileSync(fd, chunk);
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const l of lines) if (l.trim()) progress(l.trimEnd());
    };
    child.stdout.on('data', echo);
    child.stderr.on('data', echo);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(undefined);
      const tail = readFileSync(log, 'utf8').trim().split('\n').slice(-3).join(' | ');
      const how = signal ? `was killed by ${signal}` : `exited with ${code}`;
      reject(new Error(`build step "${args.map((a) => relative(ROOT, a) || a).join(' ')}" ${how}: ${tail}`));
    });
  });
}

/**
 * The steps of one app's build for one target, run in order in `dir` (the cache folder).
 * @param {string} app
 * @param {string} target
 * @param {string} dir
 * @param {string} compatDate workerd's compatibility date, for the worker's wrangler config
 */
function stepsOf(app, target, dir, compatDate) {
  const wranglerConfig = (main, assets) => {
    const config = { name: `parity-${app}`, main, compatibility_date: compatDate, assets };
    writeFileSync(join(dir, 'wrangler.json'), JSON.stringify(config, null, 2));
  };
  // wrangler's own bundling for deploy, stopped before the upload: the worker a deploy would send.
  const bundle = { args: [BIN.wrangler, 'deploy', '--dry-run', '--outdir', join(dir, 'worker')], cwd: dir };
  if (app === 'sveltekit') {
    const env = { PARITY_SVELTE_ADAPTER: target, PARITY_SSR_OUT: dir };
    const vite = { args: [BIN.vite, 'build'], cwd: join(APPS, app), env };
    if (target === 'node') return [vite];
    return [
      vite,
      () => {
        // SvelteKit's Cloudflare guide: the worker is not one of the static assets.
        writeFileSync(join(dir, '.svelte-kit', 'cloudflare', '.assetsignore'), '_worker.js\n');
        wranglerConfig('.svelte-kit/cloudflare/_worker.js', { directory: '.svelte-kit/cloudflare', binding: 'ASSETS' });
      },
      bundle,
    ];
  }
  if (app === 'nextjs') {
    // Next builds in its project folder: a copy of the app, with the suite's shared modules at
    // the same relative paths, inside the project so that node_modules resolves upward.
    const project = join(dir, '_apps', app);
    const copy = () => {
      cpSync(join(APPS, app), project, { recursive: true });
      cpSync(join(APPS, '_mode.js'), join(dir, '_apps', '_mode.js'));
      cpSync(join(APPS, '..', '_data.js'), join(dir, '_data.js'));
    };
    if (target === 'node') return [copy, { args: [BIN.next, 'build'], cwd: project }];
    return [
      copy,
      () => {
        writeFileSync(join(project, 'open-next.config.ts'), OPEN_NEXT_CONFIG);
        wranglerConfig('.open-next/worker.js', { directory: '.open-next/assets', binding: 'ASSETS' });
        cpSync(join(dir, 'wrangler.json'), join(project, 'wrangler.json'));
      },
      { args: [BIN.opennext, 'build'], cwd: project },
      { ...bundle, cwd: project },
    ];
  }
  throw new Error(`Unknown SSR app "${app}": valid are sveltekit, nextjs`);
}

/** OpenNext's minimal Cloudflare config: no incremental cache, as every page here is dynamic. */
const OPEN_NEXT_CONFIG = `import { defineCloudflareConfig } from '@opennextjs/cloudflare';
export default defineCloudflareConfig({});
`;

/** Where a finished build says so, with what it is. */
const doneFile = (dir) => join(dir, 'parity-build.json');

/** Builds this process has under way, so that two jobs never build the same thing twice. */
const underWay = new Map();

/**
 * The folder of an app's build for a target, built first if no finished build is cached.
 * @param {string} app `sveltekit` | `nextjs`
 * @param {string} target `node` | `cloudflare`
 * @param {{compatDate?: string, progress?: (line: string) => void}} [opts]
 * @returns {Promise<string>}
 */
export function ensureBuilt(app, target, opts = {}) {
  const dir = join(CACHE, `${app}-${target}-${buildKey(app, target)}`);
  if (existsSync(doneFile(dir))) return Promise.resolve(dir);
  const key = dir;
  if (!underWay.has(key)) {
    const p = build(app, target, dir, opts).finally(() => underWay.delete(key));
    underWay.set(key, p);
  }
  return underWay.get(key);
}

/**
 * Build into `dir` under a lock folder (another parity process building the same thing is waited
 * for; a lock whose process is gone is taken over).
 */
async function build(app, target, dir, { compatDate = '2026-11-17', progress = defaultProgress(app, target) }) {
  mkdirSync(CACHE, { recursive: true });
  const lock = `${dir}.lock`;
  const giveUp = performance.now() + 2 * BUILD_TIMEOUT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      if (existsSync(doneFile(dir))) return dir;
      let pid = 0;
      try {
        pid = Number(readFileSync(join(lock, 'pid'), 'utf8').trim());
      } catch {
        // the lock's owner has not written its pid yet
      }
      if (pid && !alive(pid)) rmSync(lock, { recursive: true, force: true });
      else if (performance.now() > giveUp) throw new Error(`process ${pid} held ${relative(ROOT, lock)} too long`);
      else await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    if (existsSync(doneFile(dir))) return dir;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const log = join(dir, 'build.log');
    const t0 = performance.now();
    progress(`building (once per app source and package versions) into ${relative(ROOT, dir)}`);
    for (const step of stepsOf(app, target, dir, compatDate)) {
      if (typeof step === 'function') step();
      else await runStep(step, log, progress);
    }
    const seconds = ((performance.now() - t0) / 1000).toFixed(0);
    writeFileSync(`${doneFile(dir)}.tmp`, JSON.stringify({ app, target, key: buildKey(app, target), seconds }));
    renameSync(`${doneFile(dir)}.tmp`, doneFile(dir));
    progress(`built in ${seconds} s`);
    pruneOthers(app, target, dir);
    return dir;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Remove the other builds of the same app and target (an older source or older packages), and
 * what failed builds left; a build another process holds a lock on stays.
 */
function pruneOthers(app, target, keep) {
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    if (!name.startsWith(`${app}-${target}-`) || path === keep || name.endsWith('.lock')) continue;
    if (existsSync(`${path}.lock`)) continue;
    rmSync(path, { recursive: true, force: true });
  }
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Progress on stderr, one line per line of the build's output. */
/** @param {string} app @param {string} target @returns {(line: string) => void} */
const defaultProgress = (app, target) => (line) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the builds colour their output; the progress lines are plain
  process.stderr.write(`parity: ssr build ${app} (${target}): ${line.replace(/\x1b\[[0-9;]*m/g, '')}\n`);

/** The size of a built file, or null when it is missing (for checks of a build's output). */
export const builtBytes = (file) => (existsSync(file) ? statSync(file).size : null);
