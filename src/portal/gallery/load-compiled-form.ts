import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import * as equal from 'ajv/dist/runtime/equal';
import * as ucs2length from 'ajv/dist/runtime/ucs2length';
import type { GALLERY_RUNTIME_MODULES } from '../../shared/schemas/gallery-runtime';
import type { FormName } from '../forms/definitions';
import { createPrecompiledFormValidator } from '../forms/validation/precompiled-form-validator';

export interface CompiledForm {
  schema: RJSFSchema;
  validator: ValidatorType;
}

export type LoadCompiledForm = (form: FormName) => Promise<CompiledForm>;

interface GalleryModule {
  schema: RJSFSchema;
  default: (runtime: Record<string, unknown>) => ValidatorFunctions;
}

// A CommonJS module's exports as its precompiled code expects them, whichever way the bundler
// hands the namespace over.
const exportsOf = (namespace: { default?: unknown }) =>
  typeof namespace.default === 'function' ? { default: namespace.default } : (namespace.default ?? namespace);

const runtime: Record<(typeof GALLERY_RUNTIME_MODULES)[number], unknown> = {
  'ajv/dist/runtime/equal': exportsOf(equal),
  'ajv/dist/runtime/ucs2length': exportsOf(ucs2length),
};

/**
 * A form as the server compiled it from the schema files on disk (GET /gallery/forms/<form>.js):
 * its bundled schema and precompiled validators. Nothing is compiled in the browser, so the page
 * needs no 'unsafe-eval'; each load asks afresh, so an edited schema shows on reload.
 */
export const loadCompiledForm: LoadCompiledForm = async (form) => {
  const module = (await import(/* @vite-ignore */ `/gallery/forms/${form}.js?load=${Date.now()}`)) as GalleryModule;
  return { schema: module.schema, validator: createPrecompiledFormValidator(module.default(runtime), module.schema) };
};
