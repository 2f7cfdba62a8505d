import { isApiError } from '../../../api/errors';
import type { ServerFieldErrors } from '../../../forms/errors/serverErrors';

interface FieldError {
  path?: unknown;
  key?: unknown;
}

/** The field errors of a 400 answer (`errors: [{ path, key }]`), as SchemaForm shows them; else undefined. */
export function serverFieldErrors(error: unknown): ServerFieldErrors | undefined {
  if (!isApiError(error) || error.statusCode !== 400 || !Array.isArray(error.errors)) return undefined;
  const out: ServerFieldErrors = {};
  for (const item of error.errors as FieldError[]) {
    if (typeof item?.path === 'string' && typeof item.key === 'string') out[item.path] = item.key;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
