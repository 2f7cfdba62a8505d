import type { ErrorObject } from 'ajv';
import { createStockAjv } from '../../../scripts/lib/stock-ajv';
import { formSchemaId, loadSchemaFiles } from '../../../scripts/lib/schema-files';
import { schemasDir } from '../../../scripts/lib/paths';
import { SchemaRegistry } from '../../../src/server/http/schema-registry';
import { type FieldError, type FormName, formSchemas, precompiledValidators, rootKeys, toFieldErrors, validateForm } from '../../../src/generated/validators';

// Every case runs three times: through a stock Ajv over the schema files (what the contract fixes),
// through the precompiled validators the build made (what the browser runs) and through the
// services' own registry of the schema files (what a write is checked with).
const stock = createStockAjv(loadSchemaFiles());
const services = new SchemaRegistry(schemasDir);

export type Doc = Record<string, unknown>;

const byPathAndKey = (a: FieldError, b: FieldError) => `${a.path} ${a.key}`.localeCompare(`${b.path} ${b.key}`);

export interface Outcome {
  valid: { stock: boolean; precompiled: boolean; services: boolean };
  stock: FieldError[];
  precompiled: FieldError[];
  services: FieldError[];
  rawStock: ErrorObject[];
  /** Ajv's own errors of the precompiled validator, for comparing with rawStock. */
  rawPrecompiled: ErrorObject[];
}

/** Ajv errors as comparable lines: where, which keyword, which key (ajv-errors) and which child. */
export function rawLines(errors: readonly ErrorObject[]): string[] {
  const lines = errors.map((e) => {
    const params = e.params as Record<string, unknown>;
    const child = params.missingProperty ?? params.propertyName ?? params.additionalProperty ?? '';
    const inner = ((params.errors as ErrorObject[] | undefined) ?? [])
      .map((o) => `${o.instancePath}:${o.keyword}`)
      .sort()
      .join(',');
    return `${e.instancePath} ${e.keyword} ${e.keyword === 'errorMessage' ? e.message : ''} ${String(child)} [${inner}]`;
  });
  return [...new Set(lines)].sort();
}

export function run(form: FormName, data: unknown): Outcome {
  const validate = stock.getSchema(formSchemaId(form));
  if (!validate) throw new Error(`stock Ajv has no ${form}`);
  const stockValid = validate(structuredClone(data)) as boolean;
  const rawStock = stockValid ? [] : [...(validate.errors ?? [])];
  const compiled = precompiledValidators[form][rootKeys[form]]!;
  const compiledValid = compiled(structuredClone(data)) as boolean;
  const rawPrecompiled = compiledValid ? [] : [...((compiled.errors ?? []) as ErrorObject[])];
  compiled.errors = null;
  const browser = validateForm(form, structuredClone(data));
  const server = services.validate(formSchemaId(form), structuredClone(data));
  if (browser.valid !== compiledValid) throw new Error('validateForm and its precompiled function disagree');
  return {
    valid: { stock: stockValid, precompiled: browser.valid, services: server === null },
    stock: toFieldErrors(rawStock).sort(byPathAndKey),
    precompiled: browser.errors.sort(byPathAndKey),
    services: [...(server ?? [])].sort(byPathAndKey),
    rawStock,
    rawPrecompiled,
  };
}

/** The stock Ajv's verdict alone (for building valid documents). */
export function stockValid(form: FormName, data: unknown): boolean {
  const validate = stock.getSchema(formSchemaId(form));
  if (!validate) throw new Error(`stock Ajv has no ${form}`);
  const valid = validate(data) as boolean;
  validate.errors = null;
  return valid;
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
