import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { RedemptionStatus } from '../../shared/redemption';
import type { DB } from '../db/types';

// The entitlements service's tables: products, access keys, their redemptions, CertMaster Practice
// products and the learners' entitlements. Kysely only.

export type Db = Kysely<DB>;
type Tx = Transaction<DB>;

export const findKey = (db: Db, accessKey: string) => db.selectFrom('access_keys').selectAll().where('access_key', '=', accessKey).executeTakeFirst();

export async function cmpKeyExists(db: Db, accessKey: string): Promise<boolean> {
  return !!(await db.selectFrom('cmp_products').select('id').where('access_key', '=', accessKey).executeTakeFirst());
}

export const findProducts = (db: Db, ids: number[]) => db.selectFrom('products').selectAll().where('id', 'in', ids).execute();

export async function redeemedBefore(db: Db, accessKey: string, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('key_redemptions')
    .select('id')
    .where('access_key', '=', accessKey)
    .where('account_id', '=', accountId)
    .where('status', '=', RedemptionStatus.Success)
    .executeTakeFirst();
  return !!row;
}

export const heldEntitlements = (db: Db, accountId: string, productIds: number[]) =>
  db
    .selectFrom('entitlements')
    .select(['product_id', 'expiration_date', 'temporary_access'])
    .where('account_id', '=', accountId)
    .where('product_id', 'in', productIds)
    .execute();

export async function holdsActiveCmpProduct(db: Db, accountId: string, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('entitlements')
    .select('id')
    .where('account_id', '=', accountId)
    .where('vendor', '=', 'certMasterPractice')
    .where('product_id', '=', productId)
    .where((eb) => eb.or([eb('expiration_date', 'is', null), eb('expiration_date', '>=', new Date())]))
    .executeTakeFirst();
  return !!row;
}

export const cmpProducts = (db: Db, accessKey: string) =>
  db.selectFrom('cmp_products').selectAll().where('access_key', '=', accessKey).orderBy('cmp_product_id').execute();

export const findCmpProduct = (db: Db, accessKey: string, productId: number) =>
  db.selectFrom('cmp_products').selectAll().where('access_key', '=', accessKey).where('cmp_product_id', '=', productId).executeTakeFirst();

export const inTransaction = <T>(db: Db, work: (trx: Tx) => Promise<T>) => db.transaction().execute(work);

/** Takes one use of a key unless its limit is reached; false when it was. */
export async function claimKeyUse(trx: Tx, accessKey: string): Promise<boolean> {
  const claimed = await trx
    .updateTable('access_keys')
    .set({ uses: sql<number>`uses + 1` })
    .where('access_key', '=', accessKey)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .returning('uses')
    .executeTakeFirst();
  return !!claimed;
}

/** Takes one of a CertMaster Practice product's remaining seats; false when none is left. */
export async function claimCmpSeat(trx: Tx, rowId: number): Promise<boolean> {
  const claimed = await trx
    .updateTable('cmp_products')
    .set({ remaining: sql<number>`remaining - 1` })
    .where('id', '=', rowId)
    .where('remaining', '>', 0)
    .returning('remaining')
    .executeTakeFirst();
  return !!claimed;
}

export interface NewEntitlement {
  accountId: string;
  vendor: string;
  productId: number;
  product: Record<string, unknown>;
  preferredProductVersion: string | null;
  redemptionDate: Date;
  expirationDate: Date | null;
  accessKey: string;
  temporaryAccess: boolean;
}

export async function insertEntitlement(trx: Tx, e: NewEntitlement): Promise<void> {
  await trx
    .insertInto('entitlements')
    .values({
      id: randomUUID(),
      account_id: e.accountId,
      vendor: e.vendor,
      product_id: e.productId,
      product: JSON.stringify(e.product),
      consent_status: 'notRequired',
      preferred_product_version: e.preferredProductVersion,
      redemption_date: e.redemptionDate,
      expiration_date: e.expirationDate,
      migrated_to_product_title: null,
      account_type: 'personal',
      access_key: e.accessKey,
      temporary_access: e.temporaryAccess,
    })
    .execute();
}

export const recordRedemption = (trx: Tx, accessKey: string, accountId: string) =>
  trx.insertInto('key_redemptions').values({ access_key: accessKey, account_id: accountId, status: RedemptionStatus.Success }).execute();

export const listEntitlements = (db: Db, accountId: string) =>
  db
    .selectFrom('entitlements')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('redemption_date', (ob) => ob.desc().nullsLast())
    .orderBy('created_at', 'desc')
    .execute();
