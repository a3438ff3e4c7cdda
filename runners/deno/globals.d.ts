// The parts of the Deno global that runners/deno/ and other adapters use, for tsc --noEmit
// (tsconfig.json includes every runners/<kind>/globals.d.ts). Deliberately small: only what the
// code calls, so a typo is still an error.

declare namespace Deno {
  const args: string[];
  const version: { deno: string; v8: string; typescript: string };
  const env: { get(key: string): string | undefined };
  function exit(code?: number): never;
  function memoryUsage(): { rss: number; heapTotal: number; heapUsed: number; external: number };
  function serve(
    options: { hostname: string; port: number; onListen?: (addr: { port: number }) => void },
    handler: (request: Request) => Response | Promise<Response>,
  ): unknown;
  function test(options: {
    name: string;
    fn: () => unknown | Promise<unknown>;
    sanitizeOps?: boolean;
    sanitizeResources?: boolean;
  }): void;
}
