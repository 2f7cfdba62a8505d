import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { startTestServer, type TestServer } from './harness';

const require = createRequire(import.meta.url);
const runtime = { 'ajv/dist/runtime/equal': require('ajv/dist/runtime/equal'), 'ajv/dist/runtime/ucs2length': require('ajv/dist/runtime/ucs2length') };

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer('pglite');
  dir = await mkdtemp(join(tmpdir(), 'gallery-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** Loads the served module as the gallery page does: an ES module with no imports of its own. */
async function load(form: string) {
  const res = await server.app.inject({ method: 'GET', url: `/gallery/forms/${form}.js` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/javascript');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body).not.toMatch(/\bimport\b|\brequire\(/);
  const file = join(dir, `${form}-${Date.now()}.mjs`);
  await writeFile(file, res.body);
  const module = (await import(pathToFileURL(file).href)) as { schema: RJSFSchema; default: (r: typeof runtime) => Record<string, (data: unknown) => boolean> };
  return { schema: module.schema, validators: module.default(runtime) };
}

describe('the gallery validators, compiled on the server', () => {
  it('serves a form as a standalone module whose validators apply the schema files', async () => {
    const { schema, validators } = await load('profile');
    const validate = validators[hashForSchema(schema)]!;
    const valid = {
      email: 'a@example.com',
      givenName: { firstName: 'Ann', lastName: 'Lee' },
      primaryAddress: { address1: '1 Main St', city: 'Chicago', state: 'IL', country: 'USA', postalCode: '60601' },
      primaryPhoneNumber: { countryCode: '1', phone: '3125550100', phonetype: 'Home' },
    };
    expect(validate(valid), JSON.stringify((validate as unknown as { errors: unknown }).errors)).toBe(true);
    expect(validate({ ...valid, primaryAddress: { ...valid.primaryAddress, city: 'x'.repeat(33) } })).toBe(false);
  });

  it.each(['nothing.js', '..%2Fforms%2Fprofile.js', 'profile', 'profile.json', 'profile.js.map', '%2e%2e%2fpackage.json'])(
    'answers 404 for %s',
    async (file) => {
      const res = await server.app.inject({ method: 'GET', url: `/gallery/forms/${file}` });
      expect(res.statusCode).toBe(404);
    },
  );

  it('is not served in production', async () => {
    const production = await startTestServer('pglite', { NODE_ENV: 'production', ALLOW_DEMO_DEFAULTS: 'all' });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/gallery/forms/profile.js' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
