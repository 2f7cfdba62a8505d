import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { startIdentityProvider } from './idp';
import { isSeeded, seedDemoData } from './seed/demo';

// One process: the portal and /api, the identity provider (its own TLS port) and demo data.
async function main(): Promise<void> {
  let config = loadConfig();
  const database = await openDatabase(config);
  if (config.seedOnStart && !(await isSeeded(database.db))) {
    const counts = await seedDemoData(database.db);
    console.info(JSON.stringify({ level: 'info', msg: 'demo data seeded', ...counts }));
  }

  const idp = await startIdentityProvider({ config, database });
  // The provider may pick its own port (IDP_PORT=0): tokens carry the issuer it reports.
  config = { ...config, issuer: idp.issuer };

  const app = await buildApp({
    config,
    database,
    jwks: { jwksUri: idp.jwksUri, caCertPath: idp.caCertPath },
    serveStatic: true,
  });
  await app.listen({ port: config.port, host: config.host });
  const origin = config.publicOrigin;
  app.log.info({ portal: origin, api: `${origin}/api`, docs: `${origin}/api/docs`, identityProvider: idp.issuer, database: database.dialect }, 'ready');
  console.info(`Portal:            ${origin}`);
  console.info(`API docs:          ${origin}/api/docs`);
  console.info(`Identity provider: ${idp.issuer}`);
  if (!config.production) console.info(`Outbox (dev):      ${origin}/dev/outbox`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await idp.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
