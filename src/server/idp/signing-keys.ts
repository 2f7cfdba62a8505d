import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { JWK } from 'jose';
import type { DB } from '../db/types';
import { newKeyRing, type KeyRing } from './key-ring';

const RING = 'key-ring';

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

/** Where the key ring is kept, read and changed. */
export interface KeyRingStore {
  /** The ring, made on first use (from the keys an earlier version kept, if any): the same for every instance. */
  load(): Promise<KeyRing>;
  /** Changes the ring with `change` (undefined: no change), with no other writer in between. */
  update(change: (ring: KeyRing) => Promise<KeyRing | undefined>): Promise<KeyRing>;
}

/**
 * Signing keys and cookie keys survive a restart. One instance keeps its ring in DATA_DIR/idp;
 * instances sharing PostgreSQL (`shared`) keep it in the idp_secrets table, so tokens and sessions
 * made by one are good at all. A ring is made from the keys an earlier version kept separately (the
 * table's jwks and cookie-keys rows, or the data folder's files), so upgrading signs nobody out.
 */
export function keyRingStore(dataDir: string, shared?: Kysely<DB>): KeyRingStore {
  const dir = join(dataDir, 'idp');
  const files = { ring: join(dir, 'key-ring.json'), jwks: join(dir, 'jwks.json'), cookieKeys: join(dir, 'cookie-keys.json') };
  const fromFiles = async () => newKeyRing({ jwks: await readJson<{ keys: JWK[] }>(files.jwks), cookieKeys: await readJson<string[]>(files.cookieKeys) });

  if (shared) {
    const earlier = async (name: string) => (await shared.selectFrom('idp_secrets').select('value').where('name', '=', name).executeTakeFirst())?.value;
    const create = async () => {
      const [jwks, cookieKeys] = [(await earlier('jwks')) as { keys: JWK[] } | undefined, (await earlier('cookie-keys')) as string[] | undefined];
      return jwks || cookieKeys ? newKeyRing({ jwks, cookieKeys }) : fromFiles();
    };
    return {
      load: () => loadOrCreateShared(shared, RING, create),
      async update(change) {
        await loadOrCreateShared(shared, RING, create);
        return shared.transaction().execute(async (trx) => {
          const row = await trx.selectFrom('idp_secrets').select('value').where('name', '=', RING).forUpdate().executeTakeFirstOrThrow();
          const next = await change(row.value as KeyRing);
          if (!next) return row.value as KeyRing;
          await trx
            .updateTable('idp_secrets')
            .set({ value: JSON.stringify(next) })
            .where('name', '=', RING)
            .execute();
          return next;
        });
      },
    };
  }

  return {
    async load() {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      return loadOrCreateFile(files.ring, fromFiles);
    },
    async update(change) {
      const ring = await this.load();
      const next = await change(ring);
      if (!next) return ring;
      // A whole new file renamed over the old one: a reader sees the old ring or the new, never half.
      const temporary = `${files.ring}.${randomBytes(4).toString('hex')}`;
      await writeFile(temporary, JSON.stringify(next, null, 2), { mode: 0o600 });
      await rename(temporary, files.ring);
      return next;
    },
  };
}
