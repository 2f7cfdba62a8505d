import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { learner, useTestServer } from './harness';
import { owner, roleHeaders, translator } from '../rules/support';

// Compressed answers (src/server/http/compression.ts): the admin consoles' large JSON only, by what
// the browser accepts; a learner's answers never; a compressed request body is not unpacked.

describe('compressed answers', () => {
  const s = useTestServer('pglite');
  const get = async (url: string, headers: Record<string, string>) => s().app.inject({ method: 'GET', url, headers });

  it("sends every form's rules and every text key compressed, as the browser accepts, the same JSON inside", async () => {
    const asOwner = await roleHeaders(s(), owner.accountId);
    const plain = await get('/api/admin/rules/forms', asOwner);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get('/api/admin/rules/forms', { ...asOwner, 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const unpacked = brotliDecompressSync(br.rawPayload);
    expect(JSON.parse(unpacked.toString('utf8'))).toEqual(plain.json());
    // Several times smaller: the figure a phone's network feels.
    expect(br.rawPayload.length * 5).toBeLessThan(plain.rawPayload.length);

    const asTranslator = await roleHeaders(s(), translator.accountId, ['localisation']);
    const keys = await get('/api/admin/texts/keys', { ...asTranslator, 'accept-encoding': 'gzip' });
    expect(keys.statusCode).toBe(200);
    expect(keys.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(keys.rawPayload).toString('utf8'))).toHaveProperty('keys');
  });

  it("never compresses a learner's answers, nor a refusal", async () => {
    const own = await get(`/api/profiles/account/${learner.accountId}`, { ...(await s().headers(learner.accountId)), 'accept-encoding': 'br, gzip' });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-encoding']).toBeUndefined();
    const refused = await get('/api/admin/rules/forms', { ...(await s().headers(learner.accountId)), 'accept-encoding': 'br, gzip' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('does not unpack a compressed request body', async () => {
    const res = await s().app.inject({
      method: 'POST',
      url: '/api/admin/rules/check',
      headers: { ...(await roleHeaders(s(), owner.accountId)), 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ changes: [] })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
