// The machine's fingerprint, recorded once per run so that every table says where it came from.
import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * @param {string} path
 * @param {string | null} [fallback]
 */
function readOr(path, fallback = null) {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return fallback;
  }
}

/** OS release name from /etc/os-release, else the kernel's own name. */
function osName() {
  const text = readOr('/etc/os-release', '');
  return (text ?? '').match(/^PRETTY_NAME="?([^"\n]*)"?/m)?.[1] ?? `${os.type()} ${os.release()}`;
}

/** Load average as [1, 5, 15] minutes, rounded for reading. */
export function loadavg() {
  return os.loadavg().map((x) => Math.round(x * 100) / 100);
}

/** Everything about the machine that can change a benchmark's outcome and can be read cheaply. */
export function fingerprint() {
  const cpus = os.cpus();
  return {
    host: os.hostname(),
    os: osName(),
    platform: process.platform,
    kernel: os.release(),
    arch: os.arch(),
    cpu_model: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    mem_bytes: os.totalmem(),
    governor: readOr('/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor', 'unreadable'),
    loadavg_start: loadavg(),
    loadavg_end: null,
    node_env: process.env.NODE_ENV ?? null,
  };
}
