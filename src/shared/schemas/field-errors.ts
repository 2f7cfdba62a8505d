// Ajv's errors (after ajv-errors) as `{ path, key, params? }`: the one mapping the browser (through
// the generated validateForm) and the services (their schema registry and route validation) both
// use, so a rule failure reads the same on both sides.
import { messageParams, type MessageParams } from './message-params';

export interface FieldError {
  /** JSON pointer of the field, e.g. "/primaryAddress/city". */
  path: string;
  /** i18n key in the validation namespace, e.g. "Validation.InvalidCity". */
  key: string;
  /** What the message may say about the failed rule (its limit, the characters it refuses), from the schema. */
  params?: MessageParams;
}

/** The parts of an Ajv error the mapping reads. */
export interface MappedError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  /** Set by Ajv on the errors raised while checking a property's name (`propertyNames`). */
  propertyName?: string;
}

/** A conditional block's summary (schemas/README.md): never shown at a field. */
export const SUMMARY_KEY = 'Validation.FormInvalid';
/** For an error no schema gave a key (none should remain): still a key, never Ajv's English. */
export const FALLBACK_KEY = 'Validation.InvalidValue';
export const REQUIRED_KEY = 'Validation.Required';

/**
 * At most this many field errors in an answer: a form has fewer fields than this, and a hostile body
 * with thousands of unknown properties gets this many, not an answer larger than itself.
 */
export const MAX_FIELD_ERRORS = 50;

/** Ajv's wrapper errors, reported beside the errors of their branches. */
const WRAPPERS = new Set(['if', 'anyOf', 'oneOf', 'allOf', '$ref']);

const child = (parent: string, name: string): string => `${parent}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** The field an error concerns: a missing, extra or forbidden property is its own field, not its parent. */
function pathOf(error: MappedError): string {
  const { params } = error;
  if (
    (error.keyword === 'required' || error.keyword === 'dependentRequired' || error.keyword === 'dependencies') &&
    typeof params.missingProperty === 'string'
  ) {
    return child(error.instancePath, params.missingProperty);
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') return child(error.instancePath, params.additionalProperty);
  if (error.keyword === 'propertyNames' && typeof params.propertyName === 'string') return child(error.instancePath, params.propertyName);
  if (typeof error.propertyName === 'string') return child(error.instancePath, error.propertyName);
  return error.instancePath;
}

/**
 * ajv-errors' `errorMessage` carries the key, placed at each field its original errors concern
 * (`required` at the missing field, `propertyNames` at the named one); summaries of conditional
 * blocks and Ajv's wrapper errors are dropped; an error without a key gets a generic one
 * (`Validation.Required` for a missing field). Duplicates are merged. A failed validation always
 * yields at least one error. Each keeps the parameters of its rule that its message may use
 * (src/shared/schemas/message-params.ts).
 */
export function toFieldErrors(errors: readonly MappedError[] | null | undefined): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  const add = (path: string, key: string, params?: MessageParams) => {
    const id = `${path}\u0000${key}`;
    if (!seen.has(id) && out.length < MAX_FIELD_ERRORS) {
      seen.add(id);
      out.push(params ? { path, key, params } : { path, key });
    }
  };
  const list = errors ?? [];
  for (const error of list) {
    if (out.length >= MAX_FIELD_ERRORS) break;
    if (error.keyword === 'errorMessage') {
      const key = error.message || FALLBACK_KEY;
      const originals = (error.params.errors as MappedError[] | undefined) ?? [];
      if (key === SUMMARY_KEY) continue;
      if (originals.length > 0 && originals.every((o) => WRAPPERS.has(o.keyword))) continue;
      const paths = new Set(originals.slice(0, MAX_FIELD_ERRORS).map(pathOf));
      if (paths.size === 0) paths.add(error.instancePath);
      // What the message may say about the rule (its limit, the characters it refuses).
      const params = messageParams(originals);
      for (const path of paths) add(path, key, params);
    } else if (!WRAPPERS.has(error.keyword)) {
      add(pathOf(error), error.keyword === 'required' ? REQUIRED_KEY : FALLBACK_KEY);
    }
  }
  // Wrapper errors alone still mean the data failed: report it where they point.
  if (out.length === 0 && list[0]) add(list[0].instancePath, FALLBACK_KEY);
  return out;
}
