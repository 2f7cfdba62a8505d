import type { FastifyInstance } from 'fastify';
import { errors, params, ref, typed } from '../http/schema-refs';
import { fulfilmentSource } from './fulfilment-source';

/** The vendors service's routes: partner tokens, fulfilment and exam-delivery candidates (docs/behaviour.md#calls). */
export async function vendorRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const { vendors, config } = app.services;
  const tags = ['vendors'];

  // Fulfilment: the certmetrics routes always, the sierra variant when SIERRA_URL is configured.
  const fulfilmentSources = [...new Set(['certmetrics', fulfilmentSource(config.sierraUrl)])];
  for (const source of fulfilmentSources) {
    api.get(
      `/api/vendors/${source}/:id/pendingfulfillments`,
      {
        schema: {
          tags,
          summary: `Pending fulfilments of a profile (${source})`,
          params: params('id'),
          response: { 200: ref('pending-fulfillments-response'), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => vendors.pendingFulfillments(request.caller, request.params.id),
    );
    api.post(
      `/api/vendors/${source}/releasefulfillments`,
      {
        schema: {
          tags,
          summary: `Release pending fulfilments to an address (${source})`,
          body: ref('address-request'),
          response: { 200: ref('release-fulfillments-response'), ...errors(400, 401, 403, 404) },
        },
      },
      async (request) =>
        vendors.releaseFulfillments(request.rulesInForce, request.caller, request.body as { address: Record<string, unknown>; profileId: string }),
    );
  }

  api.post(
    '/api/vendors/certmetrics/verifyaddress',
    {
      schema: {
        tags,
        summary: 'Check an address with the address rules; answers it normalised',
        body: ref('address-request'),
        response: { 200: ref('verify-address-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => vendors.verifyAddress(request.rulesInForce, request.caller, request.body as { address: Record<string, unknown>; profileId: string }),
  );

  api.get(
    '/api/vendors/skillable/ssosurl/:id',
    {
      schema: {
        tags,
        summary: 'Single sign-on URL of the lab partner',
        params: params('id'),
        response: { 200: ref('url-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => vendors.skillableUrl(request.caller, request.params.id),
  );

  api.get(
    '/api/vendors/certmetrics/tokens/:ssoId',
    {
      schema: {
        tags,
        summary: 'Token for the certification-tracking partner',
        params: params('ssoId'),
        response: { 200: ref('token-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => vendors.certMetricsToken(request.caller, request.params.ssoId),
  );

  api.get(
    '/api/vendors/zendesk/tokens/:profileId',
    {
      schema: {
        tags,
        summary: 'Support-desk JWT (HS256: name, email, external_id, iat, jti)',
        params: params('profileId'),
        response: { 200: ref('token-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => vendors.zendeskToken(request.caller, request.params.profileId),
  );

  api.get(
    '/api/vendors/pearson/tokens/:profileId',
    {
      schema: {
        tags,
        summary: 'Exam-delivery launch values (the profile must be a candidate already)',
        params: params('profileId'),
        response: { 200: ref('pearson-token-response'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => vendors.pearsonToken(request.caller, request.params.profileId),
  );

  api.post(
    '/api/vendors/pearson/candidates',
    {
      schema: {
        tags,
        summary: 'Create or update the exam-delivery candidate from the exam form; answers the profile',
        body: ref('pearson-candidate-request'),
        response: { 200: ref('profile'), ...errors(400, 401, 403, 404, 412) },
      },
    },
    async (request, reply) => {
      const saved = await vendors.saveCandidate(request.rulesInForce, request.caller, request.body as Record<string, unknown> & { id: string });
      const { identity } = app.services;
      return reply.header('etag', identity.etagOf(saved)).send(identity.profileResponse(saved) as never);
    },
  );
}
