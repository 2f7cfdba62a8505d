import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { exited, running, stopProcess } from '../../../src/server/child-process';

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

export { exited, running, stopProcess };

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
