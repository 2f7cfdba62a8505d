import { Worker } from 'node:worker_threads';
import { compiled, serverFile } from '../runtime-files';
import type { CompileRequest } from './rules-worker';

// The rules console's heavy work runs in threads of its own (rules-worker.ts), never on the thread
// that answers requests: timing a drafted pattern (a catastrophic one would hold a thread for
// minutes; its thread is ended at the deadline), checking every stored profile against a draft, and
// compiling a rules version's validators (RulesThread below).

/** Marks the worker's own thread, so importing rules-worker.ts elsewhere starts nothing. */
export const WORKER_MARK = 'rules-worker';

/**
 * A thread running rules-worker.ts (compiled beside the bundle; under tsx, through tsx). A
 * `background` thread lowers its own scheduling priority (on Linux, where a thread has its own): its
 * work yields the processor to the thread answering requests, on this instance and on any other on
 * the machine. Pattern timing never runs in one (a slower thread would time a pattern as slower).
 */
export function startRulesWorker(options: { background?: boolean } = {}): Worker {
  const file = serverFile(compiled ? 'rules/rules-worker.js' : 'rules/rules-worker.ts');
  return new Worker(file, {
    workerData: { mark: WORKER_MARK, background: options.background === true },
    ...(compiled ? {} : { execArgv: ['--import', 'tsx'] }),
  });
}

/** Posts one request and waits for one answer, or the deadline (the thread is then ended). */
export async function askOnce<T>(worker: Worker, message: unknown, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      void worker.terminate();
      reject(new Error('timeout'));
    }, timeoutMs);
    const onMessage = (answer: T) => {
      cleanup();
      resolve(answer);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`rules worker exited with ${code}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(message);
  });
}

type Pending = { resolve(value: unknown): void; reject(error: Error): void; timer: NodeJS.Timeout };

/**
 * A rules thread kept for compilations (rules-worker.ts's `CompileRequest`s): started on the first
 * request, kept while the instance runs (started once, not per version), several requests in flight,
 * each answered by its id. A request past its deadline ends the thread and fails every request in it;
 * the next request starts a new one. The thread holds the process open only while it has work.
 */
export class RulesThread {
  private worker?: Worker;
  private next = 0;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly start: () => Worker = () => startRulesWorker({ background: true })) {}

  ask<T>(request: CompileRequest, timeoutMs: number): Promise<T> {
    const worker = this.running();
    const id = (this.next += 1);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => void this.end(worker, new Error(`rules thread: no answer within ${timeoutMs} ms`)), timeoutMs);
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      worker.ref();
      worker.postMessage({ ...request, id });
    });
  }

  /** Ends the thread (requests in flight fail). */
  async close(): Promise<void> {
    if (this.worker) await this.end(this.worker, new Error('rules thread closed'));
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    const worker = this.start();
    this.worker = worker;
    worker.unref();
    worker.on('message', (answer: { id: number; result?: unknown; error?: string }) => {
      const pending = this.pending.get(answer.id);
      if (!pending) return;
      this.pending.delete(answer.id);
      clearTimeout(pending.timer);
      if (this.pending.size === 0) worker.unref();
      if (answer.error !== undefined) pending.reject(new Error(answer.error));
      else pending.resolve(answer.result);
    });
    worker.on('error', (error) => void this.end(worker, error));
    worker.on('exit', (code) => void this.end(worker, new Error(`rules thread exited with ${code}`)));
    return worker;
  }

  private async end(worker: Worker, error: Error): Promise<void> {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
      this.pending.delete(id);
    }
    await worker.terminate();
  }
}
