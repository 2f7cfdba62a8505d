import type { FastifyInstance } from 'fastify';
import { errors, params, query, ref, typed } from '../http/schema-refs';

const PATCH_VARIANTS = [
  { suffix: '', form: 'profile', summary: 'Patch the profile (profile form rules)' },
  { suffix: '/candidate', form: 'exam', summary: 'Patch the profile with the exam form rules' },
  { suffix: '/populi', form: 'demographics', summary: 'Patch the profile with the demographics form rules' },
] as const;

/** The identity service's routes: accounts, profiles and announcements (docs/behaviour.md#calls). */
export async function identityRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  const { identity } = app.services;
  const tags = ['identity'];

  api.post(
    '/api/accounts/:id/send-email-verification-code',
    {
      schema: {
        tags,
        summary: 'Send a verification code to the new email address',
        params: params('id'),
        body: ref('send-email-verification-code-request'),
        response: { 200: ref('status-response'), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await identity.sendEmailCode(request.rulesInForce, request.caller, request.params.id, request.body);
      return { message: 'Verification code sent.' };
    },
  );

  api.put(
    '/api/accounts/:id/language',
    {
      schema: {
        tags,
        summary:
          'Keep the language the learner chose in the portal with the account (a live language, or null for none): the e-mails speak it, and a language taken down later sends its learner to its fallback',
        params: params('id'),
        body: ref('account-language-request'),
        response: { 204: { type: 'null', description: 'Kept.' }, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await identity.setLanguage(request.caller, request.params.id, request.body.language);
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/accounts/:id/resend-email-verification-code',
    {
      schema: {
        tags,
        summary: 'Send a new code for the email change in progress (replaces the earlier code)',
        params: params('id'),
        body: ref('empty-request'),
        response: { 200: ref('status-response'), ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      await identity.resendEmailCode(request.caller, request.params.id);
      return { message: 'Verification code sent.' };
    },
  );

  api.post(
    '/api/accounts/:id/change-email',
    {
      schema: {
        tags,
        summary: 'Change the sign-in email with the verification code',
        params: params('id'),
        body: ref('change-email-request'),
        response: { 200: ref('status-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await identity.changeEmail(request.caller, request.params.id, request.body.verificationCode);
      request.log.info({ accountId: request.caller.accountId }, 'email changed');
      return { message: 'Email changed.' };
    },
  );

  api.post(
    '/api/accounts/:id/set-password',
    {
      schema: {
        tags,
        summary: 'Change the password (current password required)',
        params: params('id'),
        body: ref('set-password-request'),
        response: { 200: ref('status-response'), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await identity.setPassword(request.rulesInForce, request.caller, request.params.id, request.body);
      request.log.info({ accountId: request.caller.accountId }, 'password changed');
      return { message: 'Password changed.' };
    },
  );

  api.get(
    '/api/accounts/certmaster-platform/email/:email',
    {
      schema: {
        tags,
        summary: 'Whether a legacy CertMaster account exists for an email',
        params: params('email'),
        response: { 200: ref('does-exist-response'), ...errors(400, 401, 429) },
      },
    },
    async (request) => ({ doesExist: await identity.legacyAccountExists(request.caller, request.params.email) }),
  );

  api.post(
    '/api/accounts/:id/link-certmaster',
    {
      schema: {
        tags,
        summary: 'Link a legacy CertMaster account (phash = SHA-256 hex of its password)',
        params: params('id'),
        body: ref('link-certmaster-request'),
        response: { 200: ref('link-status-response'), ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const status = await identity.linkCertMaster(request.caller, request.params.id, request.body);
      // The documented answer (docs/behaviour.md#calls) is a bare JSON string.
      return reply.type('application/json').send(JSON.stringify(status) as never);
    },
  );

  api.get(
    '/api/profiles/account/:accountId',
    {
      schema: {
        tags,
        summary: 'The profile of an account (with ETag); 204 while it has none',
        description:
          'Having no profile yet is the normal state of a new account, so it is an answer like any other: 204 with no body and no ETag (browsers log every error answer in the console); POST on the same path creates the profile.',
        params: params('accountId'),
        response: { 200: ref('profile'), 204: { type: 'null', description: 'The account has no profile yet.' }, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const row = await identity.ownProfileIfAny(request.caller, request.params.accountId);
      if (!row) return reply.status(204).send();
      return reply.header('etag', identity.etagOf(row)).send(identity.profileResponse(row) as never);
    },
  );

  api.post(
    '/api/profiles/account/:accountId',
    {
      schema: {
        tags,
        summary: 'Create the profile of an account that has none (profile form rules)',
        description:
          "The body is the profile patch of the profile form, applied to a new profile that holds the account's e-mail address; it is validated with schemas/forms/profile.schema.json and as a whole stored profile before anything is written. 409 when the account has a profile already.",
        params: params('accountId'),
        body: ref('profile-patch'),
        response: { 201: ref('profile'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = await identity.createProfile(request.rulesInForce, request.caller, request.params.accountId, request.body);
      request.log.info({ accountId: request.caller.accountId }, 'profile created');
      return reply
        .status(201)
        .header('etag', identity.etagOf(created))
        .send(identity.profileResponse(created) as never);
    },
  );

  for (const variant of PATCH_VARIANTS) {
    api.patch(
      `/api/profiles/:id${variant.suffix}`,
      {
        schema: {
          tags,
          summary: variant.summary,
          description: `The patched profile is mapped to the form view and validated with schemas/forms/${variant.form}.schema.json, and the whole stored profile with schemas/api/profile.schema.json, before anything is written. Send If-Match with the ETag to get 412 on a stale copy. An empty patch writes nothing.`,
          params: params('id'),
          body: ref('profile-patch'),
          response: { 200: ref('profile'), ...errors(400, 401, 403, 404, 412) },
        },
      },
      async (request, reply) => {
        const saved = await identity.updateProfileByForm(request.rulesInForce, variant.form, request.caller, request.params.id, request.body, {
          ifMatch: request.headers['if-match'],
        });
        return reply.header('etag', identity.etagOf(saved)).send(identity.profileResponse(saved) as never);
      },
    );
  }

  api.get(
    '/api/profiles/:id/cmp/role',
    {
      schema: {
        tags,
        summary: 'Certification-platform role and campus',
        params: params('id'),
        response: { 200: ref('cmp-role-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => identity.cmpRole(request.caller, request.params.id),
  );

  api.post(
    '/api/profiles/:id/cmp/profile',
    {
      schema: {
        tags,
        summary: 'Make sure the profile has a CertMaster platform account (creates one when absent)',
        params: params('id'),
        response: { 200: ref('cmp-profile-response'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => identity.ensureCmpProfile(request.caller, request.params.id),
  );

  api.get(
    '/api/announcements/',
    {
      schema: {
        tags,
        summary: 'Announcements in a language (English when there are none in it)',
        querystring: query('language'),
        response: { 200: ref('announcements-response'), ...errors(400, 401) },
      },
    },
    async (request) => identity.announcements(request.query.language),
  );
}
