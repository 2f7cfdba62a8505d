import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import type { DB } from '../db/types';
import { hashPassword } from '../identity/passwords';
import {
  demoAccounts,
  demoAnnouncements,
  demoCmpKeys,
  demoEntitlements,
  demoFulfillments,
  demoGlossary,
  demoKeys,
  demoLegacyAccounts,
  demoProducts,
} from './demo-data';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether every demo account is there. A database seeded by an earlier release lacks the accounts
 * added since (the admin area's), and gets them at the next start.
 */
export async function isSeeded(db: Kysely<DB>): Promise<boolean> {
  const ids = demoAccounts.map((a) => a.id);
  const found = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(found.n) === ids.length;
}

// Instances starting together on one PostgreSQL take turns on this lock (pg_advisory_lock, a
// database-wide number): the first seeds, the others then find the data there. Migrations have the
// same guarantee from Kysely's migrator, which locks its own table.
const SEED_LOCK = 0x7365_6564; // "seed"

/** Seeds the demo data unless it is there: once, however many instances start at the same moment. Returns what was inserted, or undefined. */
export async function seedOnce(database: Database): Promise<Record<string, number> | undefined> {
  const seed = async (db: Kysely<DB>) => ((await isSeeded(db)) ? undefined : seedDemoData(db));
  if (database.dialect !== 'postgres') return seed(database.db);
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${SEED_LOCK})`.execute(connection);
    try {
      return await seed(connection);
    } finally {
      await sql`select pg_advisory_unlock(${SEED_LOCK})`.execute(connection);
    }
  });
}

/** Inserts whatever demo row is missing; rows that exist are left as they are. */
export async function seedDemoData(db: Kysely<DB>): Promise<Record<string, number>> {
  const now = Date.now();
  const { accounts, profiles } = await seedAccounts(db);
  const products = await seedProducts(db);
  const entitlements = await seedEntitlements(db, now);
  const keys = await seedKeys(db);
  await seedLegacyData(db);
  const announcements = await seedAnnouncements(db);
  // The texts console's glossary: product terms with their agreed Japanese (docs/texts.md#translation-memory-and-glossary).
  await db
    .insertInto('texts_glossary')
    .values(demoGlossary.map((entry) => ({ ...entry, updated_by: 'files' })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  return { accounts, profiles, products, entitlements, keys, announcements };
}

/** Accounts, with their profiles, demo social identities and campus roles. */
async function seedAccounts(db: Kysely<DB>): Promise<{ accounts: number; profiles: number }> {
  const counts = { accounts: 0, profiles: 0 };
  // Accounts sharing a demo password share one hash computation (argon2 is slow on purpose).
  const hashes = new Map<string, Promise<string>>();
  const hashOnce = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    return hashes.get(password)!;
  };
  for (const account of demoAccounts) {
    const exists = await db.selectFrom('accounts').select('id').where('id', '=', account.id).executeTakeFirst();
    if (!exists) {
      await db
        .insertInto('accounts')
        .values({
          id: account.id,
          email: account.email,
          password_hash: account.password ? await hashOnce(account.password) : null,
          authentication_source: account.social ? 'socialIdpAuthentication' : 'localAuthentication',
          is_blocked: account.blocked ?? false,
          given_name: account.givenName,
          family_name: account.familyName,
          locale: account.locale ?? 'en',
          password_changed_at: null,
          roles: JSON.stringify(account.adminRoles ?? []),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      counts.accounts++;
    }
    if (account.profile) {
      const result = await db
        .insertInto('profiles')
        .values({ id: profileIdOf(account.id), account_id: account.id, document: JSON.stringify({ ...account.profile, ssoId: account.id }) })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      counts.profiles += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    if (account.socialPassword) {
      await db
        .insertInto('demo_social_identities')
        .values({ email: account.email, password_hash: await hashOnce(account.socialPassword) })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    if (account.role) {
      await db
        .insertInto('cmp_roles')
        .values({ account_id: account.id, role: account.role.role, campus_id: account.role.campusId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
  return counts;
}

async function seedProducts(db: Kysely<DB>): Promise<number> {
  let inserted = 0;
  for (const p of demoProducts) {
    const r = await db
      .insertInto('products')
      .values({ id: p.id, vendor: p.vendor, vendor_product_code: p.code, title: p.title, classroom: p.classroom ?? null, product_version: p.version ?? null })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    inserted += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

async function seedEntitlements(db: Kysely<DB>, now: number): Promise<number> {
  let inserted = 0;
  for (const e of demoEntitlements) {
    const product = demoProducts.find((p) => p.id === e.productId);
    if (!product) continue;
    const r = await db
      .insertInto('entitlements')
      .values({
        id: e.id,
        account_id: e.accountId,
        vendor: product.vendor,
        product_id: product.id,
        product: JSON.stringify({
          title: product.title,
          classroom: product.classroom ?? null,
          vendorProductCode: product.code,
          productId: product.id,
          productTitle: product.title,
        }),
        consent_status: e.consentStatus ?? 'notRequired',
        preferred_product_version: product.version ?? null,
        redemption_date: e.redeemedDaysAgo === null ? null : new Date(now - e.redeemedDaysAgo * DAY_MS),
        expiration_date: e.expiresInDays === null ? null : new Date(now + e.expiresInDays * DAY_MS),
        migrated_to_product_title: e.migratedTo ?? null,
        account_type: e.accountType ?? 'personal',
        access_key: null,
        temporary_access: e.temporary ?? false,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    inserted += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

/** Access keys, with the redemptions the demo accounts already made. */
async function seedKeys(db: Kysely<DB>): Promise<number> {
  let inserted = 0;
  for (const k of demoKeys) {
    const r = await db
      .insertInto('access_keys')
      .values({
        access_key: k.key,
        vendor: k.vendor,
        product_ids: JSON.stringify(k.productIds),
        is_reservation: k.reservation ?? false,
        max_uses: k.maxUses ?? null,
        uses: k.uses ?? 0,
        activates_at: k.activatesAt ?? null,
        expires_at: k.expiresAt ?? null,
        access_days: k.accessDays ?? null,
        access_expires_at: k.accessExpiresAt ?? null,
        temporary_access: k.temporary ?? false,
        for_schools: k.schools ?? false,
        for_trials: k.trials ?? false,
        single_product_link: k.singleProductLink ?? false,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) > 0) {
      inserted++;
      for (const accountId of k.redeemedBy ?? []) {
        await db.insertInto('key_redemptions').values({ access_key: k.key, account_id: accountId, status: 0 }).execute();
      }
    }
  }
  return inserted;
}

/** What the partner systems and the earlier portal hold: campus keys, legacy accounts, fulfilment items. */
async function seedLegacyData(db: Kysely<DB>): Promise<void> {
  for (const c of demoCmpKeys) {
    const exists = await db.selectFrom('cmp_products').select('id').where('access_key', '=', c.key).executeTakeFirst();
    if (exists) continue;
    for (const p of c.products) {
      await db.insertInto('cmp_products').values({ access_key: c.key, cmp_product_id: p.id, name: p.name, remaining: p.remaining }).execute();
    }
  }

  for (const l of demoLegacyAccounts) {
    await db
      .insertInto('legacy_accounts')
      .values({
        login: l.login,
        email: l.email,
        phash: createHash('sha256').update(l.password).digest('hex'),
        certmaster_user_id: l.certMasterUserId,
        linked_account_id: l.linkedTo,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  for (const f of demoFulfillments) {
    // A data folder seeded before items had kinds gets the item's name and kind.
    await db
      .insertInto('fulfillments')
      .values({ id: f.id, account_id: f.accountId, item: f.item, kind: f.kind, status: 'pending', address: null, released_at: null })
      .onConflict((oc) => oc.column('id').doUpdateSet({ item: f.item, kind: f.kind }))
      .execute();
  }
}

async function seedAnnouncements(db: Kysely<DB>): Promise<number> {
  let inserted = 0;
  for (const a of demoAnnouncements) {
    const r = await db
      .insertInto('announcements')
      .values(a)
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    inserted += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

/** Demo profiles have ids derived from their account ids, so tests and docs can name them. */
export const profileIdOf = (accountId: string): string => accountId.replace(/^00000000/, '10000000');
