// A database that cannot be reached (restarting, failing over, the network) is an outage the caller
// can wait out (503 with Retry-After), not a fault of this service (500).

/** SQLSTATE classes and codes that mean "no connection", not "this query was wrong". */
const CONNECTION_CLASS = '08'; // connection_exception
const SHUTDOWN_CODES = new Set(['57P01', '57P02', '57P03']); // admin_shutdown, crash_shutdown, cannot_connect_now
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
// node-postgres' own messages for a connection that broke or never came.
const PG_MESSAGES = [/^Connection terminated/, /timeout exceeded when trying to connect/, /Client has encountered a connection error/];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SHUTDOWN_CODES.has(code) || (code.length === 5 && code.startsWith(CONNECTION_CLASS)))) return true;
  if (typeof message === 'string' && PG_MESSAGES.some((m) => m.test(message))) return true;
  // Node reports a refused connection to several addresses as an AggregateError.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
