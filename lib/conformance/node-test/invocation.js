// How one of Node's test files is started on a runtime kind: the kind's runners/<kind>/node-test.json
// (data) turned into argv and environment. The file's `// Flags:` line is translated there: node
// takes every flag, other kinds only the ones their data names (V8 flags through the kind's V8
// option, node options through NODE_OPTIONS); the rest are dropped and listed. Its `// Env:` lines
// are the environment Node's own runner (tools/test.py) sets for it, on every kind alike.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRegistry } from '../../runtimes/registry.js';

/**
 * A kind's node-test.json, or null when the kind has none.
 * @param {string} kind
 */
export function kindNodeTest(kind, registry = loadRegistry()) {
  const dir = registry.kinds[kind]?.dir;
  const file = dir ? join(dir, 'node-test.json') : null;
  return file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/**
 * The flags of a test file's first `// Flags:` line (Node's test/common reads the same line).
 * @param {string} source
 */
export function parseFlags(source) {
  const m = /^\/\/ Flags: (.+)$/m.exec(source);
  return m ? m[1].trim().split(/\s+/) : [];
}

/**
 * The variables of a test file's `// Env:` lines, as Node's tools/test.py reads them: every such
 * line, each whitespace-separated NAME=value pair (the value may hold '=').
 * @param {string} source
 * @returns {Record<string, string>}
 */
export function parseEnv(source) {
  /** @type {Record<string, string>} */
  const env = {};
  for (const m of source.matchAll(/^\/\/\s+Env:(.*)$/gm))
    for (const pair of m[1].trim().split(/\s+/)) {
      const at = pair.indexOf('=');
      if (at > 0) env[pair.slice(0, at)] = pair.slice(at + 1);
    }
  return env;
}

/** Whether a file uses node:test (Deno's harness decides the same way, by the quoted specifier). */
export const usesNodeTest = (source) => source.includes("'node:test'") || source.includes('"node:test"');

/**
 * Sort a file's flags by what the kind does with them: a V8 flag under the kind's own name, a
 * node option or a command-line flag (under `rename`'s name where it gives one), or a flag
 * `host_port` names, given as `--flag=HOST:PORT` on the command line (its port, or 0, on that host:
 * Deno's `--inspect` takes host:port where Node's also takes a bare port).
 * @param {string[]} flags
 * @param {any} spec  the kind's `flags`: "all", or {v8, v8_arg, node_options, cli, rename, host_port}
 */
export function translateFlags(flags, spec) {
  if (spec === 'all') return { cli: flags, v8: [], nodeOptions: [], dropped: [] };
  /** @type {{cli: string[], v8: string[], nodeOptions: string[], dropped: string[]}} */
  const out = { cli: [], v8: [], nodeOptions: [], dropped: [] };
  for (const f of flags) {
    const name = f.replace(/=.*$/, '');
    if (spec?.v8?.[name]) out.v8.push(spec.v8[name]);
    else if (spec?.node_options?.includes(name)) out.nodeOptions.push(spec.rename?.[name] ?? f);
    else if (spec?.cli?.includes(name)) out.cli.push(spec.rename?.[name] ?? f);
    else if (spec?.host_port?.[name]) out.cli.push(hostPort(f, name, spec.host_port[name]));
    else out.dropped.push(f);
  }
  return out;
}

/** `--flag`, `--flag=PORT` or `--flag=HOST:PORT` as `--flag=HOST:PORT` (port 0 when none). */
function hostPort(flag, name, host) {
  const value = flag.slice(name.length + 1);
  if (value.includes(':')) return flag;
  return `${name}=${host}:${/^\d+$/.test(value) ? value : 0}`;
}

/**
 * argv (without the binary) and extra environment for one file on a kind: NODE_OPTIONS's part and
 * the file's `// Env:` variables.
 * @param {any} spec  the kind's node-test.json
 * @param {{file: string, source: string}} test  file: its path under the suite root ("test/parallel/x.js")
 */
export function invocationFor(spec, { file, source }) {
  const nodeTest = usesNodeTest(source);
  const template = nodeTest ? (spec.node_test ?? spec.run) : spec.run;
  const t = translateFlags(parseFlags(source), spec.flags);
  const v8 = t.v8.length ? [`${spec.flags.v8_arg}${t.v8.join(',')}`] : [];
  const args = template.flatMap((a) => (a === '{flags}' ? t.cli : a === '{v8}' ? v8 : [a.replaceAll('{file}', file)]));
  return { args, nodeOptions: t.nodeOptions, env: parseEnv(source), dropped: t.dropped, nodeTest };
}
