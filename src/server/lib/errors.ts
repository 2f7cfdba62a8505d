/** One failing field: its JSON Pointer in the request body and the message key the schema gives. */
export interface FieldError {
  path: string;
  key: string;
}

/** A non-OK answer: the services reply `{ message, statusCode, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const badRequest = (errors: FieldError[], message = 'The request has invalid fields.') =>
  new HttpError(400, message, errors);
export const unauthorized = (message = 'Authentication required.') => new HttpError(401, message);
export const forbidden = (message = 'This account may not reach that resource.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const preconditionFailed = (message = 'The resource changed since it was read.') => new HttpError(412, message);
export const tooManyRequests = (retryAfterMs: number, message = 'Too many attempts. Try again later.') =>
  Object.assign(new HttpError(429, message), { retryAfterMs });
