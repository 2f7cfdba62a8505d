import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db';
import { createRequestMetrics, type RequestMetrics } from '../../../src/server/http/metrics';
import { startIdentityProvider } from '../../../src/server/idp';
import { assembleHarness, Browser, openSignIn, pkce, TEST_THROTTLE, type Harness } from './harness';

// The provider's server is the services' kind (Fastify with http/'s plugins): the same input guard,
// error answers and request metrics, with the provider's own headers on every answer and the pages'
// policy on the sign-in pages.

let harness: Harness;
let metrics: RequestMetrics;
const lines: Array<{ level: string; msg: string; fields: Record<string, unknown> }> = [];
const capture = (level: string) => (fields: Record<string, unknown>, msg: string) => lines.push({ level, msg, fields });

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'idp-server-'));
  const config = loadConfig({ DATA_DIR: dataDir, IDP_PORT: '0', PORT: '4399', LOG_LEVEL: 'info', INSTANCE_ID: 'idp-a' });
  const database = await openDatabase(config, { inMemory: true });
  metrics = createRequestMetrics({ prefix: 'idp_' });
  const idp = await startIdentityProvider({
    config,
    database,
    log: { info: capture('info'), warn: capture('warn'), error: capture('error') },
    throttle: TEST_THROTTLE,
    metrics,
  });
  harness = await assembleHarness({ config, database, idp, dataDir });
});
afterAll(() => harness.close());

async function signInPage() {
  const browser = new Browser(harness.agent);
  return { browser, interaction: await openSignIn(browser, harness.idp.issuer, pkce().challenge) };
}

describe("the provider's server", () => {
  it("puts the origin's headers on the protocol endpoints and the pages' policy on the sign-in pages", async () => {
    const browser = new Browser(harness.agent);
    const jwks = await browser.request(`${harness.idp.issuer}/jwks`);
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('x-content-type-options')).toBe('nosniff');
    expect(jwks.headers.get('x-instance-id')).toBe('idp-a');
    await jwks.arrayBuffer();

    const { interaction } = await signInPage();
    const page = await browser.request(interaction);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-instance-id')).toBe('idp-a');
    await page.arrayBuffer();

    const css = await browser.request(`${harness.idp.issuer}/assets/signin.css`);
    expect(css.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await css.text()).toContain('{');
  });

  it("refuses a form with a NUL character through the services' input guard, in their error shape", async () => {
    const { browser, interaction } = await signInPage();
    const res = await browser.request(`${interaction}/login`, { form: { email: 'a\u0000@example.com', password: 'x' } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { statusCode: number; errors: Array<{ path: string; key: string }> };
    expect(body.statusCode).toBe(400);
    expect(body.errors).toEqual([{ path: '/email', key: 'Validation.InvalidCharacters' }]);
  });

  it('refuses a form over 16 KB unread, and closes the connection', async () => {
    const { browser, interaction } = await signInPage();
    const res = await browser.request(`${interaction}/login`, { body: `email=x&password=${'p'.repeat(64 * 1024)}` });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    await res.arrayBuffer();
  });

  it('counts its requests per route pattern and logs them by pattern, never by the interaction id', async () => {
    const { browser, interaction } = await signInPage();
    await (await browser.request(interaction)).arrayBuffer();
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/idp_http_requests_total\{method="GET",route="\/interaction\/:uid",status_code="200"\} [1-9]/);
    expect(text).toMatch(/idp_http_requests_total\{method="GET",route="\/\*",status_code="303"\} [1-9]/);
    const uid = interaction.split('/').pop() ?? '';
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain(uid);
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
  });
});
