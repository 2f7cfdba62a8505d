import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { publicScope } from './auth';
import { sendNoRoute } from './errors';
import { portalConfig } from './portal-config';

/**
 * The portal's page with its configuration (what GET /portal-config.json answers) in a JSON data
 * block, so the page starts without that request. A data block is never executed, so the policy's
 * script-src does not apply to it; `<` is escaped, so no value can close the element. A page without
 * a </head> is sent as it is (the portal then fetches the configuration).
 */
export function withPortalConfig(html: string, config: unknown): string {
  const json = JSON.stringify(config)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const at = html.indexOf('</head>');
  if (at < 0) return html;
  return `${html.slice(0, at)}<script type="application/json" id="portal-config">${json}</script>${html.slice(at)}`;
}

/**
 * Hashed build assets never change; the HTML entry points always revalidate. The benchmarks serve
 * their bare page with these too (scripts/lib/bench-floor.ts).
 */
export function cacheHeaders(reply: { header(name: string, value: string): unknown }, path: string): void {
  reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

function isSourceMap(path: string): boolean {
  try {
    return decodeURIComponent(path).toLowerCase().endsWith('.map');
  } catch {
    return true;
  }
}

/**
 * The built portal with an SPA fallback, and schemas/ read-only (the form gallery reloads them at
 * run time).
 */
export async function registerStatic(
  app: FastifyInstance,
  config: ServerConfig,
  /** The rules the page's request was taken under (its x-rules-version names the same). */
  rules?: (request: FastifyRequest) => { base: boolean; hash: string; baseHash?: string },
  texts?: () => Parameters<typeof portalConfig>[2],
): Promise<void> {
  const hasPortal = existsSync(join(config.portalDir, 'index.html'));
  await app.register(
    publicScope(async (files) => {
      // Files are sent as they are: never shed for load (http/load-shedding.ts). The page itself comes
      // through the files' wildcard too (a path that is no file gets the page, below).
      files.addHook('onRoute', (route) => {
        if (!route.url.startsWith('/api/')) route.config = { ...route.config, staticFile: true };
      });
      await files.register(fastifyStatic, { root: config.schemasDir, prefix: '/schemas/', decorateReply: false, index: false });
      // Nothing under /api/ is a file. A path there that no route took (an unknown one, or one whose
      // parameter is longer than the router takes) is answered here, never by the files' wildcard
      // below, which would look it up on disk (a 5,000-character segment answered 403 there).
      files.route({ method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/api/*', schema: { hide: true }, handler: sendNoRoute });
      // Files are looked up per request, so a rebuilt portal is served without a restart.
      if (hasPortal) {
        await files.register(fastifyStatic, {
          root: config.portalDir,
          prefix: '/',
          index: false,
          // The build writes .br and .gz beside each script and stylesheet (scripts/lib/vite-precompress.ts).
          preCompressed: true,
          cacheControl: false,
          setHeaders: cacheHeaders,
          // Source maps are for development; the path is decoded first, so no spelling slips by.
          // The page itself ('/') goes to the fallback below, which puts the configuration in it.
          allowedPath: (path) => path !== '/' && (!config.production || !isSourceMap(path)),
        });
      }
    }),
  );
  if (!hasPortal) app.log.warn({ portalDir: config.portalDir }, 'no built portal; run npm run build');
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (hasPortal && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/schemas/') && !isFile) {
      // Read per request, so a rebuilt portal is served without a restart.
      const html = await readFile(join(config.portalDir, 'index.html'), 'utf8');
      // Built per page: the rules and texts versions in force may change between two pages.
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(withPortalConfig(html, portalConfig(config, rules?.(request), texts?.())));
    }
    return sendNoRoute(request, reply);
  });
}
