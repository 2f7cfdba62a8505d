import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/** Hashed build assets never change; the HTML entry points always revalidate. */
function cacheHeaders(reply: { header(name: string, value: string): unknown }, path: string): void {
  reply.header('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * The built portal with an SPA fallback, and schemas/ read-only (the form gallery reloads them at
 * run time).
 */
export async function registerStatic(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.register(fastifyStatic, { root: config.schemasDir, prefix: '/schemas/', decorateReply: false, index: false });
  const hasPortal = existsSync(join(config.portalDir, 'index.html'));
  if (hasPortal) {
    // Files are looked up per request, so a rebuilt portal is served without a restart.
    await app.register(fastifyStatic, { root: config.portalDir, prefix: '/', index: ['index.html'], cacheControl: false, setHeaders: cacheHeaders });
  } else {
    app.log.warn({ portalDir: config.portalDir }, 'no built portal; run npm run build');
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (hasPortal && request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/schemas/') && !isFile) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send({ message: `No route ${request.method} ${path}`, statusCode: 404 });
  });
}
