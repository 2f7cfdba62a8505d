import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { DB } from '../db/types';

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

const newSigningKeys = async () => ({ keys: [await signingKey('RS256'), await signingKey('ES256')] });
const newCookieKeys = async () => [randomBytes(32).toString('base64url')];

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Reads a JSON file, or makes it on first start. The exclusive write lets two processes starting
 * together on one data folder end up with the same keys: the loser reads what the winner wrote.
 */
async function loadOrCreateFile<T>(path: string, create: () => Promise<T>): Promise<T> {
  const existing = await readJson<T>(path);
  if (existing !== undefined) return existing;
  const value = await create();
  try {
    await writeFile(path, JSON.stringify(value, null, 2), { mode: 0o600, flag: 'wx' });
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readJson<T>(path)) as T;
  }
}

/**
 * The same in the shared database: the first instance's insert wins (ON CONFLICT DO NOTHING) and
 * every instance, the winner included, uses what the table then holds.
 */
async function loadOrCreateShared<T extends object>(db: Kysely<DB>, name: string, create: () => Promise<T>): Promise<T> {
  const read = () => db.selectFrom('idp_secrets').select('value').where('name', '=', name).executeTakeFirst();
  const existing = await read();
  if (existing) return existing.value as T;
  await db
    .insertInto('idp_secrets')
    .values({ name, value: JSON.stringify(await create()) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error(`identity provider secret ${name} could not be stored`);
  return stored.value as T;
}

/**
 * Signing keys and cookie keys survive a restart. One instance keeps them in DATA_DIR/idp; instances
 * sharing PostgreSQL (`shared`) keep them in its idp_secrets table, so tokens and sessions made by
 * one are good at all. The first instance on a database brings the keys of its data folder when it
 * has some, so moving a single instance onto the shared table signs nobody out.
 */
export async function ensureProviderSecrets(dataDir: string, shared?: Kysely<DB>): Promise<ProviderSecrets> {
  const dir = join(dataDir, 'idp');
  const files = { jwks: join(dir, 'jwks.json'), cookieKeys: join(dir, 'cookie-keys.json') };
  if (shared) {
    const jwks = await loadOrCreateShared(shared, 'jwks', async () => (await readJson<{ keys: JWK[] }>(files.jwks)) ?? newSigningKeys());
    const cookieKeys = await loadOrCreateShared(shared, 'cookie-keys', async () => (await readJson<string[]>(files.cookieKeys)) ?? newCookieKeys());
    return { jwks, cookieKeys };
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const jwks = await loadOrCreateFile(files.jwks, newSigningKeys);
  const cookieKeys = await loadOrCreateFile(files.cookieKeys, newCookieKeys);
  return { jwks, cookieKeys };
}
