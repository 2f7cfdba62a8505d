import { account, learner, startTestServer, useTestServer, type Store, type TestServer } from '../server/harness';
import { call, owner, owner2, roleHeaders, translator } from '../rules/support';
import { translator as signInTexts } from '../../../src/server/idp/i18n';

// The texts console's calls against the real app and database, on both stores: roles, the listing,
// the checks and their refusals, publish, live delivery (the browser's files by hash, the portal
// configuration, the header, the sign-in pages and e-mails), roll back, approval, export and import.
// One server per store; each test leaves the files' texts published again.

const stores: Store[] = ['pglite', 'postgres'];
const CITY = 'validation:Validation.InvalidCity_maxLength';
const CITY_JA = '市区町村が無効です：{{limit}} 文字以内で入力してください（編集済み）';

describe.each(stores)('the texts console on %s', (store) => {
  const s = useTestServer(store);
  afterEach(async () => {
    let server: TestServer;
    try {
      server = s();
    } catch {
      return; // PostgreSQL did not answer: the tests were skipped.
    }
    await call(server, 'POST', '/api/admin/texts/versions/0/republish', await asTranslator(), { reason: 'back to the files' });
    for (const draft of (await call(server, 'GET', '/api/admin/texts/drafts', await asTranslator())).body.drafts ?? []) {
      await call(server, 'DELETE', `/api/admin/texts/drafts/${draft.id}`, await roleHeaders(server, draft.author.id, ['localisation']));
    }
  });
  const asTranslator = () => roleHeaders(s(), translator.accountId, ['localisation']);
  const keys = async (query = '') => (await call(s(), 'GET', `/api/admin/texts/keys${query}`, await asTranslator())).body;
  const row = async (key: string) => (await keys(`?q=${encodeURIComponent(key.slice(key.indexOf(':') + 1))}`)).keys.find((r: { key: string }) => r.key === key);
  const publish = async (changes: Array<{ key: string; lang: string; text: string }>, reason = 'a change') => {
    const draft = await call(s(), 'POST', '/api/admin/texts/drafts', await asTranslator(), { reason, changes });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const version = await call(s(), 'POST', `/api/admin/texts/drafts/${draft.body.id}/publish`, await asTranslator(), {});
    expect(version.status, JSON.stringify(version.body)).toBe(200);
    return version.body;
  };
  const cityJa = async () => (await call(s(), 'GET', '/portal-config.json', {})).body.textsHash as string | null;

  it('answers 401 without a token, 403 to a learner and to a product owner, and every key to localisation staff', async () => {
    const url = '/api/admin/texts/keys';
    expect((await call(s(), 'GET', url, { [s().config.functionKeyHeader]: s().config.functionKey })).status).toBe(401);
    expect((await call(s(), 'GET', url, await s().headers(learner.accountId))).status).toBe(403);
    expect((await call(s(), 'GET', url, await roleHeaders(s(), owner.accountId))).status).toBe(403);
    const all = await keys();
    expect(all.published).toMatchObject({ version: 0, base: true });
    expect(all.languages).toEqual(['en', 'ja']);
    expect(all.namespaces).toEqual(expect.arrayContaining(['portal', 'profile', 'validation', 'signin', 'mail']));
    expect(all.keys.length).toBeGreaterThan(900);
    const city = all.keys.find((r: { key: string }) => r.key === CITY);
    expect(city).toMatchObject({ namespace: 'validation', missing: [], stale: false, overridden: [], server: null });
    expect(city.en).toContain('{{limit}}');
    expect(city.usedIn).toContainEqual({ kind: 'field', form: 'profile', field: 'primaryAddress/city', rule: 'maxLength' });
    expect(all.keys.find((r: { key: string }) => r.key === 'signin:page.languageName')).toMatchObject({ server: 'signin' });
    expect(all.keys.find((r: { key: string }) => r.key === 'mail:Verification.Subject')).toMatchObject({ server: 'mail', en: 'Your verification code' });
    // Search by text, filter by namespace.
    const found = await keys(`?q=${encodeURIComponent('your verification code is')}`);
    expect(found.keys.map((r: { key: string }) => r.key)).toEqual(['mail:Verification.Text']);
    // The verification code's two texts and the watch's four (docs/admin-area.md, "A watch").
    expect((await keys('?namespace=mail')).keys).toHaveLength(6);
  });

  it('refuses broken placeholders, markup, unknown keys and plural forms at the field, warns of length, and saves nothing', async () => {
    const res = await call(s(), 'POST', '/api/admin/texts/drafts', await asTranslator(), {
      reason: 'broken',
      changes: [
        { key: CITY, lang: 'ja', text: '市区町村が無効です：{{max}} 文字以内' },
        { key: 'profile:Profile.Title', lang: 'ja', text: '<b>プロフィール</b>' },
        { key: 'profile:Profile.NoSuchKey', lang: 'ja', text: 'x' },
        { key: 'admin:Rules.FieldCount_few', lang: 'ja', text: '{{count}} 個' },
        { key: 'portal:App.Title', lang: 'ja', text: '<img src=x onerror=alert(1)>' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        path: '/changes/0/text',
        change: 0,
        keyword: 'placeholders',
        key: 'Texts.Refusal.Placeholders',
        params: { textKey: CITY, lang: 'ja', expected: '{{limit}}', found: '{{max}}' },
      },
      {
        path: '/changes/1/text',
        change: 1,
        keyword: 'markup',
        key: 'Texts.Refusal.Markup',
        params: { textKey: 'profile:Profile.Title', lang: 'ja', found: '<b>' },
      },
      { path: '/changes/2/key', change: 2, keyword: 'unknown-key', key: 'Texts.Refusal.UnknownKey', params: { textKey: 'profile:Profile.NoSuchKey' } },
      {
        path: '/changes/3/key',
        change: 3,
        keyword: 'plural-form',
        key: 'Texts.Refusal.PluralForm',
        params: { textKey: 'admin:Rules.FieldCount_few', lang: 'ja' },
      },
      {
        path: '/changes/4/text',
        change: 4,
        keyword: 'markup',
        key: 'Texts.Refusal.Markup',
        params: { textKey: 'portal:App.Title', lang: 'ja', found: '<img src=x onerror=alert(1)>' },
      },
    ]);
    expect((await call(s(), 'GET', '/api/admin/texts/drafts', await asTranslator())).body.drafts).toEqual([]);
    // The same through the check: nothing saved, the hash only for what may be saved.
    const check = await call(s(), 'POST', '/api/admin/texts/check', await asTranslator(), {
      changes: [{ key: CITY, lang: 'ja', text: `${CITY_JA} ${'長'.repeat(60)}` }],
    });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ refusals: [], hash: expect.stringMatching(/^[0-9a-f]{64}$/), basedOn: 0 });
    expect(check.body.warnings).toEqual([expect.objectContaining({ path: '/changes/0/text', keyword: 'length', key: 'Texts.Warning.Longer' })]);
    // A malformed body is the schema's 400.
    expect(
      (await call(s(), 'POST', '/api/admin/texts/drafts', await asTranslator(), { reason: 'x', changes: [{ key: CITY, lang: 'fr', text: 'x' }] })).status,
    ).toBe(400);
  });

  it('refuses markup a tag holding `<` or running past 500 characters hid, on a portal, a sign-in and an e-mail key, at the check and on save', async () => {
    const long = `<img src=x title="${'a'.repeat(600)}" onerror=alert(1)>`;
    const cases = [
      { key: 'fields:Fields.address.city.label', lang: 'ja', text: '市区町村<img src=x onerror=alert(1)//<>', found: '<img src=x onerror=alert(1)//<>' },
      ...['fields:Fields.address.city.label', 'signin:page.heading', 'mail:Verification.Subject'].flatMap((key) => [
        { key, lang: 'ja', text: `x <img src=x onerror="alert(1)" title="<">`, found: '<img src=x onerror="alert(1)" title="<">' },
        { key, lang: 'en', text: `x ${long}`, found: `${long.slice(0, 79)}…` },
      ]),
    ];
    for (const { key, lang, text, found } of cases) {
      const change = { key, lang, text };
      const refusal = { path: '/changes/0/text', change: 0, keyword: 'markup', key: 'Texts.Refusal.Markup', params: { textKey: key, lang, found } };
      const check = await call(s(), 'POST', '/api/admin/texts/check', await asTranslator(), { changes: [change] });
      expect(check.status, text).toBe(200);
      expect(check.body, text).toMatchObject({ refusals: [refusal], hash: null });
      const saved = await call(s(), 'POST', '/api/admin/texts/drafts', await asTranslator(), { reason: 'markup', changes: [change] });
      expect(saved.status, text).toBe(400);
      expect(saved.body.errors, text).toEqual([refusal]);
    }
    expect((await call(s(), 'GET', '/api/admin/texts/drafts', await asTranslator())).body.drafts).toEqual([]);
  });

  it('publishes a text live: the browser files by hash, the configuration, the header, stale and overridden flags; rolls back', async () => {
    const before = await call(s(), 'GET', '/api/health', {});
    const baseHash = before.headers['x-texts-version'];
    expect(await cityJa()).toBeNull();
    const version = await publish([{ key: CITY, lang: 'ja', text: CITY_JA }], 'clearer city message');
    expect(version).toMatchObject({
      number: expect.any(Number),
      published: true,
      reason: 'clearer city message',
      diff: [{ key: CITY, lang: 'ja', text: CITY_JA, previous: expect.any(String) }],
    });
    // Live with no restart: the portal configuration, every answer's header, the browser's file.
    expect(await cityJa()).toBe(version.hash);
    expect((await call(s(), 'GET', '/api/health', {})).headers['x-texts-version']).toBe(version.hash);
    const file = await s().app.inject({ method: 'GET', url: `/texts/${version.hash}/ja/validation.json` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.json().Validation.InvalidCity_maxLength).toBe(CITY_JA);
    expect((await s().app.inject({ method: 'GET', url: `/texts/${baseHash}/ja/validation.json` })).json().Validation.InvalidCity_maxLength).not.toBe(CITY_JA);
    expect((await s().app.inject({ method: 'GET', url: `/texts/${'0'.repeat(64)}/ja/validation.json` })).statusCode).toBe(404);
    expect((await s().app.inject({ method: 'GET', url: `/texts/${version.hash}/ja/nothing.json` })).statusCode).toBe(404);
    expect(await row(CITY)).toMatchObject({ ja: CITY_JA, overridden: ['ja'], stale: false });

    // The English changes: the Japanese made against the English before is stale.
    const english = 'Invalid city: {{limit}} characters at most';
    await publish([{ key: CITY, lang: 'en', text: english }], 'shorter English');
    expect(await row(CITY)).toMatchObject({ en: english, ja: CITY_JA, overridden: ['en', 'ja'], stale: true });
    expect((await keys('?filter=stale')).keys.map((r: { key: string }) => r.key)).toEqual([CITY]);
    expect((await keys('?filter=overridden&lang=en')).keys.map((r: { key: string }) => r.key)).toEqual([CITY]);

    const versions = await call(s(), 'GET', '/api/admin/texts/versions?limit=2', await asTranslator());
    expect(versions.body.versions.map((v: { reason: string }) => v.reason)).toEqual(['shorter English', 'clearer city message']);
    const audit = await call(s(), 'GET', '/api/admin/texts/audit?limit=4', await asTranslator());
    expect(audit.body.entries.map((e: { action: string }) => e.action)).toEqual(['publish', 'draft-create', 'publish', 'draft-create']);

    // Roll back to the version before: its texts again, as the next version.
    const back = await call(s(), 'POST', `/api/admin/texts/versions/${version.number}/republish`, await asTranslator(), { reason: 'undo the English' });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ republishedFrom: version.number, hash: version.hash });
    expect(await cityJa()).toBe(version.hash);
    expect((await call(s(), 'POST', `/api/admin/texts/versions/${back.body.number}/republish`, await asTranslator(), { reason: 'again' })).status).toBe(409);
    // To the files: textsHash is null again.
    expect((await call(s(), 'POST', '/api/admin/texts/versions/0/republish', await asTranslator(), { reason: 'files' })).status).toBe(200);
    expect(await cityJa()).toBeNull();
  });

  it('the sign-in pages and the e-mails speak the published texts', async () => {
    const subject = 'Your code for the portal';
    const signIn = 'サインイン（編集済み）';
    const original = signInTexts('ja')('page.languageName');
    await publish(
      [
        { key: 'mail:Verification.Subject', lang: 'en', text: subject },
        { key: 'signin:page.languageName', lang: 'ja', text: signIn },
      ],
      'mail and sign-in',
    );
    expect(signInTexts('ja')('page.languageName')).toBe(signIn);
    const who = account(21);
    const sent = await s().app.inject({
      method: 'POST',
      url: `/api/accounts/${who.accountId}/send-email-verification-code`,
      headers: await s().headers(who.accountId),
      payload: { currentPassword: 'E2eLearner2026', email: 'texts.mail@example.com' },
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = (await s().app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent('texts.mail@example.com')}` })).json();
    expect(mail.subject).toBe(subject);
    expect(mail.text).toMatch(/Your verification code is \d{6}\. It expires in 10 minutes/);
    await call(s(), 'POST', '/api/admin/texts/versions/0/republish', await asTranslator(), { reason: 'files' });
    expect(signInTexts('ja')('page.languageName')).toBe(original);
  });

  it('exports the missing and stale keys of a language and imports a translated file as a draft, never published', async () => {
    const english = 'Invalid city: {{limit}} characters at most';
    await publish([{ key: CITY, lang: 'en', text: english }], 'shorter English');
    const published = await cityJa();
    const exported = await s().app.inject({ method: 'GET', url: '/api/admin/texts/export?lang=ja&only=todo&format=xliff', headers: await asTranslator() });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('application/xliff+xml');
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename="texts-ja-v\d+-todo\.xlf"/);
    const xliff = exported.body;
    expect(xliff).toContain('urn:oasis:names:tc:xliff:document:2.0');
    expect(xliff).toContain('<unit id="Validation.InvalidCity_maxLength">');
    expect(xliff).toContain(`<source>${english}</source>`);
    expect(xliff.match(/<unit /g)).toHaveLength(1);

    const translated = xliff.replace(/<target>[^<]*<\/target>/, `<target>${CITY_JA}</target>`);
    const imported = await call(s(), 'POST', '/api/admin/texts/import', await asTranslator(), {
      lang: 'ja',
      format: 'xliff',
      content: translated,
      reason: 'from the agency',
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    expect(imported.body).toMatchObject({ origin: 'import', reason: 'Import: from the agency', changes: [{ key: CITY, lang: 'ja', text: CITY_JA }] });
    // A draft, not published.
    expect(await cityJa()).toBe(published);
    expect((await row(CITY)).ja).not.toBe(CITY_JA);

    // Unknown keys and broken placeholders refuse the whole file; nothing is saved.
    const unknown = translated.replace('<unit id="Validation.InvalidCity_maxLength">', '<unit id="Validation.NoSuchMessage">');
    const refused = await call(s(), 'POST', '/api/admin/texts/import', await asTranslator(), { lang: 'ja', format: 'xliff', content: unknown, reason: 'bad' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      {
        path: '/changes/0/key',
        change: 0,
        keyword: 'unknown-key',
        key: 'Texts.Refusal.UnknownKey',
        params: { textKey: 'validation:Validation.NoSuchMessage' },
      },
    ]);
    const json = { validation: { Validation: { InvalidCity_maxLength: '{{max}} 文字' } } };
    const broken = await call(s(), 'POST', '/api/admin/texts/import', await asTranslator(), {
      lang: 'ja',
      format: 'json',
      content: JSON.stringify(json),
      reason: 'bad',
    });
    expect(broken.body.errors).toEqual([expect.objectContaining({ keyword: 'placeholders', key: 'Texts.Refusal.Placeholders' })]);
    const garbage = await call(s(), 'POST', '/api/admin/texts/import', await asTranslator(), { lang: 'ja', format: 'xliff', content: '<xliff', reason: 'bad' });
    expect(garbage.body.errors).toEqual([expect.objectContaining({ path: '/content', keyword: 'import-format', key: 'Texts.Refusal.ImportFormat' })]);
    expect((await call(s(), 'GET', '/api/admin/texts/drafts', await asTranslator())).body.drafts).toHaveLength(1);

    // i18next JSON both ways.
    const all = await s().app.inject({ method: 'GET', url: '/api/admin/texts/export?lang=ja&format=json', headers: await asTranslator() });
    expect(all.json().mail.Verification.Subject).toBe('確認コード');
  });

  it('changes a draft by its author only, and of two publishes at once exactly one wins', async () => {
    const author = await asTranslator();
    const other = await roleHeaders(s(), owner2.accountId, ['localisation']);
    const first = await call(s(), 'POST', '/api/admin/texts/drafts', author, { reason: 'one', changes: [{ key: CITY, lang: 'ja', text: CITY_JA }] });
    const changed = await call(s(), 'PUT', `/api/admin/texts/drafts/${first.body.id}`, author, {
      reason: 'one, again',
      changes: [{ key: CITY, lang: 'ja', text: `${CITY_JA}。` }],
    });
    expect(changed.body).toMatchObject({
      revision: 2,
      reason: 'one, again',
      changes: [{ key: CITY, lang: 'ja', text: `${CITY_JA}。`, source: expect.stringMatching(/^[0-9a-f]{16}$/) }],
    });
    expect((await call(s(), 'PUT', `/api/admin/texts/drafts/${first.body.id}`, other, { reason: 'mine', changes: [] })).status).toBe(403);
    expect((await call(s(), 'DELETE', `/api/admin/texts/drafts/${first.body.id}`, other)).status).toBe(403);
    expect((await call(s(), 'GET', `/api/admin/texts/drafts/${first.body.id}`, other)).body.hash).toBe(changed.body.hash);
    const second = await call(s(), 'POST', '/api/admin/texts/drafts', other, {
      reason: 'two',
      changes: [{ key: 'validation:Validation.InvalidCity', lang: 'ja', text: '無効な市区町村' }],
    });
    const [a, b] = await Promise.all([
      call(s(), 'POST', `/api/admin/texts/drafts/${first.body.id}/publish`, author, {}),
      call(s(), 'POST', `/api/admin/texts/drafts/${second.body.id}/publish`, other, {}),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await call(s(), 'GET', '/api/admin/texts/versions/999', author)).status).toBe(404);
    expect((await call(s(), 'GET', '/api/admin/texts/drafts/00000000-0000-4000-8000-000000000000', author)).status).toBe(404);
  });

  it('with approval on, publishes only a draft another localisation account approved', async () => {
    const strict = await startTestServer(store, { TEXTS_APPROVAL: 'on' });
    try {
      const author = await roleHeaders(strict, translator.accountId, ['localisation']);
      const other = await roleHeaders(strict, owner2.accountId, ['localisation']);
      const draft = await call(strict, 'POST', '/api/admin/texts/drafts', author, {
        reason: 'needs approval',
        changes: [{ key: CITY, lang: 'ja', text: CITY_JA }],
      });
      expect(draft.body.approvalRequired).toBe(true);
      expect((await call(strict, 'POST', `/api/admin/texts/drafts/${draft.body.id}/publish`, author, {})).status).toBe(409);
      expect((await call(strict, 'POST', `/api/admin/texts/drafts/${draft.body.id}/approve`, author, {})).status).toBe(403);
      const approved = await call(strict, 'POST', `/api/admin/texts/drafts/${draft.body.id}/approve`, other, {});
      expect(approved.body.approval).toMatchObject({ by: { id: owner2.accountId }, current: true });
      const published = await call(strict, 'POST', `/api/admin/texts/drafts/${draft.body.id}/publish`, author, {});
      expect(published.status).toBe(200);
      expect(published.body.approvedBy).toMatchObject({ id: owner2.accountId });
    } finally {
      await strict.close();
    }
  });
});
