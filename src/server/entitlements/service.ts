import type { ApiEntitlementsResponse } from '../../generated/api-types';
import { RedemptionStatus, type RedemptionResult, type RedemptionStatusCode } from '../../shared/redemption';
import type { ServerConfig } from '../config';
import { hitRateLimit, peekRateLimit } from '../db/rate-limit';
import { notFound, rateLimited } from '../errors';
import type { Caller } from '../http/auth';
import type { IdentityService } from '../identity/service';
import { isReservationCode, normalizeKey } from './access-key';
import * as store from './store';

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;
const PLATFORM_VENDOR = 'certMaster';
const CMP_VENDOR = 'certMasterPractice';

interface Outcome extends RedemptionResult {
  /** True when the key exists nowhere: it counts as a guess. */
  unknownKey: boolean;
}

const result = (redemptionStatus: RedemptionStatusCode, extra: Partial<Outcome> = {}): Outcome => ({
  redemptionStatus,
  activatedProducts: [],
  unknownKey: false,
  ...extra,
});

const isActive = (expiration: Date | string | null, now: Date) => expiration === null || new Date(expiration).getTime() >= now.getTime();

export interface EntitlementsDeps {
  db: store.Db;
  identity: IdentityService;
  config: Pick<ServerConfig, 'keyGuessLimit' | 'keyGuessWindowMs'>;
}

