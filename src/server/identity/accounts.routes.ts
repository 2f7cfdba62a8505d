import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LinkStatus } from '../../shared/redemption';
import { hitRateLimit } from '../db/rate-limit';
import { requireOwn } from '../http/context';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../lib/errors';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { consumeCode, issueCode } from './email-change';
import { findProfileByAccount, saveProfile } from './profile-store';

const ref = (name: string) => ({ $ref: `api/${name}.schema.json` });
const errorResponses = { 400: ref('error'), 401: ref('error'), 403: ref('error'), 404: ref('error'), 429: ref('error') };
const idParam = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;

const SOCIAL = 'socialIdpAuthentication';
const PASSWORD_TRIES = 10;
const PASSWORD_WINDOW_MS = 15 * 60 * 1000;

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { db, schemas, mailer, config } = app.services;

  async function ownAccount(request: FastifyRequest, id: string) {
    await requireOwn(request, db, id);
    const account = await db.selectFrom('accounts').selectAll().where('id', '=', request.caller.accountId).executeTakeFirst();
    if (!account) throw notFound('Account not found.');
    return account;
  }

  /** Social-login accounts have no password here: their email and password live with the social provider. */
  function refuseSocial(account: { authentication_source: string }) {
    if (account.authentication_source === SOCIAL) throw forbidden('Email and password are managed by the social sign-in provider.');
  }

  async function checkPassword(accountId: string, hash: string | null, password: string) {
    const limit = await hitRateLimit(db, `password:${accountId}`, PASSWORD_TRIES, PASSWORD_WINDOW_MS);
    if (!limit.allowed) throw tooManyRequests(limit.retryAfterMs);
    if (!(await verifyPassword(hash, password))) throw badRequest([{ path: '/currentPassword', key: 'Validation.IncorrectPassword' }]);
  }

  async function emailTaken(email: string, accountId: string): Promise<boolean> {
    const other = await db.selectFrom('accounts').select('id').where('email', '=', email).where('id', '!=', accountId).executeTakeFirst();
    return !!other;
  }

  app.post<{ Params: { id: string }; Body: { currentPassword: string; email: string } }>(
    '/api/accounts/:id/send-email-verification-code',
    {
      schema: {
        tags: ['identity'],
        summary: 'Send a verification code to the new email address',
        params: idParam,
        body: ref('send-email-verification-code-request'),
        response: { 200: ref('status-response'), ...errorResponses },
      },
    },
    async (request) => {
      const account = await ownAccount(request, request.params.id);
      refuseSocial(account);
      const profile = await findProfileByAccount(db, account.id);
      const email = request.body.email.trim().toLowerCase();
      const errors = schemas.validate('forms/email.schema.json', {
        currentEmail: account.email,
        ...(profile?.document.alternateEmail ? { alternateEmail: profile.document.alternateEmail } : {}),
        email,
        currentPassword: request.body.currentPassword,
      });
      if (errors) throw badRequest(errors);
      await checkPassword(account.id, account.password_hash, request.body.currentPassword);
      if (await emailTaken(email, account.id)) throw badRequest([{ path: '/email', key: 'Validation.EmailInUse' }]);
      const language = (profile?.document.preferences?.language as string | undefined) ?? account.locale;
      await issueCode(db, mailer, account.id, email, language);
      return { message: 'Verification code sent.' };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/accounts/:id/resend-email-verification-code',
    {
      schema: {
        tags: ['identity'],
        summary: 'Send a new code for the email change in progress (replaces the earlier code)',
        params: idParam,
        body: ref('empty-request'),
        response: { 200: ref('status-response'), ...errorResponses, 409: ref('error') },
      },
    },
    async (request) => {
      const account = await ownAccount(request, request.params.id);
      refuseSocial(account);
      const pending = await db.selectFrom('email_verifications').select('new_email').where('account_id', '=', account.id).executeTakeFirst();
      if (!pending) throw conflict('No email change is in progress.');
      const limit = await hitRateLimit(db, `resend:${account.id}`, 5, 15 * 60 * 1000);
      if (!limit.allowed) throw tooManyRequests(limit.retryAfterMs);
      const profile = await findProfileByAccount(db, account.id);
      await issueCode(db, mailer, account.id, pending.new_email, (profile?.document.preferences?.language as string | undefined) ?? account.locale);
      return { message: 'Verification code sent.' };
    },
  );

  app.post<{ Params: { id: string }; Body: { verificationCode: string } }>(
    '/api/accounts/:id/change-email',
    {
      schema: {
        tags: ['identity'],
        summary: 'Change the sign-in email with the verification code',
        params: idParam,
        body: ref('change-email-request'),
        response: { 200: ref('status-response'), ...errorResponses },
      },
    },
    async (request) => {
      const account = await ownAccount(request, request.params.id);
      refuseSocial(account);
      const email = await consumeCode(db, account.id, request.body.verificationCode);
      if (await emailTaken(email, account.id)) throw badRequest([{ path: '/email', key: 'Validation.EmailInUse' }]);
      await db.updateTable('accounts').set({ email }).where('id', '=', account.id).execute();
      const profile = await findProfileByAccount(db, account.id);
      if (profile) {
        await saveProfile(db, profile, { ...profile.document, email }, { actorId: account.id, action: 'change-email', paths: ['/email'] });
      }
      request.log.info({ accountId: account.id }, 'email changed');
      return { message: 'Email changed.' };
    },
  );

  app.post<{ Params: { id: string }; Body: { currentPassword: string; email?: string; newPassword: string } }>(
    '/api/accounts/:id/set-password',
    {
      schema: {
        tags: ['identity'],
        summary: 'Change the password (current password required)',
        params: idParam,
        body: ref('set-password-request'),
        response: { 200: ref('status-response'), ...errorResponses },
      },
    },
    async (request) => {
      const account = await ownAccount(request, request.params.id);
      refuseSocial(account);
      const { currentPassword, newPassword, email } = request.body;
      if (email && email.trim().toLowerCase() !== account.email) throw forbidden('The email is not this account’s.');
      const errors = schemas.validate('forms/password.schema.json', { currentPassword, newPassword, confirmPassword: newPassword });
      if (errors) throw badRequest(errors);
      await checkPassword(account.id, account.password_hash, currentPassword);
      await db
        .updateTable('accounts')
        .set({ password_hash: await hashPassword(newPassword), password_changed_at: new Date() })
        .where('id', '=', account.id)
        .execute();
      request.log.info({ accountId: account.id }, 'password changed');
      return { message: 'Password changed.' };
    },
  );

  app.get<{ Params: { email: string } }>(
    '/api/accounts/certmaster-platform/email/:email',
    {
      schema: {
        tags: ['identity'],
        summary: 'Whether a legacy CertMaster account exists for an email',
        params: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
        response: { 200: ref('does-exist-response'), ...errorResponses },
      },
    },
    async (request) => {
      const limit = await hitRateLimit(db, `legacy-lookup:${request.caller.accountId}`, config.linkAttemptLimit * 3, config.linkAttemptWindowMs);
      if (!limit.allowed) throw tooManyRequests(limit.retryAfterMs);
      const row = await db
        .selectFrom('legacy_accounts')
        .select('login')
        .where('email', '=', request.params.email.trim().toLowerCase())
        .where('linked_account_id', 'is', null)
        .executeTakeFirst();
      return { doesExist: !!row };
    },
  );

  app.post<{ Params: { id: string }; Body: { login: string; phash: string; email?: string } }>(
    '/api/accounts/:id/link-certmaster',
    {
      schema: {
        tags: ['identity'],
        summary: 'Link a legacy CertMaster account (phash = SHA-256 hex of its password)',
        params: idParam,
        body: ref('link-certmaster-request'),
        response: { 200: ref('link-status-response'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const account = await ownAccount(request, request.params.id);
      const limit = await hitRateLimit(db, `link:${account.id}`, config.linkAttemptLimit, config.linkAttemptWindowMs);
      if (!limit.allowed) throw tooManyRequests(limit.retryAfterMs);
      const legacy = await db
        .selectFrom('legacy_accounts')
        .selectAll()
        .where('login', '=', request.body.login.trim().toLowerCase())
        .executeTakeFirst();
      const send = (status: string) => reply.type('application/json').send(JSON.stringify(status));
      if (!legacy) return send(LinkStatus.NotFound);
      const given = Buffer.from(request.body.phash.toLowerCase());
      const expected = Buffer.from(legacy.phash.toLowerCase());
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return send(LinkStatus.LoginFailed);
      if (legacy.linked_account_id) return send(LinkStatus.AlreadyLinked);
      const profile = await findProfileByAccount(db, account.id);
      if (profile?.document.externalIds?.certMaster) return send(LinkStatus.AlreadyLinked);
      await db.updateTable('legacy_accounts').set({ linked_account_id: account.id }).where('login', '=', legacy.login).execute();
      if (profile) {
        const externalIds = { ...(profile.document.externalIds ?? {}), certMaster: legacy.certmaster_user_id };
        await saveProfile(db, profile, { ...profile.document, externalIds }, { actorId: account.id, action: 'link-certmaster', paths: ['/externalIds/certMaster'] });
      }
      return send(LinkStatus.Success);
    },
  );
}

/** SHA-256 hex of a password, as the portal sends it for the legacy link. */
export const legacyPasswordHash = (password: string): string => createHash('sha256').update(password).digest('hex');
