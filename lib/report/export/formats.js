// Export formats: each turns a whole results document into another file (bmf: Bencher Metric
// Format; html: the report page; json: the document itself). The registry imports every renderer,
// so only commands import it; printers ask text/markdown of print.js. A new export format is one
// entry (and its module and test), not a change to the CLI.
import { analysesOf } from '../analyses/index.js';
import { renderHtml } from '../html/page.js';
import { exportBmf } from './bmf.js';

/**
 * @typedef {{summary: string, render: (doc: any) => {text: string, warnings: string[]}}} ExportFormat
 */

/** @type {Record<string, ExportFormat>} */
export const EXPORTS = {
  bmf: {
    summary: 'Bencher Metric Format (JSON), one measure per metric and runtime',
    render(doc) {
      const { bmf, failed } = exportBmf(doc);
      // Failed jobs are in the export as a failed-jobs measure; say so where a person reads it too.
      const warnings = failed.length
        ? [
            `${failed.length} benchmark(s) with failed jobs: ${failed.map((f) => `${f.benchmark} (${f.count} ${f.statuses.join('/')})`).join('; ')}`,
          ]
        : [];
      return { text: `${JSON.stringify(bmf, null, 1)}\n`, warnings };
    },
  },
  html: {
    summary: 'the self-contained HTML report with charts (what make report writes)',
    render: (doc) => ({ text: renderHtml(doc, { analyses: analysesOf(doc) }), warnings: [] }),
  },
  json: {
    summary: 'the results document itself, validated, one value per line',
    render: (doc) => ({ text: `${JSON.stringify(doc, null, 1)}\n`, warnings: [] }),
  },
};

/**
 * The export format named `name`, or an error naming the valid ones.
 * @param {string | undefined} name
 */
export function exportFormat(name) {
  const f = name ? EXPORTS[name] : undefined;
  if (!f)
    throw new Error(`Unknown export format "${name ?? ''}": valid formats are ${Object.keys(EXPORTS).join(', ')}`);
  return f;
}
