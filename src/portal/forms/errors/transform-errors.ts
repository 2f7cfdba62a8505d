import type { RJSFValidationError } from '@rjsf/utils';
import { messageParams } from '../../../shared/schemas/message-params';
import { encodeMessage } from './message';

/** Keys shown when a schema rule carries no message key of its own (widgets.json). */
export const FALLBACK_KEYS = {
  required: 'Validation.Required',
  tooLong: 'widgets:Errors.TooLong',
  invalid: 'widgets:Errors.Invalid',
} as const;

// Ajv reports these beside the errors of their branches; alone they say nothing a learner can act on.
const WRAPPER_KEYWORDS = new Set(['if', 'then', 'else', 'anyOf', 'oneOf', 'allOf', 'not', '$ref']);

// The schemas' summary key for a failed if/then block: never shown at a field (schemas/README.md).
const FORM_SUMMARY_KEY = 'Validation.FormInvalid';

interface AjvParams {
  missingProperty?: string;
  limit?: number;
  errors?: { keyword?: string; params?: { missingProperty?: string } & Record<string, unknown> }[];
}

function childPath(parent: string | undefined, name: string): string {
  return parent ? `${parent}.${name}` : `.${name}`;
}

function isUnder(path: string, parent: string): boolean {
  return path === parent || path.startsWith(`${parent}.`) || parent === '';
}

/**
 * Turns Ajv's errors into message keys placed at the field they concern: `required` errors (also when
 * ajv-errors replaced them) move from the parent to the missing property, wrapper errors are dropped
 * when a branch error explains them and otherwise get a generic key, and raw Ajv English never
 * survives. A key carries what its text may say about the failed rule (./message.ts).
 */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  const placed: RJSFValidationError[] = [];
  for (const error of errors) {
    const params = (error.params ?? {}) as AjvParams;
    const property = error.property ?? '';
    if (error.name === 'errorMessage') {
      const missing = (params.errors ?? []).filter((e) => e.keyword === 'required' && e.params?.missingProperty).map((e) => e.params!.missingProperty!);
      const key = error.message ?? FALLBACK_KEYS.invalid;
      if (key === FORM_SUMMARY_KEY) continue;
      if (missing.length > 0 && missing.length === (params.errors ?? []).length) {
        for (const name of new Set(missing)) placed.push({ ...error, property: childPath(property, name), message: key, stack: key });
      } else {
        // The key, with what its text may say about the failed rule (the limit, refused characters).
        const message = encodeMessage(key, messageParams(params.errors));
        placed.push({ ...error, message, stack: message });
      }
    } else if (error.name === 'required') {
      placed.push({ ...error, message: FALLBACK_KEYS.required, stack: FALLBACK_KEYS.required });
    } else if (error.name === 'maxLength') {
      const message = encodeMessage(FALLBACK_KEYS.tooLong, messageParams([{ keyword: 'maxLength', params: { limit: params.limit } }]));
      placed.push({ ...error, message, stack: message });
    } else {
      placed.push({ ...error, message: FALLBACK_KEYS.invalid, stack: FALLBACK_KEYS.invalid });
    }
  }
  const explained = (wrapper: RJSFValidationError) =>
    placed.some((e) => !WRAPPER_KEYWORDS.has(e.name ?? '') && e !== wrapper && isUnder(e.property ?? '', wrapper.property ?? ''));
  const kept = placed.filter((e) => !(WRAPPER_KEYWORDS.has(e.name ?? '') && explained(e)));
  const seen = new Set<string>();
  return kept.filter((e) => {
    const id = `${e.property}\u0000${e.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
