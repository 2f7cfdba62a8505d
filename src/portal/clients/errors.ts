/*
 * The error shape of every service call (docs/behaviour.md#calls): a non-OK response is thrown as its parsed
 * JSON body, or as { message, statusCode } when the body is not JSON (with `retryAfter` when the
 * answer said when to try again), and is reported; no answer at all is thrown as a NetworkError.
 *
 * Use:
 *   try { await request('identity', 'GET', path, init) } catch (e) { if (isApiError(e) && e.statusCode === 404) ... }
 *   setErrorReporter((error, context) => myLogging(error, context));   // once, at start-up
 */
export interface ApiError {
  message: string;
  statusCode: number;
  /** Seconds from the answer's Retry-After header, when it had one. */
  retryAfter?: number;
  [key: string]: unknown;
}

/**
 * No answer at all: the browser is offline, the connection was cut or timed out. Thrown by the
 * client in place of fetch's TypeError, so callers can tell it from a bug in their own code.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super('No answer from the service', { cause });
  }
}

/** The session could not be renewed: the portal has started signing in again and the page is leaving. */
export class SessionEndedError extends Error {
  override readonly name = 'SessionEndedError';
  constructor(cause: unknown) {
    super('The session ended; signing in again', { cause });
  }
}

export const isNetworkError = (value: unknown): value is NetworkError => value instanceof NetworkError;

/**
 * A fault of the moment that trying again can fix: 'unavailable' when the services (or the load
 * balancer in front of them, which answers in their shape) said 502, 503 or 504; 'network' when no
 * answer came. Undefined for anything else (a 500 is a fault nobody expected).
 */
export type PassingFault = 'unavailable' | 'network';

export function passingFault(error: unknown): PassingFault | undefined {
  if (isNetworkError(error)) return 'network';
  if (isApiError(error) && [502, 503, 504].includes(error.statusCode)) return 'unavailable';
  return undefined;
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).statusCode === 'number' && typeof (value as ApiError).message === 'string';
}

/** Retry-After in seconds (a number of seconds or an HTTP date); undefined when absent or unreadable. */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const retryAfter = retryAfterOf(response);
  const withRetry = (error: ApiError): ApiError => (retryAfter === undefined ? error : { ...error, retryAfter });
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body === 'object' && body !== null) {
      const parsed = body as Partial<ApiError>;
      return withRetry({
        ...parsed,
        message: typeof parsed.message === 'string' ? parsed.message : response.statusText,
        statusCode: typeof parsed.statusCode === 'number' ? parsed.statusCode : response.status,
      });
    }
  } catch {
    // Not JSON: fall through to the generic shape.
  }
  return withRetry({ message: text || response.statusText, statusCode: response.status });
}

export type ErrorReporter = (error: unknown, context: { service: string; path: string; method: string }) => void;

/**
 * The default reporter logs what nobody expected: an answer of 500 or above, or no answer at all. An
 * answer below 500 is the caller's to read (a field error, a missing profile, a known status); if
 * nothing understands it, the generic toast logs it (ui/toast). A passing fault (the services
 * briefly unavailable, no connection) is the moment's, not a bug: a warning, not an error.
 */
export const logUnexpected: ErrorReporter = (error, context) => {
  if (isApiError(error) && error.statusCode < 500) return;
  const log = passingFault(error) ? console.warn : console.error;
  log(`[api] ${context.method} ${context.service}${context.path}`, error);
};

let reporter: ErrorReporter = logUnexpected;

export function setErrorReporter(next: ErrorReporter): void {
  reporter = next;
}

export function reportApiError(error: unknown, context: { service: string; path: string; method: string }): void {
  reporter(error, context);
}
