import { hashForSchema, type RJSFSchema } from '@rjsf/utils';

/**
 * RJSF resolves a bundled schema's local refs against a relative root `$id` with a folder
 * (`forms/profile.schema.json`) to `forms/forms/...` and fails, so the form renders the schema
 * without its root `$id`; the precompiled root validator is then found under the schema's hash.
 */
export function withoutRootId(schema: Record<string, unknown>): { schema: RJSFSchema; id?: string; key: string } {
  const { $id, ...rest } = schema;
  return { schema: rest as RJSFSchema, id: typeof $id === 'string' ? $id : undefined, key: hashForSchema(rest) };
}
