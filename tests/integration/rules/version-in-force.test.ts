import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { account, type Store, useTestServer } from '../server/harness';
import { call, CITY_MAX, cityOf, cityPatch, owner, roleHeaders } from './support';

// A version comes into force only once its validators are built, off the event loop, and every
// answer names the rules it was judged by. Saves stream in while versions are published and rolled
// back: each answer's x-rules-version is the version whose rules decided it (21 characters pass the
// base and are refused at most 20). And a publish, the first saves under it, its browser modules and
// the form gallery's never hold the event loop longer than the services' budget for one request.

const BUDGET_MS = 100;
const WRITERS = [20, 21, 22, 23, 24, 25].map(account);
const stores: Store[] = ['pglite', 'postgres'];

describe.each(stores)('the rules a request is judged by, on %s', (store) => {
  const s = useTestServer(store);
  const asOwner = () => roleHeaders(s(), owner.accountId);
  const save = async (writer: (typeof WRITERS)[number], city: string) =>
    call(s(), 'PATCH', `/api/profiles/${writer.profileId}`, await s().headers(writer.accountId), cityPatch(city));
  const publish = async (value: number) => {
    const draft = await call(s(), 'POST', '/api/admin/rules/drafts', await asOwner(), { reason: `city at most ${value}`, changes: [{ ...CITY_MAX, value }] });
    expect(draft.status).toBe(201);
    const published = await call(s(), 'POST', `/api/admin/rules/drafts/${draft.body.id}/publish`, await asOwner(), {});
    expect(published.status).toBe(200);
    return published.body as { number: number; hash: string };
  };
  const republish = async (number: number) => {
    const res = await call(s(), 'POST', `/api/admin/rules/versions/${number}/republish`, await asOwner(), { reason: 'switch' });
    expect(res.status).toBe(200);
    return res.body as { number: number; hash: string };
  };

  it('names in every answer the version whose rules judged it, while versions change under a stream of saves', async () => {
    const baseHash = (await call(s(), 'GET', '/api/health', {})).headers['x-rules-version'] as string;
    for (const writer of WRITERS) expect((await save(writer, 'Chicago')).status).toBe(200);

    const answers: Array<{ status: number; hash: string; key?: string }> = [];
    let streaming = true;
    const stream = Promise.all(
      WRITERS.map(async (writer) => {
        while (streaming) {
          const res = await save(writer, cityOf(21));
          answers.push({ status: res.status, hash: res.headers['x-rules-version'] as string, key: res.body?.errors?.[0]?.key });
        }
      }),
    );
    let strict: { number: number; hash: string } | undefined;
    try {
      // Four switches each way: the strict rules, the base again, the strict rules again...
      strict = await publish(20);
      for (let i = 0; i < 4; i++) {
        await sleep(150);
        await republish(0);
        await sleep(150);
        await republish(strict.number);
      }
      await sleep(150);
    } finally {
      streaming = false;
      await stream;
    }
    const judgedBy = (hash: string) => answers.filter((a) => a.hash === hash);
    // Both rules judged saves in the stream.
    expect(judgedBy(baseHash).length).toBeGreaterThan(0);
    expect(judgedBy(strict.hash).length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.hash !== baseHash && a.hash !== strict.hash)).toEqual([]);
    // Under the base, 21 characters pass; under the strict rules they are refused, at the city.
    expect(judgedBy(baseHash).filter((a) => a.status !== 200)).toEqual([]);
    expect(judgedBy(strict.hash).filter((a) => a.status !== 400 || a.key !== 'Validation.InvalidCity')).toEqual([]);
    console.log(
      `${store}: ${answers.length} saves over 9 switches, ${judgedBy(baseHash).length} judged by the base, ${judgedBy(strict.hash).length} by the strict rules`,
    );
    await republish(0);
  }, 120_000);

  it('builds a published version off the event loop: the publish, the first saves under it and its modules hold the loop under 100 ms', async () => {
    // New rules each time (nothing of them built yet); the best of three, since a busy machine can
    // hold any loop for a moment, while a compilation on it would hold it every time.
    const held: number[] = [];
    for (const value of [19, 18, 17]) {
      const histogram = monitorEventLoopDelay({ resolution: 5 });
      histogram.enable();
      await sleep(10);
      histogram.reset();
      const version = await publish(value);
      const [first, ...rest] = await Promise.all(WRITERS.map((writer) => save(writer, cityOf(value + 1))));
      expect(first!.headers['x-rules-version']).toBe(version.hash);
      for (const res of [first!, ...rest])
        expect(res.body.errors).toEqual([{ path: '/primaryAddress/city', key: 'Validation.InvalidCity', params: { rule: 'maxLength', limit: value } }]);
      const modules = await Promise.all(
        ['profile', 'profile', 'exam', 'address'].map((form) => s().app.inject({ method: 'GET', url: `/rules/${version.hash}/forms/${form}.js` })),
      );
      for (const module of modules) expect(module.statusCode).toBe(200);
      expect(modules[0]!.body).toContain(`"maxLength":${value}`);
      const gallery = await s().app.inject({ method: 'GET', url: `/gallery/forms/demographics.js?load=${value}` });
      expect(gallery.statusCode).toBe(200);
      // The delay of a block is recorded when the monitor's timer runs after it: let it run.
      await sleep(10);
      histogram.disable();
      held.push(Math.round((histogram.max / 1e6) * 10) / 10);
    }
    console.log(`${store}: the event loop held at most ${held.join(', ')} ms across a publish and its first saves and modules`);
    expect(Math.min(...held)).toBeLessThan(BUDGET_MS);
    await republish(0);
  }, 120_000);
});
