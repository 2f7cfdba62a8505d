// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs every
// statement synchronously, so on the request thread each statement stopped all HTTP work while it
// ran, and under load the event loop starved whole connections for seconds. Here the statements run
// one after another in arrival order; the request thread only posts them and awaits the answers.
//
// Loaded by pglite-thread.ts (under tsx or Node's own type stripping, or compiled to
// dist/server/db/pglite-worker.js), so it imports only packages and Node built-ins.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** What the request thread sends: a statement of one logical connection, or `close`. */
export interface StatementMessage {
  type: 'statement';
  id: number;
  connection: number;
  sql: string;
  parameters: unknown[];
  /** `begin`: this connection runs alone until its `end` (commit or rollback) has run. */
  transaction?: 'begin' | 'end';
}
export interface CloseMessage {
  type: 'close';
}
export type WorkerRequest = StatementMessage | CloseMessage;

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'result'; id: number; rows: unknown[]; affectedRows?: number; jsonColumns?: string[] }
  | { type: 'error'; id: number; error: SerializedError }
  | { type: 'closed' };

/** An error's message, name and own properties (PostgreSQL's code, detail, constraint...). */
export type SerializedError = Record<string, unknown> & { message: string; name: string };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

/**
 * The order statements run in: arrival order, except that while a connection is inside a
 * transaction only its own statements run and the others wait (PGlite has one session, so another
 * connection's statement would otherwise land inside that transaction).
 */
export class StatementQueue {
  private readonly waiting: StatementMessage[] = [];
  private owner: number | undefined;

  push(message: StatementMessage): void {
    this.waiting.push(message);
  }

  /** The next statement that may run now, removed from the queue; undefined when none may. */
  take(): StatementMessage | undefined {
    const index = this.owner === undefined ? 0 : this.waiting.findIndex((m) => m.connection === this.owner);
    if (index < 0 || index >= this.waiting.length) return undefined;
    const [message] = this.waiting.splice(index, 1);
    if (message?.transaction === 'begin') this.owner = message.connection;
    return message;
  }

  /** Called once a statement has run: a transaction ends with its `end`, or with a failed `begin`. */
  done(message: StatementMessage, succeeded: boolean): void {
    if (this.owner !== message.connection) return;
    if (message.transaction === 'end' || (message.transaction === 'begin' && !succeeded)) this.owner = undefined;
  }

  get size(): number {
    return this.waiting.length;
  }
}

/** PostgreSQL's json and jsonb type ids. */
const JSON_TYPES = [114, 3802];
/**
 * json and jsonb values leave this thread as their text, parsed by the receiver (jsonColumns names
 * them): copying a string between threads is far cheaper than parsing it here and copying the
 * object graph.
 */
const KEEP_JSON_TEXT = Object.fromEntries(JSON_TYPES.map((type) => [type, (text: string) => text]));

async function serve(dataDir: string | undefined): Promise<void> {
  const port = parentPort;
  if (!port) return;
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir);
  } catch (error) {
    port.postMessage({ type: 'failed', error: serializeError(error) } satisfies WorkerReply);
    return;
  }
  const queue = new StatementQueue();
  let running = false;
  let closing = false;

  const finishClose = async () => {
    await client.close();
    port.postMessage({ type: 'closed' } satisfies WorkerReply);
    port.close();
  };

  const drain = async () => {
    if (running) return;
    running = true;
    for (let message = queue.take(); message; message = queue.take()) {
      let succeeded = false;
      try {
        const result = await client.query(message.sql, message.parameters, { parsers: KEEP_JSON_TEXT });
        succeeded = true;
        const jsonColumns = result.fields.filter((f) => JSON_TYPES.includes(f.dataTypeID)).map((f) => f.name);
        port.postMessage({
          type: 'result',
          id: message.id,
          rows: result.rows,
          affectedRows: result.affectedRows,
          ...(jsonColumns.length ? { jsonColumns } : {}),
        } satisfies WorkerReply);
      } catch (error) {
        port.postMessage({ type: 'error', id: message.id, error: serializeError(error) } satisfies WorkerReply);
      } finally {
        queue.done(message, succeeded);
      }
    }
    running = false;
    if (closing && queue.size === 0) await finishClose();
  };

  port.on('message', (message: WorkerRequest) => {
    if (message.type === 'close') {
      closing = true;
      if (!running && queue.size === 0) void finishClose();
      return;
    }
    queue.push(message);
    void drain();
  });
  port.postMessage({ type: 'ready' } satisfies WorkerReply);
}

// Only in the thread pglite-thread.ts starts (marked so): importing this module elsewhere, even in
// another worker thread, starts nothing.
const data = workerData as { mark?: string; dataDir?: string } | undefined;
if (!isMainThread && data?.mark === 'pglite-worker') await serve(data.dataDir);
