import { type ErrorSchema, ErrorSchemaBuilder } from '@rjsf/utils';
import { isApiError } from '../../clients/errors';
import type { MessageParams } from '../../../shared/schemas/message-params';
import { encodeMessage } from './message';

/**
 * Field path (dotted, or a JSON pointer as the services send it) to a message: its key, with what the
 * text may say about the failed rule when the services sent that (see ./message.ts).
 */
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

interface FieldError {
  path?: unknown;
  key?: unknown;
  params?: unknown;
}

function paramsOf(value: unknown): MessageParams | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { rule, limit, characters } = value as Record<string, unknown>;
  if (rule !== 'maxLength' && rule !== 'minLength' && rule !== 'characters') return undefined;
  return {
    rule,
    ...(typeof limit === 'number' ? { limit } : {}),
    ...(typeof characters === 'string' ? { characters } : {}),
  };
}

/** The field errors of a 400 answer (`errors: [{ path, key, params? }]`), as SchemaForm shows them; else undefined. */
export function serverFieldErrors(error: unknown): ServerFieldErrors | undefined {
  if (!isApiError(error) || error.statusCode !== 400 || !Array.isArray(error.errors)) return undefined;
  const out: ServerFieldErrors = {};
  for (const item of error.errors as FieldError[]) {
    if (typeof item?.path === 'string' && typeof item.key === 'string') out[item.path] = encodeMessage(item.key, paramsOf(item.params));
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * Reads the statuses a form knows (e.g. 429: too many attempts) as messages at its fields, for
 * useFormSubmission's `understood`: `knownStatuses({ 429: { '/currentPassword': 'Validation.TooManyAttempts' } })`.
 */
export function knownStatuses(messages: Record<number, ServerFieldErrors>): (error: unknown) => ServerFieldErrors | undefined {
  return (error) => (isApiError(error) ? messages[error.statusCode] : undefined);
}
