import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { compiled, serverFile } from '../runtime-files';
import type { SerializedError, StatementMessage, StatementReply, WorkerReply, WorkerRequest } from './pglite-worker';

// The embedded database (PGlite) in a thread of its own (pglite-worker.ts), as a Kysely dialect.
// Every Kysely connection is a logical one: statements are posted at once and run in the thread
// in arrival order, one at a time; a transaction's statements run alone from BEGIN to COMMIT or
// ROLLBACK. The request thread does no database work, so requests keep being read and answered
// while statements run.

const workerFile = () => serverFile(compiled ? 'db/pglite-worker.js' : 'db/pglite-worker.ts');

/** Marks the worker's own thread (pglite-worker.ts checks it), so importing that module elsewhere starts nothing. */
const WORKER_MARK = 'pglite-worker';

function toError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  Object.assign(error, serialized);
  return error;
}

/** The worker sends json and jsonb values as text (cheaper to pass between threads): parsed here. */
export function parseJsonColumns(rows: unknown[], columns: string[]): unknown[] {
  for (const row of rows as Array<Record<string, unknown>>) {
    for (const column of columns) {
      const value = row[column];
      if (typeof value === 'string') row[column] = JSON.parse(value);
    }
  }
  return rows;
}

interface Pending {
  resolve(reply: { rows: unknown[]; affectedRows?: number }): void;
  reject(error: Error): void;
}

export class PGliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextConnection = 1;
  private readonly ready: Promise<void>;
  private closed?: Promise<void>;
  private failure?: Error;

  private closedListener?: () => void;
  private opened = false;
  private closing = false;

  constructor(dataDir: string | undefined) {
    this.worker = new Worker(workerFile(), { workerData: { mark: WORKER_MARK, dataDir } });
    // An idle database never keeps the process alive; opening it, a statement in flight and
    // closing it do (see run and close).
    let started = () => {};
    let refused: (error: Error) => void = () => {};
    this.ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      refused = reject;
    });
    // Nothing may be left unhandled if the thread fails before anyone awaits start().
    this.ready.catch(() => {});
    this.worker.on('message', (reply: WorkerReply) => {
      if (reply.type === 'ready') {
        this.opened = true;
        this.releaseIfIdle();
        started();
      } else if (reply.type === 'failed') refused(toError(reply.error));
      else if (reply.type === 'closed') this.closedListener?.();
      else for (const answer of reply.answers) this.settle(answer);
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => {
      const error = this.fail(new Error(`The embedded database thread stopped (exit code ${code})`));
      refused(error);
      this.closedListener?.();
    });
  }

  /** Waits until PGlite has opened its data folder (or refuses with why it could not). */
  start(): Promise<void> {
    return this.ready;
  }

  newConnectionId(): number {
    return this.nextConnection++;
  }

  run(connection: number, query: CompiledQuery, transaction?: StatementMessage['transaction']): Promise<{ rows: unknown[]; affectedRows?: number }> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed && !this.closing) return Promise.reject(new Error('The embedded database is closed'));
    const id = this.nextId++;
    const message: StatementMessage = { type: 'statement', id, connection, sql: query.sql, parameters: [...query.parameters], transaction };
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(message satisfies WorkerRequest);
    });
  }

  private settle(reply: StatementReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    this.releaseIfIdle();
    if (reply.type === 'result')
      waiting.resolve({ rows: reply.jsonColumns ? parseJsonColumns(reply.rows, reply.jsonColumns) : reply.rows, affectedRows: reply.affectedRows });
    else waiting.reject(toError(reply.error));
  }

  /** Lets the process end while the database is open and nothing is asked of it. */
  private releaseIfIdle(): void {
    if (this.opened && !this.closed && this.pending.size === 0) this.worker.unref();
  }

  private fail(error: Error): Error {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
    return this.failure;
  }

  /** Runs what was posted, closes PGlite cleanly and ends the thread. */
  close(): Promise<void> {
    this.closed ??= (async () => {
      // Statements asked for just before are still on their way through Kysely's promise chain:
      // let them be posted first (they then run before the close).
      this.closing = true;
      await new Promise((resolve) => setImmediate(resolve));
      this.closing = false;
      if (this.failure) return;
      const done = new Promise<void>((resolve) => (this.closedListener = resolve));
      this.worker.ref();
      this.worker.postMessage({ type: 'close' } satisfies WorkerRequest);
      await done;
      await this.worker.terminate();
    })();
    return this.closed;
  }
}

class ThreadConnection implements DatabaseConnection {
  constructor(
    private readonly thread: PGliteThread,
    readonly id: number,
  ) {}

  async executeQuery<R>(query: CompiledQuery, transaction?: StatementMessage['transaction']): Promise<QueryResult<R>> {
    const result = await this.thread.run(this.id, query, transaction);
    return {
      rows: result.rows as R[],
      ...(result.affectedRows ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

class ThreadDriver implements Driver {
  constructor(private readonly thread: PGliteThread) {}

  async init(): Promise<void> {
    await this.thread.start();
  }

  // No waiting here: statements queue in the thread, so a connection is only a name for them.
  async acquireConnection(): Promise<DatabaseConnection> {
    return new ThreadConnection(this.thread, this.thread.newConnectionId());
  }

  async beginTransaction(connection: ThreadConnection, settings: { isolationLevel?: string }): Promise<void> {
    const statement = settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : 'begin';
    await connection.executeQuery(CompiledQuery.raw(statement), 'begin');
  }

  async commitTransaction(connection: ThreadConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'), 'end');
  }

  async rollbackTransaction(connection: ThreadConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'), 'end');
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.thread.close();
  }
}

/** Kysely's PostgreSQL dialect over a PGlite running in its own thread. */
export class PGliteThreadDialect implements Dialect {
  constructor(private readonly thread: PGliteThread) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new ThreadDriver(this.thread);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
