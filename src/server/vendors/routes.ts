import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildProfilePatch } from '../../shared/profile-patch';
import { NAME_FIELDS, pickFields, toProfileView, type Name, type ProfileView } from '../../shared/profile-view';
import { requireOwn } from '../http/context';
import { patchableFields } from '../identity/profiles.routes';
import { applyProfilePatch, etagOf, findProfile, findProfileByAccount, PROTECTED_FIELDS, profileResponse, saveProfile, type ProfileRow } from '../identity/profile-store';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { partnerJwt, pearsonHash, zendeskJwt } from './tokens';

const ref = (name: string) => ({ $ref: `api/${name}.schema.json` });
const errorResponses = { 400: ref('error'), 401: ref('error'), 403: ref('error'), 404: ref('error') };
const param = (name: string) => ({ type: 'object', properties: { [name]: { type: 'string' } }, required: [name] }) as const;

const EXAM_FORM = 'forms/exam.schema.json';
const ADDRESS_DEF = 'defs/address.schema.json';

export async function vendorRoutes(app: FastifyInstance): Promise<void> {
  const { db, config, schemas } = app.services;

  async function ownProfile(request: FastifyRequest, id: string): Promise<ProfileRow> {
    await requireOwn(request, db, id);
    const row = (await findProfile(db, id)) ?? (await findProfileByAccount(db, request.caller.accountId));
    if (!row) throw notFound('Profile not found.');
    return row;
  }

  const displayName = (row: ProfileRow) => {
    const name = row.document.preferredName?.firstName ? row.document.preferredName : row.document.givenName;
    return [name?.firstName, name?.lastName].filter(Boolean).join(' ');
  };

  function validateAddress(address: unknown) {
    const errors = schemas.validate(ADDRESS_DEF, address);
    if (errors) throw badRequest(errors.map((e) => ({ ...e, path: `/address${e.path}` })));
  }

  // Fulfilment: the certmetrics routes always, the sierra variant when SIERRA_URL is a URL.
  const fulfilmentSources = ['certmetrics', ...(config.sierraUrl?.includes('://') ? ['sierra'] : [])];
  for (const source of fulfilmentSources) {
    app.get<{ Params: { id: string } }>(
      `/api/vendors/${source}/:id/pendingfulfillments`,
      {
        schema: {
          tags: ['vendors'],
          summary: `Pending fulfilments of a profile (${source})`,
          params: param('id'),
          response: { 200: ref('pending-fulfillments-response'), ...errorResponses },
        },
      },
      async (request) => {
        const row = await ownProfile(request, request.params.id);
        const pending = await db
          .selectFrom('fulfillments')
          .select(['id', 'item', 'status'])
          .where('account_id', '=', row.account_id)
          .where('status', '=', 'pending')
          .orderBy('created_at')
          .execute();
        return { hasPendingFulfillments: pending.length > 0, fulfillments: pending };
      },
    );

    app.post<{ Body: { address: Record<string, unknown>; profileId: string } }>(
      `/api/vendors/${source}/releasefulfillments`,
      {
        schema: {
          tags: ['vendors'],
          summary: `Release pending fulfilments to an address (${source})`,
          body: ref('address-request'),
          response: { 200: ref('release-fulfillments-response'), ...errorResponses },
        },
      },
      async (request) => {
        const row = await ownProfile(request, request.body.profileId);
        validateAddress(request.body.address);
        const released = await db
          .updateTable('fulfillments')
          .set({ status: 'released', address: JSON.stringify(request.body.address), released_at: new Date() })
          .where('account_id', '=', row.account_id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        return { released: Number(released.numUpdatedRows) };
      },
    );
  }

  app.post<{ Body: { address: Record<string, unknown>; profileId: string } }>(
    '/api/vendors/certmetrics/verifyaddress',
    {
      schema: {
        tags: ['vendors'],
        summary: 'Check an address with the address rules; answers it normalised',
        body: ref('address-request'),
        response: { 200: ref('verify-address-response'), ...errorResponses },
      },
    },
    async (request) => {
      await ownProfile(request, request.body.profileId);
      validateAddress(request.body.address);
      const address: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(request.body.address)) {
        address[key] = typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : value;
      }
      for (const key of ['state', 'country', 'postalCode']) {
        if (typeof address[key] === 'string') address[key] = (address[key] as string).toUpperCase();
      }
      return { isValid: true, address };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/vendors/skillable/ssosurl/:id',
    {
      schema: { tags: ['vendors'], summary: 'Single sign-on URL of the lab partner', params: param('id'), response: { 200: ref('url-response'), ...errorResponses } },
    },
    async (request) => {
      const row = await ownProfile(request, request.params.id);
      const token = await partnerJwt(
        config.partnerSecrets.skillable,
        { email: row.document.email, name: displayName(row), external_id: row.document.externalIds?.skillable ?? row.account_id },
        { issuer: config.publicOrigin, audience: 'skillable', subject: row.account_id },
      );
      const url = new URL('/skillable/sso', config.sandboxOrigin);
      url.searchParams.set('token', token);
      return { url: url.toString() };
    },
  );

  app.get<{ Params: { ssoId: string } }>(
    '/api/vendors/certmetrics/tokens/:ssoId',
    {
      schema: { tags: ['vendors'], summary: 'Token for the certification-tracking partner', params: param('ssoId'), response: { 200: ref('token-response'), ...errorResponses } },
    },
    async (request) => {
      const row = await ownProfile(request, request.params.ssoId);
      const token = await partnerJwt(
        config.partnerSecrets.certMetrics,
        {
          email: row.document.email,
          given_name: row.document.givenName?.firstName,
          family_name: row.document.givenName?.lastName,
          external_id: row.account_id,
        },
        { issuer: config.publicOrigin, audience: 'certmetrics', subject: row.account_id },
      );
      return { token };
    },
  );

  app.get<{ Params: { profileId: string } }>(
    '/api/vendors/zendesk/tokens/:profileId',
    {
      schema: { tags: ['vendors'], summary: 'Support-desk JWT (HS256: name, email, external_id, iat, jti)', params: param('profileId'), response: { 200: ref('token-response'), ...errorResponses } },
    },
    async (request) => {
      const row = await ownProfile(request, request.params.profileId);
      const token = await zendeskJwt(config.partnerSecrets.zendesk, {
        name: displayName(row),
        email: String(row.document.email ?? ''),
        externalId: row.account_id,
      });
      return { token };
    },
  );

  app.get<{ Params: { profileId: string } }>(
    '/api/vendors/pearson/tokens/:profileId',
    {
      schema: {
        tags: ['vendors'],
        summary: 'Exam-delivery launch values (the profile must be a candidate already)',
        params: param('profileId'),
        response: { 200: ref('pearson-token-response'), ...errorResponses, 409: ref('error') },
      },
    },
    async (request) => {
      const row = await ownProfile(request, request.params.profileId);
      if (row.document.isBlocked) throw forbidden('Exam registration is suspended for this account.');
      const vueCandidateId = row.document.externalIds?.pearsonVue;
      if (!vueCandidateId) throw conflict('The profile is not an exam-delivery candidate yet.');
      const fields = {
        clientCode: config.pearsonClientCode,
        vueCandidateId,
        externalPageTimestamp: String(Date.now()),
        externalSessionTimeout: String(config.pearsonSessionTimeout),
      };
      return { ...fields, token: pearsonHash(config.partnerSecrets.pearsonVue, fields) };
    },
  );

  app.post<{ Body: Record<string, unknown> & { id: string } }>(
    '/api/vendors/pearson/candidates',
    {
      schema: {
        tags: ['vendors'],
        summary: 'Create or update the exam-delivery candidate from the exam form; answers the profile',
        body: ref('pearson-candidate-request'),
        response: { 200: ref('profile'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await ownProfile(request, request.body.id);
      const account = await db.selectFrom('accounts').select(['email', 'is_blocked']).where('id', '=', row.account_id).executeTakeFirstOrThrow();
      if (account.is_blocked || row.document.isBlocked) throw forbidden('Exam registration is suspended for this account.');
      const examFields = schemas.fields(EXAM_FORM);
      const view = candidateView(request.body, account.email, row);
      const errors = schemas.validate(EXAM_FORM, pickFields(view, examFields));
      if (errors) throw badRequest(errors);

      // The legal name is the one on the ID shown at the test centre: fixed once a candidate exists.
      if (row.document.externalIds?.pearsonVue && view.givenName && !sameName(view.givenName, row.document.givenName)) {
        throw badRequest([{ path: '/givenName', key: 'Validation.ReadOnly' }]);
      }
      const before = toProfileView(row.document);
      const editable = Object.fromEntries(Object.entries(pickFields(view, examFields)).filter(([k]) => !PROTECTED_FIELDS.includes(k)));
      const patch = buildProfilePatch(row.document, before, { ...before, ...editable });
      const document = applyProfilePatch(row.document, patch, patchableFields(examFields));
      const candidateId = row.document.externalIds?.pearsonVue ?? `${randomInt(100_000_000, 999_999_999)}`;
      document.externalIds = { ...(document.externalIds ?? {}), pearsonVue: candidateId };
      const candidate = pickFields(toProfileView(document), examFields);
      await db
        .insertInto('pearson_candidates')
        .values({ account_id: row.account_id, candidate_id: candidateId, document: JSON.stringify(candidate) })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ document: JSON.stringify(candidate), updated_at: new Date() }))
        .execute();
      const saved = await saveProfile(db, row, document, {
        actorId: request.caller.accountId,
        action: 'pearson-candidate',
        paths: [...patch.map((op) => op.path), '/externalIds/pearsonVue'],
      });
      return reply.header('etag', etagOf(saved)).send(profileResponse(saved));
    },
  );
}

const sameName = (a: Name | undefined, b: Name | undefined) =>
  NAME_FIELDS.every((k) => (a?.[k] ?? '') === (b?.[k] ?? ''));

/**
 * The exam form as sent for a candidate: the primary phone may come as phoneNumber and the mobile
 * as mobilephoneNumber; item indexes are dropped; the email is the account's own.
 */
function candidateView(body: Record<string, unknown>, email: string, row: ProfileRow): ProfileView {
  const { id: _id, phoneNumber, mobilephoneNumber, ...rest } = body;
  const view: ProfileView = { ...rest, email };
  if (phoneNumber && !view.primaryPhoneNumber) view.primaryPhoneNumber = phoneNumber as ProfileView['primaryPhoneNumber'];
  if (mobilephoneNumber && !view.mobilePhoneNumber) view.mobilePhoneNumber = mobilephoneNumber as ProfileView['mobilePhoneNumber'];
  for (const key of ['primaryAddress', 'primaryPhoneNumber', 'secondaryPhoneNumber', 'mobilePhoneNumber']) {
    const item = view[key];
    if (item && typeof item === 'object') {
      const { index: _index, isPrimary: _primary, ...fields } = item as Record<string, unknown>;
      view[key] = fields;
    }
  }
  if (row.document.isMinor !== undefined) view.isMinor = row.document.isMinor;
  return view;
}
