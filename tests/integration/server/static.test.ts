import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet } from 'jose';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openDatabase, type Database } from '../../../src/server/db';

describe('static files', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let portalDir: string;
  beforeAll(async () => {
    portalDir = mkdtempSync(join(tmpdir(), 'portal-'));
    mkdirSync(join(portalDir, 'assets'));
    writeFileSync(join(portalDir, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(join(portalDir, 'gallery.html'), '<!doctype html><title>gallery</title>');
    writeFileSync(join(portalDir, 'assets', 'app-123.js'), 'console.log(1)');
    writeFileSync(join(portalDir, 'assets', 'app-123.js.map'), '{"version":3}');
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
