import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** The last lines a child wrote, kept so a failure to start can say why. */
export class OutputTail {
  private lines: string[] = [];
  constructor(private readonly max = 60) {}
  push(chunk: Buffer | string): void {
    this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (this.lines.length > this.max) this.lines.splice(0, this.lines.length - this.max);
  }
  toString(): string {
    return this.lines.join('\n');
  }
}

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

/** Polls `check` every 200 ms until it returns true; throws after `timeoutMs` or if the child exits. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number, child?: ChildProcess, tail?: OutputTail): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && !running(child)) throw new Error(`${what}: the process exited (${child.exitCode ?? child.signalCode})\n${tail ?? ''}`);
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what}: not ready within ${timeoutMs} ms\n${tail ?? ''}`);
}
