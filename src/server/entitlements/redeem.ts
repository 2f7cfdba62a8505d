import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { RedemptionStatus, type RedemptionResult, type RedemptionStatusCode } from '../../shared/redemption';
import type { DB } from '../db/types';
import { findProfileByAccount } from '../identity/profile-store';
import { isReservationCode, normalizeKey } from './keys';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RedeemRequest {
  accessKey: string;
  accountId: string;
  /** The platform route redeems only keys of this vendor, for profiles linked to the platform. */
  platformVendor?: string;
}

export interface RedeemOutcome extends RedemptionResult {
  /** True when the key exists nowhere: the caller counts it as a guess. */
  unknownKey: boolean;
}

const result = (redemptionStatus: RedemptionStatusCode, extra: Partial<RedeemOutcome> = {}): RedeemOutcome => ({
  redemptionStatus,
  activatedProducts: [],
  unknownKey: false,
  ...extra,
});

const isActive = (expiration: Date | string | null, now: Date) => expiration === null || new Date(expiration).getTime() >= now.getTime();

/**
 * Redeems an access key against stored state. The checks run in a fixed order (documented in
 * README.md beside this file) so each result code arises from one kind of state.
 */
export async function redeemKey(db: Kysely<DB>, request: RedeemRequest): Promise<RedeemOutcome> {
  const now = new Date();
  const accessKey = normalizeKey(request.accessKey);
  const key = await db.selectFrom('access_keys').selectAll().where('access_key', '=', accessKey).executeTakeFirst();
  if (!key) {
    const known = await db.selectFrom('cmp_products').select('id').where('access_key', '=', accessKey).executeTakeFirst();
    return result(isReservationCode(accessKey) ? RedemptionStatus.ReservationNotFound : RedemptionStatus.InvalidKey, { unknownKey: !known });
  }
  if (request.platformVendor && key.vendor !== request.platformVendor) return result(RedemptionStatus.InvalidKey);

  const profile = await findProfileByAccount(db, request.accountId);
  if (!profile) return result(RedemptionStatus.UserProfileNotFound);
  if (request.platformVendor && !profile.document.externalIds?.[request.platformVendor]) {
    return result(RedemptionStatus.UserProfileNotFound);
  }

  const productIds = key.product_ids;
  if (!Array.isArray(productIds) || productIds.length === 0) return result(RedemptionStatus.InvalidReservation);
  const products = await db.selectFrom('products').selectAll().where('id', 'in', productIds).execute();
  if (products.length !== new Set(productIds).size) return result(RedemptionStatus.UnknownError);
  const described = products.map((p) => ({ title: p.title, vendorProductCode: p.vendor_product_code, productId: p.id }));
  const base = { vendor: key.vendor ?? undefined, product: described[0] };

  if (key.for_schools) return result(RedemptionStatus.Ls5ReservationNotSupportedSchools, base);
  if (key.for_trials) return result(RedemptionStatus.Ls5ReservationNotSupportedTrials, base);
  if (key.single_product_link) return result(RedemptionStatus.SingleProductLinkReservationsMustActivateSubLicenses, base);
  if (key.activates_at && new Date(key.activates_at) > now) return result(RedemptionStatus.ReservationNotActiveYet, base);
  if (key.expires_at && new Date(key.expires_at) <= now) return result(RedemptionStatus.ReservationExpired, base);
  if (key.access_expires_at && new Date(key.access_expires_at) <= now) return result(RedemptionStatus.BadExpiration, base);

  const earlier = await db
    .selectFrom('key_redemptions')
    .select('id')
    .where('access_key', '=', accessKey)
    .where('account_id', '=', request.accountId)
    .where('status', '=', RedemptionStatus.Success)
    .executeTakeFirst();
  if (earlier && key.is_reservation) return result(RedemptionStatus.DuplicateReservationForUser, base);
  if (key.max_uses !== null && key.uses >= key.max_uses) {
    return result(key.max_uses === 1 ? RedemptionStatus.ReservationAlreadyUsed : RedemptionStatus.ReservationOverUsed, base);
  }

  const held = await db
    .selectFrom('entitlements')
    .select(['product_id', 'expiration_date', 'temporary_access'])
    .where('account_id', '=', request.accountId)
    .where('product_id', 'in', productIds)
    .execute();
  if (key.temporary_access && held.some((e) => e.temporary_access)) return result(RedemptionStatus.TempAccessAlreadyUsed, base);

  const expiration = key.access_expires_at ? new Date(key.access_expires_at) : key.access_days ? new Date(now.getTime() + key.access_days * DAY_MS) : null;
  const active = held.filter((e) => isActive(e.expiration_date, now));
  const activeIds = new Set(active.map((e) => e.product_id));
  if (productIds.every((id) => activeIds.has(id))) {
    // Redeeming the same key again never extends: only another key with a later end can.
    const extendable = !earlier && expiration !== null && active.some((e) => e.expiration_date !== null && new Date(e.expiration_date) < expiration);
    if (extendable) return result(RedemptionStatus.CanExtendAccess, base);
    return result(RedemptionStatus.HasProductAlready, { ...base, activatedProducts: described });
  }

  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('access_keys')
      .set({ uses: sql<number>`uses + 1` })
      .where('access_key', '=', accessKey)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
      .returning('uses')
      .executeTakeFirst();
    if (!claimed) return result(RedemptionStatus.ReservationOverUsed, base);
    const toActivate = products.filter((p) => !activeIds.has(p.id));
    for (const product of toActivate) {
      await trx
        .insertInto('entitlements')
        .values({
          id: randomUUID(),
          account_id: request.accountId,
          vendor: product.vendor,
          product_id: product.id,
          product: JSON.stringify({
            title: product.title,
            classroom: product.classroom,
            vendorProductCode: product.vendor_product_code,
            productId: product.id,
            productTitle: product.title,
          }),
          consent_status: 'notRequired',
          preferred_product_version: product.product_version,
          redemption_date: now,
          expiration_date: expiration,
          migrated_to_product_title: null,
          account_type: 'personal',
          access_key: accessKey,
          temporary_access: key.temporary_access,
        })
        .execute();
    }
    await trx.insertInto('key_redemptions').values({ access_key: accessKey, account_id: request.accountId, status: RedemptionStatus.Success }).execute();
    const activated = described.filter((d) => toActivate.some((p) => p.id === d.productId));
    return result(RedemptionStatus.Success, { ...base, activatedProducts: activated });
  });
}
