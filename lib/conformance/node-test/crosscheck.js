// Cross-check of parity's deno column against Deno's own tests/node_compat/config.jsonc for the same
// corpus. Deno's file lists the tests its CI expects to pass (an entry `{}`), and the ones it does
// not run or expects to fail, with a reason: `ignore: true`, `linux: false` (not run on Linux), or a
// per-platform object (an expected failure). A file it does not list, its CI does not run. Deno's
// harness passes a file on exit 0, so a parity skip (exit 0 after `1..0 # Skipped`) is a pass there.

/**
 * JSON with comments and trailing commas (Deno's config.jsonc) → a value.
 * @param {string} text
 */
export function parseJsonc(text) {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      i = text.indexOf('*/', i + 2) + 1 || text.length;
    } else out += c;
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
}

/**
 * What Deno's config says of a file on Linux: 'pass' (expected to pass), 'not-pass' (not run, or
 * expected to fail, with its reason) or null (not listed).
 * @param {Record<string, any>} tests  config.tests
 * @param {string} file
 * @returns {{verdict: 'pass' | 'not-pass', reason: string | null} | null}
 */
export function denoVerdict(tests, file) {
  const e = tests[file];
  if (!e) return null;
  const reason = e.reason ?? null;
  if (e.ignore) return { verdict: 'not-pass', reason: reason ?? 'ignored' };
  if (e.linux === false) return { verdict: 'not-pass', reason: reason ?? 'disabled on linux' };
  if (e.linux && typeof e.linux === 'object')
    return { verdict: 'not-pass', reason: reason ?? 'expected failure on linux' };
  return { verdict: 'pass', reason };
}

/**
 * Agreement between parity's rows of one runtime and Deno's config.
 * @param {any[]} rows  node-test rows of the deno runtime
 * @param {Record<string, any>} tests  config.tests
 */
export function crosscheck(rows, tests) {
  const out = {
    both: 0,
    agree: 0,
    agreePass: 0,
    agreeNotPass: 0,
    differ: /** @type {any[]} */ ([]),
    unlisted: 0,
    unlistedPass: 0,
  };
  for (const r of rows) {
    const d = denoVerdict(tests, r.file);
    const exit0 = r.outcome === 'pass' || r.outcome === 'skip';
    if (!d) {
      out.unlisted++;
      if (exit0) out.unlistedPass++;
      continue;
    }
    out.both++;
    const mine = exit0 ? 'pass' : 'not-pass';
    if (mine === d.verdict) {
      out.agree++;
      if (mine === 'pass') out.agreePass++;
      else out.agreeNotPass++;
    } else
      out.differ.push({ file: r.file, parity: r.outcome, detail: r.detail ?? null, deno: d.verdict, reason: d.reason });
  }
  return out;
}
