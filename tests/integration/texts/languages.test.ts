import { account, learner, startTestServer, useTestServer, type Store, type TestServer } from '../server/harness';
import { call, owner, roleHeaders, translator } from '../rules/support';
import { pickLanguage, translator as signInTexts } from '../../../src/server/idp/i18n';
import { TRANSLATOR2_ID } from '../../../src/server/seed/demo-data';
import { fillXliff } from './fill-xliff';
import enMail from '../../../locales/en/mail.json';

const leafCount = (node: unknown): number =>
  typeof node === 'object' && node !== null ? Object.values(node).reduce((n: number, v) => n + leafCount(v), 0) : 1;

// The texts service's languages against the real app and database, on both stores: adding a
// language by its tag (canonicalised, refused unless Intl knows it), its completeness per area and
// the keys falling back, its own plural forms, publishing (refused incomplete without a fallback),
// what learners then get (the portal configuration, the public texts, the sign-in pages, the
// e-mails, a learner's chosen language), taking it down, and the audit.

const stores: Store[] = ['pglite', 'postgres'];
const PASSWORD = 'E2eLearner2026';

describe.each(stores)('languages on %s', (store) => {
  const s = useTestServer(store);
  const asTranslator = () => roleHeaders(s(), translator.accountId, ['localisation']);
  const languages = async () => (await call(s(), 'GET', '/api/admin/texts/languages', await asTranslator())).body.languages as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the answer's shape is the schema's
  const language = async (tag: string) => (await languages()).find((l) => l.tag === tag);
  const config = async () => (await call(s(), 'GET', '/portal-config.json', {})).body;
  const publishTexts = async (changes: Array<{ key: string; lang: string; text: string }>) => {
    const draft = await call(s(), 'POST', '/api/admin/texts/drafts', await asTranslator(), { reason: 'French', changes });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const version = await call(s(), 'POST', `/api/admin/texts/drafts/${draft.body.id}/publish`, await asTranslator(), {});
    expect(version.status, JSON.stringify(version.body)).toBe(200);
    return version.body;
  };
  const mailTo = async (who: { accountId: string }, to: string) => {
    const sent = await call(s(), 'POST', `/api/accounts/${who.accountId}/send-email-verification-code`, await s().headers(who.accountId), {
      currentPassword: PASSWORD,
      email: to,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [mail] = (await s().app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(to)}` })).json();
    return mail as { subject: string; text: string; html: string | null };
  };

  it('lists English and Japanese as built-in live languages, to the localisation role only', async () => {
    const url = '/api/admin/texts/languages';
    expect((await call(s(), 'GET', url, { [s().config.functionKeyHeader]: s().config.functionKey })).status).toBe(401);
    expect((await call(s(), 'GET', url, await s().headers(learner.accountId))).status).toBe(403);
    expect((await call(s(), 'GET', url, await roleHeaders(s(), owner.accountId))).status).toBe(403);
    const list = await languages();
    expect(list.map((l) => [l.tag, l.state, l.fallback, l.builtIn, l.direction])).toEqual([
      ['en', 'live', null, true, 'ltr'],
      ['ja', 'live', 'en', true, 'ltr'],
    ]);
    expect(list[1]).toMatchObject({ name: '日本語', fallingBack: 0 });
    expect(list[1]!.completeness.map((a: { area: string }) => a.area)).toEqual(['portal', 'validation', 'signin', 'mail']);
    expect((await config()).languages).toEqual([
      { tag: 'en', dir: 'ltr', fallback: null },
      { tag: 'ja', dir: 'ltr', fallback: 'en' },
    ]);
  });

  it('adds a language by its canonical tag, and refuses a malformed tag, one Intl does not know, a pseudo-locale and one it has', async () => {
    const add = async (tag: string) => call(s(), 'POST', '/api/admin/texts/languages', await asTranslator(), { tag });
    const refused = async (tag: string) => {
      const res = await add(tag);
      expect(res.status, tag).toBe(400);
      return res.body.errors[0].key as string;
    };
    expect(await refused('en_US')).toBe('Texts.Refusal.LanguageTag');
    expect(await refused('fr-u-ca-buddhist')).toBe('Texts.Refusal.LanguageTag');
    expect(await refused('ar-XB')).toBe('Texts.Refusal.LanguageTag');
    expect(await refused('qqq')).toBe('Texts.Refusal.LanguageUnsupported');
    expect(await refused('ja')).toBe('Texts.Refusal.LanguageExists');
    const pt = await add('PT-br');
    expect(pt.status, JSON.stringify(pt.body)).toBe(201);
    expect(pt.body).toMatchObject({ tag: 'pt-BR', state: 'draft', fallback: null, direction: 'ltr', builtIn: false, createdBy: { id: translator.accountId } });
    expect((await add('ar')).body).toMatchObject({ tag: 'ar', direction: 'rtl', name: 'العربية' });
    expect((await add('he')).body).toMatchObject({ direction: 'rtl' });
    const fr = await add('fr');
    expect(fr.body).toMatchObject({ tag: 'fr', state: 'draft', name: 'français' });
    // Hidden from learners while a draft.
    expect((await config()).languages.map((l: { tag: string }) => l.tag)).toEqual(['en', 'ja']);
    const audit = (await call(s(), 'GET', '/api/admin/texts/audit', await asTranslator())).body.entries;
    expect(audit.filter((e: { action: string }) => e.action === 'language-add').map((e: { detail: { tag: string } }) => e.detail.tag)).toEqual([
      'fr',
      'he',
      'ar',
      'pt-BR',
    ]);
  });

  it('takes texts of a draft language with its own plural forms and every check of today’s texts, and counts its completeness', async () => {
    const before = await language('fr');
    expect(before!.fallingBack).toBeGreaterThan(700);
    expect(before!.completeness.every((a: { translated: number }) => a.translated === 0)).toBe(true);
    // French has one/many/other (Intl.PluralRules); `few` is Arabic's, not French.
    const draft = await call(s(), 'POST', '/api/admin/texts/drafts', await asTranslator(), {
      reason: 'plural forms',
      changes: [
        { key: 'texts:Texts.Console.Keys.Heading_many', lang: 'fr', text: '{{count}} clés' },
        { key: 'texts:Texts.Console.Keys.Heading_few', lang: 'fr', text: '{{count}} clés' },
        { key: 'texts:Texts.Console.Keys.Heading_few', lang: 'ar', text: '{{count}} مفاتيح' },
        { key: 'mail:Verification.Subject', lang: 'fr', text: '<b>Votre code</b>' },
        { key: 'mail:Verification.Text', lang: 'fr', text: 'Votre code est {{code}}.' },
        { key: 'signin:page.heading', lang: 'de', text: 'Anmelden' },
      ],
    });
    expect(draft.status).toBe(400);
    expect(draft.body.errors.map((e: { change: number; keyword: string }) => [e.change, e.keyword])).toEqual([
      [1, 'plural-form'],
      [3, 'markup'],
      [4, 'placeholders'],
      [5, 'unknown-lang'],
    ]);
    await publishTexts([
      { key: 'mail:Verification.Subject', lang: 'fr', text: 'Votre code de vérification' },
      { key: 'mail:Verification.Text', lang: 'fr', text: 'Votre code de vérification est {{code}}. Il expire dans {{minutes}} minutes.' },
      { key: 'signin:page.heading', lang: 'fr', text: 'Connexion' },
      { key: 'validation:Validation.InvalidCity', lang: 'fr', text: 'Ville non valide' },
    ]);
    const after = await language('fr');
    const area = (name: string) => after!.completeness.find((a: { area: string }) => a.area === name);
    // Every key of the English mail file counts; two of them now have French.
    expect(area('mail')).toEqual({ area: 'mail', keys: leafCount(enMail), translated: 2 });
    expect(area('signin').translated).toBe(1);
    expect(area('validation').translated).toBe(1);
    expect(after!.fallingBack).toBe(before!.fallingBack - 4);
    // The public texts of a draft language are no one's: 404, even with the hash in force.
    const hash = (await config()).textsHash as string;
    expect((await call(s(), 'GET', `/texts/${hash}/fr/mail.json`, {})).status).toBe(404);
    expect((await call(s(), 'GET', `/texts/${hash}/ja/mail.json`, {})).status).toBe(200);
    // The localisation role previews it through its own call; a learner is refused.
    const preview = await call(s(), 'GET', '/api/admin/texts/preview/fr/mail', await asTranslator());
    expect(preview.status).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.body.Verification.Subject).toBe('Votre code de vérification');
    expect((await call(s(), 'GET', '/api/admin/texts/preview/fr/mail', await s().headers(learner.accountId))).status).toBe(403);
    expect((await call(s(), 'GET', '/api/admin/texts/preview/xx/mail', await asTranslator())).status).toBe(404);
    // The listing shows the language's texts and exports its keys with its plural forms.
    const row = (await call(s(), 'GET', '/api/admin/texts/keys?q=Verification.Subject', await asTranslator())).body.keys[0];
    expect(row.texts).toMatchObject({ en: 'Your verification code', ja: expect.any(String), fr: 'Votre code de vérification', ar: null });
    expect(row.missing).toEqual(['pt-BR', 'ar', 'he']);
    const exported = await s().app.inject({
      method: 'GET',
      url: '/api/admin/texts/export?lang=fr&only=todo&format=json',
      headers: await asTranslator(),
    });
    const file = JSON.parse(exported.body);
    expect(file.texts.Texts.Console.Keys).toMatchObject({ Heading_one: '', Heading_many: '', Heading_other: '' });
    // What is translated is not to do; the mail keys still in English are.
    expect(file.mail.Verification).toBeUndefined();
    expect(Object.keys(file.mail.Watch).sort()).toEqual(Object.keys(enMail.Watch).sort());
  });

  it('imports an XLIFF file of a new language, offers translation memory and warns of a glossary term left out', async () => {
    const exported = await s().app.inject({ method: 'GET', url: '/api/admin/texts/export?lang=he&only=all&format=xliff', headers: await asTranslator() });
    expect(exported.statusCode).toBe(200);
    // Most units translated (their English, marked), Hebrew's own plural forms among them.
    const content = await fillXliff(exported.body, (source, id, index) => (index % 10 === 9 ? '' : source.replace(/^/, 'ע ')));
    expect(content).toContain('_two');
    const imported = await call(s(), 'POST', '/api/admin/texts/import', await asTranslator(), { lang: 'he', format: 'xliff', content, reason: 'Hebrew' });
    expect(imported.status, JSON.stringify(imported.body).slice(0, 500)).toBe(201);
    const before = await language('he');
    const published = await call(s(), 'POST', `/api/admin/texts/drafts/${imported.body.id}/publish`, await asTranslator(), {});
    expect(published.status).toBe(200);
    const after = await language('he');
    expect(after!.fallingBack).toBeLessThan(before!.fallingBack / 5);
    expect(after!.fallingBack).toBeGreaterThan(0);
    // Translation memory: another key with the same English, translated in Hebrew.
    const memory = await call(s(), 'GET', '/api/admin/texts/memory?key=admin:Rules.Save&lang=fr', await asTranslator());
    expect(memory.status).toBe(200);
    const sameEnglish = await call(
      s(),
      'GET',
      `/api/admin/texts/memory?key=${encodeURIComponent('validation:Validation.InvalidCity_maxLength')}&lang=he`,
      await asTranslator(),
    );
    expect(sameEnglish.body.suggestions.length).toBeGreaterThan(0);
    expect(sameEnglish.body.suggestions[0].score).toBeGreaterThanOrEqual(0.7);
    // The glossary: set, listed, and warned of by the check (a warning: the text may be saved).
    const set = await call(s(), 'PUT', '/api/admin/texts/glossary', await asTranslator(), { term: 'Access key', lang: 'fr', translation: 'clé d’accès' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.terms).toContainEqual({ term: 'access key', translations: { ja: 'アクセスキー', fr: 'clé d’accès' } });
    expect((await call(s(), 'PUT', '/api/admin/texts/glossary', await asTranslator(), { term: 'x', lang: 'en', translation: 'y' })).status).toBe(400);
    const key = 'redemption:Redeem.Open';
    const english = (await call(s(), 'GET', `/api/admin/texts/keys?q=${encodeURIComponent('Redeem.Open')}`, await asTranslator())).body.keys.find(
      (r: { key: string }) => r.key === key,
    );
    expect(english?.en.toLowerCase()).toContain('access key');
    const check = await call(s(), 'POST', '/api/admin/texts/check', await asTranslator(), { changes: [{ key, lang: 'fr', text: 'Votre code' }] });
    expect(check.body.refusals).toEqual([]);
    expect(check.body.warnings).toEqual([
      {
        path: '/changes/0/text',
        change: 0,
        keyword: 'glossary',
        key: 'Texts.Warning.Glossary',
        params: { textKey: key, lang: 'fr', term: 'access key', translation: 'clé d’accès' },
      },
    ]);
  });

  it('publishes a language only with a fallback while incomplete; learners then get it everywhere, and taking it down sends them to the fallback', async () => {
    const refused = await call(s(), 'POST', '/api/admin/texts/languages/fr/publish', await asTranslator(), {});
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ key: 'Texts.Refusal.LanguageIncomplete', params: { missing: expect.any(Number) } });
    const loop = await call(s(), 'PUT', '/api/admin/texts/languages/fr/fallback', await asTranslator(), { fallback: 'fr' });
    expect(loop.body.errors[0].key).toBe('Texts.Refusal.FallbackUnknown');
    expect((await call(s(), 'PUT', '/api/admin/texts/languages/pt-BR/fallback', await asTranslator(), { fallback: 'fr' })).status).toBe(200);
    expect((await call(s(), 'PUT', '/api/admin/texts/languages/fr/fallback', await asTranslator(), { fallback: 'pt-BR' })).body.errors[0].key).toBe(
      'Texts.Refusal.FallbackLoop',
    );
    const fallback = await call(s(), 'PUT', '/api/admin/texts/languages/fr/fallback', await asTranslator(), { fallback: 'en' });
    expect(fallback.body).toMatchObject({ fallback: 'en', revision: 2 });
    // A learner cannot choose it yet.
    const who = account(21);
    const choose = async (language: string | null) =>
      call(s(), 'PUT', `/api/accounts/${who.accountId}/language`, await s().headers(who.accountId), { language });
    expect((await choose('fr')).status).toBe(400);
    const live = await call(s(), 'POST', '/api/admin/texts/languages/fr/publish', await asTranslator(), {});
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect(live.body).toMatchObject({ state: 'live', fallback: 'en' });

    expect((await config()).languages).toContainEqual({ tag: 'fr', dir: 'ltr', fallback: 'en' });
    // English and Japanese learners keep the texts the portal was built with.
    expect((await config()).textsChanged).toEqual(['fr', 'he']);
    const hash = (await config()).textsHash as string;
    const file = await call(s(), 'GET', `/texts/${hash}/fr/mail.json`, {});
    expect(file.status).toBe(200);
    expect(file.body.Verification.Subject).toBe('Votre code de vérification');
    // The sign-in pages: French where translated, English where it falls back.
    expect(pickLanguage('fr-CA', 'de')).toBe('fr');
    expect(signInTexts('fr')('page.heading')).toBe('Connexion');
    expect(signInTexts('fr')('page.intro')).toBe(signInTexts('en')('page.intro'));
    // The learner chooses it; the e-mails speak it.
    expect((await choose('fr')).status).toBe(204);
    const french = await mailTo(who, 'langues.fr@example.com');
    expect(french.subject).toBe('Votre code de vérification');
    expect(french.text).toMatch(/^Votre code de vérification est \d{6}\. Il expire dans 10 minutes\.$/);
    expect(french.html).toContain('<html lang="fr" dir="ltr">');

    // A language that is not live whose fallback is: the portal is told where its learners go (its
    // fallback, as the sign-in pages), so a tab that kept it shows that language from its first page.
    expect((await call(s(), 'PUT', '/api/admin/texts/languages/pt-BR/fallback', await asTranslator(), { fallback: 'fr' })).status).toBe(200);
    expect((await config()).languagesNotLive).toContainEqual({ tag: 'pt-BR', shownIn: 'fr' });
    expect(pickLanguage('pt-BR')).toBe('fr');
    // A language another live one falls back to stays; a built-in one too.
    await call(s(), 'PUT', '/api/admin/texts/languages/pt-BR/fallback', await asTranslator(), { fallback: 'en' });
    expect((await config()).languagesNotLive).toEqual([]);
    expect((await call(s(), 'POST', '/api/admin/texts/languages/ja/take-down', await asTranslator(), { reason: 'x' })).body.errors[0].key).toBe(
      'Texts.Refusal.LanguageBuiltIn',
    );
    const down = await call(s(), 'POST', '/api/admin/texts/languages/fr/take-down', await asTranslator(), { reason: 'not ready after all' });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body).toMatchObject({ state: 'draft' });
    expect((await config()).languages.map((l: { tag: string }) => l.tag)).toEqual(['en', 'ja']);
    expect((await call(s(), 'GET', `/texts/${hash}/fr/mail.json`, {})).status).toBe(404);
    // The learner keeps their choice and gets the fallback, with no error.
    const account21 = await s().database.db.selectFrom('accounts').select('locale').where('id', '=', who.accountId).executeTakeFirstOrThrow();
    expect(account21.locale).toBe('fr');
    const english = await mailTo(who, 'langues.en@example.com');
    expect(english.subject).toBe('Your verification code');
    expect(pickLanguage('fr')).toBe('en');
    const audit = (await call(s(), 'GET', '/api/admin/texts/audit?limit=20', await asTranslator())).body.entries;
    expect(audit.slice(0, 2).map((e: { action: string }) => e.action)).toEqual(['language-take-down', 'language-fallback']);
    expect(audit.find((e: { action: string }) => e.action === 'language-publish').detail).toMatchObject({ tag: 'fr', fallback: 'en' });
  });
});

describe('publishing a language with approval on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { TEXTS_APPROVAL: 'on' });
  });
  afterAll(async () => server.close());

  it('needs another localisation account’s approval of the language’s current revision', async () => {
    const first = await roleHeaders(server, translator.accountId, ['localisation']);
    const second = await roleHeaders(server, TRANSLATOR2_ID, ['localisation']);
    await call(server, 'POST', '/api/admin/texts/languages', first, { tag: 'de' });
    await call(server, 'PUT', '/api/admin/texts/languages/de/fallback', first, { fallback: 'en' });
    expect((await call(server, 'POST', '/api/admin/texts/languages/de/publish', first, {})).status).toBe(409);
    expect((await call(server, 'POST', '/api/admin/texts/languages/de/approve', first, {})).status).toBe(403);
    expect((await call(server, 'POST', '/api/admin/texts/languages/de/approve', second, {})).body.approval).toMatchObject({ current: true });
    // A change after the approval is a new revision: approved again before it is published.
    await call(server, 'PUT', '/api/admin/texts/languages/de/fallback', first, { fallback: 'ja' });
    expect((await call(server, 'POST', '/api/admin/texts/languages/de/publish', second, {})).status).toBe(409);
    await call(server, 'POST', '/api/admin/texts/languages/de/approve', second, {});
    const live = await call(server, 'POST', '/api/admin/texts/languages/de/publish', first, {});
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect(live.body).toMatchObject({ state: 'live', fallback: 'ja' });
  });
});
