// Pearson VUE's side of the exam-delivery launch (docs/behaviour.md#calls): a form POST whose every field is
// checked, the hash recomputed, the timestamp judged fresh; refusals go back to the portal's error
// URL with the partner's error code, as the real partner does.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { EXAM_ERROR_CODES } from '../../shared/partners';
import type { SandboxConfig } from '../config';
import { escapeHtml } from '../../shared/html';
import { page } from '../html';

const REQUIRED = [
  'CLIENT_CODE',
  'VUE_CANDIDATE_ID',
  'EXTERNAL_PAGE_TIMESTAMP',
  'EXTERNAL_ERROR_URL',
  'EXTERNAL_LOGOUT_URL',
  'EXTERNAL_RETURN_URL',
  'EXTERNAL_TIMEOUT_URL',
  'EXTERNAL_SESSION_TIMEOUT',
  'LOCALE_CODE',
  'HIDE_CONFIRM_PERSONAL_INFO_PAGE',
  'EXTERNAL_AUTH_HASH',
] as const;
const URL_FIELDS = ['EXTERNAL_ERROR_URL', 'EXTERNAL_LOGOUT_URL', 'EXTERNAL_RETURN_URL', 'EXTERNAL_TIMEOUT_URL'] as const;
const LOCALES = ['en_US', 'ja_JP'];
const DIGITS = /^[0-9]{1,15}$/;
const CANDIDATE = /^[0-9A-Za-z-]{1,32}$/;
const MINUTE = 60_000;
const LAUNCH_TTL_MS = 30 * MINUTE;

interface Launch {
  errorUrl: string;
  returnUrl: string;
  expires: number;
}

/** The hash the services send (src/server/vendors/partner-tokens.ts computes the same). */
export function expectedHash(secret: string, f: Record<string, string | undefined>): string {
  return createHmac('sha256', secret)
    .update(`${f.CLIENT_CODE ?? ''}${f.VUE_CANDIDATE_ID ?? ''}${f.EXTERNAL_PAGE_TIMESTAMP ?? ''}${f.EXTERNAL_SESSION_TIMEOUT ?? ''}`)
    .digest('base64');
}

const sameBytes = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const withCode = (url: string, code: string) => {
  const target = new URL(url);
  target.searchParams.set('errorCode', code);
  return target.href;
};

export function registerPearson(app: FastifyInstance, config: SandboxConfig): void {
  const launches = new Map<string, Launch>();
  /** A URL on the portal's origin, or null. */
  const onPortal = (value: string | undefined): string | null => {
    if (!value || !URL.canParse(value)) return null;
    const url = new URL(value);
    return url.origin === config.portalOrigin ? url.href : null;
  };

  app.post('/pearson/sso', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const fields = Object.fromEntries([...REQUIRED, 'ACTION'].map((name) => [name, body[name]]));
    const errorUrl = onPortal(body.EXTERNAL_ERROR_URL);
    const refuse = (code: (typeof EXAM_ERROR_CODES)[number], reason: string): FastifyReply => {
      // Never back to a foreign origin: without the portal's own error URL the partner shows its own page.
      if (!errorUrl)
        return reply
          .code(400)
          .type('text/html; charset=utf-8')
          .send(page({ partner: 'pearsonVue', title: 'Pearson VUE', valid: false, reason, fields }));
      return reply.redirect(withCode(errorUrl, code), 303);
    };
    if (!errorUrl) return refuse('ERROR_INVALID_PAYLOAD', 'EXTERNAL_ERROR_URL is missing or not on the portal origin');
    const missing = REQUIRED.filter((name) => !body[name]);
    if (missing.length > 0) return refuse('ERROR_MISSING_REQUIRED_PARAMETERS', `missing ${missing.join(', ')}`);
    if (body.CLIENT_CODE !== config.pearsonClientCode) return refuse('ERROR_CLIENT_NOT_SUPPORTED', 'unknown client code');
    const badUrl = URL_FIELDS.find((name) => !onPortal(body[name]));
    if (badUrl) return refuse('ERROR_INVALID_PAYLOAD', `${badUrl} is not on the portal origin`);
    if (!LOCALES.includes(body.LOCALE_CODE ?? '')) return refuse('ERROR_INVALID_PAYLOAD', 'LOCALE_CODE is not en_US or ja_JP');
    if (body.HIDE_CONFIRM_PERSONAL_INFO_PAGE !== 'True') return refuse('ERROR_INVALID_PAYLOAD', 'HIDE_CONFIRM_PERSONAL_INFO_PAGE is not True');
    if (!DIGITS.test(body.EXTERNAL_PAGE_TIMESTAMP ?? '') || !DIGITS.test(body.EXTERNAL_SESSION_TIMEOUT ?? '')) {
      return refuse('ERROR_INVALID_PAYLOAD', 'timestamp or session timeout is not a number');
    }
    if (!CANDIDATE.test(body.VUE_CANDIDATE_ID ?? '')) return refuse('ERROR_INVALID_PAYLOAD', 'VUE_CANDIDATE_ID is malformed');
    if (!sameBytes(body.EXTERNAL_AUTH_HASH ?? '', expectedHash(config.secrets.pearsonVue, body)))
      return refuse('ERROR_INVALID_PAYLOAD', 'EXTERNAL_AUTH_HASH does not match');
    const age = Date.now() - Number(body.EXTERNAL_PAGE_TIMESTAMP);
    if (age > Number(body.EXTERNAL_SESSION_TIMEOUT) * MINUTE || age < -MINUTE) return refuse('ERROR_SESSION_TIMEOUT', 'the launch is stale');

    for (const [id, launch] of launches) if (launch.expires < Date.now()) launches.delete(id);
    const id = randomUUID();
    const returnUrl = onPortal(body.EXTERNAL_RETURN_URL) as string;
    launches.set(id, { errorUrl, returnUrl, expires: Date.now() + LAUNCH_TTL_MS });
    const buttons = EXAM_ERROR_CODES.map((code) => `<button type="submit" name="code" value="${code}">${code}</button>`).join('');
    const controls = `<h2>Candidate</h2><p>Candidate ${escapeHtml(body.VUE_CANDIDATE_ID)} would now ${body.ACTION ? `reach ${escapeHtml(body.ACTION)}` : 'see the dashboard'}.</p>
<h2>Send the learner back with an error</h2>
<form class="codes" method="post" action="/pearson/error"><input type="hidden" name="launch" value="${id}">${buttons}</form>
<p><a class="button" href="${escapeHtml(returnUrl)}">Return to portal</a></p>`;
    return reply.type('text/html; charset=utf-8').send(page({ partner: 'pearsonVue', title: 'Pearson VUE', valid: true, fields, body: controls }));
  });

  app.post('/pearson/error', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const launch = launches.get(body.launch ?? '');
    const code = EXAM_ERROR_CODES.find((c) => c === body.code);
    if (!launch || launch.expires < Date.now() || !code) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(page({ partner: 'pearsonVue', title: 'Pearson VUE', valid: false, reason: 'unknown launch or error code' }));
    }
    return reply.redirect(withCode(launch.errorUrl, code), 303);
  });
}
