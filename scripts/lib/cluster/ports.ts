import { createServer } from 'node:net';

/** A port free on the loopback address right now (the OS picks it; nothing is chosen by hand). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Several distinct free ports (one listener may not hand out the same port twice in a row, but make sure). */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  for (let tries = 0; ports.size < count && tries < count * 10; tries++) ports.add(await freePort());
  if (ports.size < count) throw new Error(`could not find ${count} free ports`);
  return [...ports];
}
