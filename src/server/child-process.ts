import type { ChildProcess } from 'node:child_process';

// Stopping a child process: the server's partner sandbox, and the cluster's instances, HAProxy and
// PostgreSQL (scripts/lib/cluster).

export const running = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;

/** Resolves when the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (!running(child)) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Sends `signal`, waits up to `graceMs`, then SIGKILL. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
  if (!running(child)) return;
  const done = exited(child);
  child.kill(signal);
  const timer = setTimeout(() => {
    if (running(child)) child.kill('SIGKILL');
  }, graceMs);
  await done;
  clearTimeout(timer);
}
