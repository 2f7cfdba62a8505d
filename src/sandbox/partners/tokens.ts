// Partners reached with a signed token in the URL: CertMetrics (token and optional ReturnUrl) and
// Skillable (the URL the vendors service signs).
import type { FastifyInstance } from 'fastify';
import type { SandboxConfig } from '../config';
import { page } from '../html';
import { isAbsoluteHttpUrl } from './urls';
import { text, verifyPartnerJwt } from './jwt';

export function registerTokenPartners(app: FastifyInstance, config: SandboxConfig): void {
  // The services sign with their public origin as issuer.
  const issuer = config.portalOrigin;

  app.get('/certmetrics/sso', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const result = await verifyPartnerJwt(query.token, config.secrets.certMetrics, { issuer, audience: 'certmetrics' });
    const returnUrl = query.ReturnUrl;
    const claims = result.ok ? (result.claims as Record<string, unknown>) : {};
    const valid = result.ok && (returnUrl === undefined || isAbsoluteHttpUrl(returnUrl));
    const reason = result.ok ? 'ReturnUrl is not an absolute http(s) URL' : result.reason;
    return reply
      .code(result.ok ? (valid ? 200 : 400) : 401)
      .type('text/html; charset=utf-8')
      .send(
        page({
          partner: 'certMetrics',
          title: 'CertMetrics',
          valid,
          reason,
          fields: {
            email: text(claims.email),
            given_name: text(claims.given_name),
            family_name: text(claims.family_name),
            external_id: text(claims.external_id),
            ReturnUrl: returnUrl,
          },
        }),
      );
  });

  app.get('/skillable/sso', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const result = await verifyPartnerJwt(query.token, config.secrets.skillable, { issuer, audience: 'skillable' });
    const claims = result.ok ? (result.claims as Record<string, unknown>) : {};
    return reply
      .code(result.ok ? 200 : 401)
      .type('text/html; charset=utf-8')
      .send(
        page({
          partner: 'skillable',
          title: 'Skillable labs',
          valid: result.ok,
          reason: result.ok ? undefined : result.reason,
          fields: { email: text(claims.email), name: text(claims.name), external_id: text(claims.external_id) },
        }),
      );
  });
}
