import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildServer } from '../../scripts/lib/build-server';
import { startCluster, type Cluster } from '../../scripts/lib/cluster/cluster';

export interface ClusterFixture {
  cluster: Cluster;
  /** A connection to the cluster's database, for checking what was stored. */
  sql: pg.Pool;
  close(): Promise<void>;
}

/**
 * A fresh cluster per test file: its own DATA_DIR (new TLS files, a new PostgreSQL server from
 * initdb on a free port) so files never share state. The compiled server is built first (esbuild,
 * a second or two); the portal's static files are not needed for these tests.
 */
export async function startClusterFixture(
  instances = 2,
  env: Record<string, string> = {},
  onInstanceOutput?: (id: string, line: string) => void,
): Promise<ClusterFixture> {
  await buildServer();
  const dataDir = await mkdtemp(join(tmpdir(), 'cluster-test-'));
  const cluster = await startCluster({
    instances,
    dataDir,
    // Tests never use the machine's shared server, even when DATABASE_URL is set for other tests.
    databaseUrl: undefined,
    env: { LOG_LEVEL: 'error', ...env },
    onInstanceOutput,
  }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  const sql = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  return {
    cluster,
    sql,
    async close() {
      await sql.end().catch(() => {});
      await cluster.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A cluster for the whole test file (started before its tests, stopped after them); call the result inside a test. */
export function useClusterFixture(...args: Parameters<typeof startClusterFixture>): () => ClusterFixture {
  let fixture: ClusterFixture | undefined;
  beforeAll(async () => {
    fixture = await startClusterFixture(...args);
  });
  afterAll(async () => {
    await fixture?.close();
  });
  return () => {
    if (!fixture) throw new Error('the cluster did not start');
    return fixture;
  };
}
