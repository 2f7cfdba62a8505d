import { type ErrorSchema, ErrorSchemaBuilder } from '@rjsf/utils';

/** Field path (dotted, or a JSON pointer as the services send it) to a message key. */
export type ServerFieldErrors = Record<string, string>;

export function toFieldPath(path: string): string[] {
  const parts = path.startsWith('/') ? path.slice(1).split('/') : path.replace(/^\./, '').split('.');
  return parts.filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** RJSF's extraErrors for the 400 answer of a write, so each key shows at its field. */
export function toExtraErrors(errors: ServerFieldErrors | undefined): ErrorSchema | undefined {
  if (!errors || Object.keys(errors).length === 0) return undefined;
  const builder = new ErrorSchemaBuilder();
  for (const [path, key] of Object.entries(errors)) builder.addErrors(key, toFieldPath(path));
  return builder.ErrorSchema;
}
