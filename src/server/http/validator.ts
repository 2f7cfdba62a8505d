import type { ValidateFunction } from 'ajv';
import type { SchemaRegistry } from '../lib/validation';

/**
 * Fastify's validator for a route part, compiled by the registry's Ajv (which already holds every
 * file under schemas/), so a body declared as `api/x.schema.json` is checked by that very file.
 */
export function compileValidator(schemas: SchemaRegistry, schema: unknown): ValidateFunction {
  const ref = (schema as { $ref?: string }).$ref;
  if (ref) {
    const validate = schemas.ajv.getSchema(ref.replace(/#$/, ''));
    if (!validate) throw new Error(`Unknown schema ${ref}`);
    return validate;
  }
  return schemas.ajv.compile(schema as object);
}
