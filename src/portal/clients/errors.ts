/*
 * The error shape of every service call (docs/behaviour.md#calls): a non-OK response is thrown as its parsed
 * JSON body, or as { message, statusCode } when the body is not JSON, and is reported.
 *
 * Use:
 *   try { await request('identity', path) } catch (e) { if (isApiError(e) && e.statusCode === 404) ... }
 *   setErrorReporter((error, context) => myLogging(error, context));   // once, at start-up
 */
export interface ApiError {
  message: string;
  statusCode: number;
  [key: string]: unknown;
}

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiError).statusCode === 'number' &&
    typeof (value as ApiError).message === 'string'
  );
}

export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body === 'object' && body !== null) {
      const parsed = body as Partial<ApiError>;
      return {
        ...parsed,
        message: typeof parsed.message === 'string' ? parsed.message : response.statusText,
        statusCode: typeof parsed.statusCode === 'number' ? parsed.statusCode : response.status,
      };
    }
  } catch {
    // Not JSON: fall through to the generic shape.
  }
  return { message: text || response.statusText, statusCode: response.status };
}

export type ErrorReporter = (error: unknown, context: { service: string; path: string; method: string }) => void;

/**
 * The default reporter logs what nobody expected: an answer of 500 or above, or no answer at all. An
 * answer below 500 is the caller's to read (a field error, a missing profile, a known status); if
 * nothing understands it, the generic toast logs it (ui/toast).
 */
export const logUnexpected: ErrorReporter = (error, context) => {
  if (isApiError(error) && error.statusCode < 500) return;
  console.error(`[api] ${context.method} ${context.service}${context.path}`, error);
};

let reporter: ErrorReporter = logUnexpected;

export function setErrorReporter(next: ErrorReporter): void {
  reporter = next;
}

export function reportApiError(error: unknown, context: { service: string; path: string; method: string }): void {
  reporter(error, context);
}
