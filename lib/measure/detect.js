// Which runtime kind is running this code, from the kinds' own data: each runners/<kind>/kind.json
// says how its runtime is recognised (`detect`: a global's dotted path, optionally the value it
// must have). The harness asks this at the start of every job, so a run under the wrong binary
// fails loudly (STYLE 5); no kind is named in code.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * @typedef {{path: string, equals?: string, fallback?: boolean}} DetectRule  `fallback`: tried after
 *   every other kind's rule (node's: Bun and Deno expose a node-like `process` too)
 */

const RUNNERS = new URL('../../runners/', import.meta.url);

/**
 * Every kind's detect rule, from the kind.json files of a runners folder.
 * @param {URL} [dir]
 * @returns {Record<string, DetectRule>}
 */
export function detectRules(dir = RUNNERS) {
  /** @type {Record<string, DetectRule>} */
  const rules = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = new URL(`${entry.name}/kind.json`, dir);
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const rule = JSON.parse(readFileSync(file, 'utf8')).detect;
    if (rule) rules[entry.name] = rule;
  }
  return rules;
}

/** The value at a dotted path of an object, or undefined. */
const at = (obj, path) => path.split('.').reduce((o, k) => (o == null ? undefined : o[k]), obj);

/**
 * The kind whose rule holds for this global scope, rules without `fallback` first; 'unknown' when none does.
 * @param {Record<string, DetectRule>} [rules]
 * @param {any} [g] the global scope (a test passes its own)
 */
export function detectKind(rules = detectRules(), g = globalThis) {
  const ordered = Object.entries(rules).sort(([, a], [, b]) => Number(!!a.fallback) - Number(!!b.fallback));
  for (const [kind, rule] of ordered) {
    const v = at(g, rule.path);
    if (rule.equals === undefined ? v !== undefined : v === rule.equals) return kind;
  }
  return 'unknown';
}
