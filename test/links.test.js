// Every relative link in README.md and docs/*.md points at a file that exists, and every
// #anchor at a heading of its page: moving a section between pages must not leave a dead link.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { ROOT } from '../lib/paths.js';

const PAGES = [
  join(ROOT, 'README.md'),
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f)),
];

/** Markdown text without fenced code blocks and inline code, where brackets are not links. */
const prose = (text) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** @param {string} file */
function anchors(file) {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1])));
}

/** @param {string} file @returns {string[]} targets of relative links */
function links(file) {
  return [...prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1])
    .filter((t) => !/^[a-z]+:/i.test(t));
}

test('slug follows GitHub: punctuation dropped, spaces become hyphens', () => {
  assert.equal(slug("This machine's noise floor"), 'this-machines-noise-floor');
  assert.equal(slug('Earlier results, by hand (2026-11-22)'), 'earlier-results-by-hand-2026-11-22');
});

test('every relative link in README.md and docs/*.md resolves', () => {
  const dead = [];
  let checked = 0;
  for (const page of PAGES) {
    for (const target of links(page)) {
      checked++;
      const [path, anchor] = target.split('#');
      const file = path ? join(dirname(page), decodeURIComponent(path)) : page;
      const where = `${relative(ROOT, page)} → ${target}`;
      if (!existsSync(file)) dead.push(`${where}: no such file`);
      else if (anchor && file.endsWith('.md') && !anchors(file).has(anchor)) dead.push(`${where}: no such heading`);
    }
  }
  assert.ok(checked > 10, `only ${checked} links found: the link pattern no longer matches`);
  assert.deepEqual(dead, []);
});
