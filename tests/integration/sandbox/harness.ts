import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../../../src/sandbox/app';
import { loadSandboxConfig } from '../../../src/sandbox/config';

/** The portal origin the sandbox under test trusts. */
export const PORTAL = 'http://portal.test:3002';

/** A sandbox built for the file's tests (ready before them, closed after). */
export function useSandbox() {
  const config = loadSandboxConfig({ PUBLIC_ORIGIN: PORTAL, SANDBOX_ORIGIN: 'https://sandbox.test:3004' });
  const sandbox = { config, app: undefined as unknown as FastifyInstance };
  beforeAll(async () => {
    sandbox.app = buildSandbox(config);
    await sandbox.app.ready();
  });
  afterAll(async () => {
    await sandbox.app.close();
  });
  return sandbox;
}
