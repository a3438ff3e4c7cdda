// workerd's host for one of Node's own test files: a module worker that, when the driver POSTs,
// loads the bundled test (a CommonJS module, so it runs inside the request and not at start-up),
// waits until nothing the test scheduled is left, then plays Node's exit: 'beforeExit', 'exit' (where
// test/common checks its mustCall counts) and the exit code. It answers one JSON line:
// { outcome: 'pass'|'skip'|'fail', exit_code, first_error, skip_reason, output }.
// Node ends a process when its event loop is empty; a worker has no such moment, so the host counts
// the timers and immediates the test holds (unref'd ones excepted) and calls the loop empty after a
// few turns with none.

// The process object itself, not the global: a test may replace globalThis.process.
import process from 'node:process';

/** Turns of the host's own macrotask with nothing pending before the loop is called empty. */
const IDLE_TURNS = 3;
/** How much console output is kept for the answer. */
const OUTPUT_CHARS = 4000;

/** Thrown by process.exit to unwind the test's stack: Node stops the script there. */
class ExitSignal extends Error {
  /** @param {number} code */
  constructor(code) {
    super(`process.exit(${code})`);
    this.code = code;
  }
}

/**
 * The first line of an error as Node prints it on an uncaught exception (`TypeError [ERR_X]: message`),
 * built from the error's fields rather than its stack, so a test's Error.prepareStackTrace is not run.
 */
export function firstLine(error) {
  if (error instanceof Error) {
    const e = /** @type {any} */ (error);
    const text =
      String(e.message)
        .split('\n')
        .find((l) => l.trim() !== '') ?? '';
    const code = typeof e.code === 'string' && e.code.startsWith('ERR_') ? ` [${e.code}]` : '';
    return `${e.name}${code}: ${text.trim()}`.slice(0, 500);
  }
  return `Uncaught ${typeof error === 'string' ? error : safeInspect(error)}`.split('\n')[0].slice(0, 500);
}

