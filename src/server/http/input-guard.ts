import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { invalid, type FieldError } from '../errors';

// Every string a request carries (body, path parameters, query) passes here before any route sees
// it: NUL bytes and lone UTF-16 surrogates never reach a rule, a log line or the database. JSON
// bodies must be UTF-8 without a byte-order mark, and no deeper than a profile can be.

export const INVALID_CHARACTERS = 'Validation.InvalidCharacters';
const MAX_DEPTH = 16;

// A surrogate half without its partner; one look-around of one code unit each: linear time.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isCleanString = (value: string): boolean => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

const segment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** A value met while walking a body; its path is made only when something is reported there. */
interface Visit {
  value: unknown;
  key: string;
  parent: Visit | undefined;
  depth: number;
}

const pathOf = (visit: Visit, base: string): string => {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) keys.push(segment(at.key));
  return (
    base +
    keys
      .reverse()
      .map((key) => `/${key}`)
      .join('')
  );
};

/**
 * The JSON Pointers of every unclean string or key under `value`, and of anything nested too deep.
 * One pass over a body of any size: nothing is allocated per value but the visit itself.
 */
export function findUncleanStrings(value: unknown, base = ''): FieldError[] {
  const found: FieldError[] = [];
  const stack: Visit[] = [{ value, key: '', parent: undefined, depth: 0 }];
  while (stack.length > 0 && found.length < 20) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isCleanString(current)) found.push({ path: pathOf(visit, base), key: INVALID_CHARACTERS });
      continue;
    }
    if (!current || typeof current !== 'object') continue;
    if (visit.depth >= MAX_DEPTH) {
      found.push({ path: pathOf(visit, base), key: 'Validation.InvalidValue' });
      continue;
    }
    const depth = visit.depth + 1;
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i += 1) stack.push({ value: current[i], key: String(i), parent: visit, depth });
      continue;
    }
    for (const key of Object.keys(current)) {
      const child: Visit = { value: (current as Record<string, unknown>)[key], key, parent: visit, depth };
      if (!isCleanString(key)) found.push({ path: pathOf(child, base), key: INVALID_CHARACTERS });
      else stack.push(child);
    }
  }
  return found;
}

function mediaParameters(contentType: string | undefined): Map<string, string> {
  const parameters = new Map<string, string>();
  for (const part of (contentType ?? '').split(';').slice(1)) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    parameters.set(
      part.slice(0, eq).trim().toLowerCase(),
      part
        .slice(eq + 1)
        .trim()
        .replace(/^"|"$/g, '')
        .toLowerCase(),
    );
  }
  return parameters;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const unsupportedBody = () => Object.assign(new Error('The body must be JSON in UTF-8 without a byte-order mark.'), { statusCode: 415 });
const badJson = () => Object.assign(new Error('The body is not valid JSON.'), { statusCode: 400 });

function parseJsonBody(request: FastifyRequest, body: Buffer): unknown {
  const charset = mediaParameters(request.headers['content-type']).get('charset');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') throw unsupportedBody();
  const bom = (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) || (body[0] === 0xfe && body[1] === 0xff) || (body[0] === 0xff && body[1] === 0xfe);
  if (bom) throw unsupportedBody();
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw unsupportedBody();
  }
  if (text.trim() === '') return undefined;
  try {
    // __proto__ and constructor.prototype keys are refused outright, not stripped.
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw badJson();
  }
}

export function registerInputGuard(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      done(null, parseJsonBody(request, body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook('preValidation', async (request) => {
    const errors = [
      ...findUncleanStrings(request.params, '/params'),
      ...findUncleanStrings(request.query, '/querystring'),
      ...findUncleanStrings(request.body),
    ];
    if (errors.length > 0) throw invalid(errors, 'The request contains characters that are not allowed.');
  });
}
