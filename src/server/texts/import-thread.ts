import { Worker } from 'node:worker_threads';
import { rateLimited } from '../errors';
import { compiled, serverFile } from '../runtime-files';
import { fileRefusal } from './checks';
import { IMPORT_WORKER_MARK, unreadable, type ImportAnswer, type ImportRequest } from './import-worker';

// Import files are read and checked off the event loop (docs/security.md, "Texts and imports"): in a
// thread of their own (import-worker.ts) with a bounded heap, one file at a time per instance, each
// within a deadline after which the thread is ended and the file refused. The thread that answers
// requests never parses, walks or checks a file: a hostile one costs it a copy of the text. The
// thread is started for the first file and ended after a minute without one.

/** How long a file may take to read and check (a whole language takes well under a second). */
const IMPORT_DEADLINE_MS = 10_000;
/** Files waiting while another is read; one more is answered 429. */
const WAITING_MAX = 4;
/** The reader's heap: a file within the bounds needs a fraction of it. */
const HEAP_MB = 256;
const IDLE_MS = 60_000;

function startImportWorker(): Worker {
  const file = serverFile(compiled ? 'texts/import-worker.js' : 'texts/import-worker.ts');
  const worker = new Worker(file, {
    workerData: { mark: IMPORT_WORKER_MARK },
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    ...(compiled ? {} : { execArgv: ['--import', 'tsx'] }),
  });
  // An idle reader never keeps the process alive.
  worker.unref();
  return worker;
}

/** Reads import files one at a time in the import thread. */
export function importReader(options: { deadlineMs?: number } = {}) {
  const deadlineMs = options.deadlineMs ?? IMPORT_DEADLINE_MS;
  let worker: Worker | undefined;
  let idle: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  // The file being read and those waiting for it.
  let accepted = 0;

  const end = () => {
    clearTimeout(idle);
    const ending = worker;
    worker = undefined;
    return ending?.terminate();
  };

  /** One file; the thread is ended if it fails or runs past the deadline (the next file starts another). */
  const readOnce = (request: ImportRequest) =>
    new Promise<ImportAnswer>((resolve) => {
      clearTimeout(idle);
      const thread = (worker ??= startImportWorker());
      const settle = (answer: ImportAnswer, ended: boolean) => {
        clearTimeout(timer);
        thread.off('message', onMessage);
        thread.off('error', onFailure);
        thread.off('exit', onFailure);
        if (ended && worker === thread) void end();
        else idle = setTimeout(() => void end(), IDLE_MS).unref();
        resolve(answer);
      };
      const onMessage = (answer: ImportAnswer) => settle(answer, false);
      // Out of heap, or a thread that would not start: the file is not readable here.
      const onFailure = () => settle(unreadable(request.format), true);
      const timer = setTimeout(
        () => settle({ edits: [], refusals: [fileRefusal('import-slow', 'Texts.Refusal.ImportSlow', { seconds: Math.ceil(deadlineMs / 1000) })] }, true),
        deadlineMs,
      );
      thread.on('message', onMessage);
      thread.once('error', onFailure);
      thread.once('exit', onFailure);
      thread.postMessage(request);
    });

  return {
    async read(request: ImportRequest): Promise<ImportAnswer> {
      if (accepted > WAITING_MAX) throw rateLimited(1_000, 'Other files are being imported. Try again in a moment.');
      accepted += 1;
      const work = running.then(() => readOnce(request)).finally(() => (accepted -= 1));
      running = work.catch(() => undefined);
      return work;
    },
    /** Ends the thread (the service stopping). */
    async close(): Promise<void> {
      await end();
    },
  };
}
