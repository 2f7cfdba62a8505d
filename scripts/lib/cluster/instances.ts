import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { rootDir } from '../paths';
import { OutputTail, exited, running, stopProcess, waitUntil } from './processes';

export interface InstanceOptions {
  id: string;
  port: number;
  idpPort: number;
  metricsPort: number;
  /** Settings every instance shares (origins, database, DATA_DIR, …). */
  env: Record<string, string>;
  /** Receives each line the instance writes (prefixed with its id by the caller, if wanted). */
  onOutput?: (line: string) => void;
}

export interface Instance {
  id: string;
  port: number;
  idpPort: number;
  metricsPort: number;
  child: ChildProcess;
  output: OutputTail;
  /** Starts the compiled server and waits for its readiness. */
  start(): Promise<void>;
  /** SIGTERM (graceful drain) and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL: no drain, no goodbye (a crash). */
  kill(): Promise<void>;
  running(): boolean;
}

const serverEntry = join(rootDir, 'dist/server/main.js');

/** One compiled server process (node dist/server/main.js) on its own ports. */
export function instance(options: InstanceOptions): Instance {
  const output = new OutputTail(200);
  const env = {
    ...options.env,
    INSTANCE_ID: options.id,
    PORT: String(options.port),
    IDP_PORT: String(options.idpPort),
    METRICS_PORT: String(options.metricsPort),
  };
  const handle: Instance = {
    id: options.id,
    port: options.port,
    idpPort: options.idpPort,
    metricsPort: options.metricsPort,
    child: undefined as unknown as ChildProcess,
    output,
    async start() {
      const child = spawn(process.execPath, [serverEntry], { env, cwd: rootDir, stdio: ['ignore', 'pipe', 'pipe'] });
      handle.child = child;
      const onData = (chunk: Buffer) => {
        output.push(chunk);
        if (options.onOutput) for (const line of chunk.toString().split('\n').filter(Boolean)) options.onOutput(line);
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      const ready = async () => (await fetch(`http://127.0.0.1:${options.port}/api/ready`)).status === 200;
      await waitUntil(`instance ${options.id}`, ready, 90_000, child, output);
    },
    stop: () => (handle.child ? stopProcess(handle.child, 'SIGTERM', 30_000) : Promise.resolve()),
    async kill() {
      if (!handle.child || !running(handle.child)) return;
      const done = exited(handle.child);
      handle.child.kill('SIGKILL');
      await done;
    },
    running: () => Boolean(handle.child) && running(handle.child),
  };
  return handle;
}
