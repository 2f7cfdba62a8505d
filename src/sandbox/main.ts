// Starts the partner sandbox on its own origin, over the local TLS the identity provider made
// (DATA_DIR/tls/cert.pem and key.pem; the services' process writes them before starting this one).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildSandbox } from './app';
import { loadSandboxConfig } from './config';

async function main(): Promise<void> {
  const config = loadSandboxConfig();
  const keyPath = join(config.dataDir, 'tls', 'key.pem');
  const certPath = join(config.dataDir, 'tls', 'cert.pem');
  for (let waited = 0; !(existsSync(keyPath) && existsSync(certPath)); waited += 250) {
    if (waited > 30_000) throw new Error(`No TLS material in ${join(config.dataDir, 'tls')}`);
    await sleep(250);
  }
  const app = buildSandbox(config, { https: { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8') } });
  await app.listen({ port: config.port, host: config.host });
  console.info(`Partner sandbox:   ${config.origin}`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // Goes with the process that started it.
  process.on('disconnect', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
