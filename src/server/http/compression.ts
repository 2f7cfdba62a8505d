import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/*
 * Compressed answers (docs/architecture.md, "How it runs", Compression): only the routes that ask for it with
 * `compress: COMPRESSED`, the admin consoles' large JSON (every form's rules, every text key: 0.3 and
 * 0.7 MB as JSON, a few seconds on a phone's network), not every answer: a small one gains nothing, a
 * learner's answers hold personal data beside what a request sent (no compression there, no BREACH
 * to think about), and the portal's scripts and stylesheets are compressed at build time. Requests
 * are never decompressed (a compressed body is refused as any unknown body is).
 *
 * Use:
 *   await registerCompression(app);                     // before the routes
 *   api.get('/api/admin/…', { compress: COMPRESSED, … }, handler);
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: false,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Brotli's default (quality 11) spends tens of milliseconds per 100 KB; 5 keeps most of its gain.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}

/** The route option that turns compression on for one route (with registerCompression's settings). */
export const COMPRESSED = {};
