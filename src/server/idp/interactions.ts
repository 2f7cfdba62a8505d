import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { errors, type default as Provider, type InteractionResults } from 'oidc-provider';
import type { DB } from '../db/types';
import { registerSecurityHeaders } from '../http/security-headers';
import { hashPassword, verifyPassword } from '../identity/passwords';
import { findAccountByEmail, findDemoSocialIdentity, isSocialAccount, normalizeEmail } from './accounts';
import { pickLanguage, translator, type Language } from './i18n';
import { errorPage, signInPage, socialProviderPage, type SignInView } from './pages';
import type { SignInThrottle } from './throttle';

/** Sign-in forms are a few short fields; anything larger is refused (413) before it is read. */
export const MAX_FORM_BYTES = 16 * 1024;
/** The notices the portal may ask the sign-in page to show (`signin_notice`), and their texts. */
const SIGNIN_NOTICES = new Map([['email_changed', 'notice.emailChanged']]);
/** The longest e-mail address (RFC 5321's path limit less its brackets), as the account schemas say. */
const MAX_EMAIL_LENGTH = 254;

/** A parsed form (@fastify/formbody): a repeated field counts by its first value. */
type Form = Record<string, string | string[] | undefined>;
const fieldOf = (form: Form | undefined, name: string): string | undefined => {
  const value = form?.[name];
  return Array.isArray(value) ? value[0] : value;
};

export interface InteractionOptions {
  /** The provider of the moment: it is built anew when the signing keys change (index.ts). */
  provider: () => Provider;
  db: Kysely<DB>;
  throttle: SignInThrottle;
  portalUrl: string;
  pageSecurityPolicy: string;
  /** The demo stand-in for the social identity provider is on (development and demonstrations). */
  demoSocial: boolean;
  /** Grants the first-party client what it asked for, so it never sees a consent screen. */
  grantFirstParty: (provider: Provider, details: Details) => Promise<string | undefined>;
}

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;
type UidRequest = FastifyRequest<{ Params: { uid: string }; Querystring: Form; Body: Form | undefined }>;

const sendPage = (reply: FastifyReply, status: number, body: string) => reply.status(status).type('text/html; charset=utf-8').send(body);

/**
 * The sign-in pages at /interaction/:uid (GET: the form; POST …/login: the attempt) and, where demo
 * sign-in is on, the social stand-in at /interaction/:uid/social. Every other path is the
 * provider's own (index.ts).
 */
