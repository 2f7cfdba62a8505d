/*
 * The partner sandbox: each partner's side of single sign-on, on an origin of its own. It checks
 * what it receives with the secrets the services sign with, refuses what is wrong, and shows what
 * it received (`<main data-partner data-valid>`, one `data-field` per value) so people and browser
 * tests can see the launch as the partner saw it. It imports nothing from the portal or the services.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { SandboxConfig } from './config';
import { page } from './html';
import { registerCertMetricsEmbedded } from './partners/certmetrics-embedded';
import { registerPearson } from './partners/pearson';
import { registerPlainPartners } from './partners/plain';
import { registerTokenPartners } from './partners/tokens';
import { registerZendesk } from './partners/zendesk';

const ASSETS = join(import.meta.dirname, 'assets');
const BODY_LIMIT = 16 * 1024;

export function buildSandbox(config: SandboxConfig, options: { https?: { key: string; cert: string } } = {}): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT, ...(options.https ? { https: options.https } : {}) }) as unknown as FastifyInstance;

  // Partners receive classic HTML form posts.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `form-action 'self' ${config.portalOrigin}`,
    `frame-ancestors 'self' ${config.portalOrigin}`,
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', policy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cache-control', 'no-store');
  });

  const asset = (file: string, type: string) => {
    const content = readFileSync(join(ASSETS, file), 'utf8');
    return (_request: unknown, reply: FastifyReply) => reply.type(type).header('cross-origin-resource-policy', 'cross-origin').send(content);
  };
  app.get('/sandbox.css', asset('sandbox.css', 'text/css; charset=utf-8'));
  // A page of its own in the browser's tab (the help centre, a launch): its icon, and none asked in vain.
  app.get('/favicon.svg', asset('favicon.svg', 'image/svg+xml'));
  app.get('/zendesk/widget.js', asset('widget.js', 'application/javascript; charset=utf-8'));
  app.get('/zendesk/widget.css', asset('widget.css', 'text/css; charset=utf-8'));
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(
      page({
        partner: 'sandbox',
        title: 'Partner sandbox',
        valid: true,
        body: '<p>Receives every single sign-on launch of the portal: Pearson VUE, Zendesk, CertMetrics, Skillable, CertMaster, CertMaster Practice, BenchPrep, Canvas, Gutenberg and Populi.</p>',
      }),
    ),
  );

  registerPearson(app, config);
  registerZendesk(app, config);
  registerTokenPartners(app, config);
  registerCertMetricsEmbedded(app, config);
  registerPlainPartners(app);

  app.setNotFoundHandler(async (_request, reply) =>
    reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(page({ partner: 'unknown', title: 'Not found', valid: false, reason: 'no such partner page' })),
  );
  return app;
}
