import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { publicScope } from './auth';

// The services' OpenAPI document (/api/openapi.json) and its reader (/api/docs). The document is
// written from the routes' own schemas (schemas/api/), so what it promises is what they validate;
// http/common-answers.ts adds the answers any route can give.

/** `api/redeem-request.schema.json` -> `RedeemRequest`. */
function componentName(id: unknown, i: number): string {
  const base = typeof id === 'string' ? (id.split('/').pop() ?? '').replace(/\.schema\.json$|\.json$/, '') : '';
  return base ? base.replace(/(^|[-_.])([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase()) : `Schema${i}`;
}

/** The document shows shapes; Ajv's bookkeeping (message keys, dialect ids) stays out of it. */
function stripValidationKeywords<T>(document: T): T {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => !['errorMessage', '$schema', '$id'].includes(key))
        .map(([key, value]) => [key, visit(value)]),
    );
  };
  return visit(document) as T;
}

/** Collects the routes registered after it into the document. Register it before any route. */
export async function registerOpenApi(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Certification portal services',
        description:
          'Identity, entitlements and vendors services of the portal (docs/behaviour.md#calls). Every /api route except health and these docs needs a bearer token and the function key header.',
        version: '1.0.0',
      },
      servers: [{ url: config.publicOrigin }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          functionKey: { type: 'apiKey', in: 'header', name: config.functionKeyHeader },
        },
      },
      security: [{ bearer: [], functionKey: [] }],
      tags: [
        { name: 'identity', description: 'Accounts, profiles, announcements' },
        { name: 'entitlements', description: 'Access keys and training products' },
        { name: 'vendors', description: 'Partner tokens, fulfilment, exam-delivery candidates' },
        { name: 'form activity', description: 'What learners do with forms and modals, without personal data; statistics for product owners' },
        { name: 'rules', description: 'The rules console: drafts, checks, approval, publish, roll back, impact (product owners only)' },
        { name: 'service', description: 'Health and documentation' },
      ],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => componentName(json.$id, i) },
    transformObject: (documents) => stripValidationKeywords('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject),
  });
}

/** The document and its reader, public. Register after denyByDefault, like every public route. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  // Swagger UI's base layout: its standalone layout's top bar draws a logo with an inline <style>,
  // which the portal's policy (style-src 'self') refuses; the page needs nothing else inline.
  await app.register(publicScope(async (docs) => docs.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { layout: 'BaseLayout' } })));
  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
