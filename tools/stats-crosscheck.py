#!/usr/bin/env python3
"""One-off cross-check of parity's table statistics against scipy and statsmodels.

Run (a venv with the two pinned packages; the numbers are in docs/statistics.md):
  python3 -m venv /tmp/v && /tmp/v/bin/pip install scipy==1.14.1 statsmodels==0.14.4
  /tmp/v/bin/python tools/stats-crosscheck.py [results/published/math-json-quick.json]
It asks parity (node) for every cell's round medians and interval and every ratio's paired rounds,
its paired t (pairedRatio, before the table moderates and adjusts it) and parity's BH-adjusted p
of those, and recomputes them independently. For every comparison whose table set rounds aside
(off its main mode), it checks the rule's conditions on the rounds set aside (further from the
median round than both 15% and 3 robust SDs of the suite, recomputed here with numpy from every
comparison's rounds: 1.0483 x the median pairwise difference within each; at most a third of the
rounds) and recomputes the kept rounds' mean and Yuen's trimmed interval (Winsorized variance,
h - 1 df) with numpy and scipy. It pairs every comparison's rounds again from the file itself,
by round number, and compares them with parity's. Last, the table as printed: from each ratio's
final t parts (moderated, set aside) it recomputes the BH adjustment, the false-coverage-rate
level max(R, 1) * 0.05 / m, every adjusted interval, the TOST p on +-log 1.05 and the verdict.
"""
import json, math, subprocess, sys
import numpy as np
from scipy import stats
from statsmodels.stats.multitest import multipletests

FILE = sys.argv[1] if len(sys.argv) > 1 else 'results/published/math-json-quick.json'
DUMP = """
const { aggregate } = await import('./lib/results/aggregate.js');
const { readResults } = await import('./lib/results/file.js');
const { pairRounds } = await import('./lib/measure/stats/compare.js');
const { pairedRatio } = await import('./lib/measure/stats/paired.js');
const { benjaminiHochberg } = await import('./lib/measure/stats/table-stats.js');
const d = readResults(process.argv[1]);
const agg = aggregate(d.results, d.runtimes.map((r) => r.id));
const out = { cells: [], pairs: [] };
for (const row of agg.rows) for (const c of Object.values(row.cells)) {
  if (!c.ok) continue;
  out.cells.push({ times: c.times, ci: c.ci95_ns });
  if (!c.ratio) continue;
  const p = pairRounds(row.cells[agg.baseline].rows, c.rows);
  // The paired t of one comparison alone (pairedRatio): what a table starts from, before its
  // variances are moderated and its intervals adjusted over the table (those are checked apart).
  const r = pairedRatio(p.a, p.b);
  const k = c.rows[0];
  out.pairs.push({ a: p.a, b: p.b, ci: r.ci95, p: r.p, key: [k.suite, k.workload, k.params ?? {}], runtime: k.runtime });
}
// The rounds the table set aside, with what the rule and setAside saw: the comparison's per-round
// logs, every comparison's logs of its suite (for the robust scale, recomputed in Python), and
// setAside's own result before moderation.
const { setAside } = await import('./lib/measure/stats/paired.js');
out.aside = [];
out.suites = {};
out.table = [];
for (const row of agg.rows) for (const c of Object.values(row.cells)) {
  if (!c.ratio || !c.ok) continue;
  const p = pairRounds(row.cells[agg.baseline].rows, c.rows);
  const r = pairedRatio(p.a, p.b);
  if (r.df > 0 && Number.isFinite(r.se)) (out.suites[row.suite] ??= []).push(r.logs);
  if (c.ratio.set_aside) out.aside.push({ suite: row.suite, logs: r.logs, off: c.ratio.set_aside.index });
  const f = c.ratio;
  out.table.push({ log_mean: f.log_mean, se: f.se, df: f.df, p: f.p, p_adj: f.p_adj, alpha_adj: f.alpha_adj, ci: f.ci95, verdict: f.verdict });
}
for (const x of out.aside) {
  const y = setAside(x.logs, x.off);
  Object.assign(x, { mean: y.log_mean, se: y.se, df: y.df, ci: y.ci95 });
}
const adj = benjaminiHochberg(out.pairs.map((x) => x.p));
out.pairs.forEach((x, i) => { x.p_adj = adj[i]; });
process.stdout.write(JSON.stringify(out));
"""
d = json.loads(subprocess.check_output(['node_modules/.bin/node', '--input-type=module', '-e', DUMP, FILE]))

worst_ci = 0
for c in d['cells']:
    xs = [math.log(t) for t in c['times']]
    if len(xs) < 2:
        continue
    lo, hi = stats.t.interval(0.95, len(xs) - 1, loc=sum(xs) / len(xs), scale=stats.sem(xs))
    for mine, ref in zip(c['ci'], (math.exp(lo), math.exp(hi))):
        worst_ci = max(worst_ci, abs(mine / ref - 1))
worst_p = worst_r = 0
for p in d['pairs']:
    la = [math.log(a) for a in p['a']]
    lb = [math.log(b) for b in p['b']]
    worst_p = max(worst_p, abs(stats.ttest_rel(la, lb).pvalue - p['p']))
    diffs = [x - y for x, y in zip(la, lb)]
    lo, hi = stats.t.interval(0.95, len(diffs) - 1, loc=sum(diffs) / len(diffs), scale=stats.sem(diffs))
    worst_r = max(worst_r, abs(p['ci'][0] / math.exp(lo) - 1), abs(p['ci'][1] / math.exp(hi) - 1))
