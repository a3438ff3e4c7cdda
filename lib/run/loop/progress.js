// Progress on stderr: one rewritten line on a TTY, plain lines otherwise (logs, CI).
import { paramsKey } from '../../measure/workload.js';

/** 61000 → "1:01". */
export function fmtDuration(ms) {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** What a finished row says in one line: its headline figure or its failure. */
function rowSummary(row) {
  if (row.status !== 'ok') return `${row.status}: ${row.error}`;
  // An ok row may have no throughput figure (null value): the progress line must not end the run.
  const v = row.throughput?.value;
  const tp = Number.isFinite(v) ? `${v.toPrecision(3)} ${row.throughput.unit}` : 'ok';
  return `${tp}${row.suspect ? ' (suspect)' : ''}`;
}

/** @param {NodeJS.WriteStream} [stream] */
export function progress(stream = process.stderr) {
  const tty = Boolean(stream.isTTY);
  const label = (job) => {
    const p = paramsKey(job.params);
    return `round ${job.round} ${job.runtime.id} ${job.workload.id}${p ? ` ${p}` : ''}`;
  };
  return {
    start(i, n, job, etaMs) {
      if (!tty) return;
      const eta = etaMs === null ? '' : ` ETA ${fmtDuration(etaMs)}`;
      stream.write(`\r\x1b[K[${i}/${n}] ${label(job)}${eta}`);
    },
    done(i, n, job, row) {
      const line = `[${i}/${n}] ${label(job)}: ${rowSummary(row)} (${fmtDuration(row.wall_ms ?? 0)})`;
      if (tty) stream.write(`\r\x1b[K${row.status === 'ok' ? '' : `${line}\n`}`);
      else stream.write(`${line}\n`);
    },
    end() {
      if (tty) stream.write('\r\x1b[K');
    },
  };
}
