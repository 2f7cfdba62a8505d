import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { PGlite as PGlite04 } from 'pglite-04';
import { migrate, type DB } from '../../../src/server/db';
import { seedDemoData } from '../../../src/server/seed/demo';

// A data folder as the previous release left it: PGlite 0.4 (PostgreSQL 17), the services'
// migrations applied and, when asked, the demo data seeded. The previous release ran the same
// migrations and seed through its own Kysely dialect; here a minimal one over PGlite 0.4's query()
// does that, one statement or transaction at a time (PGlite has one session).

class OneSession implements DatabaseConnection {
  constructor(private readonly pg: PGlite04) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pg.query<R>(query.sql, [...query.parameters]);
    return { rows: result.rows, ...(result.affectedRows ? { numAffectedRows: BigInt(result.affectedRows) } : {}) };
  }

  // eslint-disable-next-line require-yield -- Kysely asks for it; the seed never streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('not used');
  }
}

class OneSessionDriver implements Driver {
  private turn: Promise<void> = Promise.resolve();
  private release = () => {};
  constructor(private readonly pg: PGlite04) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.turn;
    this.turn = new Promise((resolve) => (this.release = resolve));
    await previous;
    return new OneSession(this.pg);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    this.release();
  }

  async destroy(): Promise<void> {}
}

/** Writes a PGlite 0.4 database into `folder` (which must hold none yet); `read` sees it before it closes. */
export async function writePglite04Folder<T = void>(
  folder: string,
  { seed, read }: { seed: boolean; read?: (db: Kysely<DB>) => Promise<T> },
): Promise<T | undefined> {
  const pg = await PGlite04.create(folder);
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new OneSessionDriver(pg),
      createQueryCompiler: () => new PostgresQueryCompiler(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    },
  });
  try {
    await migrate(db);
    if (seed) await seedDemoData(db);
    return await read?.(db);
  } finally {
    await db.destroy();
    await pg.close();
  }
}