ps = [p['p'] for p in d['pairs']]
rej, adj, _, _ = multipletests(ps, alpha=0.05, method='fdr_bh')
worst_bh = max(abs(a - p['p_adj']) for a, p in zip(adj, d['pairs']))
same = sum(1 for r, p in zip(rej, d['pairs']) if r == (p['p_adj'] < 0.05))
print(f"{FILE}")
print(f"cells {len(d['cells'])}: interval vs scipy t.interval on logs, largest relative difference {worst_ci:.1e}")
print(f"ratios {len(ps)}: p vs scipy ttest_rel on logs, largest difference {worst_p:.1e}; interval {worst_r:.1e}")
print(f"BH vs statsmodels fdr_bh: largest difference {worst_bh:.1e}; same verdict {same}/{len(ps)}, {int(rej.sum())} claims")

# Pairing by round, from the file itself: a comparison reads the rounds where both the baseline
# and its runtime ran ok (a settled comparison's runtime leaves its row, so the two can have
# different rounds).
doc = json.load(open(FILE))
base = doc['runtimes'][0]['id']
by = {}
for r in doc['results']:
    if r['status'] == 'ok' and (r.get('median_ns') or 0) > 0:
        k = (r['suite'], r['workload'], json.dumps(r.get('params') or {}, sort_keys=True), r['runtime'])
        by.setdefault(k, {})[r['round']] = r['median_ns']
same_pairs = unequal = 0
for p in d['pairs']:
    s_, w_, par = p['key'][0], p['key'][1], json.dumps(p['key'][2], sort_keys=True)
    mine, theirs = by[(s_, w_, par, p['runtime'])], by[(s_, w_, par, base)]
    rounds = sorted(set(mine) & set(theirs))
    unequal += len(mine) != len(theirs)
    same_pairs += [theirs[i] for i in rounds] == p['a'] and [mine[i] for i in rounds] == p['b']
print(f"pairs by round from the file: {same_pairs}/{len(d['pairs'])} the same rounds and figures as parity's "
      f"({unequal} comparisons whose runtime ran fewer or more rounds than the baseline)")

worst_a = 0
rule_ok = 0
for x in d['aside']:
    logs = np.array(x['logs'])
    off = x['off']
    diffs = [abs(a - b) for logs_ in d['suites'][x['suite']] for i, a in enumerate(logs_) for b in logs_[i + 1:]]
    far = max(math.log(1.15), 3 * 1.0483 * float(np.median(diffs)))
    med = float(np.median(logs))
    if all(abs(logs[i] - med) > far for i in off) and len(off) <= len(logs) / 3 and len(logs) >= 4:
        rule_ok += 1
    kept = np.delete(logs, off)
    w = np.clip(logs, kept.min(), kept.max())
    n, h = len(logs), len(kept)
    se = math.sqrt((n - 1) * np.var(w, ddof=1) / (h * (h - 1)))
    lo, hi = stats.t.interval(0.95, h - 1, loc=kept.mean(), scale=se)
    worst_a = max(worst_a, abs(x['mean'] - kept.mean()), abs(x['se'] / se - 1),
                  abs(x['ci'][0] / math.exp(lo) - 1), abs(x['ci'][1] / math.exp(hi) - 1))
print(f"rounds set aside in {len(d['aside'])} comparisons: the rule's conditions hold on {rule_ok}; "
      f"kept mean, Yuen se and interval vs numpy/scipy: largest difference {worst_a:.1e}")

# The table as printed: BH over the final ratios' p (moderated, rounds set aside), the
# false-coverage-rate level, each adjusted interval, TOST on +-log 1.05 and the verdict.
t = [x for x in d['table'] if x['p'] is not None and math.isfinite(x['p'])]
rej, adj, _, _ = multipletests([x['p'] for x in t], alpha=0.05, method='fdr_bh')
m, R = len(t), int(rej.sum())
level = max(R, 1) * 0.05 / m
delta = math.log(1.05)
worst_adj = worst_lvl = worst_ci = 0
same_v = 0
for x, a in zip(t, adj):
    worst_adj = max(worst_adj, abs(a - x['p_adj']))
    worst_lvl = max(worst_lvl, abs(level - x['alpha_adj']))
    d_, se, df = x['log_mean'], x['se'], x['df']
    half = stats.t.ppf(1 - level / 2, df) * se
    lo, hi = math.exp(d_ - half), math.exp(d_ + half)
    worst_ci = max(worst_ci, abs(x['ci'][0] / lo - 1), abs(x['ci'][1] / hi - 1))
    p_tost = max(stats.t.sf((d_ + delta) / se, df), stats.t.cdf((d_ - delta) / se, df)) if se > 0 else (0 if abs(d_) < delta else 1)
    v = 'faster' if lo > 1 else 'slower' if hi < 1 else 'equivalent' if p_tost <= level else 'inconclusive'
    same_v += v == x['verdict']
print(f"table as printed, {m} ratios, {R} selected: BH p vs statsmodels {worst_adj:.1e}; level {level:.5f} "
      f"(parity's differs by {worst_lvl:.1e}); adjusted intervals vs scipy t.ppf {worst_ci:.1e}; "
      f"verdicts with TOST on +-log 1.05 the same on {same_v}/{m}")
