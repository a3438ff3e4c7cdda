// The suites' own tables, by suite id: the one place the report finds them. Each entry is a
// list of `{title, table(results, {detail, baseline, runtimes})}` whose table returns report-model
// TableData (../model.js) or null when the rows have nothing for it. A suite without an entry has
// none. They are report code over result rows, so they live here and are imported statically:
// nothing loads them by path at run time.
import http from './http.js';
import json from './json.js';
import math from './math.js';
import ssr from './ssr.js';
import startup from './startup.js';
import streams from './streams.js';
import workersPools from './workers-pools.js';

/** @type {Record<string, {title: string, table: (results: any[], opts: {detail: boolean, baseline?: string, runtimes?: string[]}) => any}[]>} */
export const ANALYSES = { http, json, math, ssr, startup, streams, 'workers-pools': workersPools };

/**
 * The analyses of the suites a results document has rows of, in the order the suites first
 * appear in its results.
 * @param {{results: {suite: string}[]}} doc
 */
export function analysesOf(doc) {
  return [...new Set(doc.results.map((r) => r.suite))].flatMap((s) => (Object.hasOwn(ANALYSES, s) ? ANALYSES[s] : []));
}
