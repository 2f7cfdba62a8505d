import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch } from 'undici';
import { startLoadBalancer, type LoadBalancer } from '../../scripts/lib/cluster/haproxy';
import { freePorts } from '../../scripts/lib/cluster/ports';
import { ensureTlsMaterial } from '../../src/server/idp/tls';

// When no instance can answer (none in rotation), the load balancer answers itself: for the
// services in their own error shape with Retry-After, so the portal shows its "try again" message;
// for the identity provider's pages, a short page, not HAProxy's own.

let dir: string;
let balancer: LoadBalancer | undefined;
let agent: Agent;
let ports: number[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lb-errors-'));
  const tls = await ensureTlsMaterial(dir);
  agent = new Agent({ connect: { ca: tls.ca } });
  ports = await freePorts(4);
  const [portalPort, idpPort, port, instanceIdpPort] = ports as [number, number, number, number];
  // The one backend listens nowhere: every check fails, nobody is in rotation.
  balancer = await startLoadBalancer({ dir, portalPort, idpPort, backends: [{ id: 'gone', port, idpPort: instanceIdpPort }], tlsDir: join(dir, 'tls') });
});
afterAll(async () => {
  await balancer?.stop();
  await agent?.close();
  await rm(dir, { recursive: true, force: true });
});

it('answers for the services in their error shape with Retry-After, and with a page for sign-in', async () => {
  const api = await fetch(`https://localhost:${ports[0]}/api/profiles/account/x`, { dispatcher: agent });
  expect(api.status).toBe(503);
  expect(api.headers.get('content-type')).toBe('application/json');
  expect(api.headers.get('retry-after')).toBe('1');
  expect(await api.json()).toEqual({ message: 'The service is briefly unavailable; try again.', statusCode: 503 });

  const signIn = await fetch(`https://localhost:${ports[1]}/auth`, { dispatcher: agent });
  expect(signIn.status).toBe(503);
  expect(signIn.headers.get('retry-after')).toBe('1');
  expect(await signIn.text()).toContain('Sign-in is briefly unavailable');
});
