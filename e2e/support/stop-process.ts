import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * Stops a process as its operator would: SIGTERM (it stops what it started and lets go of its
 * ports), and SIGKILL only if it has not exited by the deadline. Resolves as soon as it exits.
 */
export async function stopProcess(child: ChildProcess, deadlineMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  try {
    await Promise.race([exited, once(AbortSignal.timeout(deadlineMs), 'abort')]);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  }
}
