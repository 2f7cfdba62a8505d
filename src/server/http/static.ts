import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { publicScope } from './auth';
import { sendError } from './errors';

/** Hashed build assets never change; the HTML entry points always revalidate. */
function cacheHeaders(reply: { header(name: string, value: string): unknown }, path: string): void {
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
export async function registerStatic(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const hasPortal = existsSync(join(config.portalDir, 'index.html'));
  await app.register(
    publicScope(async (files) => {
      await files.register(fastifyStatic, { root: config.schemasDir, prefix: '/schemas/', decorateReply: false, index: false });
      // Files are looked up per request, so a rebuilt portal is served without a restart.
      if (hasPortal) {
        await files.register(fastifyStatic, {
          root: config.portalDir,
          prefix: '/',
          index: ['index.html'],
          cacheControl: false,
          setHeaders: cacheHeaders,
          // Source maps are for development; the path is decoded first, so no spelling slips by.
          allowedPath: (path) => !config.production || !isSourceMap(path),
        });
      }
    }),
  );
  if (!hasPortal) app.log.warn({ portalDir: config.portalDir }, 'no built portal; run npm run build');
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (hasPortal && request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/schemas/') && !isFile) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(createReadStream(join(config.portalDir, 'index.html')));
    }
    return sendError(reply, 404, `No route ${request.method} ${path}`);
  });
}
