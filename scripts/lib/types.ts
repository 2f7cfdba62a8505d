import { compile } from 'json-schema-to-typescript';
import type { JsonSchema } from './schema-files';

const CONDITIONAL = ['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not', 'propertyNames'] as const;

function isObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * json-schema-to-typescript drops properties declared only inside if/then/else (or allOf members), so
 * the types would lie about conditional fields. Every such property is hoisted into its object's
 * `properties` as optional, then the conditional keywords are removed: types describe shape, the
 * schema keeps the rules.
 */
export function hoistConditionalProperties(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if ((CONDITIONAL as readonly string[]).includes(key) || key === 'errorMessage') continue;
    if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isObject(v) ? hoistConditionalProperties(v) : v]));
    } else if (key === '$defs' && isObject(value)) {
      out.$defs = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isObject(v) ? hoistConditionalProperties(v) : v]));
    } else {
      out[key] = value;
    }
  }
  // A $ref with sibling constraints (2020-12) confuses the type generator; the ref carries the shape.
  if (typeof out.$ref === 'string') delete out.properties;
  const properties = { ...((out.properties as JsonSchema | undefined) ?? {}) };
  const collect = (branch: unknown): void => {
    if (!isObject(branch)) return;
    for (const [name, sub] of Object.entries((branch.properties as JsonSchema | undefined) ?? {})) {
      if (!(name in properties) && isObject(sub) && Object.keys(sub).some((k) => !['not', 'errorMessage'].includes(k))) {
        properties[name] = hoistConditionalProperties(sub);
      }
    }
    for (const key of ['then', 'else'] as const) collect(branch[key]);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = branch[key];
      if (Array.isArray(list)) list.forEach(collect);
    }
  };
  collect({ then: schema.then, else: schema.else, allOf: schema.allOf });
  if (Object.keys(properties).length > 0) out.properties = properties;
  return out;
}

const typeName = (form: string): string => `${form.replace(/(^|-)([a-z])/g, (_m, _dash: string, c: string) => c.toUpperCase())}Form`;

export async function formTypes(form: string, bundled: JsonSchema): Promise<string> {
  const shape = hoistConditionalProperties(bundled);
  delete shape.$id;
  delete shape.$schema;
  return compile({ ...shape, title: typeName(form) } as never, typeName(form), {
    bannerComment: `/* Generated from schemas/forms/${form}.schema.json by scripts/generate.ts. Do not edit. */`,
    additionalProperties: false,
    unreachableDefinitions: false,
    format: false,
  });
}

export { typeName };
