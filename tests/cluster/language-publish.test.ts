import { setTimeout as sleep } from 'node:timers/promises';
import { fetch } from 'undici';
import { TRANSLATOR_PASSWORD } from '../../src/server/seed/demo-data';
import { useClusterFixture } from './cluster-fixture';
import { LearnerClient } from './learner-client';

// A language published through one instance is offered by the other within 2 s (the portal
// configuration's languages, its public texts, the sign-in page's language menu), and taken down
// through the other as quickly: a language change sends NOTIFY texts_published, with the 1 s poll
// behind it. The cluster runs in production mode, so a second localisation account approves first
// (TEXTS_APPROVAL on). Learners keep both instances busy reading the portal configuration.

const FOLLOW_MS = 2_000;
const fixture = useClusterFixture(2);

it('publishes a language through one instance; the other offers it within 2 s, and takes it down as quickly', async () => {
  const { cluster } = fixture();
  const [one, two] = cluster.instances.map((i) => `http://127.0.0.1:${i.port}`) as [string, string];
  const author = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await author.signIn('translator@example.com', TRANSLATOR_PASSWORD);
  const approver = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await approver.signIn('translator2@example.com', TRANSLATOR_PASSWORD);

  let loading = true;
  const statuses: number[] = [];
  const load = (async () => {
    while (loading) statuses.push((await fetch(`${cluster.portalOrigin}/portal-config.json`, { dispatcher: cluster.agent })).status);
  })();
  const offered = async (origin: string) =>
    ((await (await fetch(`${origin}/portal-config.json`)).json()) as { languages: Array<{ tag: string }> }).languages.map((l) => l.tag);
  const followed = async (origin: string, live: boolean) => {
    const from = Date.now();
    while (Date.now() - from < FOLLOW_MS + 1_000) {
      if ((await offered(origin)).includes('fr') === live) return Date.now() - from;
      await sleep(25);
    }
    return -1;
  };
  const call = (client: LearnerClient, method: 'POST' | 'PUT', path: string, body: unknown, origin: string) =>
    client.api(method, path, body, {}, undefined, origin);

  try {
    expect(await offered(two)).toEqual(['en', 'ja']);
    expect((await call(author, 'POST', '/api/admin/texts/languages', { tag: 'fr' }, one)).status).toBe(201);
    const draft = await call(
      author,
      'POST',
      '/api/admin/texts/drafts',
      { reason: 'French', changes: [{ key: 'signin:page.heading', lang: 'fr', text: 'Connexion' }] },
      one,
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const { id } = draft.body as { id: string };
    expect((await call(approver, 'POST', `/api/admin/texts/drafts/${id}/approve`, {}, one)).status).toBe(200);
    const version = await call(author, 'POST', `/api/admin/texts/drafts/${id}/publish`, {}, one);
    expect(version.status).toBe(200);
    const { hash } = version.body as { hash: string };
    expect((await call(author, 'PUT', '/api/admin/texts/languages/fr/fallback', { fallback: 'en' }, one)).status).toBe(200);
    // Not approved yet: refused.
    expect((await call(author, 'POST', '/api/admin/texts/languages/fr/publish', {}, one)).status).toBe(409);
    expect((await call(approver, 'POST', '/api/admin/texts/languages/fr/approve', {}, one)).status).toBe(200);
    expect((await fetch(`${two}/texts/${hash}/fr/signin.json`)).status).toBe(404);
    const published = await call(author, 'POST', '/api/admin/texts/languages/fr/publish', {}, one);
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const after = await followed(two, true);
    console.log(`instance 2 offered fr ${after} ms after it was published through instance 1`);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(after).toBeLessThan(FOLLOW_MS);
    const file = await fetch(`${two}/texts/${hash}/fr/signin.json`);
    expect(file.status).toBe(200);
    expect(JSON.stringify(await file.json())).toContain('Connexion');

    // Taken down through instance 2: instance 1 stops offering it as quickly.
    expect((await call(author, 'POST', '/api/admin/texts/languages/fr/take-down', { reason: 'not ready' }, two)).status).toBe(200);
    const back = await followed(one, false);
    console.log(`instance 1 stopped offering fr ${back} ms after it was taken down through instance 2`);
    expect(back).toBeGreaterThanOrEqual(0);
    expect(back).toBeLessThan(FOLLOW_MS);
    expect((await fetch(`${one}/texts/${hash}/fr/signin.json`)).status).toBe(404);
  } finally {
    loading = false;
    await load;
  }
  expect(statuses.length).toBeGreaterThan(20);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
});
