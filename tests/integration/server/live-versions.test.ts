import { call, CITY_MAX, roleHeaders, translator, owner } from '../rules/support';
import { useTestServer } from './harness';

// GET /api/versions (src/server/http/live-versions.ts): the rules and texts versions in force, public,
// revalidated with its ETag (304 until something is published), against the real app and database.

describe('the versions in force', () => {
  const s = useTestServer('pglite');
  const get = (headers: Record<string, string> = {}) => s().app.inject({ method: 'GET', url: '/api/versions', headers });

  it('answers without a token the hashes every answer carries, with an ETag that revalidates to 304', async () => {
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ rules: first.headers['x-rules-version'], texts: first.headers['x-texts-version'] });
    expect(first.json().rules).toMatch(/^[0-9a-f]{64}$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^"[^"]+"$/);

    const again = await get({ 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get({ 'if-none-match': '"something else"' })).statusCode).toBe(200);
  });

  it('a texts publish and a rules publish each change the answer and its ETag', async () => {
    const before = await get();
    const tag = String(before.headers.etag);
    const asTranslator = await roleHeaders(s(), translator.accountId, ['localisation']);
    const textDraft = await call(s(), 'POST', '/api/admin/texts/drafts', asTranslator, {
      reason: 'versions test',
      changes: [{ key: 'profile:Profile.Title', lang: 'ja', text: 'プロフィール詳細（版）' }],
    });
    expect(textDraft.status, JSON.stringify(textDraft.body)).toBe(201);
    expect((await call(s(), 'POST', `/api/admin/texts/drafts/${textDraft.body.id}/publish`, asTranslator, {})).status).toBe(200);

    const afterTexts = await get({ 'if-none-match': tag });
    expect(afterTexts.statusCode).toBe(200);
    expect(afterTexts.json().texts).not.toBe(before.json().texts);
    expect(afterTexts.json().rules).toBe(before.json().rules);
    expect(afterTexts.headers.etag).not.toBe(tag);

    const asOwner = await roleHeaders(s(), owner.accountId);
    const rulesDraft = await call(s(), 'POST', '/api/admin/rules/drafts', asOwner, { reason: 'versions test', changes: [{ ...CITY_MAX, value: 20 }] });
    expect(rulesDraft.status, JSON.stringify(rulesDraft.body)).toBe(201);
    expect((await call(s(), 'POST', `/api/admin/rules/drafts/${rulesDraft.body.id}/publish`, asOwner, {})).status).toBe(200);
    const afterRules = await get({ 'if-none-match': String(afterTexts.headers.etag) });
    expect(afterRules.statusCode).toBe(200);
    expect(afterRules.json().rules).not.toBe(before.json().rules);
    expect(afterRules.json().rules).toBe(afterRules.headers['x-rules-version']);
  });
});
