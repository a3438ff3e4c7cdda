// The machine's fingerprint, recorded once per run so that every table says where it came from.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { cpuId } from './cpu-id.js';

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

/**
 * The CPU as the kernel names it: /proc/cpuinfo's "model name" (x86) or "Model"/"CPU part"
 * (arm64), else what Node reports. Node's own string is the same on x86 but empty on some arm64.
 * @param {string | null} cpuinfo
 */
export function cpuModel(cpuinfo, fallback = 'unknown') {
  const line = (key) => cpuinfo?.match(new RegExp(`^${key}\\s*:\\s*(.+)$`, 'm'))?.[1]?.trim();
  return line('model name') ?? line('Model') ?? line('Hardware') ?? fallback;
}

/**
 * Simultaneous multithreading: whether two hardware threads share a core, which halves what a
 * second busy thread gets. From the kernel's smt/active, else the siblings of cpu0.
 * @param {(path: string) => string | null} read
 * @returns {{active: boolean | null, threads_per_core: number | null, source: string}}
 */
export function smtOf(read = (p) => readOr(p)) {
  const active = read('/sys/devices/system/cpu/smt/active');
  const siblings = read('/sys/devices/system/cpu/cpu0/topology/thread_siblings_list');
  // "0-1" or "0,4" is two threads on cpu0's core; "0" is one.
  const perCore = siblings
    ? siblings.split(',').reduce((n, part) => {
        const [a, b] = part.split('-').map(Number);
        return n + (Number.isFinite(b) ? b - a + 1 : 1);
      }, 0)
    : null;
  if (active === '0' || active === '1') {
    return { active: active === '1', threads_per_core: perCore, source: '/sys/devices/system/cpu/smt/active' };
  }
  if (perCore !== null) return { active: perCore > 1, threads_per_core: perCore, source: 'cpu0 thread_siblings_list' };
  return { active: null, threads_per_core: null, source: 'unreadable' };
}

/**
 * Whether this is a virtual machine, and how that was seen: the x86 "hypervisor" CPU flag (set by
 * every mainstream hypervisor), /sys/hypervisor/type (Xen), or the DMI vendor. A VM's steal time
 * and vCPU scheduling are noise a bare-metal run does not have.
 * @param {string | null} cpuinfo
 * @param {(path: string) => string | null} read
 * @returns {{detected: boolean | null, evidence: string}}
 */
export function vmOf(cpuinfo, read = (p) => readOr(p)) {
  if (cpuinfo && /^flags\s*:.*\bhypervisor\b/m.test(cpuinfo))
    return { detected: true, evidence: 'cpu flag hypervisor' };
  const xen = read('/sys/hypervisor/type');
  if (xen) return { detected: true, evidence: `/sys/hypervisor/type ${xen}` };
  const vendor = read('/sys/class/dmi/id/sys_vendor');
  if (vendor && /qemu|kvm|vmware|virtualbox|xen|microsoft|amazon ec2|google|firecracker/i.test(vendor)) {
    return { detected: true, evidence: `DMI vendor ${vendor}` };
  }
  // On x86 the flag's absence is evidence; elsewhere there is no such flag, so say unknown.
  if (cpuinfo && /^flags\s*:/m.test(cpuinfo)) return { detected: false, evidence: 'no hypervisor cpu flag' };
  return { detected: null, evidence: 'no cpu flags to read (not x86, or no /proc)' };
}

/** Everything about the machine that can change a benchmark's outcome and can be read cheaply. */
export function fingerprint() {
  const cpus = os.cpus();
  const cpuinfo = readOr('/proc/cpuinfo');
  return {
    host: os.hostname(),
    os: osName(),
    platform: process.platform,
    kernel: os.release(),
    arch: os.arch(),
    cpu_model: cpuModel(cpuinfo, cpus[0]?.model || 'unknown'),
    // Family, model, stepping, microcode, flags: the name alone ("AMD EPYC") hides which core it is.
    cpu: cpuId({ readCpuinfo: () => cpuinfo }),
    smt: smtOf(),
    vm: vmOf(cpuinfo),
    cores: cpus.length,
    mem_bytes: os.totalmem(),
    governor: readOr('/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor', 'unreadable'),
    loadavg_start: loadavg(),
    loadavg_end: null,
    node_env: process.env.NODE_ENV ?? null,
  };
}
