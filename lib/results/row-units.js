// What a row counts (a workload's `unit`: ops, bytes, requests, starts) and how the report reads
// it: the rate and its label, which way is better, what CPU is per, the export's measure names.
// The one place a row unit is known by name; every other report module asks this table, so a
// suite with a new unit adds one entry here and no branch anywhere else.

/**
 * @typedef {object} RowUnit
 * @property {string} rate        the throughput's unit as stored and labelled (decimal MB/s for bytes)
 * @property {string} rateBase    the rate column's base unit, which cells put an SI prefix on (12.3M under B/s)
 * @property {number} perRate     units in one of `rate`'s (1e6 bytes in a MB): throughput = units/s ÷ perRate
 * @property {'higher'} better    the rate's direction (time per unit is the other way)
 * @property {string} per         what CPU per unit is per, after the divide by perRate ('MB', 'op')
 * @property {{metric: string, unit: string, per: string} | null} cpuMetric  a row metric that
 *   stands for CPU per unit where the unit has no timed window of its own (a server's CPU per request)
 * @property {boolean} utilisation  whether the timed window's CPU ÷ wall applies to its rows
 * @property {boolean} distribution whether each sample is one whole unit of work (a start), drawn as a distribution
 * @property {Record<string, string | null>} bmf  Bencher measure slugs of the built-in metrics (null = not exported)
 */

/** @type {Record<string, RowUnit>} */
export const ROW_UNITS = {
  ops: {
    rate: 'ops/s',
    rateBase: 'ops/s',
    perRate: 1,
    better: 'higher',
    per: 'op',
    cpuMetric: null,
    utilisation: true,
    distribution: false,
    bmf: { throughput: 'throughput', time_ns: 'latency', cpu_per_unit: 'cpu-ns-per-op' },
  },
  bytes: {
    rate: 'MB/s',
    rateBase: 'B/s',
    perRate: 1e6,
    better: 'higher',
    per: 'MB',
    cpuMetric: null,
    utilisation: true,
    distribution: false,
    bmf: { throughput: 'bytes-per-second', time_ns: 'ns-per-mb', cpu_per_unit: 'cpu-ns-per-mb' },
  },
  requests: {
    rate: 'req/s',
    rateBase: 'req/s',
    perRate: 1,
    better: 'higher',
    per: 'op',
    // A server's CPU per request over the closed-loop load (lib/run/shapes/server/record.js); the open
    // loop's are per offered rate.
    cpuMetric: { metric: 'server_cpu_per_request_us', unit: 'µs', per: 'req' },
    utilisation: false,
    distribution: false,
    // The load's wall time over its requests is not a request's latency; the percentiles are.
    bmf: { throughput: 'requests-per-second', time_ns: null, cpu_per_unit: 'cpu-ns-per-request' },
  },
  starts: {
    rate: 'starts/s',
    rateBase: 'starts/s',
    perRate: 1,
    better: 'higher',
    per: 'op',
    cpuMetric: null,
    utilisation: true,
    distribution: true,
    bmf: { throughput: 'throughput', time_ns: 'latency', cpu_per_unit: 'cpu-ns-per-op' },
  },
};

/**
 * The table's entry for a row unit; a unit it does not know reads as operations (older files,
 * rows without a unit).
 * @param {string | undefined | null} unit
 * @returns {RowUnit}
 */
export const rowUnit = (unit) => (unit && Object.hasOwn(ROW_UNITS, unit) ? ROW_UNITS[unit] : ROW_UNITS.ops);
