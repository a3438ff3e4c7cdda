// The parts of the Bun global and bun:test that runners/bun/ uses, for tsc --noEmit (tsconfig.json
// includes every runners/<kind>/globals.d.ts). Deliberately small: only what the code calls, so a
// typo is still an error.

declare namespace Bun {
  const version: string;
  function nanoseconds(): number;
  function gc(force?: boolean): void;
  function serve(options: {
    hostname: string;
    port: number;
    fetch: (request: Request) => Response | Promise<Response>;
  }): { port: number };
}

declare module 'bun:test' {
  export function test(name: string, fn: () => unknown | Promise<unknown>, timeoutMs?: number): void;
}
