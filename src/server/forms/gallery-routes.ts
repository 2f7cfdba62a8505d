import type { FastifyInstance } from 'fastify';
import { bundleSchema } from '../../shared/schemas/bundle';
import { FORM_NAMES } from '../../shared/schemas/form-names';
import { notFound } from '../errors';
import { params } from '../http/schema-refs';
import { readSchemaFiles } from '../http/schema-registry';
import { precompiledValidatorCode, toGalleryModule } from './precompile';

/**
 * The form gallery's validators, compiled on the server from the schema files as they are on disk
 * (an edited schema shows on the next load, no build), as a module the page imports: the browser
 * never compiles a schema, so the gallery runs under the portal's policy without 'unsafe-eval'.
 * Development only: in production the schemas do not change under a running server.
 */
export async function galleryRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.services;
  app.get('/gallery/forms/:file', { config: { public: true }, schema: { hide: true, params: params('file') } }, async (request, reply) => {
    // The name is looked up in the list of forms, never used as a path.
    const { file } = request.params as { file: string };
    const form = FORM_NAMES.find((name) => `${name}.js` === file);
    if (!form) throw notFound('No such form.');
    const files = readSchemaFiles(config.schemasDir).map((f) => ({ path: f.file, schema: f.schema }));
    const schema = bundleSchema(`forms/${form}.schema.json`, files);
    reply.header('cache-control', 'no-store').type('text/javascript; charset=utf-8');
    return toGalleryModule(precompiledValidatorCode(schema), schema);
  });
}
