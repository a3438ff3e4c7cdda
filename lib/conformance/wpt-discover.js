// WPT discovery: which files of a checkout run and which are not applicable, decided by file
// name, META lines and conformance/wpt.json's list, the same for every runtime; and where a
// test's META scripts are. Pure reads of the checkout, no runtime involved.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { globToRegExp } from './expectations.js';
import { wptPath } from './wpt-host.js';
import { windowOnlyUse } from './wpt-window-uses.js';

/**
 * Parse the leading `// META: key=value` lines of a test file.
 * @returns {{global: string[] | null, script: string[], timeout: string | null, variant: string[], title: string | null}}
 */
export function parseMeta(source) {
  /** @type {{global: string[] | null, script: string[], timeout: string | null, variant: string[], title: string | null}} */
  const meta = { global: null, script: [], timeout: null, variant: [], title: null };
  for (const line of source.split('\n')) {
    const m = /^\/\/\s*META:\s*(\w+)=(.*)$/.exec(line.trim());
    if (!m) {
      if (line.trim() === '' || line.trim().startsWith('//')) continue;
      break;
    }
    const [, key, value] = m;
    if (key === 'global')
      meta.global = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (key === 'script') meta.script.push(value.trim());
    else if (key === 'variant') meta.variant.push(value.trim());
    else if (key === 'timeout') meta.timeout = value.trim();
    else if (key === 'title') meta.title = value.trim();
  }
  return meta;
}

/**
 * The scopes an .any.js file asks for, expanded as WPT's server does: no META global means
 * window + dedicatedworker; `worker` means dedicated, shared and service workers.
 */
export function expandGlobals(globals) {
  const out = new Set();
  for (const g of globals ?? ['window', 'dedicatedworker']) {
    if (g === 'worker') for (const w of ['dedicatedworker', 'sharedworker', 'serviceworker']) out.add(w);
    else out.add(g);
  }
  return [...out];
}

/**
 * A server-side runtime is a worker-like or shell-like scope, never a window: run an .any.js
 * file if it asks for any worker or a JS shell. A ShadowRealm scope is a realm inside another
 * global, which no server runtime offers: a file that asks only for it and windows is not run.
 */
export function runsOutsideWindow(globals) {
  return expandGlobals(globals).some((g) => /worker|jsshell/.test(g));
}

/**
 * Why a file is not run, in a few kinds a reader can filter; the same for every runtime.
 * Expectations (per runtime) say what a runtime fails; these say what no server runtime runs.
 */
export const NA_KINDS = {
  window: 'needs a window or DOM',
  server: 'needs a WPT server endpoint',
  shadowrealm: 'ShadowRealm scope only',
  browser: 'needs a browser feature outside ECMA-429',
};

/**
 * The kind and reason a file is not applicable from its name, META lines and, for a `.window.js`
 * file, what its source uses (wpt-window-uses.js); null when it runs. Without the source a
 * `.window.js` file is not applicable.
 */
/**
 * @param {string} file
 * @param {any} meta
 * @param {string | null} [source]
 */
