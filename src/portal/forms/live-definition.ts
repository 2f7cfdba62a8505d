/*
 * A form's validators for a rules version the services published (docs/admin-area.md, "Live,
 * everywhere"): the module the services compiled, GET /rules/<hash>/forms/<form>.js (same origin and
 * immutable: the policy's script-src 'self' takes it; the browser never compiles a schema). A chunk
 * of its own, loaded only once a version other than the base is in force.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import * as equal from 'ajv/dist/runtime/equal';
import * as ucs2length from 'ajv/dist/runtime/ucs2length';
import type { FormDefinition, FormName } from './definitions';
import { createPrecompiledFormValidator } from './validation/precompiled-form-validator';

interface VersionModule {
  schema: RJSFSchema;
  default: (runtime: Record<string, unknown>) => ValidatorFunctions;
}

// A CommonJS module's exports as the compiled code expects them, whichever way the bundler hands them over.
const exportsOf = (namespace: { default?: unknown }) =>
  typeof namespace.default === 'function' ? { default: namespace.default } : (namespace.default ?? namespace);
const runtime = { 'ajv/dist/runtime/equal': exportsOf(equal), 'ajv/dist/runtime/ucs2length': exportsOf(ucs2length) };

/** The version's ui schema (its inclusions resolved by the services), or the build's when it does not come. */
async function uiOf(form: FormName, hash: string, buildUi: () => Promise<UiSchema>): Promise<UiSchema> {
  try {
    const response = await fetch(`/rules/${hash}/ui/${form}.json`, { headers: { accept: 'application/json' } });
    if (response.ok) return (await response.json()) as UiSchema;
  } catch {
    // The build's layout below.
  }
  return buildUi();
}

/** The form of a version: its compiled validators, bundled schema and ui schema (GET /rules/<hash>/ui/<form>.json). */
export async function loadVersionDefinition(form: FormName, hash: string, buildUi: () => Promise<UiSchema>): Promise<FormDefinition> {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`Not a rules hash: ${hash}`);
  const [module, uiSchema] = await Promise.all([
    import(/* @vite-ignore */ `/rules/${hash}/forms/${form}.js`) as Promise<VersionModule>,
    uiOf(form, hash, buildUi),
  ]);
  return { schema: module.schema, uiSchema, validator: createPrecompiledFormValidator(module.default(runtime), module.schema) };
}
