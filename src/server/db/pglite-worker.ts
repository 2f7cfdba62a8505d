// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs every
// statement synchronously, so on the request thread each statement stopped all HTTP work while it
// ran, and under load the event loop starved whole connections for seconds. Here the statements run
// one after another in arrival order; the request thread only posts them and awaits the answers.
//
// Loaded by pglite-thread.ts (under tsx or Node's own type stripping, or compiled to
// dist/server/db/pglite-worker.js), so it imports only packages and Node built-ins.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { parse, PGlite, protocol, types, type messages } from '@electric-sql/pglite';

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

export type StatementReply =
  { type: 'result'; id: number; rows: unknown[]; affectedRows?: number; jsonColumns?: string[] } | { type: 'error'; id: number; error: SerializedError };

/** Answers travel in batches: one message per batch costs less than one per statement. */
export type WorkerReply = { type: 'ready' } | { type: 'failed'; error: SerializedError } | { type: 'answers'; answers: StatementReply[] } | { type: 'closed' };

/** Answers kept before they are sent anyway, while more statements wait to run. */
const BATCH = 16;

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

const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** Rows a command reports: `INSERT 0 n`, `UPDATE n`, `DELETE n` (as PGlite counts them). */
function affectedRows(tag: string): number {
  const [command, first, second] = tag.split(' ');
  if (command === 'INSERT') return Number.parseInt(second ?? '0', 10);
  if (command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE') return Number.parseInt(first ?? '0', 10);
  return 0;
}

/**
 * Statements after which prepared statements may be wrong: DDL may change a column's type, and a
 * rollback may undo DDL whose new types were kept since.
 */
const DDL = /^\s*(create|alter|drop|rollback)\b/i;
const STATEMENTS_KEPT = 1000;

/**
 * Runs one statement as PGlite's own query() does (extended protocol, parameters serialised by the
 * types PostgreSQL infers for them, the same parsers), but each statement text is prepared once as
 * a named statement (its parameter types asked then) and afterwards runs with one call into
 * PostgreSQL (bind, describe, execute and sync in one buffer) instead of query()'s six calls, and
 * without parsing and planning it again. Prepared statements are dropped after DDL or a rollback
 * (a column's type may have changed) and when too many are kept.
 */
class StatementRunner {
  private readonly prepared = new Map<string, { name: string; types: number[] }>();
  private readonly client: PGlite;
  private count = 0;

  // No parameter properties: Node runs this file with its own type stripping, which has none.
  constructor(client: PGlite) {
    this.client = client;
  }

  private async prepare(text: string): Promise<{ name: string; types: number[] }> {
    const known = this.prepared.get(text);
    if (known) return known;
    if (this.prepared.size >= STATEMENTS_KEPT) await this.forget();
    const { serialize } = protocol;
    const name = `s${++this.count}`;
    const { messages } = await this.client.execProtocol(
      concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      {
        syncToFs: false,
      },
    );
    const statement = { name, types: parse.parseDescribeStatementResults(messages) };
    this.prepared.set(text, statement);
    return statement;
  }

  private async forget(): Promise<void> {
    this.prepared.clear();
    try {
      await this.client.execProtocol(protocol.serialize.query('deallocate all'), { syncToFs: false });
    } catch {
      // Inside a failed transaction it cannot run: the statements stay, unused (names are never reused).
    }
  }

  async run(text: string, parameters: unknown[]) {
    const { serialize } = protocol;
    const { name, types } = await this.prepare(text);
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.client.serializers[types[i] ?? 0];
      return serializer ? (serializer(value) as string) : String(value);
    });
    const message = concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
    const { messages } = await this.client.execProtocol(message);
    if (DDL.test(text)) await this.forget();
    return this.read(messages);
  }

  private parsers?: Record<number | string, (text: string, type: number) => unknown>;

  /**
   * The rows and affected-row count of the first result, as PGlite's parseResults gives them (which
   * copies every parser into a new object on each call: most of its cost).
   */
  private read(messages: messages.BackendMessage[]) {
    this.parsers ??= { ...types.parsers, ...this.client.parsers, ...KEEP_JSON_TEXT };
    const parsers = this.parsers;
    let fields: Array<{ name: string; dataTypeID: number }> = [];
    const rows: Array<Record<string, unknown>> = [];
    for (const message of messages) {
      if (message.name === 'rowDescription') {
        fields = (message as messages.RowDescriptionMessage).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
      } else if (message.name === 'dataRow') {
        const row: Record<string, unknown> = {};
        (message as messages.DataRowMessage).fields.forEach((value, i) => {
          const field = fields[i];
          if (!field) return;
          const parser = parsers[field.dataTypeID];
          row[field.name] = value === null ? null : parser ? parser(value, field.dataTypeID) : value;
        });
        rows.push(row);
      } else if (message.name === 'commandComplete') {
        return { rows, fields, affectedRows: affectedRows((message as messages.CommandCompleteMessage).text) };
      }
    }
    return { rows, fields, affectedRows: 0 };
  }
}

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
  const runner = new StatementRunner(client);
  let running = false;
  let closing = false;

  const finishClose = async () => {
    await client.close();
    port.postMessage({ type: 'closed' } satisfies WorkerReply);
    port.close();
  };

  // Answers wait here while more statements can run at once, and go when none can (the queue is
  // empty, or waits for a transaction's next statement, which may need one of these answers).
  let answers: StatementReply[] = [];
  const send = () => {
    if (answers.length === 0) return;
    port.postMessage({ type: 'answers', answers } satisfies WorkerReply);
    answers = [];
  };

  const drain = async () => {
    if (running) return;
    running = true;
    for (let message = queue.take(); message; message = queue.take()) {
      let succeeded = false;
      try {
        const result = await runner.run(message.sql, message.parameters);
        succeeded = true;
        const jsonColumns = result.fields.filter((f) => JSON_TYPES.includes(f.dataTypeID)).map((f) => f.name);
        answers.push({ type: 'result', id: message.id, rows: result.rows, affectedRows: result.affectedRows, ...(jsonColumns.length ? { jsonColumns } : {}) });
      } catch (error) {
        answers.push({ type: 'error', id: message.id, error: serializeError(error) });
      } finally {
        queue.done(message, succeeded);
      }
      if (answers.length >= BATCH) send();
    }
    send();
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
