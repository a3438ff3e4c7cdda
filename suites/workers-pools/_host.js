// What every pool host (worker thread, web Worker, child process) does with a task message:
// run it and answer `{id, ok, result}` or `{id, ok: false, error}`, never letting a task's
// exception end the host. Only the way a message is sent differs, so it is passed in.
import { runTask } from './_tasks.js';

/**
 * @param {any} m the task message ({id, task, args, payload})
 * @param {(reply: any, transfer: ArrayBuffer[]) => void} send
 */
export async function answer(m, send) {
  try {
    // `die`: an uncaught exception outside the task's promise ends a worker (and a child) the
    // way a real bug would.
    const { result, transfer } = await runTask(m, {
      exit: () =>
        setTimeout(() => {
          throw new Error('worker died on purpose');
        }),
    });
    send({ id: m.id, ok: true, result }, transfer);
  } catch (e) {
    send({ id: m.id, ok: false, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) }, []);
  }
}
