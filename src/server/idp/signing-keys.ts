import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

export interface ProviderSecrets {
  /** Private signing keys (RS256 first: the default algorithm of ID tokens and access tokens). */
  jwks: { keys: JWK[] };
  cookieKeys: string[];
}

async function signingKey(alg: 'RS256' | 'ES256'): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, alg, use: 'sig', kid: await calculateJwkThumbprint(jwk) };
}

/**
 * Reads a JSON file, or makes it on first start. The exclusive write lets two processes starting
 * together on one data folder end up with the same keys: the loser reads what the winner wrote.
 */
async function loadOrCreate<T>(path: string, create: () => Promise<T>): Promise<T> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const value = await create();
  try {
    await writeFile(path, JSON.stringify(value, null, 2), { mode: 0o600, flag: 'wx' });
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(await readFile(path, 'utf8')) as T;
  }
}

/** Signing keys and cookie keys live in DATA_DIR/idp so tokens and sessions survive a restart. */
export async function ensureProviderSecrets(dataDir: string): Promise<ProviderSecrets> {
  const dir = join(dataDir, 'idp');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const jwks = await loadOrCreate(join(dir, 'jwks.json'), async () => ({
    keys: [await signingKey('RS256'), await signingKey('ES256')],
  }));
  const cookieKeys = await loadOrCreate(join(dir, 'cookie-keys.json'), async () => [
    randomBytes(32).toString('base64url'),
  ]);
  return { jwks, cookieKeys };
}
