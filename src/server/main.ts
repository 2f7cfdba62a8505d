import closeWithGrace from 'close-with-grace';
import { stopProcess } from './child-process';
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataFolderUpgradeError, openDatabase } from './db';
import { startIdentityProvider } from './idp';
import { loggerOptions } from './http/logging';
import { createRequestMetrics, startMetricsServer } from './http/metrics';
import { compiled } from './runtime-files';
import { gracefulShutdown, newLifecycle } from './shutdown';
import { seedOnce } from './seed/demo';
import { seedDemoActivity } from './seed/demo-activity';

// One process: the portal and /api, the identity provider (its own TLS port) and demo data.
async function main(): Promise<void> {
  let config = loadConfig();
  if (config.production && !compiled) {
    throw new ConfigError('NODE_ENV', 'is production: run the compiled server (npm run build, then node dist/server/main.js), not the TypeScript source');
  }
  // The identity provider and start-up write JSON lines with the app's options (redaction included).
  const log = pino(loggerOptions(config));
  const database = await openDatabase(config, { log });
  const seeded = config.seedOnStart ? await seedOnce(database) : undefined;
  if (seeded) log.info(seeded, 'demo data seeded');

  const metrics = config.metricsPort === undefined ? undefined : createRequestMetrics({ processMetrics: true });
  // The provider's requests are counted in the same registry, as idp_http_requests_total and so on.
  const idpMetrics = metrics && createRequestMetrics({ registry: metrics.registry, prefix: 'idp_' });
  const idp = await startIdentityProvider({ config, database, log: log.child({ component: 'identity-provider' }), metrics: idpMetrics });
  // The provider may pick its own port (IDP_PORT=0): tokens carry the issuer it reports.
  config = { ...config, issuer: idp.issuer };

  const lifecycle = newLifecycle();
  const app = await buildApp({
    config,
    database,
    lifecycle,
    metrics,
    jwks: { jwksUri: idp.jwksUri, caCertPath: idp.caCertPath },
    serveStatic: true,
  });
  // The demo's form activity and its flagged version, through the services (seed/demo-activity.ts).
  if (config.demoActivity) {
    const demo = await seedDemoActivity(database.db, app.services);
    if (demo) log.info(demo, 'demo form activity seeded');
  }
  await app.listen({ port: config.port, host: config.host });
  const metricsServer =
    metrics && config.metricsPort !== undefined ? await startMetricsServer(metrics.registry, config.metricsPort, config.metricsHost) : undefined;
  const sandbox = config.startSandbox ? startSandbox() : undefined;
  const origin = config.publicOrigin;
  app.log.info(
    { portal: origin, api: `${origin}/api`, docs: `${origin}/api/docs`, identityProvider: idp.issuer, database: database.dialect, node: process.version },
    'ready',
  );
  console.info(`Portal:            ${origin}`);
  console.info(`API docs:          ${origin}/api/docs`);
  console.info(`Identity provider: ${idp.issuer}`);
  if (!config.production) console.info(`Outbox (dev):      ${origin}/dev/outbox`);
  if (metricsServer) console.info(`Metrics:           http://${config.metricsHost}:${metricsServer.port}/metrics`);

  // SIGTERM (a rolling restart, the orchestrator) or SIGINT: drain, then close (shutdown.ts).
  const shutdown = gracefulShutdown({
    lifecycle,
    drainDelayMs: config.drainDelayMs,
    servers: [() => app.close(), () => idp.close(config.shutdownTimeoutMs)],
    afterwards: [async () => (sandbox ? stopProcess(sandbox, 'SIGTERM', 5_000) : undefined), async () => metricsServer?.close(), () => database.close()],
    log: app.log,
  });
  // close-with-grace calls it once for SIGTERM, SIGINT and the other terminating signals (not SIGUSR2,
  // which tools and the tests use for other things), and for an uncaught error; it exits 0 once the
  // shutdown is done (1 after an error), 1 when it takes longer than the drain and the timeout
  // together, and at once with 1 on a second signal.
  closeWithGrace(
    {
      delay: config.drainDelayMs + config.shutdownTimeoutMs,
      skip: ['SIGUSR2', 'beforeExit'],
      onTimeout: () => app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out'),
      logger: {
        error: (message: unknown) =>
          app.log.error(message instanceof Error ? { err: message } : {}, message instanceof Error ? 'shutdown failed' : String(message)),
      },
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'uncaught error: shutting down');
      await shutdown(signal ?? 'error');
    },
  );
}

/**
 * The partner sandbox is another program on another origin (src/sandbox, never imported here): it
 * runs as a child process with the same settings and stops with this one.
 */
function startSandbox(): ChildProcess {
  // The compiled server starts the compiled sandbox (dist/sandbox/main.js beside dist/server/);
  // under tsx, the TypeScript source through tsx.
  const entry = fileURLToPath(new URL(compiled ? '../sandbox/main.js' : '../sandbox/main.ts', import.meta.url));
  const child = fork(entry, [], { execArgv: compiled ? [] : ['--import', 'tsx'], env: process.env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (code) console.error(`Partner sandbox stopped (exit ${code}${signal ? `, ${signal}` : ''})`);
  });
  return child;
}

main().catch((error: unknown) => {
  // A setting that is missing or wrong, or a data folder that could not be upgraded, is one line
  // saying so; anything else keeps its stack.
  console.error(error instanceof ConfigError || error instanceof DataFolderUpgradeError ? error.message : error);
  process.exit(1);
});
