import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './ports';
import { OutputTail, running, stopProcess, waitUntil } from './processes';

const run = promisify(execFile);

export interface LocalPostgres {
  /** postgres://… of the database the instances use. */
  url: string;
  port: number;
  /** Fast shutdown (SIGINT): sessions are cut, nothing committed is lost. */
  stop(): Promise<void>;
  /** Starts the server again on the same port and folder (after stop). */
  start(): Promise<void>;
}

const DATABASE = 'portal';

/**
 * The folder of Debian's PostgreSQL programs that holds `program`, newest major version first
 * (postgresql-NN and postgresql-client-NN install them in /usr/lib/postgresql/NN/bin).
 */
export function postgresBinDir(program = 'postgres'): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', program))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) {
    throw new Error(
      program === 'postgres'
        ? `no PostgreSQL server in ${root}/*/bin (Debian: apt-get install postgresql), or set DATABASE_URL`
        : `no ${program} in ${root}/*/bin (Debian: apt-get install postgresql-client)`,
    );
  }
  return join(root, versions[0], 'bin');
}

/**
 * PostgreSQL refuses to run as root: when we are root (containers, CI) the server runs as the
 * `postgres` account Debian's package made, and its folder belongs to that account.
 */
function serverAccount(dir: string, within: string): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  // The server must reach its folder: folders above it (DATA_DIR is made 0700) get search
  // permission for others (x only: nothing can be listed).
  for (let folder = dirname(dir); !relative(within, folder).startsWith('..'); folder = dirname(folder)) {
    const mode = statSync(folder).mode & 0o777;
    if (!(mode & 0o001)) chmodSync(folder, mode | 0o011);
    if (folder === within || folder === dirname(folder)) break;
  }
  const uid = Number(String(execFileSync('id', ['-u', 'postgres'])).trim());
  const gid = Number(String(execFileSync('id', ['-g', 'postgres'])).trim());
  chownSync(dir, uid, gid);
  return { uid, gid };
}

/**
 * A PostgreSQL server of our own in `dir` (made with initdb on first use, kept afterwards), on a free
 * loopback port, never the machine's shared server (`within` is DATA_DIR, the folder it lives under): only local connections, trusted, because
 * nothing but this machine's loopback can reach it.
 */
export async function startLocalPostgres(dir: string, within: string, log: (line: string) => void = () => {}): Promise<LocalPostgres> {
  const bin = postgresBinDir();
  mkdirSync(dirname(dir), { recursive: true });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const account = serverAccount(dir, within);
  const dataDir = join(dir, 'data');
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log(`initdb ${dataDir}`);
    await run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'], { ...account, cwd: dir });
  }
  const port = await freePort();
  const tail = new OutputTail();
  let child: ChildProcess | undefined;

  const start = async () => {
    // TCP on loopback only, no Unix socket (its path length is limited, and nothing here needs it).
    child = spawn(
      join(bin, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
      { ...account, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk: Buffer) => tail.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => tail.push(chunk));
    const server = child;
    await waitUntil('PostgreSQL', () => canConnect(adminUrl), 30_000, server, tail);
  };
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await start();

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (found.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }

  return {
    url: `postgres://postgres@127.0.0.1:${port}/${DATABASE}`,
    port,
    start,
    async stop() {
      if (child && running(child)) await stopProcess(child, 'SIGINT', 20_000);
    },
  };
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
