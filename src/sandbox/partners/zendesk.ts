// The support desk's JWT sign-in (docs/behaviour.md#calls: form POST with jwt and optional return_to), its
// help centre, and the support-chat widget files.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxConfig } from '../config';
import { page } from '../html';
import { text, verifyPartnerJwt } from './jwt';

const COOKIE = 'sandbox_helpdesk';
const MAX_TOKEN_AGE = '3m';
const HELP_CENTRE = '/zendesk/hc';

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

export function registerZendesk(app: FastifyInstance, config: SandboxConfig): void {
  const sessions = new Map<string, { name: string; email: string }>();
  const usedTokenIds = new Set<string>();

  /** return_to is followed only to this help centre's own pages. */
  const ownHelpCentrePage = (value: string | undefined): string => {
    if (!value || !URL.canParse(value, config.origin)) return HELP_CENTRE;
    const url = new URL(value, config.origin);
    const inside = url.origin === config.origin && (url.pathname === HELP_CENTRE || url.pathname.startsWith(`${HELP_CENTRE}/`));
    return inside ? `${url.pathname}${url.search}` : HELP_CENTRE;
  };

  app.post('/zendesk/access/jwt', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const result = await verifyPartnerJwt(body.jwt, config.secrets.zendesk, { maxTokenAge: MAX_TOKEN_AGE });
    const refuse = (reason: string) =>
      reply
        .code(401)
        .type('text/html; charset=utf-8')
        .send(page({ partner: 'zendesk', title: 'Help centre sign-in', valid: false, reason, fields: { return_to: body.return_to } }));
    if (!result.ok) return refuse(result.reason);
    const { name, email, external_id: externalId, jti } = result.claims as Record<string, unknown>;
    if (!text(name) || !text(email) || !text(externalId) || !text(jti)) return refuse('name, email, external_id and jti are required');
    if (usedTokenIds.has(jti as string)) return refuse('the token was already used');
    usedTokenIds.add(jti as string);
    const session = randomUUID();
    sessions.set(session, { name: name as string, email: email as string });
    reply.header('set-cookie', `${COOKIE}=${session}; Path=/zendesk; HttpOnly; Secure; SameSite=Lax`);
    return reply.redirect(ownHelpCentrePage(body.return_to), 303);
  });

  const helpCentre = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = sessions.get(cookieValue(request, COOKIE) ?? '');
    const fields = user ? { name: user.name, email: user.email, page: request.url } : { page: request.url };
    const body = user ? '<p>Signed in to the help centre with the name and email above.</p>' : '<p>Not signed in.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .send(page({ partner: 'zendesk', title: 'Help centre', valid: Boolean(user), reason: 'not signed in', fields, body }));
  };
  app.get(HELP_CENTRE, helpCentre);
  app.get(`${HELP_CENTRE}/*`, helpCentre);
}
