import { fetch } from 'undici';
import { migrations } from '../../src/server/db/migrations';
import { demoAccounts, demoKeys, demoProducts } from '../../src/server/seed/demo-data';
import { useClusterFixture } from './cluster-fixture';

// Three instances started at the same moment on an empty PostgreSQL: the migrations run once (Kysely's
// migration lock), the demo data is seeded once (an advisory lock), and the identity provider's keys
// are made once, by whichever instance comes first, and used by all.

const output: { id: string; line: string }[] = [];
const fixture = useClusterFixture(3, { LOG_LEVEL: 'info' }, (id, line) => output.push({ id, line }));

const count = async (table: string) => Number((await fixture().sql.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n);
const logged = (msg: string) =>
  output.filter(({ line }) => {
    try {
      return (JSON.parse(line) as { msg?: string }).msg === msg;
    } catch {
      return false;
    }
  });

it('runs the migrations and the demo seeding once, however many instances start together', async () => {
  const applied = await fixture().sql.query<{ name: string }>('select name from kysely_migration order by name');
  expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());

  const seeded = logged('demo data seeded');
  console.info(
    `start-up of 3 instances together: "demo data seeded" logged by ${seeded.map((s) => s.id).join(', ') || 'none'}; ready logged by ${logged('ready').length}`,
  );
  expect(seeded).toHaveLength(1);
  expect(logged('ready')).toHaveLength(3);
  expect(await count('accounts')).toBe(demoAccounts.length);
  expect(await count('products')).toBe(demoProducts.length);
  expect(await count('access_keys')).toBe(demoKeys.length);
});

it('makes the identity provider keys once and every instance publishes the same ones', async () => {
  const { cluster, sql } = fixture();
  const secrets = await sql.query<{ name: string }>('select name from idp_secrets order by name');
  expect(secrets.rows.map((r) => r.name)).toEqual(['key-ring']);
  const published = await Promise.all(
    cluster.instances.map(async (i) => {
      const res = await fetch(`https://localhost:${i.idpPort}/jwks`, { dispatcher: cluster.agent });
      const { keys } = (await res.json()) as { keys: { kid: string }[] };
      return keys.map((k) => k.kid).sort();
    }),
  );
  expect(published[0]!.length).toBeGreaterThan(0);
  expect(published[1]).toEqual(published[0]);
  expect(published[2]).toEqual(published[0]);
});
