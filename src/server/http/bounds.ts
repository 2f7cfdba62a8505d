import type { ErrorObject } from 'ajv';

// Why a request is checked for its bounds before its rules.
//
// With `allErrors` (the forms need every field's message at once) Ajv validates every element of an
// array even after `maxItems` failed, and ajv-errors then scans the whole error list once per
// element that declares an `errorMessage`: a body of n bad elements costs n² steps. A 180 KB patch
// of 60,000 empty objects held the event loop for 27 s. So every validation first runs a validator
// that knows only the bounds (maxItems, maxProperties, and a closed object's count of declared
// properties) and the structure leading to them, compiled
// to stop at the first failure; only a document within its bounds reaches the full rules, and such
// a document is small enough for them by construction (`npm run check:schemas` requires a bound on
// every array and open object in the schemas that validate requests).

/** The message key of a document over a bound: one error, at the array or object that is too large. */
export const TOO_MANY_ITEMS = 'Validation.TooManyItems';

const BOUNDS = ['maxItems', 'maxProperties'];
/** Unknown properties a closed object may carry and still have each named in the answer. */
const STRAY_PROPERTIES = 16;
const KEPT_VALUES = ['$id', '$schema', '$ref', '$anchor', '$dynamicRef', '$dynamicAnchor', ...BOUNDS];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMAS = ['items', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'contains', 'additionalItems'];
/** Subschemas that apply only sometimes: their bounds hold always (a bound is never a rule of a branch). */
const BRANCH_LISTS = ['anyOf', 'oneOf'];
const BRANCHES = ['then', 'else'];

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The part of a schema that bounds how much of a document the full rules walk: its maxItems and
 * maxProperties and the keywords that lead to them, every conditional branch taken as always
 * applying. `$id`s and `$defs` stay where they were, so references resolve as in the original.
 */
export function boundsOf(schema: unknown): unknown {
  if (!isSchema(schema)) return true;
  const out: Schema = {};
  const allOf: unknown[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (KEPT_VALUES.includes(key)) out[key] = value;
    else if (SCHEMA_MAPS.includes(key) && isSchema(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, boundsOf(child)]));
    } else if (SCHEMAS.includes(key) && isSchema(value)) out[key] = boundsOf(value);
    else if (key === 'prefixItems' && Array.isArray(value)) out[key] = value.map(boundsOf);
    else if (key === 'allOf' && Array.isArray(value)) allOf.push(...value.map(boundsOf));
    else if (BRANCH_LISTS.includes(key) && Array.isArray(value)) allOf.push(...value.map(boundsOf));
    else if (BRANCHES.includes(key)) allOf.push(boundsOf(value));
  }
  // A closed object can hold no more properties than it declares: a bound of its own, with room for
  // a few strays, which the full rules then name one by one (Validation.UnknownField).
  if (schema.additionalProperties === false && !('patternProperties' in schema) && typeof schema.maxProperties !== 'number' && isSchema(schema.properties)) {
    out.maxProperties = Object.keys(schema.properties).length + STRAY_PROPERTIES;
  }
  const kept = allOf.filter((part) => part !== true && !(isSchema(part) && Object.keys(part).length === 0));
  if (kept.length > 0) out.allOf = kept;
  return out;
}

/** A bound's failure in the shape ajv-errors gives every other failure: one message key at its path. */
export function boundError(error: ErrorObject): ErrorObject {
  return {
    keyword: 'errorMessage',
    instancePath: error.instancePath,
    schemaPath: error.schemaPath,
    params: { errors: [error] },
    message: TOO_MANY_ITEMS,
  };
}
