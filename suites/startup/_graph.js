// A generated module graph for the start-up suite: n modules in a binary tree (module i imports
// 2i+1 and 2i+2), each adding one to a global counter when it runs. The entry checks that all n
// ran and throws otherwise, so a wrong or partial import is a failed start (non-zero exit), never
// a fast one; it then prints one line that the workload's verify checks too.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const COUNTER = 'globalThis.__parityGraphModules';
const EXT = { esm: 'mjs', cjs: 'cjs' };

/**
 * The source of module i of n.
 * @param {number} i
 * @param {number} n
 * @param {'esm' | 'cjs'} format
 */
export function moduleSource(i, n, format) {
  const kids = [2 * i + 1, 2 * i + 2].filter((k) => k < n).map((k) => `./m${k}.${EXT[format]}`);
  const count = `${COUNTER} = (${COUNTER} ?? 0) + 1;`;
  if (format === 'esm') {
    return [
      ...kids.map((k) => `import '${k}';`),
      count,
      `export function f${i}(x) {\n  return x * ${i} + 1;\n}`,
      `export const k${i} = f${i}(${i});`,
      '',
    ].join('\n');
  }
  return [
    ...kids.map((k) => `require('${k}');`),
    count,
    `exports.f${i} = function f${i}(x) {\n  return x * ${i} + 1;\n};`,
    `exports.k${i} = exports.f${i}(${i});`,
    '',
  ].join('\n');
}

/** The entry: loads module 0 (and so the whole tree), then checks the count. */
export function entrySource(n, format) {
  const load = format === 'esm' ? `import './m0.${EXT[format]}';` : `require('./m0.${EXT[format]}');`;
  return `${load}
const ran = ${COUNTER};
if (ran !== ${n}) throw new Error(\`ran \${ran} of ${n} modules\`);
console.log(\`ran \${ran} modules\`);
`;
}

/**
 * Write the graph under `dir` once (a later job of the run reuses it) and return its entry file.
 * Written to a fresh folder, then renamed, so a job never sees half a graph.
 * @param {string} dir
 * @param {number} n
 * @param {'esm' | 'cjs'} format
 */
export function writeGraph(dir, n, format) {
  const folder = join(dir, `startup-graph-${format}-${n}`);
  const entry = join(folder, `entry.${EXT[format]}`);
  if (existsSync(entry)) return entry;
  const tmp = `${folder}.${Date.now()}-${Math.random().toString(36).slice(2)}`;
  mkdirSync(tmp, { recursive: true });
  for (let i = 0; i < n; i++) writeFileSync(join(tmp, `m${i}.${EXT[format]}`), moduleSource(i, n, format));
  writeFileSync(join(tmp, `entry.${EXT[format]}`), entrySource(n, format));
  try {
    renameSync(tmp, folder);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another job made it first
  }
  return entry;
}

/**
 * A graph workload's command: its entry in the run's folder for generated inputs.
 * @param {'esm' | 'cjs'} format
 */
export const graphCommand =
  (format) =>
  ({ modules }, ctx) => {
    const n = Number(modules);
    if (!Number.isInteger(n) || n < 1) throw new Error(`modules must be a positive integer, got ${modules}`);
    return { script: writeGraph(ctx.dir, n, format), state: { n } };
  };

/** A graph start printed the count of modules that ran. */
export function verifyGraph(stdout, { n }) {
  const want = `ran ${n} modules`;
  if (stdout.trim() !== want) throw new Error(`expected "${want}", got ${JSON.stringify(stdout.trim().slice(0, 80))}`);
}
