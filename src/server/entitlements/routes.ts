import type { FastifyInstance } from 'fastify';
import { errors, params, query, ref, typed } from '../http/schema-refs';

/** The entitlements service's routes: access keys, redemptions and training products (docs/behaviour.md#calls). */
export async function entitlementRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const { entitlements } = app.services;
  const tags = ['entitlements'];

  for (const [url, platform, summary] of [
    ['/api/redemptions/redeem', false, 'Redeem an access key of any vendor'],
    ['/api/redemptions/certmaster-platform', true, 'Redeem a CertMaster platform key (the profile must be linked to the platform)'],
  ] as const) {
    api.post(
      url,
      { schema: { tags, summary, body: ref('redeem-request'), response: { 200: ref('redemption-result'), ...errors(400, 401, 403, 429) } } },
      async (request) => {
        const outcome = await entitlements.redeem(request.caller, request.body, platform);
        request.log.info({ status: outcome.redemptionStatus, vendor: outcome.vendor }, 'redemption');
        return outcome;
      },
    );
  }

  api.get(
    '/api/redemptions/certmaster-platform/access-key/:accessKey/is-valid',
    {
      schema: {
        tags,
        summary: 'Whether a key exists (or has the reservation-code shape); its state is judged on redemption',
        params: params('accessKey'),
        response: { 200: ref('is-valid-response'), ...errors(400, 401, 429) },
      },
    },
    async (request) => ({ isValid: await entitlements.isValid(request.caller, request.params.accessKey) }),
  );

  api.get(
    '/api/vendors/getvendor/:accessKey',
    {
      schema: {
        tags,
        summary: 'The vendor of a key; 404 when the key belongs to no vendor',
        params: params('accessKey'),
        response: { 200: ref('vendor-response'), ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => ({ vendor: await entitlements.vendorOf(request.caller, request.params.accessKey) }),
  );

  api.get(
    '/api/vendors/cmp/:accessKey',
    {
      schema: {
        tags,
        summary: 'CertMaster Practice products a key still grants (empty when its limit is reached)',
        params: params('accessKey'),
        querystring: query('cmpId'),
        response: { 200: ref('cmp-products-response'), ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => entitlements.cmpProducts(request.caller, request.params.accessKey),
  );

  api.post(
    '/api/redemptions/cmp/redeem',
    {
      schema: {
        tags,
        summary: 'Redeem one CertMaster Practice product of a key',
        body: ref('cmp-redeem-request'),
        response: { 200: ref('redemption-result'), ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const outcome = await entitlements.redeemCmp(request.caller, request.body);
      request.log.info({ status: outcome.redemptionStatus, vendor: outcome.vendor }, 'redemption');
      return outcome;
    },
  );

  api.get(
    '/api/profiles/:id/entitlements',
    {
      schema: {
        tags,
        summary: 'The training products of a profile, newest redemption first',
        params: params('id'),
        response: { 200: ref('entitlements-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => entitlements.entitlements(request.caller, request.params.id),
  );
}