function safeInspect(value) {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * The state of one run: output kept, the first error, the exit once it is decided.
 * @param {(result: any) => void} answer
 */
function runState(answer) {
  const state = {
    output: '',
    firstError: /** @type {string | null} */ (null),
    skipReason: /** @type {string | null} */ (null),
    exiting: false,
    done: false,
    /** @param {string} text */
    write(text) {
      const m = /^1\.\.0 # Skipped: ?(.*)$/m.exec(text);
      if (m && state.skipReason === null) state.skipReason = m[1].trim();
      if (state.output.length < OUTPUT_CHARS) state.output += `${text}\n`.slice(0, OUTPUT_CHARS - state.output.length);
    },
    /** @param {number} code */
    finish(code) {
      if (state.done) return;
      state.done = true;
      const outcome = code !== 0 ? 'fail' : state.skipReason !== null ? 'skip' : 'pass';
      // A failure that threw nothing (a mustCall count, process.exit(1)) is named by its first output line.
      const printed = state.output.split('\n').find((l) => l.trim() !== '') ?? null;
      // Null-prototype: resolving a promise with it reads no Object.prototype.then, which a test may
      // have made a getter (prototype-pollution tests assert nothing reads it).
      answer({
        __proto__: null,
        outcome,
        exit_code: code,
        first_error: outcome === 'fail' ? (state.firstError ?? printed ?? `exit code ${code}`) : null,
        skip_reason: outcome === 'skip' ? state.skipReason : null,
        output: state.output,
      });
    },
  };
  return state;
}

/** console's printing methods write into the run's output as well as to workerd's log. */
function captureConsole(state, inspect) {
  for (const name of ['log', 'info', 'warn', 'error', 'debug', 'trace']) {
    const native = console[name].bind(console);
    console[name] = (...args) => {
      try {
        state.write(formatArgs(args, inspect));
      } catch {}
      native(...args);
    };
  }
}

function formatArgs(args, inspect) {
  if (typeof args[0] === 'string' && /%[sdifjoOc%]/.test(args[0])) return inspect.format(...args);
  return args.map((a) => (typeof a === 'string' ? a : inspect.inspect(a))).join(' ');
}

/**
 * One timer's part in keeping the loop alive: it counts while it is ref'd and can still fire.
 * A handle is kept by identity (workerd's Timeout changes its number on refresh()); the methods
 * that end, re-arm or unref it update its state.
 * @param {any} handle
 * @param {Set<unknown>} alive
 * @param {boolean} once a timeout or immediate, done when it fires
 */
function timerState(handle, alive, once) {
  const state = { refed: true, done: false };
  const sync = () => (state.refed && !state.done ? alive.add(handle) : alive.delete(handle));
  const patch = (name, change) => {
    const native = handle?.[name];
    if (typeof native !== 'function') return;
    // Not enumerable, so the handle's own keys and its inspection stay the runtime's.
    Object.defineProperty(handle, name, {
      configurable: true,
      writable: true,
      enumerable: false,
      value(...args) {
        if (this === handle) {
          change();
          sync();
        }
        return native.apply(this, args);
      },
    });
  };
  if (handle && typeof handle === 'object') {
    patch('unref', () => {
      state.refed = false;
    });
    patch('ref', () => {
      state.refed = true;
    });
    patch('refresh', () => {
      if (once) state.done = false;
    });
    patch('close', () => {
      state.done = true;
    });
    patch(Symbol.dispose, () => {
      state.done = true;
    });
  }
  sync();
  return {
    refed: () => state.refed,
    fired: () => {
      if (once) state.done = true;
      sync();
    },
    cleared: () => {
      state.done = true;
      sync();
    },
  };
}

/**
 * Timers and immediates the test holds, counted while they can still fire; their callbacks' throws
 * go to `onError` as Node's uncaught exceptions do (workerd would fail the request instead).
 * @param {any} target an object holding setTimeout & co (the global, node:timers)
 * @param {Set<unknown>} alive
 * @param {Map<unknown, ReturnType<typeof timerState>>} states every handle's state, shared by all targets
 * @param {{count: number}} fires how many callbacks of ref'd timers ran
 * @param {(e: unknown) => void} onError
 */
function trackTimers(target, alive, states, fires, onError) {
  const wrap = (name, once, clearName) => {
    const native = target[name];
    const clear = target[clearName];
    if (typeof native !== 'function') return;
    target[name] = (fn, ...rest) => {
      // A callback that is not a function goes through untouched: the runtime's own check answers it.
      if (typeof fn !== 'function') return native.call(target, fn, ...rest);
      /** @type {any} */
      let handle;
      handle = native.call(
        target,
        // A function, not an arrow: the callback gets the `this` the runtime calls it with (Node
        // passes the Timeout or Immediate); Reflect.apply, as a test may replace fn.apply.
        /** @this {unknown} */
        function (...a) {
          const state = states.get(handle);
          state?.fired();
          // Node ends when only unref'd timers are left, so such a timer never fires after that.
          if (state && !state.refed() && alive.size === 0) return;
          if (state?.refed()) fires.count++;
          try {
            Reflect.apply(fn, this, a);
          } catch (e) {
            onError(e);
          }
        },
        ...rest,
      );
      states.set(handle, timerState(handle, alive, once));
      return handle;
    };
    // Node also takes a timer's number (+timeout) where it takes the timer.
    target[clearName] = (handle) => {
      const own = states.get(handle);
      if (own) own.cleared();
      else if (handle != null && typeof handle !== 'object')
        for (const [h, state] of states) if (Number(h) === Number(handle)) state.cleared();
      return clear.call(target, handle);
    };
  };
  wrap('setTimeout', true, 'clearTimeout');
  wrap('setInterval', false, 'clearInterval');
  wrap('setImmediate', true, 'clearImmediate');
}

/**
 * Callbacks of process.nextTick and queueMicrotask that throw are uncaught exceptions too; a
 * callback that is not a function goes through untouched, for the runtime's own check.
 */
function guardMicrotasks(onError) {
  const guarded =
    (native, self) =>
    (fn, ...args) =>
      typeof fn !== 'function'
        ? native.call(self, fn, ...args)
        : native.call(self, () => {
            try {
              fn(...args);
            } catch (e) {
              onError(e);
            }
          });
  process.nextTick = guarded(process.nextTick, process);
  globalThis.queueMicrotask = guarded(globalThis.queueMicrotask, globalThis);
}

/**
 * Node's ending of a process, once: 'exit' listeners run with the code (test/common checks its
 * mustCall counts there and may call process.exit(1), which replaces the code), then the answer.
 */
function exiter(state) {
  return (code) => {
    if (!state.exiting) {
      state.exiting = true;
      /** @type {any} */ (process)._exiting = true;
      process.exitCode = code;
      try {
        process.emit('exit', code);
      } catch (e) {
        // A throw from an 'exit' listener ends node with code 1.
        if (!(e instanceof ExitSignal)) {
          state.firstError ??= firstLine(e);
          state.finish(1);
        }
      }
      // An 'exit' listener may set process.exitCode; node exits with it.
      state.finish(Number(process.exitCode ?? code) || 0);
    }
    state.finish(code);
  };
}

/**
 * An uncaught exception as Node treats it: to process 'uncaughtException' listeners when there are
 * any, otherwise printed and the end of the process with code 1.
 */
function uncaught(state, exit) {
  /**
   * @param {unknown} error
   * @param {'uncaughtException' | 'unhandledRejection'} [origin] what the listeners are told it came from
   */
  return (error, origin = 'uncaughtException') => {
    if (error instanceof ExitSignal || state.done) return;
    if (!state.exiting && process.listenerCount('uncaughtException') > 0) {
      try {
        /** @type {any} */ (process).emit('uncaughtException', error, origin);
        return;
      } catch (e) {
        if (e instanceof ExitSignal) return;
        // A listener that throws ends node with code 7.
        state.firstError ??= firstLine(e);
        exit(7);
        return;
      }
    }
    state.firstError ??= firstLine(error);
    try {
      state.write(String(/** @type {any} */ (error)?.stack ?? error));
    } catch {
      // A stack a test's prepareStackTrace will not give is left out; the first line is kept.
    }
    exit(1);
  };
}

/**
 * Wait for the loop to be empty (no timer or immediate held for IDLE_TURNS turns of the host's own
 * timer), emit 'beforeExit' as Node does, and end once it leaves the loop empty: when no ref'd
 * timer is held and none fired since (one its listeners start may fire before the host looks).
 * @param {any} state
 * @param {{alive: Set<unknown>, fired: () => number}} timers held timers; how many ref'd ones fired
 * @param {(fn: (...a: any[]) => void, ms: number) => unknown} hostTimeout the platform's setTimeout, untracked
 * @param {(code: number) => void} exit
 * @param {(e: unknown) => void} onError
 */
async function drain(state, { alive, fired }, hostTimeout, exit, onError) {
  let idle = 0;
  /** @type {number | null} ref'd timers fired before the last 'beforeExit' */
  let emittedAt = null;
  while (!state.done) {
    await new Promise((r) => hostTimeout(r, 0));
    if (alive.size > 0) {
      idle = 0;
      continue;
    }
    if (++idle < IDLE_TURNS) continue;
    if (process.listenerCount('beforeExit') === 0 || emittedAt === fired()) {
      exit(Number(process.exitCode ?? 0));
      return;
    }
    emittedAt = fired();
    idle = 0;
    try {
      process.emit('beforeExit', Number(process.exitCode ?? 0));
    } catch (e) {
      onError(e);
    }
  }
}

/**
 * Node's process as a test file expects to find it: argv naming the file, test/common's switches
 * for a run without its re-spawn and leak checks, a scratch folder in workerd's writable /tmp, and
 * no colour, as parity runs the file on every other runtime.
 */
function nodeProcess(file, exit) {
  process.argv = [process.argv[0] ?? 'workerd', `/bundle/${file}`];
  Object.assign(process.env, {
    NODE_SKIP_FLAG_CHECK: '1',
    NODE_TEST_KNOWN_GLOBALS: '0',
    NODE_TEST_DIR: '/tmp',
    NO_COLOR: '1',
  });
  delete process.env.FORCE_COLOR;
  process.exit = (code) => {
    const n = Number(code ?? process.exitCode ?? 0) || 0;
    exit(n);
    throw new ExitSignal(n);
  };
}

/**
 * An unhandled rejection as Node raises it under --unhandled-rejections=throw: an Error reason as
 * it is, any other reason wrapped in Node's UnhandledPromiseRejection error.
 * @param {unknown} reason
 * @param {{inspect: (v: unknown) => string}} util
 */
function rejectionError(reason, util) {
  if (reason instanceof Error) return reason;
  const error = new Error(
    'This error originated either by throwing inside of an async function without a catch block, ' +
      'or by rejecting a promise which was not handled with .catch(). The promise rejected with the ' +
      `reason "${util.inspect(reason)}".`,
  );
  Object.defineProperty(error, 'name', { value: 'UnhandledPromiseRejection', writable: true, configurable: true });
  /** @type {any} */ (error).code = 'ERR_UNHANDLED_REJECTION';
  return error;
}

/**
 * @param {() => Promise<unknown>} load imports the bundled test file
 * @param {string} file the test module's name (test/parallel/test-x.js), under /bundle
 */
export function nodeTestWorker(load, file) {
  return {
    async fetch() {
      const util = await import('node:util');
      /** @type {(r: any) => void} */
      let answer = () => {};
      const answered = new Promise((r) => {
        answer = r;
      });
      const state = runState(answer);
      const alive = new Set();
      const hostTimeout = globalThis.setTimeout.bind(globalThis);
      const exit = exiter(state);
      const onError = uncaught(state, exit);
      captureConsole(state, util.default ?? util);
      const states = new Map();
      const fires = { count: 0 };
      trackTimers(globalThis, alive, states, fires, onError);
      const timers = await import('node:timers');
      trackTimers(timers.default ?? timers, alive, states, fires, onError);
      guardMicrotasks(onError);
      // workerd hands a rejection to process 'unhandledRejection' listeners itself; with none, Node
      // raises it as an uncaught exception.
      globalThis.addEventListener('unhandledrejection', (event) => {
        event.preventDefault();
        if (process.listenerCount('unhandledRejection') === 0)
          onError(rejectionError(event.reason, util.default ?? util), 'unhandledRejection');
      });
      nodeProcess(file, exit);
      (async () => {
        try {
          await load();
        } catch (e) {
          onError(e);
        }
        await drain(state, { alive, fired: () => fires.count }, hostTimeout, exit, onError);
      })();
      return new Response(`${JSON.stringify(await answered)}\n`, { headers: { 'content-type': 'application/json' } });
    },
  };
}
