import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { createLocalJWKSet } from 'jose';
import { buildApp } from '../../../src/server/app';
import { withPortalConfig } from '../../../src/server/http/static';
import { loadConfig } from '../../../src/server/config';
import { openDatabase, type Database } from '../../../src/server/db';

describe('static files', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let portalDir: string;
  beforeAll(async () => {
    portalDir = mkdtempSync(join(tmpdir(), 'portal-'));
    mkdirSync(join(portalDir, 'assets'));
    writeFileSync(join(portalDir, 'index.html'), '<!doctype html><head><title>portal</title></head><body></body>');
    writeFileSync(join(portalDir, 'gallery.html'), '<!doctype html><title>gallery</title>');
    writeFileSync(join(portalDir, 'assets', 'app-123.js'), 'console.log(1)');
    writeFileSync(join(portalDir, 'assets', 'app-123.js.map'), '{"version":3}');
    writeFileSync(join(portalDir, 'assets', 'big-456.js'), 'console.log(2);'.repeat(200));
    writeFileSync(join(portalDir, 'assets', 'big-456.js.br'), brotliCompressSync('console.log(2);'.repeat(200)));
    writeFileSync(join(portalDir, 'assets', 'big-456.js.gz'), gzipSync('console.log(2);'.repeat(200)));
    const config = loadConfig({ PORTAL_DIR: portalDir, LOG_LEVEL: 'silent' });
    database = await openDatabase(config, { inMemory: true });
    app = await buildApp({ config, database, jwks: createLocalJWKSet({ keys: [] }), serveStatic: true, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('serves the portal with an SPA fallback, the gallery, assets and the schema files', async () => {
    const deep = await app.inject({ method: 'GET', url: '/profile/edit?x=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>portal</title>');
    expect((await app.inject({ method: 'GET', url: '/gallery.html' })).body).toContain('gallery');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const schema = await app.inject({ method: 'GET', url: '/schemas/forms/profile.schema.json' });
    expect(schema.json().$id).toBe('forms/profile.schema.json');
  });

  it('never takes a services path for a file: an over-long segment is 414, an unknown path 404, in the services’ shape', async () => {
    for (const url of [
      `/api/vendors/getvendor/${'k'.repeat(5000)}`,
      `/api/profiles/account/${'a'.repeat(257)}`,
      `/api/redemptions/certmaster-platform/access-key/${'K'.repeat(300)}/is-valid`,
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url.slice(0, 60)).toBe(414);
      expect(res.json()).toEqual({ message: 'A path segment is longer than 256 characters.', statusCode: 414 });
    }
    const unknown = await app.inject({ method: 'GET', url: '/api/no-such-thing/x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404 });
    // A parameter up to the documented 256 characters reaches its route (which wants a token).
    const long = await app.inject({ method: 'GET', url: `/api/redemptions/certmaster-platform/access-key/${'K'.repeat(150)}/is-valid` });
    expect(long.statusCode).toBe(401);
  });

  it('puts the configuration into the page as a JSON data block, the same as /portal-config.json', async () => {
    const served = await app.inject({ method: 'GET', url: '/portal-config.json' });
    for (const url of ['/', '/home?ui_locales=ja', '/profile']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      const block = /<script type="application\/json" id="portal-config">([^<]*)<\/script><\/head>/.exec(page.body);
      expect(block, url).not.toBeNull();
      expect(JSON.parse(block![1]!)).toEqual(served.json());
    }
    expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('escapes what could end the data block, and leaves a page without a head as it is', () => {
    const html = withPortalConfig('<head></head>', { link: '</script><script>alert(1)</script>', line: 'a\u2028b' });
    expect(html).not.toContain('</script><script>');
    expect(html).not.toContain('\u2028');
    const json = /id="portal-config">(.*)<\/script><\/head>$/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual({ link: '</script><script>alert(1)</script>', line: 'a\u2028b' });
    expect(withPortalConfig('<title>x</title>', { a: 1 })).toBe('<title>x</title>');
  });

  it('sends the compressed file the build wrote beside a script when the browser accepts it', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/big-456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(2);'.repeat(200));
    const gzip = await app.inject({ method: 'GET', url: '/assets/big-456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: '/assets/big-456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(2);'.repeat(200));
  });

  it('answers 404 for a missing file and JSON 404 under /api', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    // No route matched: nothing to authenticate, and nothing is revealed but the 404.
    const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: expect.any(String), statusCode: 404 });
    const health = await app.inject({ method: 'GET', url: '/api/health/nothing' });
    expect(health.statusCode).toBe(404);
    expect(health.json()).toMatchObject({ statusCode: 404 });
    expect((await app.inject({ method: 'POST', url: '/schemas/forms/profile.schema.json' })).statusCode).toBe(404);
  });

  it('serves source maps in development only', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/app-123.js.map' })).statusCode).toBe(200);
    const config = loadConfig({ PORTAL_DIR: portalDir, LOG_LEVEL: 'silent', NODE_ENV: 'production', ALLOW_DEMO_DEFAULTS: 'all' });
    const production = await buildApp({ config, database, jwks: createLocalJWKSet({ keys: [] }), serveStatic: true, logger: false });
    try {
      expect((await production.inject({ method: 'GET', url: '/assets/app-123.js.map' })).statusCode).toBe(404);
      expect((await production.inject({ method: 'GET', url: '/assets/app-123.js.map?x' })).statusCode).toBe(404);
      // Other spellings never reach the map either (at most the portal's page).
      for (const url of ['/assets/app-123.js%2Emap', '/assets/app-123.js%2emap', '/assets/app-123.js.MAP', '/assets/./app-123.js.map']) {
        expect((await production.inject({ method: 'GET', url })).body, url).not.toContain('"version":3');
      }
      expect((await production.inject({ method: 'GET', url: '/assets/app-123.js' })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
