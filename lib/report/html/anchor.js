// Ids for HTML anchors, one rule for every section, chart and table of the report.

/** An id for an HTML anchor: lower case, runs of anything else as one hyphen. */
export const anchorId = (prefix, text) =>
  `${prefix}-${String(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