export function notApplicableFrom(file, meta, source = null) {
  if (/(^|\/)crashtests\//.test(file)) return { kind: 'window', reason: 'crash test (needs a browser)' };
  if (/-manual\./.test(file)) return { kind: 'window', reason: 'manual test (needs a person at a browser)' };
  if (/\.(html?|xhtml|svg)$/.test(file)) return { kind: 'window', reason: 'document test (needs a browser window)' };
  if (/\.window\.js$/.test(file) && source === null) return { kind: 'window', reason: 'window-only test (.window.js)' };
  if (/\.window\.js$/.test(file) && source !== null) {
    const use = windowOnlyUse(source);
    if (use) return use;
  }
  if (/\.sub\.[a-z.]*js$/.test(file))
    return { kind: 'server', reason: 'the WPT server substitutes into the file (.sub.)' };
  if (meta && file.endsWith('.any.js') && !runsOutsideWindow(meta.global)) {
    const g = (meta.global ?? []).join(',');
    return /shadowrealm/.test(g) && !/window/.test(g.replace(/shadowrealm-in-window/g, ''))
      ? { kind: 'shadowrealm', reason: `ShadowRealm only (META global=${g})` }
      : { kind: 'window', reason: `window-only (META global=${g})` };
  }
  return null;
}

/** The top-level folder of a test inside its suite: streams/piping/x.any.js → piping; streams/x.any.js → x. */
export function folderOf(file) {
  const parts = file.split('/');
  if (parts.length > 2) return parts[1];
  return parts[parts.length - 1].replace(/(\.(any|window|worker|https|tentative|sub))*\.(js|html?|xhtml|svg)$/, '');
}

function walk(dir, root, out) {
  for (const name of readdirSync(dir).sort()) {
    const abs = join(dir, name);
    if (statSync(abs).isDirectory()) walk(abs, root, out);
    else out.push(relative(root, abs).split('\\').join('/'));
  }
  return out;
}

/** The decisions conformance/wpt.json lists by file (glob → {kind, reason}), first match wins. */
function listedNotApplicable(list, file) {
  for (const [glob, entry] of Object.entries(list)) {
    if (!glob.startsWith('$') && globToRegExp(glob).test(file)) return entry;
  }
  return null;
}

/**
 * Every file under the given WPT folders, classified. Tests are either run (one entry per META
 * variant) or listed as not applicable with a kind (NA_KINDS) and a reason, decided by the file
 * name, its META lines and conformance/wpt.json's `not_applicable` list, so no test file goes
 * unaccounted for and every runtime is judged on the same files.
 * @param {string} wptRoot
 * @param {string[]} dirs
 * @param {Record<string, {kind: string, reason: string}>} [listed]  file globs decided by reading them
 * @param {{server?: boolean}} [options]  server: wptserve is at hand (tests that need it run, marked `server`)
 * @returns {{tests: Array<{id: string, file: string, variant: string, folder: string, suite: string, meta: any, server?: boolean}>,
 *           notApplicable: Array<{file: string, folder: string, suite: string, kind: string, reason: string}>, helpers: string[]}}
 */
export function discover(wptRoot, dirs, listed = {}, { server = false } = {}) {
  const tests = [];
  const notApplicable = [];
  const helpers = [];
  const seen = new Set();
  for (const dir of dirs) {
    const abs = join(wptRoot, dir);
    if (!existsSync(abs))
      throw new Error(
        `WPT folder "${dir}" not found under ${wptRoot}; valid folders are ${readdirSync(wptRoot)
          .filter((n) => !n.includes('.'))
          .join(', ')} (or all, ecma-429)`,
      );
    const files = statSync(abs).isDirectory() ? walk(abs, wptRoot, []) : [dir];
    for (const file of files) {
      // A directory named twice (webidl and webidl/ecmascript-binding) counts its files once.
      if (seen.has(file)) continue;
      seen.add(file);
      const suite = file.split('/')[0];
      const folder = folderOf(file);
      if (!/\.(js|html?|xhtml|svg)$/.test(file)) continue;
      const helper =
        /(^|\/)(resources|support|tools|third_party)\//.test(file) ||
        !/\.(any|worker|window)\.js$|\.(html?|xhtml|svg)$|(^|\/)crashtests\//.test(file);
      if (helper) {
        helpers.push(file);
        continue;
      }
      const source = /\.(any|worker|window)\.js$/.test(file) ? readFileSync(join(wptRoot, file), 'utf8') : '';
      const meta = source ? parseMeta(source) : null;
      // With wptserve at hand, a file the server substitutes into (.sub.) or that fetches one of its
      // Python handlers runs against it; without, a .sub. file is not applicable (kind server).
      const needsServer = /\.sub\.[a-z.]*js$/.test(file) || /\.py\b/.test(source);
      const na =
        listedNotApplicable(listed, file) ??
        // A .window.js file is decided by what it uses, whether or not wptserve is at hand.
        (server && needsServer && meta && !/\.window\.js$/.test(file)
          ? null
          : notApplicableFrom(file, meta, source || null));
      if (na) {
        notApplicable.push({ file, folder, suite, kind: na.kind, reason: na.reason });
        continue;
      }
      for (const variant of meta?.variant.length ? meta.variant : ['']) {
        tests.push({
          id: `${file}${variant}`,
          file,
          variant,
          folder,
          suite,
          meta,
          ...(server && needsServer ? { server: true } : {}),
        });
      }
    }
  }
  return { tests, notApplicable, helpers };
}

/** Absolute paths of a test's META script includes: /x is from the WPT root, x from the file's folder. */
export function scriptPaths(wptRoot, test) {
  return test.meta.script.map((s) =>
    wptPath(wptRoot, s.startsWith('/') ? join(wptRoot, s) : join(wptRoot, posix.dirname(test.file), s), existsSync),
  );
}
