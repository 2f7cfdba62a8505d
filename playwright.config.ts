import { defineConfig } from '@playwright/test';

// End-to-end tests run in Debian's chromium against `npm run serve` (the real services, the real
// identity provider and the built portal) on ports of their own, with a fresh data folder.
const port = Number(process.env.E2E_PORT ?? 4302);
const idpPort = Number(process.env.E2E_IDP_PORT ?? 4443);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4404);
const dataDir = process.env.E2E_DATA_DIR ?? '.data/e2e';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    ignoreHTTPSErrors: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && npm run serve`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      IDP_PORT: String(idpPort),
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The suites start from the base rules (version 1 is the first they publish): no demo history.
      DEMO_ACTIVITY: process.env.E2E_DEMO_ACTIVITY ?? 'off',
    },
  },
});
