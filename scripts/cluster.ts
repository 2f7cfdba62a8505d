// npm run cluster [-- --instances N] [--build]: several instances of the compiled server on
// PostgreSQL behind HAProxy, on this machine, loopback only. Ctrl-C or SIGTERM stops everything it
// started (a database given by DATABASE_URL is not its own: it stays as it was).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildState } from './lib/build-freshness';
import { startCluster } from './lib/cluster/cluster';
import { rootDir } from './lib/paths';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    build: { type: 'boolean', default: false },
  },
});
const count = Number(values.instances);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error('--instances must be a whole number from 1 to 16');
  process.exit(1);
}

// The instances run the compiled server: built when dist/ is missing or older than its sources
// (or with --build), so an edit never runs as yesterday's build.
const state = buildState(rootDir);
if (values.build || !state.fresh) {
  console.info(`Building (npm run build): ${state.fresh ? 'asked with --build' : state.reason}…`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: rootDir, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const withoutPassword = (url: string): string => {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
};

const cluster = await startCluster({
  instances: count,
  dataDir: process.env.DATA_DIR ?? join(rootDir, '.data'),
  databaseUrl: process.env.DATABASE_URL,
  sandbox: true,
  log: (line) => console.info(line),
  onInstanceOutput: (id, line) => console.info(`[${id}] ${line}`),
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

console.info('');
console.info(`Portal (load balancer):            ${cluster.portalOrigin}`);
console.info(`Identity provider (load balancer): ${cluster.issuer}`);
console.info(`Partner sandbox:                   ${cluster.sandboxOrigin}`);
console.info(
  `Database:                          ${withoutPassword(cluster.databaseUrl)} ${cluster.postgres ? '(its own server, stopped with the cluster)' : '(DATABASE_URL: left running when the cluster stops)'}`,
);
for (const i of cluster.instances) {
  console.info(`  ${i.id}: http://127.0.0.1:${i.port} (identity provider https://127.0.0.1:${i.idpPort}, metrics http://127.0.0.1:${i.metricsPort}/metrics)`);
}
console.info(`Trust ${join(process.env.DATA_DIR ?? join(rootDir, '.data'), 'tls', 'ca.pem')} in the browser (local CA). Ctrl-C stops everything.`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.info(
    cluster.postgres
      ? `${signal}: stopping the load balancer, the instances, the partner sandbox and the PostgreSQL server it started…`
      : `${signal}: stopping the load balancer, the instances and the partner sandbox; the database at DATABASE_URL is left running…`,
  );
  cluster.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
// An instance that dies on its own is said out loud (the load balancer already routes around it).
for (const i of cluster.instances) {
  i.child.on('exit', (code, signal) => {
    if (!stopping) console.error(`${i.id} exited (${code ?? signal})`);
  });
}
