// The lines above a table: the machine, the load, the run, parity's provenance and each runtime,
// all read from the results file (a file prints the same in any checkout).
import { cpuIdText } from '../../measure/cpu-id.js';
import { calibrationLine } from './calibration-line.js';
import { si } from './units.js';

/** ", SMT on" / ", SMT off" where the file says (older files do not). */
const smtText = (smt) => (smt?.active === true ? ', SMT on' : smt?.active === false ? ', SMT off' : '');

/** "; 3 round(s)", or "; 3–7 rounds" when adaptive sampling ran some rows longer than the minimum. */
function roundsText(doc) {
  if (!doc.options?.rounds) return '';
  const most = Math.max(doc.options.rounds, ...(doc.results ?? []).map((r) => r.round ?? 0));
  return most > doc.options.rounds ? `; ${doc.options.rounds}–${most} rounds` : `; ${doc.options.rounds} round(s)`;
}

/** Fingerprint and runtimes, one line each, to print above a table. @param {any} doc */
export function fingerprintLines(doc) {
  const f = doc.fingerprint;
  return [
    `machine: ${f.cpu_model} × ${f.cores}${smtText(f.smt)}${f.vm?.detected ? ' (virtual machine)' : ''}, ${si(f.mem_bytes / 2 ** 30)} GiB, ${f.os}, kernel ${f.kernel}, ${f.arch}, governor ${f.governor}`,
    `cpu: ${cpuIdText(f)}`,
    ...(doc.calibration ? [calibrationLine(doc.calibration)] : []),
    `load average: start ${f.loadavg_start.join(' ')}, end ${f.loadavg_end?.join(' ') ?? 'n/a'}; NODE_ENV=${f.node_env ?? '(unset)'}`,
    `run: ${doc.started} → ${doc.finished ?? 'unfinished'}${doc.interrupted ? ' (interrupted)' : ''}${roundsText(doc)}${doc.options?.quick ? ', QUICK' : ''}`,
    ...(doc.provenance
      ? [
          `parity: commit ${doc.provenance.commit ?? 'unknown'}${doc.provenance.dirty ? ' (uncommitted changes)' : ''}; package-lock sha256 ${String(doc.provenance.lock_sha256 ?? 'unknown').slice(0, 12)}`,
        ]
      : []),
    ...doc.runtimes.map(
      (r) =>
        `${r.id}: ${r.version ?? 'n/a'} (${r.engine ?? '?'} ${r.engine_version ?? ''})${r.flags?.length ? ` flags ${r.flags.join(' ')}` : ''}${r.preload ? ` preload ${r.preload}` : ''}${r.error ? ` — ${r.error}` : ''}`,
    ),
  ];
}
