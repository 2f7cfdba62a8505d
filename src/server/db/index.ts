import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { ServerConfig } from '../config';
import { migrations, RENAMED_MIGRATIONS } from './migrations';
import { PGliteThread, PGliteThreadDialect } from './pglite-thread';
import { upgradeDataFolder, upgradeMessage } from './pglite-upgrade';
import type { DB } from './types';

export type { DB } from './types';
export { DataFolderUpgradeError } from './pglite-upgrade';

export interface Database {
  db: Kysely<DB>;
  dialect: 'pglite' | 'postgres';
  /** PostgreSQL only: the schema the tables live in, when not the default. */
  schema?: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: keep every table in this schema (tests use one per run). */
  schema?: string;
  /** PGlite only: keep the data in memory instead of DATA_DIR/db. */
  inMemory?: boolean;
  /** Where the one line that reports an upgraded data folder goes (pino's signature; console.info when absent). */
  log?: { info(fields: object, message: string): void };
}

const schemaName = /^[a-z_][a-z0-9_]*$/;

export async function openDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>, options: OpenOptions = {}): Promise<Database> {
  let database: Database;
  if (config.databaseUrl) {
    const schema = options.schema;
    if (schema && !schemaName.test(schema)) throw new Error(`Invalid schema name ${schema}`);
    if (schema) {
      const setup = new pg.Client({ connectionString: config.databaseUrl });
      await setup.connect();
      await setup.query(`create schema if not exists ${schema}`);
      await setup.end();
    }
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      // While the database is away a request waits at most this long for a connection (then 503).
      connectionTimeoutMillis: 5_000,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // A connection the server closed (a restart, a failover) is dropped by pg and the next query
    // connects anew; without listeners its 'error' event (on the pool while idle, on the client
    // while checked out between queries) would end the process. A query in progress still fails
    // with the error, which answers 503 (db/unavailable.ts).
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    database = { db, dialect: 'postgres', schema, close: () => db.destroy() };
  } else {
    let dataDir: string | undefined;
    if (!options.inMemory) {
      dataDir = join(config.dataDir, 'db');
      mkdirSync(dataDir, { recursive: true });
      // A folder an earlier PGlite wrote (PostgreSQL 17) is moved over first, its old self kept.
      const upgrade = await upgradeDataFolder(dataDir);
      if (upgrade && options.log) options.log.info(upgrade, upgradeMessage(upgrade));
      else if (upgrade) console.info(upgradeMessage(upgrade));
    }
    // PGlite runs its statements synchronously: in a thread of its own (pglite-thread.ts), so
    // HTTP work goes on while they run.
    const db = new Kysely<DB>({ dialect: new PGliteThreadDialect(new PGliteThread(dataDir)) });
    database = { db, dialect: 'pglite', close: () => db.destroy() };
  }
  await migrate(database.db, options.schema);
  return database;
}

/**
 * A database made before the services' migrations were split records the earlier names: record
 * what each became instead (the tables are the same), so nothing runs twice.
 */
async function adoptRenamedMigrations(db: Kysely<DB>, schema?: string): Promise<void> {
  const table = sql.table(schema ? `${schema}.kysely_migration` : 'kysely_migration');
  const exists = await sql<{ found: string | null }>`select to_regclass(${schema ? `${schema}.kysely_migration` : 'kysely_migration'}) as found`.execute(db);
  if (!exists.rows[0]?.found) return;
  for (const [old, renamed] of Object.entries(RENAMED_MIGRATIONS)) {
    const row = await sql<{ timestamp: string }>`select timestamp from ${table} where name = ${old}`.execute(db);
    const timestamp = row.rows[0]?.timestamp;
    if (!timestamp) continue;
    for (const name of renamed) await sql`insert into ${table} (name, timestamp) values (${name}, ${timestamp}) on conflict do nothing`.execute(db);
    await sql`delete from ${table} where name = ${old}`.execute(db);
  }
}

const migratorFor = (db: Kysely<DB>, schema?: string) =>
  new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });

/** Whether this instance can serve: the database answers and every migration has been applied. */
/**
 * Whether this instance may take requests, as far as its database says. An unreachable database is
 * not a reason to leave the rotation: it is shared, so every instance would leave at once and the
 * load balancer would have nobody to send a learner to. The instance stays in and answers what needs
 * the database with its own 503 and Retry-After (http/errors.ts). A database that lacks a migration
 * this code needs is a reason: that instance must not serve.
 */
export async function readiness(database: Database): Promise<{ ready: boolean; reason?: string; databaseReachable: boolean }> {
  let pending: number;
  try {
    await sql`select 1`.execute(database.db);
    pending = (await migratorFor(database.db, database.schema).getMigrations()).filter((m) => !m.executedAt).length;
  } catch {
    return { ready: true, databaseReachable: false };
  }
  return pending === 0 ? { ready: true, databaseReachable: true } : { ready: false, reason: `${pending} migration(s) not applied`, databaseReachable: true };
}

export async function migrate(db: Kysely<DB>, schema?: string): Promise<void> {
  await adoptRenamedMigrations(db, schema);
  const migrator = migratorFor(db, schema);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, { cause: error });
  }
}

/** PostgreSQL only: removes a schema made for a test run. */
export async function dropSchema(db: Kysely<DB>, schema: string): Promise<void> {
  if (!schemaName.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  await sql.raw(`drop schema if exists ${schema} cascade`).execute(db);
}
