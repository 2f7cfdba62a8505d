import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { RedemptionStatus } from '../../shared/redemption';
import { hitRateLimit, peekRateLimit } from '../db/rate-limit';
import { requireOwn } from '../http/context';
import { findProfile, findProfileByAccount } from '../identity/profile-store';
import { notFound, tooManyRequests } from '../lib/errors';
import { isReservationCode, normalizeKey } from './keys';
import { redeemKey, type RedeemOutcome } from './redeem';

const ref = (name: string) => ({ $ref: `api/${name}.schema.json` });
const errorResponses = { 400: ref('error'), 401: ref('error'), 403: ref('error'), 429: ref('error') };
const keyParam = { type: 'object', properties: { accessKey: { type: 'string' } }, required: ['accessKey'] } as const;

const PLATFORM_VENDOR = 'certMaster';

export async function entitlementRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app.services;

  /** Guessing keys is limited per account; only unknown keys count, and the counter is in the database. */
  const guessKey = (request: FastifyRequest) => `key-guess:${request.caller.accountId}`;
  async function refuseIfGuessing(request: FastifyRequest) {
    const state = await peekRateLimit(db, guessKey(request), config.keyGuessLimit, config.keyGuessWindowMs);
    if (!state.allowed) throw tooManyRequests(state.retryAfterMs);
  }
  const countGuess = (request: FastifyRequest) => hitRateLimit(db, guessKey(request), config.keyGuessLimit, config.keyGuessWindowMs);

  async function answer(request: FastifyRequest, outcome: RedeemOutcome) {
    if (outcome.unknownKey) await countGuess(request);
    const { unknownKey: _unknown, ...body } = outcome;
    request.log.info({ status: body.redemptionStatus, vendor: body.vendor }, 'redemption');
    return body;
  }

  app.post<{ Body: { accessKey: string; userId: string } }>(
    '/api/redemptions/redeem',
    {
      schema: {
        tags: ['entitlements'],
        summary: 'Redeem an access key of any vendor',
        body: ref('redeem-request'),
        response: { 200: ref('redemption-result'), ...errorResponses },
      },
    },
    async (request) => {
      await requireOwn(request, db, request.body.userId);
      await refuseIfGuessing(request);
      return answer(request, await redeemKey(db, { accessKey: request.body.accessKey, accountId: request.caller.accountId }));
    },
  );

  app.post<{ Body: { accessKey: string; userId: string } }>(
    '/api/redemptions/certmaster-platform',
    {
      schema: {
        tags: ['entitlements'],
        summary: 'Redeem a CertMaster platform key (the profile must be linked to the platform)',
        body: ref('redeem-request'),
        response: { 200: ref('redemption-result'), ...errorResponses },
      },
    },
    async (request) => {
      await requireOwn(request, db, request.body.userId);
      await refuseIfGuessing(request);
      return answer(
        request,
        await redeemKey(db, { accessKey: request.body.accessKey, accountId: request.caller.accountId, platformVendor: PLATFORM_VENDOR }),
      );
    },
  );

  app.get<{ Params: { accessKey: string } }>(
    '/api/redemptions/certmaster-platform/access-key/:accessKey/is-valid',
    {
      schema: {
        tags: ['entitlements'],
        summary: 'Whether a key exists (or has the reservation-code shape); its state is judged on redemption',
        params: keyParam,
        response: { 200: ref('is-valid-response'), ...errorResponses },
      },
    },
    async (request) => {
      await refuseIfGuessing(request);
      const accessKey = normalizeKey(request.params.accessKey);
      const key = await db.selectFrom('access_keys').select('access_key').where('access_key', '=', accessKey).executeTakeFirst();
      const isValid = !!key || isReservationCode(accessKey);
      if (!isValid) await countGuess(request);
      return { isValid };
    },
  );

  app.get<{ Params: { accessKey: string } }>(
    '/api/vendors/getvendor/:accessKey',
    {
      schema: {
        tags: ['entitlements'],
        summary: 'The vendor of a key; 404 when the key belongs to no vendor',
        params: keyParam,
        response: { 200: ref('vendor-response'), 404: ref('error'), ...errorResponses },
      },
    },
    async (request) => {
      await refuseIfGuessing(request);
      const accessKey = normalizeKey(request.params.accessKey);
      const key = await db.selectFrom('access_keys').select('vendor').where('access_key', '=', accessKey).executeTakeFirst();
      if (!key?.vendor) {
        const cmp = await db.selectFrom('cmp_products').select('id').where('access_key', '=', accessKey).executeTakeFirst();
        if (!key && !cmp) await countGuess(request);
        throw notFound('The access key belongs to no vendor.');
      }
      return { vendor: key.vendor };
    },
  );

  app.get<{ Params: { accessKey: string }; Querystring: { cmpId?: string } }>(
    '/api/vendors/cmp/:accessKey',
    {
      schema: {
        tags: ['entitlements'],
        summary: 'CertMaster Practice products a key still grants (empty when its limit is reached)',
        params: keyParam,
        querystring: { type: 'object', properties: { cmpId: { type: 'string' } } },
        response: { 200: ref('cmp-products-response'), 404: ref('error'), ...errorResponses },
      },
    },
    async (request) => {
      await refuseIfGuessing(request);
      const accessKey = normalizeKey(request.params.accessKey);
      const rows = await db.selectFrom('cmp_products').selectAll().where('access_key', '=', accessKey).orderBy('cmp_product_id').execute();
      if (rows.length === 0) {
        await countGuess(request);
        throw notFound('The access key grants no CertMaster Practice product.');
      }
      return rows
        .filter((r) => r.remaining > 0)
        .map((r) => ({ certMasterPracticeProductId: r.cmp_product_id, certMasterPracticeProductName: r.name }));
    },
  );

  app.post<{ Body: { accessKey: string; certMasterProductId: number; profileId: string } }>(
    '/api/redemptions/cmp/redeem',
    {
      schema: {
        tags: ['entitlements'],
        summary: 'Redeem one CertMaster Practice product of a key',
        body: ref('cmp-redeem-request'),
        response: { 200: ref('redemption-result'), ...errorResponses },
      },
    },
    async (request) => {
      await requireOwn(request, db, request.body.profileId);
      await refuseIfGuessing(request);
      const accessKey = normalizeKey(request.body.accessKey);
      const accountId = request.caller.accountId;
      const row = await db
        .selectFrom('cmp_products')
        .selectAll()
        .where('access_key', '=', accessKey)
        .where('cmp_product_id', '=', request.body.certMasterProductId)
        .executeTakeFirst();
      if (!row) return answer(request, { redemptionStatus: RedemptionStatus.InvalidKey, activatedProducts: [], unknownKey: false });
      if (!(await findProfileByAccount(db, accountId))) {
        return answer(request, { redemptionStatus: RedemptionStatus.UserProfileNotFound, activatedProducts: [], unknownKey: false });
      }
      const product = { title: row.name, vendorProductCode: `CMP-${row.cmp_product_id}`, productId: row.cmp_product_id };
      const base = { vendor: 'certMasterPractice', product, unknownKey: false };
      const held = await db
        .selectFrom('entitlements')
        .select('id')
        .where('account_id', '=', accountId)
        .where('vendor', '=', 'certMasterPractice')
        .where('product_id', '=', row.cmp_product_id)
        .where((eb) => eb.or([eb('expiration_date', 'is', null), eb('expiration_date', '>=', new Date())]))
        .executeTakeFirst();
      if (held) return answer(request, { ...base, redemptionStatus: RedemptionStatus.HasProductAlready, activatedProducts: [product] });
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('cmp_products')
          .set({ remaining: sql<number>`remaining - 1` })
          .where('id', '=', row.id)
          .where('remaining', '>', 0)
          .returning('remaining')
          .executeTakeFirst();
        if (!claimed) return answer(request, { ...base, redemptionStatus: RedemptionStatus.ReservationOverUsed, activatedProducts: [] });
        const now = new Date();
        await trx
          .insertInto('entitlements')
          .values({
            id: randomUUID(),
            account_id: accountId,
            vendor: 'certMasterPractice',
            product_id: row.cmp_product_id,
            product: JSON.stringify({ ...product, classroom: null, productTitle: row.name }),
            consent_status: 'notRequired',
            preferred_product_version: null,
            redemption_date: now,
            expiration_date: new Date(now.getTime() + 365 * 24 * 60 * 60 * 1000),
            migrated_to_product_title: null,
            account_type: 'personal',
            access_key: accessKey,
          })
          .execute();
        await trx.insertInto('key_redemptions').values({ access_key: accessKey, account_id: accountId, status: RedemptionStatus.Success }).execute();
        return answer(request, { ...base, redemptionStatus: RedemptionStatus.Success, activatedProducts: [product] });
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/profiles/:id/entitlements',
    {
      schema: {
        tags: ['entitlements'],
        summary: 'The training products of a profile, newest redemption first',
        params: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        response: { 200: ref('entitlements-response'), 404: ref('error'), ...errorResponses },
      },
    },
    async (request) => {
      await requireOwn(request, db, request.params.id);
      const profile = (await findProfile(db, request.params.id)) ?? (await findProfileByAccount(db, request.caller.accountId));
      if (!profile) throw notFound('Profile not found.');
      const rows = await db
        .selectFrom('entitlements')
        .selectAll()
        .where('account_id', '=', profile.account_id)
        .orderBy('redemption_date', (ob) => ob.desc().nullsLast())
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        vendor: r.vendor,
        consentStatus: r.consent_status,
        product: r.product,
        preferredProductVersion: r.preferred_product_version,
        redemptionDate: r.redemption_date ? new Date(r.redemption_date).toISOString() : null,
        expirationDate: r.expiration_date ? new Date(r.expiration_date).toISOString() : null,
        migratedToProductTitle: r.migrated_to_product_title,
        accountType: r.account_type,
      }));
    },
  );
}
