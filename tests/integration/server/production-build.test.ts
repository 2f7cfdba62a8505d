import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch } from 'undici';
import { buildServer } from '../../../scripts/lib/build-server';
import { rootDir } from '../../../scripts/lib/paths';
import { writePglite04Folder } from './pglite-04-folder';

// `npm run build` compiles the services and the sandbox; NODE_ENV=production runs them with plain
// node (no tsx, no TypeScript) from dist/, reading schemas/ and locales/ from the project folder.

const secret = () => randomBytes(24).toString('base64url');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Production settings: real secrets instead of the development defaults, no demo data, SMTP mail. */
async function productionEnv(dataDir: string): Promise<Record<string, string>> {
  const [port, idpPort, sandboxPort, metricsPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    PORT: String(port),
    IDP_PORT: String(idpPort),
    SANDBOX_PORT: String(sandboxPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    FUNCTION_KEY: secret(),
    CERTMETRICS_SECRET: secret(),
    PEARSON_SECRET: secret(),
    ZENDESK_SECRET: secret(),
    SKILLABLE_SECRET: secret(),
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SEED_ON_START: 'false',
    DRAIN_DELAY_MS: '2000',
    METRICS_PORT: String(metricsPort),
  };
}

/** Runs a server entry to its end (it should stop at once) and returns its exit code and output. */
const runToExit = (args: string[], environment: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, args, { env: environment, cwd: rootDir, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });

let child: ChildProcess | undefined;
let output = '';
let env: Record<string, string>;
let dataDir: string;
let agent: Agent;

const untilOutput = (text: string, ms: number) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${text}" within ${ms} ms:\n${output}`)), ms);
    const check = () => {
      if (!output.includes(text)) return;
      clearTimeout(timer);
      child?.stdout?.off('data', check);
      resolve();
    };
    child?.stdout?.on('data', check);
    check();
  });

beforeAll(async () => {
  const { outputs } = await buildServer();
  expect(outputs).toEqual([join(rootDir, 'dist/server/main.js'), join(rootDir, 'dist/sandbox/main.js')]);
  dataDir = await mkdtemp(join(tmpdir(), 'production-'));
  // The data folder an earlier release left (PGlite 0.4): the compiled server upgrades it at start
  // with the old PGlite it finds in node_modules.
  await writePglite04Folder(join(dataDir, 'db'), { seed: false });
  env = await productionEnv(dataDir);
  child = spawn(process.execPath, [join(rootDir, 'dist/server/main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  await untilOutput('Partner sandbox:', 120_000);
  agent = new Agent({ connect: { ca: await readFile(join(dataDir, 'tls', 'ca.pem'), 'utf8') } });
}, 240_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await agent?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the compiled server in production', () => {
  it('answers ready and healthy, and logs the runtime it runs on', async () => {
    const origin = `http://localhost:${env.PORT}`;
    expect((await fetch(`${origin}/api/ready`)).status).toBe(200);
    expect(await (await fetch(`${origin}/api/health`)).json()).toMatchObject({ status: 'ok' });
    const ready = output.split('\n').find((line) => line.includes('"msg":"ready"'));
    expect(JSON.parse(ready ?? '{}')).toMatchObject({ node: process.version });
  });

  it('moved the data folder of PGlite 0.4 over at start, saying so in one line', () => {
    const lines = output.split('\n').filter((line) => line.includes('embedded database upgraded'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ from: 17, to: 18, backup: expect.stringContaining(join(dataDir, 'db-pg17-backup-')) });
    expect(readFileSync(join(dataDir, 'db', 'PG_VERSION'), 'utf8').trim()).toBe('18');
  });

  it('serves request and process metrics on METRICS_PORT', async () => {
    await fetch(`http://localhost:${env.PORT}/api/ready`);
    await (await fetch(`https://localhost:${env.IDP_PORT}/jwks`, { dispatcher: agent })).arrayBuffer();
    const res = await fetch(`http://127.0.0.1:${env.METRICS_PORT}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/\nhttp_requests_total\{method="GET",route="\/api\/ready",status_code="200"\} [1-9]/);
    // The identity provider's requests, in the same registry under names of their own.
    expect(text).toMatch(/\nidp_http_requests_total\{method="GET",route="\/\*",status_code="200"\} [1-9]/);
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('mounts no development pages', async () => {
    // (/dev/outbox itself would get the portal's page when a built portal is there: SPA fallback.)
    expect((await fetch(`http://localhost:${env.PORT}/dev/outbox.json?to=learner@example.com`)).status).toBe(404);
  });

  it('starts the identity provider with its sign-in assets and locales from the compiled layout', async () => {
    const issuer = `https://localhost:${env.IDP_PORT}`;
    const discovery = await fetch(`${issuer}/.well-known/openid-configuration`, { dispatcher: agent });
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(issuer);
    const css = await fetch(`${issuer}/assets/signin.css`, { dispatcher: agent });
    expect(css.status).toBe(200);
    expect(await css.text()).toContain('color-scheme');
  });

  it('starts the compiled partner sandbox with plain node', async () => {
    const css = await fetch(`https://localhost:${env.SANDBOX_PORT}/sandbox.css`, { dispatcher: agent });
    expect(css.status).toBe(200);
    // The sandbox is the server's child: its command line names the compiled file, and no tsx.
    const children = readFileSync(`/proc/${child?.pid}/task/${child?.pid}/children`, 'utf8').trim().split(/\s+/);
    const commandLines = children.filter((pid) => existsSync(`/proc/${pid}/cmdline`)).map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
    const sandbox = commandLines.find((args) => args.some((arg) => arg.endsWith(join('dist', 'sandbox', 'main.js'))));
    expect(sandbox).toBeDefined();
    expect(sandbox?.join(' ')).not.toContain('tsx');
  });

  it('drains on SIGTERM (readiness 503 first) and stops with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    child?.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const ready = await fetch(`http://localhost:${env.PORT}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not-ready', reason: 'shutting down' });
    expect(await exited).toBe(0);
    expect(output).toContain('requests in flight finished; listeners closed');
  });
});

describe('settings checked at start', () => {
  const main = join(rootDir, 'dist/server/main.js');

  it('stops on a malformed setting with one line naming it', async () => {
    const { code, stderr } = await runToExit([main], { ...env, PORT: 'eighty' });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe('Configuration error: PORT must be a whole number from 0 to 65535, got "eighty"');
  });

  it('refuses a development default in production with one line naming it', async () => {
    const { code, stderr } = await runToExit([main], { ...env, FUNCTION_KEY: '' });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Configuration error: FUNCTION_KEY .*ALLOW_DEMO_DEFAULTS=function-key\)$/)]);
  });

  it('refuses to run the TypeScript source in production', async () => {
    const { code, stderr } = await runToExit(['--import', 'tsx', join(rootDir, 'src/server/main.ts')], env);
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Configuration error: NODE_ENV is production: run the compiled server/);
  });
});
