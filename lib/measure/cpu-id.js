// The CPU's identity beyond its marketing name: vendor, family, model, stepping, microcode and a
// hash of its feature flags. Two hosts a VM calls "AMD EPYC" can be different microarchitectures
// whose ratios between runtimes differ (one JIT's code suits one core better than another's), so
// a results file records which one it ran on and comparisons across files check it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * @typedef {{vendor: string | null, family: string | null, model: string | null, stepping: string | null,
 *   microcode: string | null, flags_sha256: string | null, source: string}} CpuId
 *   family/model/stepping as the platform prints them (decimal on x86 Linux and macOS; arm64
 *   Linux: implementer's architecture, part and variant/revision); flags_sha256: the first 16 hex
 *   digits of the sha256 of the sorted, space-joined flag names; source: where they were read.
 */

/** @returns {CpuId} */
const unknown = (source) => ({
  vendor: null,
  family: null,
  model: null,
  stepping: null,
  microcode: null,
  flags_sha256: null,
  source,
});

/** A short, order-independent hash of a set of CPU flag names; null with none. @param {string | null | undefined} text */
export function flagsHash(text) {
  const names = [...new Set((text ?? '').toLowerCase().split(/\s+/).filter(Boolean))].sort();
  return names.length ? createHash('sha256').update(names.join(' ')).digest('hex').slice(0, 16) : null;
}

/**
 * The CPU identity from the text of /proc/cpuinfo (its first processor: a VM's vCPUs are one
 * kind). x86 names vendor_id, cpu family, model, stepping, microcode and flags; arm64 names CPU
 * implementer, architecture, part, variant, revision and Features.
 * @param {string | null} cpuinfo
 * @returns {CpuId}
 */
export function cpuIdFromCpuinfo(cpuinfo) {
  if (!cpuinfo) return unknown('no /proc/cpuinfo');
  const first = cpuinfo.split(/\n\s*\n/)[0];
  const field = (key) => first.match(new RegExp(`^${key}\\s*:\\s*(.*?)\\s*$`, 'm'))?.[1] || null;
  if (field('vendor_id') || field('cpu family')) {
    return {
      vendor: field('vendor_id'),
      family: field('cpu family'),
      model: field('model'),
      stepping: field('stepping'),
      microcode: field('microcode'),
      flags_sha256: flagsHash(field('flags')),
      source: '/proc/cpuinfo',
    };
  }
  if (field('CPU implementer')) {
    const variant = field('CPU variant');
    const revision = field('CPU revision');
    return {
      vendor: field('CPU implementer'),
      family: field('CPU architecture'),
      model: field('CPU part'),
      stepping: variant || revision ? `${variant ?? '?'}/${revision ?? '?'}` : null,
      microcode: null,
      flags_sha256: flagsHash(field('Features')),
      source: '/proc/cpuinfo',
    };
  }
  return unknown('/proc/cpuinfo without vendor or implementer');
}

/**
 * The CPU identity from `sysctl machdep.cpu` output (macOS: "machdep.cpu.family: 6" lines). Apple
 * silicon has no family/model there; hw.cpufamily (a code per core design) stands in for family.
 * @param {string | null} text
 * @returns {CpuId}
 */
export function cpuIdFromSysctl(text) {
  if (!text) return unknown('sysctl unreadable');
  const field = (key) => text.match(new RegExp(`^${key.replace(/\./g, '\\.')}:\\s*(.*?)\\s*$`, 'm'))?.[1] || null;
  const flags = ['features', 'leaf7_features', 'extfeatures'].map((k) => field(`machdep.cpu.${k}`) ?? '').join(' ');
  return {
    vendor: field('machdep.cpu.vendor') ?? (field('hw.cpufamily') ? 'Apple' : null),
    family: field('machdep.cpu.family') ?? field('hw.cpufamily'),
    model: field('machdep.cpu.model') ?? field('hw.cpusubfamily'),
    stepping: field('machdep.cpu.stepping'),
    microcode: field('machdep.cpu.microcode_version'),
    flags_sha256: flagsHash(flags),
    source: 'sysctl machdep.cpu',
  };
}

/**
 * The CPU identity from Windows' PROCESSOR_IDENTIFIER ("Intel64 Family 6 Model 158 Stepping 10,
 * GenuineIntel"): no microcode or flags are reachable without a tool, so those stay null.
 * @param {string | undefined} identifier
 * @returns {CpuId}
 */
export function cpuIdFromWindows(identifier) {
  const m = identifier?.match(/Family (\d+) Model (\d+) Stepping (\d+),\s*(\S+)/);
  if (!m) return unknown('PROCESSOR_IDENTIFIER unset or unrecognised');
  return { ...unknown('PROCESSOR_IDENTIFIER'), vendor: m[4], family: m[1], model: m[2], stepping: m[3] };
}

/**
 * This machine's CPU identity, read the platform's way; every field null (with `source` saying
 * why) where nothing is readable. Never throws.
 * @param {{platform?: string, readCpuinfo?: () => string | null, sysctl?: () => string | null, env?: Record<string, string | undefined>}} [io]
 * @returns {CpuId}
 */
export function cpuId(io = {}) {
  const platform = io.platform ?? process.platform;
  if (platform === 'darwin') return cpuIdFromSysctl((io.sysctl ?? macSysctl)());
  if (platform === 'win32') return cpuIdFromWindows((io.env ?? process.env).PROCESSOR_IDENTIFIER);
  return cpuIdFromCpuinfo((io.readCpuinfo ?? procCpuinfo)());
}

/** The text of /proc/cpuinfo, or null where there is none. */
function procCpuinfo() {
  try {
    return readFileSync('/proc/cpuinfo', 'utf8');
  } catch {
    return null;
  }
}

/** `sysctl machdep.cpu hw.cpufamily hw.cpusubfamily`, or null where sysctl fails. */
function macSysctl() {
  try {
    return execFileSync('sysctl', ['machdep.cpu', 'hw.cpufamily', 'hw.cpusubfamily'], {
      encoding: 'utf8',
      timeout: 5000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return null;
  }
}

/**
 * The microarchitecture a fingerprint names, as "AuthenticAMD family 25 model 17 stepping 1", or
 * null when the file does not record it (made before the fingerprint carried a CPU identity, or
 * on a platform where none was readable).
 * @param {{cpu?: CpuId} | null | undefined} fp
 */
export function microarchOf(fp) {
  const c = fp?.cpu;
  if (!c || (c.family === null && c.model === null)) return null;
  return `${c.vendor ?? '?'} family ${c.family ?? '?'} model ${c.model ?? '?'} stepping ${c.stepping ?? '?'}`;
}

/** A fingerprint's CPU identity as a table header shows it: microarchitecture, microcode, flags hash. */
export function cpuIdText(fp) {
  const arch = microarchOf(fp);
  if (!arch) return 'family, model and stepping not recorded';
  const c = /** @type {CpuId} */ (fp.cpu);
  return [arch, c.microcode ? `microcode ${c.microcode}` : '', c.flags_sha256 ? `flags ${c.flags_sha256}` : '']
    .filter(Boolean)
    .join(', ');
}

/**
 * The warnings as one loud block for stderr ('' when there are none): a results comparison prints
 * it before its table, so that no one reads the numbers without it.
 * @param {string[]} warnings microarchWarnings
 */
export function microarchBanner(warnings) {
  if (!warnings.length) return '';
  const loud = warnings.some((w) => w.startsWith('DIFFERENT'));
  const rule = loud ? `${'!'.repeat(72)}\n` : '';
  return `${rule}${warnings.map((w) => `parity: ${loud ? 'WARNING' : 'note'}: ${w}\n`).join('')}${rule}`;
}

/**
 * A loud warning when results files come from different microarchitectures (family, model or
 * stepping differ): a ratio between runtimes holds for one microarchitecture, so a diff across
 * two may measure the hosts, not the change. Files that do not record one are named as unknown.
 * Microcode or flags alone differing is a quieter note. Empty when all agree.
 * @param {{name: string, doc: any}[]} files
 * @returns {string[]}
 */
export function microarchWarnings(files) {
  const known = files.map((f) => ({ ...f, arch: microarchOf(f.doc?.fingerprint) }));
  const archs = new Set(known.flatMap((f) => (f.arch ? [f.arch] : [])));
  const out = [];
  if (archs.size > 1) {
    out.push(
      `DIFFERENT MICROARCHITECTURES: ${known.map((f) => `${f.name} ran on ${f.arch ?? 'an unknown one'}`).join(', ')}; a ratio between runtimes holds for one microarchitecture, so differences here may be the hosts', not the code's`,
    );
  } else {
    const unknownOnes = known.filter((f) => !f.arch);
    if (unknownOnes.length && archs.size === 1) {
      out.push(
        `microarchitecture unknown for ${unknownOnes.map((f) => f.name).join(', ')} (the file does not record it); the other ran on ${[...archs][0]}`,
      );
    }
    const ids = (key) => new Set(files.map((f) => f.doc?.fingerprint?.cpu?.[key]).filter(Boolean));
    if (archs.size === 1 && !unknownOnes.length && (ids('microcode').size > 1 || ids('flags_sha256').size > 1)) {
      out.push(
        `same microarchitecture, but the CPU's microcode or flags differ between ${files.map((f) => f.name).join(' and ')}`,
      );
    }
  }
  return out;
}
