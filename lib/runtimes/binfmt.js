// What a runtime's binary is, from its first bytes: ELF (Linux), Mach-O (macOS) or PE (Windows),
// and for which CPU. The CI legs run on all three, and only this Linux machine runs the tests, so
// the check reads headers only (tested on headers recorded from real binaries) and never executes
// anything. A JS shim (npm's .cmd/.ps1/sh wrappers, `#!/usr/bin/env node`) is none of the three.
import { closeSync, openSync, readSync } from 'node:fs';

/** The binary format each OS runs natively, by process.platform. */
export const NATIVE_FORMAT = { linux: 'elf', darwin: 'mach-o', win32: 'pe' };

// ELF e_machine, Mach-O cputype, PE Machine → Node's os.arch() names.
const ELF_MACHINE = { 62: 'x64', 183: 'arm64', 3: 'ia32', 40: 'arm' };
const MACHO_CPU = { 16777223: 'x64', 16777228: 'arm64', 7: 'ia32', 12: 'arm' };
const PE_MACHINE = { 34404: 'x64', 43620: 'arm64', 332: 'ia32', 452: 'arm' };

/**
 * @typedef {{format: 'elf' | 'mach-o' | 'pe', arch: string[]} | {format: null, reason: string}} BinaryInfo
 */

/**
 * Identify a binary from its leading bytes (at least 64; a PE needs its header at e_lfanew, so
 * pass `readAt` to fetch bytes beyond the buffer). Unknown CPU types come back as `0x…`.
 * @param {Buffer} head
 * @param {(offset: number, length: number) => Buffer} [readAt]
 * @returns {BinaryInfo}
 */
export function identify(head, readAt = (o, n) => head.subarray(o, o + n)) {
  if (head.length < 4) return { format: null, reason: 'empty or shorter than any executable header' };
  const name = (table, code) => table[code] ?? `0x${code.toString(16)}`;
  if (head.readUInt32BE(0) === 0x7f454c46) {
    if (head.length < 20) return { format: null, reason: 'truncated ELF header' };
    const little = head[5] === 1;
    const machine = little ? head.readUInt16LE(18) : head.readUInt16BE(18);
    return { format: 'elf', arch: [name(ELF_MACHINE, machine)] };
  }
  const magicLE = head.readUInt32LE(0);
  if (magicLE === 0xfeedfacf || magicLE === 0xfeedface) {
    if (head.length < 8) return { format: null, reason: 'truncated Mach-O header' };
    return { format: 'mach-o', arch: [name(MACHO_CPU, head.readInt32LE(4) >>> 0)] };
  }
  const magicBE = head.readUInt32BE(0);
  if (magicBE === 0xcafebabe || magicBE === 0xcafebabf) {
    // A universal binary: a big-endian table of slices. Java class files share the magic, but
    // their next word (a version) is far above any plausible count of slices.
    const count = head.readUInt32BE(4);
    if (count === 0 || count > 16) return { format: null, reason: 'CAFEBABE magic but not a Mach-O universal binary' };
    const size = magicBE === 0xcafebabf ? 32 : 20;
    const table = readAt(8, count * size);
    if (table.length < count * size) return { format: null, reason: 'truncated Mach-O universal header' };
    const arch = [];
    for (let i = 0; i < count; i++) arch.push(name(MACHO_CPU, table.readUInt32BE(i * size)));
    return { format: 'mach-o', arch };
  }
  if (head[0] === 0x4d && head[1] === 0x5a) {
    if (head.length < 64) return { format: null, reason: 'truncated DOS header' };
    const at = head.readUInt32LE(0x3c);
    const pe = readAt(at, 24);
    if (pe.length < 24 || pe.readUInt32BE(0) !== 0x50450000)
      return { format: null, reason: 'MZ header without a PE header' };
    if (pe.readUInt16LE(22) & 0x2000) return { format: null, reason: 'a PE DLL, not an executable' };
    return { format: 'pe', arch: [name(PE_MACHINE, pe.readUInt16LE(4))] };
  }
  if (head[0] === 0x23 && head[1] === 0x21) return { format: null, reason: 'a script (#!), not a native binary' };
  if (/^@?(echo|rem|setlocal|goto|::)/i.test(head.subarray(0, 16).toString('latin1'))) {
    return { format: null, reason: 'a Windows batch shim, not a native binary' };
  }
  return { format: null, reason: 'not an ELF, Mach-O or PE executable' };
}

/**
 * Read a file's header and identify it. A missing or unreadable file is a reason, not a throw.
 * @param {string} path
 * @returns {BinaryInfo}
 */
export function identifyFile(path) {
  let fd;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    return { format: null, reason: `cannot open (${/** @type {any} */ (e).code ?? 'error'})` };
  }
  try {
    const readAt = (/** @type {number} */ offset, /** @type {number} */ length) => {
      const buf = Buffer.alloc(length);
      return buf.subarray(0, readSync(fd, buf, 0, length, offset));
    };
    return identify(readAt(0, 512), readAt);
  } finally {
    closeSync(fd);
  }
}

/**
 * Null when `info` is a native binary this machine runs without emulation, else why not: a
 * Mach-O x64 build on an arm64 Mac runs under Rosetta and would be measured as emulated code.
 * @param {BinaryInfo} info
 * @param {{platform?: string, arch?: string}} [host]
 * @returns {string | null}
 */
export function nativeProblem(info, { platform = process.platform, arch = process.arch } = {}) {
  if (info.format === null) return info.reason;
  const want = NATIVE_FORMAT[/** @type {keyof typeof NATIVE_FORMAT} */ (platform)];
  if (!want)
    return `no native binary format known for platform ${platform}: known are ${Object.keys(NATIVE_FORMAT).join(', ')}`;
  if (info.format !== want) return `a ${info.format} binary, but ${platform} runs ${want}`;
  if (!info.arch.includes(arch))
    return `built for ${info.arch.join('+')}, but this machine is ${arch} (emulated at best)`;
  return null;
}
