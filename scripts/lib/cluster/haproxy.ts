import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OutputTail, running, stopProcess, waitUntil } from './processes';

export interface Backend {
  id: string;
  port: number;
  idpPort: number;
}

export interface LoadBalancerOptions {
  /** Folder for haproxy.cfg and the certificate bundle. */
  dir: string;
  portalPort: number;
  idpPort: number;
  backends: Backend[];
  /** DATA_DIR/tls: the local CA and the localhost certificate the identity provider already uses. */
  tlsDir: string;
}

export interface LoadBalancer {
  child: ChildProcess;
  /** What HAProxy printed last (its warnings name each server going down or up). */
  output: OutputTail;
  stop(): Promise<void>;
}

/** Debian's haproxy (apt-get install haproxy). */
export function haproxyPath(): string {
  try {
    return (
      String(execFileSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy']))
        .trim()
        .split('\n')[0] ?? 'haproxy'
    );
  } catch {
    throw new Error('haproxy is not installed (Debian: apt-get install haproxy)');
  }
}

const STATUS_TEXT: Record<number, string> = { 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' };

/**
 * The answers HAProxy gives itself when no instance can (none in rotation, one that failed or took
 * too long): for the services, the services' own error shape with Retry-After, so the portal shows
 * its "try again" message and not HAProxy's HTML; for the identity provider's pages, a short page.
 */
function errorFile(status: number, kind: 'json' | 'html'): string {
  const body =
    kind === 'json'
      ? JSON.stringify({ message: 'The service is briefly unavailable; try again.', statusCode: status })
      : '<!doctype html><html lang="en"><meta charset="utf-8"><title>Sign-in unavailable</title><p>Sign-in is briefly unavailable. Try again in a moment.</p></html>';
  return [
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}`,
    `content-type: ${kind === 'json' ? 'application/json' : 'text/html; charset=utf-8'}`,
    'cache-control: no-store',
    'retry-after: 1',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Writes the error files into `dir`; the lines that name them, per kind of backend. */
function writeErrorFiles(dir: string): Record<'json' | 'html', string[]> {
  const lines = { json: [] as string[], html: [] as string[] };
  for (const kind of ['json', 'html'] as const) {
    for (const status of [502, 503, 504]) {
      const path = join(dir, `${status}.${kind}.http`);
      writeFileSync(path, errorFile(status, kind));
      lines[kind].push(`  errorfile ${status} ${path}`);
    }
  }
  return lines;
}

/**
 * Round robin over the instances, each checked on GET /api/ready every 500 ms (two failures take it
 * out, two successes bring it back: an instance that drains or loses its database stops getting
 * requests within about a second). TLS ends here for the portal with the local certificate; the
 * identity provider's requests are encrypted again to each instance's own TLS port (the provider
 * sets secure cookies and builds its URLs from the one public issuer, so it must see https).
 */
export function haproxyConfig(
  { portalPort, idpPort, backends, tlsDir }: LoadBalancerOptions,
  bundlePath: string,
  errorFiles: Record<'json' | 'html', string[]>,
): string {
  const ca = join(tlsDir, 'ca.pem');
  const lines = [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-keep-alive 10s',
    // A readiness answer may be slow on a busy machine; slow is not down.
    '  timeout check 3s',
    // A connection refused (an instance just killed) is tried again on another instance; a request
    // already sent is not, since it may have been acted on.
    '  retries 2',
    '  option redispatch 1',
    '  default-server inter 500ms fall 2 rise 2',
    '',
    'frontend portal',
    `  bind 127.0.0.1:${portalPort} ssl crt ${bundlePath}`,
    '  http-request set-header X-Forwarded-Proto https',
    '  option forwardfor',
    '  default_backend instances',
    '',
    'frontend identity_provider',
    `  bind 127.0.0.1:${idpPort} ssl crt ${bundlePath}`,
    '  option forwardfor',
    '  default_backend identity_providers',
    '',
    'backend instances',
    '  balance roundrobin',
    ...errorFiles.json,
    '  option httpchk GET /api/ready',
    '  http-check expect status 200',
    ...backends.map((b) => `  server ${b.id} 127.0.0.1:${b.port} check`),
    '',
    'backend identity_providers',
    '  balance roundrobin',
    ...errorFiles.html,
    // The provider's health is its instance's readiness (same process, same database).
    '  option httpchk GET /api/ready',
    '  http-check expect status 200',
    ...backends.map((b) => `  server ${b.id} 127.0.0.1:${b.idpPort} ssl verify required ca-file ${ca} check port ${b.port} no-check-ssl`),
    '',
  ];
  return lines.join('\n');
}

export async function startLoadBalancer(options: LoadBalancerOptions): Promise<LoadBalancer> {
  // HAProxy takes the certificate and its key as one PEM file (the files end without a newline).
  const bundlePath = join(options.dir, 'localhost.pem');
  const pem = (name: string) => `${readFileSync(join(options.tlsDir, name), 'utf8').trim()}\n`;
  writeFileSync(bundlePath, pem('cert.pem') + pem('key.pem'), { mode: 0o600 });
  const configPath = join(options.dir, 'haproxy.cfg');
  writeFileSync(configPath, haproxyConfig(options, bundlePath, writeErrorFiles(options.dir)));
  const tail = new OutputTail();
  // -db: stay in the foreground, so it stops with us; -W: master-worker (clean stop on SIGTERM).
  const child = spawn(haproxyPath(), ['-W', '-db', '-f', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => tail.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => tail.push(chunk));
  await waitUntil('HAProxy', async () => running(child) && (await listening(options.portalPort)), 15_000, child, tail);
  return { child, output: tail, stop: () => stopProcess(child, 'SIGTERM', 5_000) };
}

async function listening(port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
