import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newestActivation, newKeyRing, rotate, secretsAt, type KeyRing } from '../../../src/server/idp/key-ring';
import { keyRingStore } from '../../../src/server/idp/signing-keys';

const T0 = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const DAY = 24 * 60 * 60_000;
const settings = { activationDelayMs: 10 * 60_000, retainMs: 30 * DAY };
/** The kid oidc-provider signs with for an algorithm: the first key of it. */
const signer = (ring: KeyRing, now: Date, alg: string) => secretsAt(ring, now).jwks.keys.find((k) => k.alg === alg)?.kid;

describe('identity provider key ring', () => {
  it('starts with one key per algorithm and one cookie key, in use at once', async () => {
    const ring = await newKeyRing(undefined, T0);
    const secrets = secretsAt(ring, T0);
    expect(secrets.jwks.keys.map((k) => k.alg)).toEqual(['RS256', 'ES256']);
    expect(secrets.cookieKeys).toHaveLength(1);
    expect(ring.signing.every((e) => e.activeFrom === T0.toISOString())).toBe(true);
    expect(newestActivation(ring)).toEqual(T0);
  });

  it('publishes a new key at once and signs with it only from its activation', async () => {
    const ring = await newKeyRing(undefined, T0);
    const oldRs = signer(ring, T0, 'RS256');
    const rotated = await rotate(ring, at(1000), settings);
    const activation = at(1000 + settings.activationDelayMs);
    expect(rotated.signing.filter((e) => e.activeFrom === activation.toISOString())).toHaveLength(2);
    expect(newestActivation(rotated)).toEqual(activation);

    const before = secretsAt(rotated, at(2000));
    expect(before.jwks.keys).toHaveLength(4);
    expect(signer(rotated, at(2000), 'RS256')).toBe(oldRs);
    expect(before.cookieKeys[0]).toBe(secretsAt(ring, T0).cookieKeys[0]);
    expect(before.cookieKeys).toHaveLength(2);

    const after = secretsAt(rotated, activation);
    expect(signer(rotated, activation, 'RS256')).not.toBe(oldRs);
    expect(after.jwks.keys.map((k) => k.kid)).toContain(oldRs);
    expect(after.cookieKeys[1]).toBe(before.cookieKeys[0]);
  });

  it('drops a replaced key once its successor has been in use for the retention time, not before', async () => {
    const first = await newKeyRing(undefined, T0);
    const oldKids = secretsAt(first, T0).jwks.keys.map((k) => k.kid);
    const second = await rotate(first, T0, settings);
    const soon = await rotate(second, at(settings.activationDelayMs + 29 * DAY), settings);
    expect(secretsAt(soon, at(0)).jwks.keys.map((k) => k.kid)).toEqual(expect.arrayContaining(oldKids));
    const later = await rotate(second, at(settings.activationDelayMs + 31 * DAY), settings);
    const kids = later.signing.map((e) => e.value.kid);
    expect(kids.some((k) => oldKids.includes(k))).toBe(false);
    expect(later.signing).toHaveLength(4);
    expect(later.cookies).toHaveLength(2);
  });

  it('keeps the keys of an earlier version', async () => {
    const jwks = { keys: [{ kty: 'oct', kid: 'earlier', alg: 'RS256' }] };
    const ring = await newKeyRing({ jwks, cookieKeys: ['earlier-cookie'] }, T0);
    expect(secretsAt(ring, T0)).toEqual({ jwks, cookieKeys: ['earlier-cookie'] });
  });

  describe('in a data folder', () => {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'key-ring-'));
    });
    afterEach(() => rm(dir, { recursive: true, force: true }));

    it('adopts the separate key files of an earlier version, and keeps what an update wrote', async () => {
      await mkdir(join(dir, 'idp'));
      await writeFile(join(dir, 'idp', 'jwks.json'), JSON.stringify({ keys: [{ kty: 'oct', kid: 'from-file', alg: 'RS256' }] }));
      await writeFile(join(dir, 'idp', 'cookie-keys.json'), JSON.stringify(['file-cookie']));
      const store = keyRingStore(dir);
      const ring = await store.load();
      expect(ring.signing.map((e) => e.value.kid)).toEqual(['from-file']);
      expect(ring.cookies.map((e) => e.value)).toEqual(['file-cookie']);
      const updated = await store.update(async (current) => ({ ...current, cookies: [...current.cookies, { value: 'next', activeFrom: T0.toISOString() }] }));
      expect(await keyRingStore(dir).load()).toEqual(updated);
      expect((await store.update(async () => undefined)).cookies).toHaveLength(2);
    });
  });
});
