import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Operation } from 'fast-json-patch';
import { DERIVED_VIEW_FIELDS, pickFields, toProfileView, type StoredProfile } from '../../shared/profile-view';
import { requireOwn } from '../http/context';
import { badRequest, notFound } from '../lib/errors';
import {
  applyProfilePatch,
  checkIfMatch,
  etagOf,
  findProfile,
  findProfileByAccount,
  patchPaths,
  profileResponse,
  saveProfile,
  updateProfile,
  type ProfileRow,
} from './profile-store';

const ref = (name: string) => ({ $ref: `api/${name}.schema.json` });
const errorResponses = { 400: ref('error'), 401: ref('error'), 403: ref('error'), 404: ref('error') };
const idParam = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;

/** Which form schema validates each patch variant; the same files the browser uses. */
const PATCH_VARIANTS = [
  { suffix: '', form: 'forms/profile.schema.json', action: 'patch-profile', summary: 'Patch the profile (profile form rules)' },
  { suffix: '/candidate', form: 'forms/exam.schema.json', action: 'patch-candidate', summary: 'Patch the profile with the exam form rules' },
  { suffix: '/populi', form: 'forms/demographics.schema.json', action: 'patch-populi', summary: 'Patch the profile with the demographics form rules' },
];

/** Stored fields a patch may reach for a form: its own fields, with the derived items mapped back. */
export function patchableFields(formFields: string[]): Set<string> {
  const fields = new Set(formFields.filter((f) => !(DERIVED_VIEW_FIELDS as readonly string[]).includes(f)));
  if (formFields.includes('primaryAddress')) fields.add('addresses');
  if (['primaryPhoneNumber', 'secondaryPhoneNumber', 'mobilePhoneNumber'].some((f) => formFields.includes(f))) fields.add('phoneNumbers');
  return fields;
}

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { db, schemas } = app.services;

  async function ownProfile(request: FastifyRequest, id: string): Promise<ProfileRow> {
    await requireOwn(request, db, id);
    const row = (await findProfile(db, id)) ?? (await findProfileByAccount(db, id));
    if (!row) throw notFound('Profile not found.');
    return row;
  }

  const send = (reply: FastifyReply, row: ProfileRow) => reply.header('etag', etagOf(row)).send(profileResponse(row));

  app.get<{ Params: { accountId: string } }>(
    '/api/profiles/account/:accountId',
    {
      schema: {
        tags: ['identity'],
        summary: 'The profile of an account (with ETag)',
        params: { type: 'object', properties: { accountId: { type: 'string' } }, required: ['accountId'] },
        response: { 200: ref('profile'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await requireOwn(request, db, request.params.accountId);
      const row = await findProfileByAccount(db, request.caller.accountId);
      if (!row) throw notFound('Profile not found.');
      return send(reply, row);
    },
  );

  for (const variant of PATCH_VARIANTS) {
    app.patch<{ Params: { id: string }; Body: Operation[] }>(
      `/api/profiles/:id${variant.suffix}`,
      {
        schema: {
          tags: ['identity'],
          summary: variant.summary,
          description: `The patched profile is mapped to the form view and validated with schemas/${variant.form} before anything is written. Send If-Match with the ETag to get 412 on a stale copy.`,
          params: idParam,
          body: ref('profile-patch'),
          response: { 200: ref('profile'), ...errorResponses, 412: ref('error') },
        },
      },
      async (request, reply) => {
        const formFields = schemas.fields(variant.form);
        const saved = await updateProfile(db, request.params.id, request.caller.accountId, (row) => {
          checkIfMatch(row, request.headers['if-match']);
          // An exam-delivery candidate's legal name is fixed (it must match the ID at the test centre).
          if (variant.suffix === '/candidate' && row.document.externalIds?.pearsonVue) {
            const touched = request.body.filter((op) => typeof op?.path === 'string' && /^\/givenName(\/|$)/.test(op.path));
            if (touched.length) throw badRequest(touched.map((op) => ({ path: op.path, key: 'Validation.ReadOnly' })));
          }
          const next = applyProfilePatch(row.document, request.body, patchableFields(formFields));
          const errors = schemas.validate(variant.form, pickFields(toProfileView(next), formFields));
          if (errors) throw badRequest(errors);
          return { document: next, actorId: request.caller.accountId, action: variant.action, paths: patchPaths(request.body) };
        });
        return send(reply, saved);
      },
    );
  }

  app.get<{ Params: { id: string } }>(
    '/api/profiles/:id/cmp/role',
    {
      schema: {
        tags: ['identity'],
        summary: 'Certification-platform role and campus',
        params: idParam,
        response: { 200: ref('cmp-role-response'), ...errorResponses },
      },
    },
    async (request) => {
      const row = await ownProfile(request, request.params.id);
      const role = await db.selectFrom('cmp_roles').select(['role', 'campus_id']).where('account_id', '=', row.account_id).executeTakeFirst();
      return { role: role?.role ?? 'none', campusId: role?.campus_id ?? null };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/profiles/:id/cmp/profile',
    {
      schema: {
        tags: ['identity'],
        summary: 'Make sure the profile has a CertMaster platform account (creates one when absent)',
        params: idParam,
        response: { 200: ref('cmp-profile-response'), ...errorResponses },
      },
    },
    async (request) => {
      const row = await ownProfile(request, request.params.id);
      const existing = row.document.externalIds?.certMaster;
      if (existing) return { certMasterId: existing, created: false };
      const certMasterId = `cm-${randomInt(10_000_000, 99_999_999)}`;
      const document: StoredProfile = { ...row.document, externalIds: { ...(row.document.externalIds ?? {}), certMaster: certMasterId } };
      await saveProfile(db, row, document, { actorId: request.caller.accountId, action: 'cmp-profile', paths: ['/externalIds/certMaster'] });
      return { certMasterId, created: true };
    },
  );
}