export function interactionRoutes(options: InteractionOptions) {
  const { db, throttle, portalUrl, pageSecurityPolicy, demoSocial } = options;
  // Unknown emails are checked against a throwaway hash so they answer as slowly as known ones.
  let unknownAccountHash: Promise<string> | undefined;

  const finish = async (request: FastifyRequest, reply: FastifyReply, provider: Provider, result: InteractionResults) =>
    reply.redirect(await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false }), 303);

  /** The interaction the request belongs to, or undefined when the page has expired (answered here). */
  async function detailsOf(request: UidRequest, reply: FastifyReply, provider: Provider): Promise<Details | undefined> {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
      const lng = pickLanguage(request.query.lng, request.headers['accept-language']);
      await sendPage(reply, 400, errorPage(lng, error.error, portalUrl, translator(lng)('errors.expired')));
      return undefined;
    }
  }

  /**
   * Both pages' common start: the interaction, its language, and the consent prompt answered for the
   * first-party client. Undefined when the request has been answered already.
   */
  async function start(request: UidRequest, reply: FastifyReply) {
    const provider = options.provider();
    const details = await detailsOf(request, reply, provider);
    if (!details) return undefined;
    // A post is a form even when empty (every field then missing); a GET has none.
    const form = request.method === 'POST' ? (request.body ?? {}) : undefined;
    const lng: Language = pickLanguage(fieldOf(form, 'lng') ?? fieldOf(request.query, 'lng') ?? details.params.ui_locales, request.headers['accept-language']);
    if (details.prompt.name === 'consent') {
      const grantId = await options.grantFirstParty(provider, details);
      if (!grantId) await sendPage(reply, 403, errorPage(lng, 'access_denied', portalUrl));
      else await finish(request, reply, provider, { consent: { grantId } });
      return undefined;
    }
    return { provider, details, form, lng, t: translator(lng) };
  }

  /** The password sign-in page and its form. */
  async function signIn(request: UidRequest, reply: FastifyReply) {
    const started = await start(request, reply);
    if (!started) return reply;
    const { provider, details, form, lng, t } = started;
    const view = (email: string, extra: Partial<SignInView> = {}): SignInView => ({
      lng,
      action: `/interaction/${details.uid}/login`,
      selfPath: `/interaction/${details.uid}`,
      portalUrl,
      email,
      fieldErrors: {},
      ...extra,
    });

    if (!form) {
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
      const noticeKey = typeof details.params.signin_notice === 'string' ? SIGNIN_NOTICES.get(details.params.signin_notice) : undefined;
      return sendPage(reply, 200, signInPage(view(hint, noticeKey ? { notice: t(noticeKey) } : {})));
    }

    const typedEmail = (fieldOf(form, 'email') ?? '').trim();
    const email = normalizeEmail(typedEmail);
    const password = fieldOf(form, 'password') ?? '';
    const fieldErrors: SignInView['fieldErrors'] = {};
    if (!email) fieldErrors.email = t('errors.emailRequired');
    // Longer than any address can be: answered without a lookup or a throttle row of that size.
    else if (email.length > MAX_EMAIL_LENGTH) fieldErrors.email = t('errors.emailTooLong', { count: MAX_EMAIL_LENGTH });
    if (!password) fieldErrors.password = t('errors.passwordRequired');
    if (fieldErrors.email || fieldErrors.password) return sendPage(reply, 400, signInPage(view(typedEmail, { fieldErrors })));

    const account = await findAccountByEmail(db, email);
    if (account && isSocialAccount(account)) {
      return sendPage(
        reply,
        400,
        signInPage(
          view(typedEmail, {
            formError: t('errors.socialAccount'),
            ...(demoSocial ? { social: { action: `/interaction/${details.uid}/social`, email: account.email } } : {}),
          }),
        ),
      );
    }

    // Counted before the password is checked, so concurrent guesses cannot pass the limits.
    const attempt = await throttle.attempt(email, request.ip);
    if (!attempt.allowed) {
      const minutes = Math.max(1, Math.ceil(attempt.retryAfterMs / 60_000));
      reply.header('retry-after', String(Math.ceil(attempt.retryAfterMs / 1000)));
      return sendPage(reply, 429, signInPage(view(typedEmail, { formError: t('errors.tooManyAttempts', { count: minutes }) })));
    }

    // Blocked accounts sign in too: the portal shows them the suspension notice. Only the password gates.
    unknownAccountHash ??= hashPassword(randomUUID());
    const matches = await verifyPassword(account?.password_hash ?? (await unknownAccountHash), password);
    if (!account || !matches) {
      await throttle.failed(attempt);
      return sendPage(reply, 401, signInPage(view(typedEmail, { fieldErrors: { password: t('errors.invalidCredentials') } })));
    }

    await throttle.succeeded(email, request.ip);
    return finish(request, reply, provider, { login: { accountId: account.id, amr: ['pwd'] } });
  }

  /**
   * The demo social provider: its own page and its own credential (demo_social_identities), for
   * accounts whose authentication source is social, never for a password account.
   */
  async function socialStep(request: UidRequest, reply: FastifyReply) {
    const started = await start(request, reply);
    if (!started) return reply;
    const { provider, details, form, lng, t } = started;
    const typedEmail = (fieldOf(form ?? request.query, 'email') ?? '').trim();
    const page = (error?: string) =>
      socialProviderPage({
        lng,
        action: `/interaction/${details.uid}/social`,
        selfPath: `/interaction/${details.uid}/social`,
        portalUrl,
        email: typedEmail,
        error,
      });
    if (!form) return sendPage(reply, 200, page());
    const email = normalizeEmail(typedEmail);
    const attempt = await throttle.attempt(email, request.ip);
    if (!attempt.allowed) return sendPage(reply, 429, page(t('errors.tooManyAttempts', { count: Math.max(1, Math.ceil(attempt.retryAfterMs / 60_000)) })));
    const account = email ? await findAccountByEmail(db, email) : undefined;
    const identity = account && isSocialAccount(account) ? await findDemoSocialIdentity(db, account.email) : undefined;
    unknownAccountHash ??= hashPassword(randomUUID());
    const matches = await verifyPassword(identity?.password_hash ?? (await unknownAccountHash), fieldOf(form, 'password') ?? '');
    if (!account || !identity || !matches) {
      await throttle.failed(attempt);
      return sendPage(reply, 401, page(t('social.invalid')));
    }
    await throttle.succeeded(email, request.ip);
    return finish(request, reply, provider, { login: { accountId: account.id, amr: ['fed'] } });
  }

  return async function routes(scope: FastifyInstance) {
    // The pages' own policy (forms post to the provider and on to the portal), and never cached.
    registerSecurityHeaders(scope, { 'content-security-policy': pageSecurityPolicy, 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' });
    scope.get('/interaction/:uid', signIn);
    scope.post('/interaction/:uid/login', signIn);
    // The social stand-in's step exists only where demo sign-in is enabled by configuration.
    if (demoSocial) scope.route({ method: ['GET', 'POST'], url: '/interaction/:uid/social', handler: socialStep });
  };
}
