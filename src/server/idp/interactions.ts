import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import { errors, type default as Provider, type InteractionResults } from 'oidc-provider';
import type { DB } from '../db/types';
import { hashPassword, verifyPassword } from '../identity/passwords';
import { findAccountByEmail, isSocialAccount, normalizeEmail } from './accounts';
import { pickLanguage, translator, type Language } from './i18n';
import { errorPage, signInPage, type SignInView } from './pages';
import type { SignInThrottle } from './throttle';

export interface InteractionOptions {
  provider: Provider;
  db: Kysely<DB>;
  throttle: SignInThrottle;
  portalUrl: string;
  pageSecurityPolicy: string;
  /** Grants the first-party client what it asked for, so it never sees a consent screen. */
  grantFirstParty: (details: Awaited<ReturnType<Provider['interactionDetails']>>) => Promise<string | undefined>;
}

const MAX_BODY_BYTES = 16 * 1024;
const ROUTE = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|social))?$/;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new errors.InvalidRequest('request body too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function interactionRoutes(options: InteractionOptions) {
  const { provider, db, throttle, portalUrl, pageSecurityPolicy } = options;
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

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'https://provider.invalid');
    const match = ROUTE.exec(url.pathname);
    if (!match) return false;
    const action = match[2];
    if ((action ? 'POST' : 'GET') !== req.method) {
      send(res, 405, '', { allow: action ? 'POST' : 'GET' });
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

    const form = action ? await readForm(req) : undefined;
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

    if (!form) {
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
      send(res, 200, signInPage(view(hint)));
      return true;
    }

    const typedEmail = (form.get('email') ?? '').trim();
    const email = normalizeEmail(typedEmail);
    const address = req.socket.remoteAddress ?? 'unknown';

    if (action === 'social') {
      const account = email ? await findAccountByEmail(db, email) : undefined;
      if (!account || !isSocialAccount(account)) {
        send(res, 400, signInPage(view(typedEmail, { formError: t('errors.invalidCredentials') })));
        return true;
      }
      await finish(req, res, { login: { accountId: account.id, amr: ['fed'] } });
      return true;
    }

    const password = form.get('password') ?? '';
    const fieldErrors: SignInView['fieldErrors'] = {};
    if (!email) fieldErrors.email = t('errors.emailRequired');
    if (!password) fieldErrors.password = t('errors.passwordRequired');
    if (fieldErrors.email || fieldErrors.password) {
      send(res, 400, signInPage(view(typedEmail, { fieldErrors })));
      return true;
    }

    const blockedMs = await throttle.blockedFor(email, address);
    if (blockedMs > 0) {
      const minutes = Math.max(1, Math.ceil(blockedMs / 60_000));
      send(res, 429, signInPage(view(typedEmail, { formError: t('errors.tooManyAttempts', { count: minutes }) })), {
        'retry-after': String(Math.ceil(blockedMs / 1000)),
      });
      return true;
    }

    const account = await findAccountByEmail(db, email);
    if (account && isSocialAccount(account)) {
      send(res, 400, signInPage(view(typedEmail, {
        formError: t('errors.socialAccount'),
        social: { action: `/interaction/${details.uid}/social`, email: account.email },
      })));
      return true;
    }

    // Blocked accounts sign in too: the portal shows them the suspension notice. Only the password gates.
    unknownAccountHash ??= hashPassword(randomUUID());
    const matches = await verifyPassword(account?.password_hash ?? (await unknownAccountHash), password);
    if (!account || !matches) {
      await throttle.failed(email, address);
      send(res, 401, signInPage(view(typedEmail, { fieldErrors: { password: t('errors.invalidCredentials') } })));
      return true;
    }

    await throttle.succeeded(email);
    await finish(req, res, { login: { accountId: account.id, amr: ['pwd'] } });
    return true;
  };
}
