import { Worker } from 'node:worker_threads';
import { compiled, serverFile } from '../runtime-files';

// The rules console's heavy work runs in threads of its own (rules-worker.ts), never on the thread
// that answers requests: timing a drafted pattern (a catastrophic one would hold a thread for
// minutes; its thread is ended at the deadline) and checking every stored profile against a draft.

/** Marks the worker's own thread, so importing rules-worker.ts elsewhere starts nothing. */
export const WORKER_MARK = 'rules-worker';

/** A thread running rules-worker.ts (compiled beside the bundle; under tsx, through tsx). */
export function startRulesWorker(): Worker {
  const file = serverFile(compiled ? 'rules/rules-worker.js' : 'rules/rules-worker.ts');
  return new Worker(file, { workerData: { mark: WORKER_MARK }, ...(compiled ? {} : { execArgv: ['--import', 'tsx'] }) });
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
