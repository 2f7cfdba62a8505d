import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { slowInputs } from './pattern-timing';

// The rules console's thread (started by rules-thread.ts). It answers one kind of request per
// message:
// - `pattern`: whether one drafted pattern runs in linear time (the project's pattern timing, the
//   check `npm run check:schemas` runs on the files); the caller ends the thread when it takes too long.

export interface PatternRequest {
  type: 'pattern';
  pattern: string;
  length: number;
  budgetMs: number;
}
export interface PatternAnswer {
  linear: boolean;
}

export type WorkerRequest = PatternRequest;

function answer(request: WorkerRequest): PatternAnswer {
  const slow = slowInputs({ file: 'draft', pointer: '', pattern: request.pattern }, request.length, request.budgetMs);
  return { linear: slow.length === 0 };
}

const data = workerData as { mark?: string } | undefined;
if (!isMainThread && data?.mark === 'rules-worker' && parentPort) {
  const port = parentPort;
  port.on('message', (request: WorkerRequest) => port.postMessage(answer(request)));
}
