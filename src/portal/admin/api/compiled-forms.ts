/*
 * A form's validators as the services compiled them, loaded as a module: the browser never compiles
 * a schema, so the admin area runs under the portal's policy without 'unsafe-eval'.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import * as equal from 'ajv/dist/runtime/equal';
import * as ucs2length from 'ajv/dist/runtime/ucs2length';
import type { GALLERY_RUNTIME_MODULES } from '../../../shared/schemas/gallery-runtime';
import type { FormName } from '../../forms/definitions';
import { loadProductionDefinition } from '../../forms/production-definitions';
import { createPrecompiledFormValidator } from '../../forms/validation/precompiled-form-validator';
import type { RuleChange } from '../rules/changes';

export interface CompiledForm {
  schema: RJSFSchema;
  validator: ValidatorType;
}

export type LoadCompiledForm = (form: FormName) => Promise<CompiledForm>;

/**
 * Where the preview gets compiled forms: the published rules, and a draft's rules once the services
 * compile a draft (until then `draft` is absent and the preview says so).
 */
export interface CompiledForms {
  published: LoadCompiledForm;
  draft?: (form: FormName, changes: readonly RuleChange[]) => Promise<CompiledForm>;
}

interface CompiledModule {
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

/** A compiled module (its bundled schema and the function that gives its validators) as a form. */
export function fromModule(module: CompiledModule): CompiledForm {
  return { schema: module.schema, validator: createPrecompiledFormValidator(module.default(runtime), module.schema) };
}

/**
 * A form's published rules: as the services compile them from the schema files on disk
 * (GET /gallery/forms/<form>.js, served outside production; each load asks afresh, so an edited
 * schema shows on reload), or, where the services serve no such module (production), as the build
 * compiled them: the base, which is what is published until the services publish versions.
 */
export const loadCompiledForm: LoadCompiledForm = async (form) => {
  try {
    return fromModule((await import(/* @vite-ignore */ `/gallery/forms/${form}.js?load=${Date.now()}`)) as CompiledModule);
  } catch (error) {
    console.warn(`[admin] /gallery/forms/${form}.js did not load; showing the rules the build compiled`, error);
    const { schema, validator } = await loadProductionDefinition(form);
    return { schema, validator };
  }
};

/**
 * A version's validators as the services compiled them (GET /rules/<hash>/forms/<form>.js: same
 * origin, immutable, so the strict policy's script-src 'self' takes it).
 */
export async function loadVersionForm(hash: string, form: FormName): Promise<CompiledForm> {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new Error(`Not a rules hash: ${hash}`);
  return fromModule((await import(/* @vite-ignore */ `/rules/${hash}/forms/${form}.js`)) as CompiledModule);
}

/** The draft's rules are refused by the services: there is nothing to compile. */
export class DraftNotCompiled extends Error {}

/**
 * The preview's sources with the services' versions: the published version's modules (the base's as
 * above while the base is in force), and a draft's, by the hash the services answer when they check
 * its changes (nothing is saved by a check).
 */
export function serverCompiledForms(
  published: { hash: string; baseHash: string },
  check: (changes: readonly RuleChange[]) => Promise<{ hash: string | null }>,
): CompiledForms {
  return {
    published: (form) => (published.hash && published.hash !== published.baseHash ? loadVersionForm(published.hash, form) : loadCompiledForm(form)),
    draft: async (form, changes) => {
      const { hash } = await check(changes);
      if (!hash) throw new DraftNotCompiled('refused');
      return loadVersionForm(hash, form);
    },
  };
}
