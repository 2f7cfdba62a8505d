import { setTimeout as sleep } from 'node:timers/promises';
import { decodeProtectedHeader } from 'jose';
import { fetch } from 'undici';
import { openDatabase, type Database } from '../../src/server/db';
import { rotate } from '../../src/server/idp/key-ring';
import { keyRingStore } from '../../src/server/idp/signing-keys';
import { useClusterFixture } from './cluster-fixture';
import { LEARNER, LearnerClient } from './learner-client';

// The identity provider's keys rotated under two running instances: the new keys are published by
// both before either signs with them, then used; tokens and sessions made before keep working on
// both instances. Nobody is signed out, and no instance restarts.

const REFRESH_MS = 500;
const ACTIVATION_MS = 3_000;

const fixture = useClusterFixture(2, { IDP_KEY_REFRESH_MS: String(REFRESH_MS), IDP_KEY_ACTIVATION_DELAY_MS: String(ACTIVATION_MS) });
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: fixture().cluster.databaseUrl, dataDir: '/tmp/unused' });
});
afterAll(async () => {
  await database?.close();
});

const published = async () =>
  Promise.all(
    fixture().cluster.instances.map(async (i) => {
      const res = await fetch(`https://localhost:${i.idpPort}/jwks`, { dispatcher: fixture().cluster.agent });
      return ((await res.json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid).sort();
    }),
  );
const kidOf = (token: string) => decodeProtectedHeader(token).kid;

it('rotates the signing and cookie keys without signing anyone out', async () => {
  const { cluster } = fixture();
  const pids = cluster.instances.map((i) => i.child.pid);
  const before = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await before.signIn();
  const oldKid = kidOf(before.token);

  const rotatedAt = Date.now();
  const ring = await keyRingStore('/tmp/unused', database.db).update((current) =>
    rotate(current, new Date(rotatedAt), { activationDelayMs: ACTIVATION_MS, retainMs: 24 * 60 * 60_000 }),
  );
  const newKids = ring.signing.filter((e) => Date.parse(e.activeFrom) > rotatedAt).map((e) => String(e.value.kid));
  expect(newKids).toHaveLength(2);

  // Published by both instances within a few refreshes, well before it signs anything.
  let both: string[][] = [];
  for (let waited = 0; waited < ACTIVATION_MS; waited += 100) {
    both = await published();
    if (both.every((kids) => newKids.every((k) => kids.includes(k)))) break;
    await sleep(100);
  }
  const publishedAfter = Date.now() - rotatedAt;
  expect(both.every((kids) => newKids.every((k) => kids.includes(k)) && kids.includes(oldKid!))).toBe(true);
  expect(publishedAfter).toBeLessThan(ACTIVATION_MS);
  // Not yet in use: a sign-in now still gets the old key.
  const between = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await between.signIn();
  expect(kidOf(between.token)).toBe(oldKid);

  await sleep(Math.max(0, rotatedAt + ACTIVATION_MS + 3 * REFRESH_MS - Date.now()));
  const after = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await after.signIn();
  expect(newKids).toContain(kidOf(after.token));

  // Every instance accepts both the token made before the rotation and the one made after.
  for (const client of [before, after]) {
    for (const i of cluster.instances) {
      const answer = await client.api('GET', `/api/profiles/account/${LEARNER.id}`, undefined, {}, undefined, `http://127.0.0.1:${i.port}`);
      expect(answer.status).toBe(200);
    }
  }
  // The provider's session made before the rotation (its cookies signed with the old cookie key)
  // still stands: a new authorization request gets a code without the sign-in page, several times
  // (through the load balancer: both instances).
  for (let n = 0; n < 4; n++) expect(await before.stillSignedIn()).toBe(true);
  for (let n = 0; n < 4; n++) expect(await after.stillSignedIn()).toBe(true);
  const stranger = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  expect(await stranger.stillSignedIn()).toBe(false);

  console.info(
    `key rotation: new keys published by both instances ${publishedAfter} ms after the rotation, used from ${ACTIVATION_MS} ms; tokens and sessions from before accepted by both`,
  );
  expect(cluster.instances.map((i) => i.running() && i.child.pid)).toEqual(pids);
});
