import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';

// Structured JSON logs (pino, through Fastify) that never hold a password, a token, a verification
// code or an access key: bodies are never logged, a request is logged by its route pattern
// (`/api/vendors/getvendor/:accessKey`, never the key itself) and without its query, and the
// headers and fields that carry credentials are censored wherever a log call might include them.

const CENSOR = '[redacted]';
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'verificationCode',
  'code',
  'accessKey',
  'token',
  'access_token',
  'id_token',
  'refresh_token',
  'client_secret',
  'code_verifier',
];

/** Redaction paths: credential headers of requests and answers, and secret fields at the top two levels. */
export function redactPaths(functionKeyHeader: string): string[] {
  const headers = ['authorization', 'cookie', functionKeyHeader.toLowerCase(), 'x-functions-key'];
  return [
    ...headers.flatMap((name) => [`req.headers["${name}"]`, `headers["${name}"]`]),
    'res.headers["set-cookie"]',
    'req.body',
    'body',
    ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
  ];
}

/**
 * What a request's log lines say about it: the route it matched (its pattern, not the URL, which
 * may carry an access key or an e-mail address in the path or the query) or, unmatched, its path.
 */
export function routeOf(request: Partial<Pick<FastifyRequest, 'url' | 'routeOptions'>>): string {
  const pattern = request.routeOptions?.url;
  if (pattern) return pattern;
  const path = typeof request.url === 'string' ? (request.url.split('?')[0] ?? '') : '';
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

export interface LogStream {
  write(line: string): void;
}

export function loggerOptions(config: Pick<ServerConfig, 'logLevel' | 'functionKeyHeader'>, stream?: LogStream) {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths(config.functionKeyHeader), censor: CENSOR },
    serializers: {
      // Whatever a log call passes as req, only these three facts are written.
      req: (request: Partial<FastifyRequest>) => ({
        method: typeof request.method === 'string' ? request.method : undefined,
        route: routeOf(request),
        remoteAddress: typeof request.ip === 'string' ? request.ip : undefined,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
