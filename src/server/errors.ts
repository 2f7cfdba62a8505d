// Domain errors: what a use case or a store can say went wrong, in the words of the domain. They
// know nothing of HTTP; http/errors.ts maps each kind to a status and the `{ message, statusCode }`
// body of the services.
import type { MessageParams } from '../shared/schemas/message-params';

/**
 * One failing field: its JSON Pointer in the request body, the message key the schema gives and what
 * the message may say about the failed rule (its limit, the characters it refuses), from the schema.
 */
export interface FieldError {
  path: string;
  key: string;
  /** What the message may say: a failed rule's parameters (a field), or the values a refusal names (a rules draft's change). */
  params?: MessageParams | Record<string, string | number>;
}

export type DomainErrorKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'stale' | 'rate-limited';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly errors?: FieldError[],
    /** For rate-limited: how long until another attempt is allowed. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (errors: FieldError[], message = 'The request has invalid fields.') => new DomainError('invalid', message, errors);
export const unauthenticated = (message = 'Authentication required.') => new DomainError('unauthenticated', message);
export const forbidden = (message = 'This account may not reach that resource.') => new DomainError('forbidden', message);
export const notFound = (message = 'Not found.') => new DomainError('not-found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const stale = (message = 'The resource changed since it was read.') => new DomainError('stale', message);
export const rateLimited = (retryAfterMs: number, message = 'Too many attempts. Try again later.') =>
  new DomainError('rate-limited', message, undefined, retryAfterMs);
