// A node:test reporter that prints where a test run's time went: the slowest test files (time
// in each file's tests, from its test:summary event) and the slowest top-level tests.
// make unit adds it beside the spec reporter so every make test ends with the list.

const TOP = 10;

/** @param {number} ms */
const secs = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

/**
 * @param {AsyncIterable<{type: string, data: any}>} source
 * @returns {AsyncGenerator<string>}
 */
export default async function* slowest(source) {
  /** @type {{file: string, ms: number}[]} */
  const files = [];
  /** @type {{name: string, file: string, ms: number}[]} */
  const tests = [];
  let total = 0;
  for await (const { type, data } of source) {
    if (type === 'test:summary') {
      // One per test file (its own process) and one for the whole run, without `file`.
      if (data.file) files.push({ file: data.file, ms: data.duration_ms });
      else total = data.duration_ms;
    } else if ((type === 'test:pass' || type === 'test:fail') && data.nesting === 0 && data.file) {
      tests.push({ name: data.name, file: data.file, ms: data.details?.duration_ms ?? 0 });
    }
  }
  if (files.length === 0 && tests.length === 0) return;
  const cwd = `${process.cwd()}/`;
  const rel = (/** @type {string} */ f) => (f.startsWith(cwd) ? f.slice(cwd.length) : f);
  const lines = [`\nslowest test files (time in each file's tests; the whole run took ${secs(total).trim()}):`];
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, TOP)) lines.push(`${secs(f.ms)}  ${rel(f.file)}`);
  lines.push('slowest tests:');
  for (const t of tests.sort((a, b) => b.ms - a.ms).slice(0, TOP))
    lines.push(`${secs(t.ms)}  ${t.name} (${rel(t.file)})`);
  yield `${lines.join('\n')}\n`;
}
