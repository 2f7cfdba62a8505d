import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FORM_NAMES, type FormName } from '../../shared/schemas/form-names';
import { notFound } from '../errors';
import { params } from '../http/schema-refs';
import { readSchemaFiles } from '../http/schema-registry';
import { rulesHash, type RuleFiles } from '../rules/rule-files';

/**
 * The form gallery's validators, compiled on the server from the schema files as they are on disk
 * (an edited schema shows on the next load, no build), as a module the page imports: the browser
 * never compiles a schema, so the gallery runs under the portal's policy without 'unsafe-eval'.
 * Compiled in the rules thread, never on the thread answering requests, and kept by the files' hash
 * (the rules' modules share them: the same files make the same module), so a reload of an unchanged
 * form costs a read of the files, and concurrent loads share one compilation.
 * Development only: in production the schemas do not change under a running server.
 */
export async function galleryRoutes(app: FastifyInstance): Promise<void> {
  const { config, rules } = app.services;
  const formOf = (file: string): FormName | undefined => FORM_NAMES.find((name) => `${name}.js` === file);
  // The hash of the files each form was last built from: its module is a file while they stand.
  const lastBuilt = new Map<FormName, string>();
  const built = (request: FastifyRequest) => {
    const form = formOf((request.params as { file: string }).file);
    const hash = form && lastBuilt.get(form);
    return !!form && !!hash && rules.formModuleBuilt(hash, form);
  };
  app.get('/gallery/forms/:file', { config: { public: true, staticFile: built }, schema: { hide: true, params: params('file') } }, async (request, reply) => {
    // The name is looked up in the list of forms, never used as a path.
    const form = formOf((request.params as { file: string }).file);
    if (!form) throw notFound('No such form.');
    const files: RuleFiles = new Map(readSchemaFiles(config.schemasDir).map((f) => [f.file, f.schema]));
    const hash = rulesHash(files);
    const code = await rules.formModule({ hash, files }, form);
    lastBuilt.set(form, hash);
    return reply.header('cache-control', 'no-store').type('text/javascript; charset=utf-8').send(code);
  });
}
