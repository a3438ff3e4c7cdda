// Which npm package holds a runtime's binary for an OS and CPU, and where the binary sits inside
// its tarball. Node, Deno and Bun each publish one package per platform; the names differ per
// project, so they are data here. The CI matrix imports platformPackage to name a leg's package.

/** The runtimes whose every release can be a runtime id (name@x.y.z). */
export const RELEASE_NAMES = ['node', 'deno', 'bun'];

/** Release notes of one version, printed by bisect beside the release it names. */
export const NOTES_URL = {
  node: (v) => `https://github.com/nodejs/node/releases/tag/v${v}`,
  deno: (v) => `https://github.com/denoland/deno/releases/tag/v${v}`,
  bun: (v) => `https://bun.com/blog/bun-v${v}`,
};

// Per project: how Node's os/arch names map to its package names. A missing entry is a platform
// the project publishes no binary for (Deno has no linux-musl build on npm, for one).
const OS = {
  node: { linux: 'linux', darwin: 'darwin', win32: 'win' },
  deno: { linux: 'linux', darwin: 'darwin', win32: 'win32' },
  bun: { linux: 'linux', darwin: 'darwin', win32: 'windows' },
};
const ARCH = ['x64', 'arm64'];

/**
 * The platform package of `name` for this (or another) machine.
 * @param {string} name node | deno | bun
 * @param {{platform?: string, arch?: string}} [where] defaults to this process's platform and arch
 * @returns {{package: string, file: string, exe: string} | {unsupported: string}} `file` is the
 *   binary's path inside the tarball, `exe` its name once installed
 */
export function platformPackage(name, where = {}) {
  const platform = where.platform ?? process.platform;
  const arch = where.arch ?? process.arch;
  if (!RELEASE_NAMES.includes(name)) {
    return { unsupported: `"${name}" has no release packages: valid names are ${RELEASE_NAMES.join(', ')}` };
  }
  const os = OS[name][platform];
  if (!os || !ARCH.includes(arch)) {
    return { unsupported: `${name} publishes no npm binary for ${platform}-${arch}` };
  }
  const exe = platform === 'win32' ? `${name}.exe` : name;
  if (name === 'node') return { package: `node-${os}-${arch}`, file: `package/bin/${exe}`, exe };
  // Deno's Linux packages name the C library; npm has only the glibc builds.
  if (name === 'deno') {
    return { package: `@deno/${os}-${arch}${os === 'linux' ? '-glibc' : ''}`, file: `package/${exe}`, exe };
  }
  // Bun names arm64 "aarch64" (@oven/bun-darwin-aarch64, @oven/bun-linux-aarch64).
  return { package: `@oven/bun-${os}-${arch === 'arm64' ? 'aarch64' : arch}`, file: `package/bin/${exe}`, exe };
}
