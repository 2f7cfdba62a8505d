import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secretsAt } from '../../../src/server/idp/key-ring';
import { keyRingStore } from '../../../src/server/idp/signing-keys';
import { ensureTlsMaterial } from '../../../src/server/idp/tls';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'idp-tls-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('material made on first start', () => {
  it('writes a local CA and a localhost certificate it signed, and reuses them', async () => {
    const first = await ensureTlsMaterial(dataDir);
    expect(first.caCertPath).toBe(join(dataDir, 'tls', 'ca.pem'));
    expect(await readFile(first.caCertPath, 'utf8')).toBe(first.ca);
    const ca = new X509Certificate(first.ca);
    const leaf = new X509Certificate(first.cert);
    expect(ca.ca).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.checkHost('localhost')).toBe('localhost');
    expect(leaf.checkIP('127.0.0.1')).toBe('127.0.0.1');

    const again = await ensureTlsMaterial(dataDir);
    expect(again.cert).toBe(first.cert);
    expect(again.key).toBe(first.key);
  });

  it('renews a certificate about to lapse with the same CA', async () => {
    const first = await ensureTlsMaterial(dataDir, 3);
    const renewed = await ensureTlsMaterial(dataDir);
    expect(renewed.ca).toBe(first.ca);
    expect(renewed.cert).not.toBe(first.cert);
    expect(new X509Certificate(renewed.cert).verify(new X509Certificate(renewed.ca).publicKey)).toBe(true);
  });

  it('keeps the signing and cookie keys', async () => {
    const first = secretsAt(await keyRingStore(dataDir).load(), new Date());
    expect(first.jwks.keys.map((k) => k.alg)).toEqual(['RS256', 'ES256']);
    expect(first.jwks.keys.every((k) => typeof k.d === 'string' && typeof k.kid === 'string')).toBe(true);
    const again = secretsAt(await keyRingStore(dataDir).load(), new Date());
    expect(again).toEqual(first);
  });
});
