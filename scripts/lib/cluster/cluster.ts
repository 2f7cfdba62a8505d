import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Agent, fetch } from 'undici';
import { ensureTlsMaterial } from '../../../src/server/idp/tls';
import { rootDir } from '../paths';
import { startLoadBalancer, type LoadBalancer } from './haproxy';
import { instance, type Instance } from './instances';
import { freePorts } from './ports';
import { startLocalPostgres, type LocalPostgres } from './postgres';
import { OutputTail, stopProcess, waitUntil } from './processes';

export interface ClusterOptions {
  instances: number;
  /** DATA_DIR shared by the instances (TLS files); the local PostgreSQL lives in DATA_DIR/cluster/postgres. */
  dataDir: string;
  /** An existing PostgreSQL; without it the cluster starts a server of its own. */
  databaseUrl?: string;
  /** Start the partner sandbox (its own process, one for the cluster). */
  sandbox?: boolean;
  /** Extra settings for every instance (tests lower limits, quieten logs). */
  env?: Record<string, string>;
  log?: (line: string) => void;
  onInstanceOutput?: (id: string, line: string) => void;
}

export interface Cluster {
  /** https://localhost:<port>: the portal and /api through the load balancer. */
  portalOrigin: string;
  /** https://localhost:<port>: the identity provider's one issuer through the load balancer. */
  issuer: string;
  sandboxOrigin: string;
  databaseUrl: string;
  instances: Instance[];
  postgres: LocalPostgres | undefined;
  loadBalancer: LoadBalancer;
  /** Trusts the local CA (for fetch through the load balancer). */
  agent: Agent;
  /** Waits until the load balancer sends requests to every instance that runs. */
  untilBalanced(timeoutMs?: number): Promise<void>;
  /** Stops everything it started, in reverse order; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Everything on one machine, loopback only: PostgreSQL (given or our own), N compiled instances on
 * free ports sharing one public portal origin and one issuer (the load balancer's), and HAProxy.
 * Whatever was started is stopped again if a later step fails.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const dataDir = resolve(options.dataDir);
  const clusterDir = join(dataDir, 'cluster');
  mkdirSync(join(clusterDir, 'haproxy'), { recursive: true });
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch((error: unknown) => log(`stop failed: ${String(error)}`));
  };

  try {
    // The certificate is made once, before any instance starts, so every instance, the sandbox and
    // the load balancer use the same local CA (instances would otherwise race to write it).
    const tls = await ensureTlsMaterial(dataDir);
    const agent = new Agent({ connect: { ca: tls.ca } });
    stops.push(() => agent.close());

    let postgres: LocalPostgres | undefined;
    let databaseUrl = options.databaseUrl;
    if (!databaseUrl) {
      postgres = await startLocalPostgres(join(clusterDir, 'postgres'), dataDir, log);
      stops.push(() => postgres!.stop());
      databaseUrl = postgres.url;
      log(`PostgreSQL of its own on 127.0.0.1:${postgres.port} (${join(clusterDir, 'postgres')})`);
    }

    const [lbPortal, lbIdp, sandboxPort, ...ports] = await freePorts(3 + options.instances * 3);
    const portalOrigin = `https://localhost:${lbPortal}`;
    const issuer = `https://localhost:${lbIdp}`;
    const sandboxOrigin = `https://localhost:${sandboxPort}`;
    const shared: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      // The compiled server as in production, with the demo's development defaults (demo accounts
      // and keys seeded at start, the mail outbox, the demo secrets) explicitly allowed.
      NODE_ENV: 'production',
      ALLOW_DEMO_DEFAULTS: 'all',
      SEED_ON_START: 'true',
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: portalOrigin,
      OIDC_ISSUER: issuer,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      // The partner sandbox is a stand-in for other companies' sites, not a part that scales: one
      // process for the cluster (below), none inside the instances.
      SANDBOX: 'off',
      SANDBOX_ORIGIN: sandboxOrigin,
      SANDBOX_PORT: String(sandboxPort),
      // Readiness answers 503 this long before a stopping instance closes: the load balancer's
      // checks (every 500 ms, two failures: about a second) notice first, with room for a busy machine.
      DRAIN_DELAY_MS: '3000',
      // Requests reach the instances through HAProxy on loopback, which appends the client's address
      // to X-Forwarded-For: sign-in throttles count that address, not the load balancer's.
      TRUSTED_PROXIES: 'loopback',
      LOG_LEVEL: 'warn',
      ...options.env,
    };

    const instances = Array.from({ length: options.instances }, (_, i) =>
      instance({
        id: `instance-${i + 1}`,
        port: ports[i * 3]!,
        idpPort: ports[i * 3 + 1]!,
        metricsPort: ports[i * 3 + 2]!,
        env: shared,
        onOutput: options.onInstanceOutput && ((line) => options.onInstanceOutput!(`instance-${i + 1}`, line)),
      }),
    );
    // Started together on purpose: migrations and demo seeding run once (a lock in PostgreSQL).
    stops.push(async () => {
      await Promise.all(instances.map((i) => i.stop()));
    });
    await Promise.all(instances.map((i) => i.start()));
    log(`${instances.length} instances ready`);

    let sandbox: ChildProcess | undefined;
    if (options.sandbox) {
      sandbox = startSandbox(shared);
      stops.push(() => stopProcess(sandbox!, 'SIGTERM', 5_000));
    }

    const loadBalancer = await startLoadBalancer({
      dir: join(clusterDir, 'haproxy'),
      portalPort: lbPortal!,
      idpPort: lbIdp!,
      backends: instances.map((i) => ({ id: i.id, port: i.port, idpPort: i.idpPort })),
      tlsDir: join(dataDir, 'tls'),
    });
    stops.push(() => loadBalancer.stop());

    const untilBalanced = async (timeoutMs = 30_000) => {
      const wanted = instances.filter((i) => i.running()).map((i) => i.id);
      const seen = new Set<string>();
      await waitUntil(
        'load balancer',
        async () => {
          const res = await fetch(`${portalOrigin}/api/ready`, { dispatcher: agent });
          await res.arrayBuffer();
          const id = res.headers.get('x-instance-id');
          if (res.status === 200 && id) seen.add(id);
          return wanted.every((w) => seen.has(w));
        },
        timeoutMs,
      );
    };
    await untilBalanced();

    return {
      portalOrigin,
      issuer,
      sandboxOrigin,
      databaseUrl,
      instances,
      postgres,
      loadBalancer,
      agent,
      untilBalanced,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function startSandbox(env: Record<string, string>): ChildProcess {
  const entry = join(rootDir, 'dist/sandbox/main.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: npm run build`);
  const tail = new OutputTail();
  const child = spawn(process.execPath, [entry], { env, cwd: rootDir, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => tail.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => tail.push(chunk));
  child.on('exit', (code) => {
    if (code) console.error(`Partner sandbox stopped (exit ${code})\n${tail}`);
  });
  return child;
}
