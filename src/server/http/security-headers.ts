import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from '../config';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * HSTS for an https origin that is not this machine: a browser remembers it per host name, so on
 * localhost it would also force the portal's own http://localhost ports onto https.
 */
export function strictTransportSecurity(origin: string): string | undefined {
  const url = new URL(origin);
  return url.protocol === 'https:' && !LOOPBACK.has(url.hostname) ? 'max-age=31536000; includeSubDomains' : undefined;
}

/**
 * The portal's Content-Security-Policy: scripts, styles, fonts and images from the portal's own
 * origin (and the support desk's chat widget from its origin; no 'unsafe-inline', no 'unsafe-eval'), calls to the portal's services and the
 * identity provider, forms posting to the portal, the provider and the partners' single sign-on,
 * the certification partner's page as the only frame, and no framing of the portal.
 */
export function contentSecurityPolicy(config: Pick<ServerConfig, 'issuer' | 'publicOrigin' | 'partners' | 'certificationFrame'>): string {
  const issuer = new URL(config.issuer).origin;
  const services = new URL(config.publicOrigin).origin;
  // The single sign-on launches that are form posts (exam delivery, support desk).
  const partnerForms = [...new Set([config.partners.pearsonVue, config.partners.zendesk].map((url) => new URL(url).origin))].join(' ');
  // The support desk's chat widget: its script and its stylesheet, from its own origin.
  const widget = new URL(config.partners.zendeskWidget).origin;
  // The certification partner's page, the one frame the portal embeds.
  const frame = new URL(config.certificationFrame.url).origin;
  return [
    "default-src 'self'",
    `script-src 'self' ${widget}`,
    `style-src 'self' ${widget}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `frame-src ${frame}`,
    `connect-src 'self' ${services} ${issuer}`,
    `form-action 'self' ${issuer} ${partnerForms}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** Every answer of the portal's origin: pages, files and the services' JSON alike. */
export function portalSecurityHeaders(config: Pick<ServerConfig, 'issuer' | 'publicOrigin' | 'partners' | 'certificationFrame'>): SecurityHeaders {
  const hsts = strictTransportSecurity(config.publicOrigin);
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

export type SecurityHeaders = Record<string, string>;

/**
 * Sets `headers` on every answer of `app` (or of the plugin scope it is called in): the portal's
 * set above for the services, the identity provider's own set for its origin.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(headers);
  });
}

/**
 * A route that hands its answer to a raw handler (reply.hijack(), the identity provider's protocol
 * endpoints) is past onSend: the headers set on the reply so far, and `headers`, go onto the raw
 * response first.
 */
export function hijackWithHeaders(reply: FastifyReply, headers: SecurityHeaders): void {
  reply.headers(headers);
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
  reply.hijack();
}
