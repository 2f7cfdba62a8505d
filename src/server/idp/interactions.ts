import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import { errors, type default as Provider, type InteractionResults } from 'oidc-provider';
import type { DB } from '../db/types';
import { clientAddress, type ProxyTrust } from '../http/client-address';
import { hashPassword, verifyPassword } from '../identity/passwords';
import { findAccountByEmail, findDemoSocialIdentity, isSocialAccount, normalizeEmail } from './accounts';
import { pickLanguage, translator, type Language } from './i18n';
import { errorPage, signInPage, socialProviderPage, type SignInView } from './pages';
import type { SignInThrottle } from './throttle';

export interface InteractionOptions {
  provider: Provider;
  db: Kysely<DB>;
  throttle: SignInThrottle;
  /** Which peers' X-Forwarded-For names the client whose attempts the throttle counts. */
  trustProxy: ProxyTrust;
  portalUrl: string;
  pageSecurityPolicy: string;
  /** The demo stand-in for the social identity provider is on (development and demonstrations). */
  demoSocial: boolean;
  /** Grants the first-party client what it asked for, so it never sees a consent screen. */
  grantFirstParty: (details: Awaited<ReturnType<Provider['interactionDetails']>>) => Promise<string | undefined>;
}

const MAX_BODY_BYTES = 16 * 1024;
/** The notices the portal may ask the sign-in page to show (`signin_notice`), and their texts. */
const SIGNIN_NOTICES = new Map([['email_changed', 'notice.emailChanged']]);
/** The longest e-mail address (RFC 5321's path limit less its brackets), as the account schemas say. */
const MAX_EMAIL_LENGTH = 254;
const ROUTE = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|social))?$/;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw Object.assign(new Error('request body too large'), { statusCode: 413 });
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function interactionRoutes(options: InteractionOptions) {
  const { provider, db, throttle, trustProxy, portalUrl, pageSecurityPolicy, demoSocial } = options;
  // Unknown emails are checked against a throwaway hash so they answer as slowly as known ones.
  let unknownAccountHash: Promise<string> | undefined;

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': pageSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      ...headers,
    });
    res.end(body);
  }

  const finish = (req: IncomingMessage, res: ServerResponse, result: InteractionResults) =>
    provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });

  /**
   * The demo social provider: its own page and its own credential (demo_social_identities), for
   * accounts whose authentication source is social, never for a password account.
   */
  async function socialStep(
    req: IncomingMessage,
    res: ServerResponse,
    details: Awaited<ReturnType<Provider['interactionDetails']>>,
    form: URLSearchParams | undefined,
    lng: Language,
    t: ReturnType<typeof translator>,
  ): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'https://provider.invalid');
    const typedEmail = ((form ?? url.searchParams).get('email') ?? '').trim();
    const page = (error?: string) =>
      socialProviderPage({ lng, action: `/interaction/${details.uid}/social`, selfPath: `/interaction/${details.uid}/social`, portalUrl, email: typedEmail, error });
    if (!form) {
      send(res, 200, page());
      return true;
    }
    const email = normalizeEmail(typedEmail);
    const attempt = await throttle.attempt(email, clientAddress(req, trustProxy));
    if (!attempt.allowed) {
      send(res, 429, page(t('errors.tooManyAttempts', { count: Math.max(1, Math.ceil(attempt.retryAfterMs / 60_000)) })));
      return true;
    }
    const account = email ? await findAccountByEmail(db, email) : undefined;
    const identity = account && isSocialAccount(account) ? await findDemoSocialIdentity(db, account.email) : undefined;
    unknownAccountHash ??= hashPassword(randomUUID());
    const matches = await verifyPassword(identity?.password_hash ?? (await unknownAccountHash), form.get('password') ?? '');
    if (!account || !identity || !matches) {
      await throttle.failed(attempt);
      send(res, 401, page(t('social.invalid')));
      return true;
    }
    await throttle.succeeded(email, clientAddress(req, trustProxy));
    await finish(req, res, { login: { accountId: account.id, amr: ['fed'] } });
    return true;
  }

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'https://provider.invalid');
    const match = ROUTE.exec(url.pathname);
    if (!match) return false;
    const action = match[2];
    // The social stand-in's step exists only where demo sign-in is enabled by configuration.
    if (action === 'social' && !demoSocial) {
      send(res, 404, '');
      return true;
    }
    const methods = action === 'social' ? ['GET', 'POST'] : [action ? 'POST' : 'GET'];
    if (!methods.includes(req.method ?? '')) {
      send(res, 405, '', { allow: methods.join(', ') });
      return true;
    }

    let details: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      details = await provider.interactionDetails(req, res);
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
      const lng = pickLanguage(url.searchParams.get('lng'), req.headers['accept-language']);
      send(res, 400, errorPage(lng, error.error, portalUrl, translator(lng)('errors.expired')));
      return true;
    }

    const form = req.method === 'POST' ? await readForm(req) : undefined;
    const lng: Language = pickLanguage(
      form?.get('lng') ?? url.searchParams.get('lng') ?? details.params.ui_locales,
      req.headers['accept-language'],
    );
    const t = translator(lng);
    const view = (email: string, extra: Partial<SignInView> = {}): SignInView => ({
      lng,
      action: `/interaction/${details.uid}/login`,
      selfPath: `/interaction/${details.uid}`,
      portalUrl,
      email,
      fieldErrors: {},
      ...extra,
    });

    if (details.prompt.name === 'consent') {
      const grantId = await options.grantFirstParty(details);
      if (!grantId) {
        send(res, 403, errorPage(lng, 'access_denied', portalUrl));
        return true;
      }
      await finish(req, res, { consent: { grantId } });
      return true;
    }

    if (action === 'social') return socialStep(req, res, details, form, lng, t);

    if (!form) {
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
      const noticeKey = typeof details.params.signin_notice === 'string' ? SIGNIN_NOTICES.get(details.params.signin_notice) : undefined;
      send(res, 200, signInPage(view(hint, noticeKey ? { notice: t(noticeKey) } : {})));
      return true;
    }

    const typedEmail = (form.get('email') ?? '').trim();
    const email = normalizeEmail(typedEmail);
    const address = clientAddress(req, trustProxy);

    const password = form.get('password') ?? '';
    const fieldErrors: SignInView['fieldErrors'] = {};
    if (!email) fieldErrors.email = t('errors.emailRequired');
    // Longer than any address can be: answered without a lookup or a throttle row of that size.
    else if (email.length > MAX_EMAIL_LENGTH) fieldErrors.email = t('errors.emailTooLong', { count: MAX_EMAIL_LENGTH });
    if (!password) fieldErrors.password = t('errors.passwordRequired');
    if (fieldErrors.email || fieldErrors.password) {
      send(res, 400, signInPage(view(typedEmail, { fieldErrors })));
      return true;
    }

    const account = await findAccountByEmail(db, email);
    if (account && isSocialAccount(account)) {
      send(res, 400, signInPage(view(typedEmail, {
        formError: t('errors.socialAccount'),
        ...(demoSocial ? { social: { action: `/interaction/${details.uid}/social`, email: account.email } } : {}),
      })));
      return true;
    }

    // Counted before the password is checked, so concurrent guesses cannot pass the limits.
    const attempt = await throttle.attempt(email, address);
    if (!attempt.allowed) {
      const minutes = Math.max(1, Math.ceil(attempt.retryAfterMs / 60_000));
      send(res, 429, signInPage(view(typedEmail, { formError: t('errors.tooManyAttempts', { count: minutes }) })), {
        'retry-after': String(Math.ceil(attempt.retryAfterMs / 1000)),
      });
      return true;
    }

    // Blocked accounts sign in too: the portal shows them the suspension notice. Only the password gates.
    unknownAccountHash ??= hashPassword(randomUUID());
    const matches = await verifyPassword(account?.password_hash ?? (await unknownAccountHash), password);
    if (!account || !matches) {
      await throttle.failed(attempt);
      send(res, 401, signInPage(view(typedEmail, { fieldErrors: { password: t('errors.invalidCredentials') } })));
      return true;
    }

    await throttle.succeeded(email, address);
    await finish(req, res, { login: { accountId: account.id, amr: ['pwd'] } });
    return true;
  };
}