export function createEntitlementsService({ db, identity, config }: EntitlementsDeps) {
  /** Guessing keys is limited per account; only unknown keys count, and the counter is in the database. */
  const guessKey = (caller: Caller) => `key-guess:${caller.accountId}`;
  async function refuseIfGuessing(caller: Caller) {
    const state = await peekRateLimit(db, guessKey(caller), config.keyGuessLimit, config.keyGuessWindowMs);
    if (!state.allowed) throw rateLimited(state.retryAfterMs);
  }
  const countGuess = (caller: Caller) => hitRateLimit(db, guessKey(caller), config.keyGuessLimit, config.keyGuessWindowMs);

  async function answer(caller: Caller, outcome: Outcome): Promise<RedemptionResult> {
    if (outcome.unknownKey) await countGuess(caller);
    const { unknownKey: _unknown, ...body } = outcome;
    return body;
  }

  /**
   * Redeems an access key against stored state. The checks run in a fixed order (README.md beside
   * this file) so each result code arises from one kind of state.
   */
  async function redeemKey(accountId: string, rawKey: string, platformVendor?: string): Promise<Outcome> {
    const now = new Date();
    const accessKey = normalizeKey(rawKey);
    const key = await store.findKey(db, accessKey);
    if (!key) {
      const known = await store.cmpKeyExists(db, accessKey);
      return result(isReservationCode(accessKey) ? RedemptionStatus.ReservationNotFound : RedemptionStatus.InvalidKey, { unknownKey: !known });
    }
    if (platformVendor && key.vendor !== platformVendor) return result(RedemptionStatus.InvalidKey);

    const profile = await identity.findProfileOfAccount(accountId);
    if (!profile) return result(RedemptionStatus.UserProfileNotFound);
    if (platformVendor && !(profile.document.externalIds as Record<string, string | undefined> | undefined)?.[platformVendor])
      return result(RedemptionStatus.UserProfileNotFound);

    const productIds = key.product_ids;
    if (!Array.isArray(productIds) || productIds.length === 0) return result(RedemptionStatus.InvalidReservation);
    const products = await store.findProducts(db, productIds);
    if (products.length !== new Set(productIds).size) return result(RedemptionStatus.UnknownError);
    const described = products.map((p) => ({ title: p.title, vendorProductCode: p.vendor_product_code, productId: p.id }));
    const base = { vendor: key.vendor ?? undefined, product: described[0] };

    if (key.for_schools) return result(RedemptionStatus.Ls5ReservationNotSupportedSchools, base);
    if (key.for_trials) return result(RedemptionStatus.Ls5ReservationNotSupportedTrials, base);
    if (key.single_product_link) return result(RedemptionStatus.SingleProductLinkReservationsMustActivateSubLicenses, base);
    if (key.activates_at && new Date(key.activates_at) > now) return result(RedemptionStatus.ReservationNotActiveYet, base);
    if (key.expires_at && new Date(key.expires_at) <= now) return result(RedemptionStatus.ReservationExpired, base);
    if (key.access_expires_at && new Date(key.access_expires_at) <= now) return result(RedemptionStatus.BadExpiration, base);

    const earlier = await store.redeemedBefore(db, accessKey, accountId);
    if (earlier && key.is_reservation) return result(RedemptionStatus.DuplicateReservationForUser, base);
    if (key.max_uses !== null && key.uses >= key.max_uses) {
      return result(key.max_uses === 1 ? RedemptionStatus.ReservationAlreadyUsed : RedemptionStatus.ReservationOverUsed, base);
    }

    const held = await store.heldEntitlements(db, accountId, productIds);
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

    return store.inTransaction(db, async (trx) => {
      if (!(await store.claimKeyUse(trx, accessKey))) return result(RedemptionStatus.ReservationOverUsed, base);
      const toActivate = products.filter((p) => !activeIds.has(p.id));
      for (const product of toActivate) {
        await store.insertEntitlement(trx, {
          accountId,
          vendor: product.vendor,
          productId: product.id,
          product: {
            title: product.title,
            classroom: product.classroom,
            vendorProductCode: product.vendor_product_code,
            productId: product.id,
            productTitle: product.title,
          },
          preferredProductVersion: product.product_version,
          redemptionDate: now,
          expirationDate: expiration,
          accessKey,
          temporaryAccess: key.temporary_access,
        });
      }
      await store.recordRedemption(trx, accessKey, accountId);
      const activated = described.filter((d) => toActivate.some((p) => p.id === d.productId));
      return result(RedemptionStatus.Success, { ...base, activatedProducts: activated });
    });
  }

  return {
    async redeem(caller: Caller, body: { accessKey: string; userId: string }, platform = false): Promise<RedemptionResult> {
      await identity.assertOwnIds(caller, body.userId);
      await refuseIfGuessing(caller);
      return answer(caller, await redeemKey(caller.accountId, body.accessKey, platform ? PLATFORM_VENDOR : undefined));
    },

    /** Whether a key exists (or has the reservation-code shape); its state is judged on redemption. */
    async isValid(caller: Caller, rawKey: string): Promise<boolean> {
      await refuseIfGuessing(caller);
      const accessKey = normalizeKey(rawKey);
      const isValid = !!(await store.findKey(db, accessKey)) || isReservationCode(accessKey);
      if (!isValid) await countGuess(caller);
      return isValid;
    },

    async vendorOf(caller: Caller, rawKey: string): Promise<string> {
      await refuseIfGuessing(caller);
      const accessKey = normalizeKey(rawKey);
      const key = await store.findKey(db, accessKey);
      if (!key?.vendor) {
        if (!key && !(await store.cmpKeyExists(db, accessKey))) await countGuess(caller);
        throw notFound('The access key belongs to no vendor.');
      }
      return key.vendor;
    },

    /** CertMaster Practice products a key still grants (empty when its limit is reached). */
    async cmpProducts(caller: Caller, rawKey: string) {
      await refuseIfGuessing(caller);
      const rows = await store.cmpProducts(db, normalizeKey(rawKey));
      if (rows.length === 0) {
        await countGuess(caller);
        throw notFound('The access key grants no CertMaster Practice product.');
      }
      return rows.filter((r) => r.remaining > 0).map((r) => ({ certMasterPracticeProductId: r.cmp_product_id, certMasterPracticeProductName: r.name }));
    },

    async redeemCmp(caller: Caller, body: { accessKey: string; certMasterProductId: number; profileId: string }): Promise<RedemptionResult> {
      await identity.assertOwnIds(caller, body.profileId);
      await refuseIfGuessing(caller);
      const accessKey = normalizeKey(body.accessKey);
      const accountId = caller.accountId;
      const row = await store.findCmpProduct(db, accessKey, body.certMasterProductId);
      if (!row) return answer(caller, result(RedemptionStatus.InvalidKey));
      if (!(await identity.findProfileOfAccount(accountId))) return answer(caller, result(RedemptionStatus.UserProfileNotFound));
      const product = { title: row.name, vendorProductCode: `CMP-${row.cmp_product_id}`, productId: row.cmp_product_id };
      const base = { vendor: CMP_VENDOR, product };
      if (await store.holdsActiveCmpProduct(db, accountId, row.cmp_product_id)) {
        return answer(caller, result(RedemptionStatus.HasProductAlready, { ...base, activatedProducts: [product] }));
      }
      return store.inTransaction(db, async (trx) => {
        if (!(await store.claimCmpSeat(trx, row.id))) return answer(caller, result(RedemptionStatus.ReservationOverUsed, base));
        const now = new Date();
        await store.insertEntitlement(trx, {
          accountId,
          vendor: CMP_VENDOR,
          productId: row.cmp_product_id,
          product: { ...product, classroom: null, productTitle: row.name },
          preferredProductVersion: null,
          redemptionDate: now,
          expirationDate: new Date(now.getTime() + YEAR_MS),
          accessKey,
          temporaryAccess: false,
        });
        await store.recordRedemption(trx, accessKey, accountId);
        return answer(caller, result(RedemptionStatus.Success, { ...base, activatedProducts: [product] }));
      });
    },

    /** The training products of a profile, newest redemption first. */
    async entitlements(caller: Caller, profileId: string): Promise<ApiEntitlementsResponse> {
      const profile = await identity.ownProfile(caller, profileId);
      const rows = await store.listEntitlements(db, profile.account_id);
      type Item = ApiEntitlementsResponse[number];
      return rows.map((r) => ({
        id: r.id,
        vendor: r.vendor,
        consentStatus: r.consent_status as Item['consentStatus'],
        product: r.product as Item['product'],
        preferredProductVersion: r.preferred_product_version,
        redemptionDate: r.redemption_date ? new Date(r.redemption_date).toISOString() : null,
        expirationDate: r.expiration_date ? new Date(r.expiration_date).toISOString() : null,
        migratedToProductTitle: r.migrated_to_product_title,
        accountType: r.account_type as Item['accountType'],
      }));
    },
  };
}

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
