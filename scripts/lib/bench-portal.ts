/*
 * What the browser benchmarks share: the demo services started from the source (in development
 * mode, with a fresh data folder), spare ports, the demo learner and Debian's chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..', '..');
export const DEMO = { email: 'learner@example.com', password: 'LearnerDemo2026' };
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'];

export function sparePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createNetServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export interface PortalPorts {
  port: number;
  idpPort: number;
  sandboxPort: number;
  /**
   * The partner sandbox on https://127.0.0.1:<sandboxPort> rather than https://localhost: cookies
   * ignore ports, so on localhost the identity provider's cookies would go with the sandbox frame's
   * requests, where Chrome blocks them (another site for a page on http) and logs an issue a real
   * partner on its own host would not cause.
   */
  sandboxOnOwnHost?: boolean;
}

/** The services, the identity provider and the partner sandbox on the given ports, with a fresh data folder. */
export async function startPortal({ port, idpPort, sandboxPort, sandboxOnOwnHost = false }: PortalPorts, dataDir: string): Promise<ChildProcess> {
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn('npx', ['tsx', 'src/server/main.ts'], {
    cwd: root,
    // Vite's build() sets NODE_ENV=production in this process; the demo services run as in development.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      IDP_PORT: String(idpPort),
      SANDBOX_PORT: String(sandboxPort),
      ...(sandboxOnOwnHost ? { SANDBOX_ORIGIN: `https://127.0.0.1:${sandboxPort}` } : {}),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://localhost:${port}/api/health`);
      if (response.ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stopPortal(child);
  throw new Error('The portal did not start within 120 s');
}

export function stopPortal(child: ChildProcess) {
  if (child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
