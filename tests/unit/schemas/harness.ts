import type { ErrorObject } from 'ajv';
import { createStockAjv } from '../../../scripts/lib/stock-ajv';
import { formSchemaId, loadSchemaFiles } from '../../../scripts/lib/schema-files';
import {
  type FieldError,
  type FormName,
  formSchemas,
  precompiledValidators,
  toFieldErrors,
  validateForm,
} from '../../../src/generated/validators';

// Every case runs twice: through a stock Ajv over the schema files (what the contract fixes) and
// through the precompiled validators the build made (what the browser and the services run).
const stock = createStockAjv(loadSchemaFiles());

export type Doc = Record<string, unknown>;

const byPathAndKey = (a: FieldError, b: FieldError) => `${a.path} ${a.key}`.localeCompare(`${b.path} ${b.key}`);

export interface Outcome {
  stock: FieldError[];
  precompiled: FieldError[];
  rawStock: ErrorObject[];
}

export function run(form: FormName, data: unknown): Outcome {
  const validate = stock.getSchema(formSchemaId(form));
  if (!validate) throw new Error(`stock Ajv has no ${form}`);
  const valid = validate(structuredClone(data));
  const rawStock = valid ? [] : [...(validate.errors ?? [])];
  return {
    stock: toFieldErrors(rawStock).sort(byPathAndKey),
    precompiled: validateForm(form, structuredClone(data)).errors.sort(byPathAndKey),
    rawStock,
  };
}

/** Sets (or with undefined, removes) the value at a JSON pointer in a copy of the document. */
export function withValue(doc: Doc, pointer: string, value: unknown): Doc {
  const copy = structuredClone(doc);
  const parts = pointer.split('/').slice(1);
  const last = parts.pop() as string;
  let node = copy as Record<string, unknown>;
  for (const part of parts) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

export const repeat = (n: number, char = 'a'): string => char.repeat(n);

export { formSchemas, precompiledValidators };
export type { FieldError, FormName };
