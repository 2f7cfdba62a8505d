import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { rulesVersion } from '../clients/rules-version';
import type { FormDefinition, FormName } from './definitions';

interface GeneratedForm {
  schema: Record<string, unknown>;
  validators: ValidatorFunctions;
}

// One chunk per form (schemas/README.md), so a page loads only the validators and ui schemas of its
// own forms.
const generated = import.meta.glob<GeneratedForm>('../../generated/forms/*.ts');
// The ui files with their inclusions resolved by the generator (src/shared/schemas/ui-include.ts).
const uiFiles = import.meta.glob<UiSchema>('../../generated/ui/*.ts', { import: 'default' });
// By form, and by `<hash>/<form>` for a published rules version.
const loading = new Map<string, Promise<FormDefinition>>();
const loaded = new Map<string, FormDefinition>();
const keyOf = (form: FormName, hash: string | null) => (hash ? `${hash}/${form}` : form);

const RETRIES = [500, 2000];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A published version's form: its validators and layout as the services resolved them. Tried a few
 * times (a busy instance may shed a request); failing that, the form keeps the build's rules (the
 * services validate every save with the published version anyway) rather than breaking the page.
 */
async function loadVersion(form: FormName, hash: string): Promise<FormDefinition> {
  const uiLoader = uiFiles[`../../generated/ui/${form}.ts`];
  for (let attempt = 0; ; attempt += 1) {
    try {
      const { loadVersionDefinition } = await import('./live-definition');
      return await loadVersionDefinition(form, hash, async () => (uiLoader ? uiLoader() : {}));
    } catch (error) {
      const wait = RETRIES[attempt];
      if (wait === undefined) {
        console.warn(`[forms] the rules version ${hash.slice(0, 12)} did not load for ${form}; the build's rules stay`, error);
        return loadProductionDefinition(form, null);
      }
      await pause(wait);
    }
  }
}

async function load(form: FormName): Promise<FormDefinition> {
  const loader = generated[`../../generated/forms/${form}.ts`];
  if (!loader) throw new Error(`No generated definition for form ${form}; run npm run gen`);
  const uiLoader = uiFiles[`../../generated/ui/${form}.ts`];
  // RJSF's validator code comes with the first form, not with the page that shows it.
  const [{ schema, validators }, uiSchema, { createPrecompiledFormValidator }] = await Promise.all([
    loader(),
    uiLoader ? uiLoader() : {},
    import('./validation/precompiled-form-validator'),
  ]);
  return {
    schema: schema as RJSFSchema,
    uiSchema,
    validator: createPrecompiledFormValidator(validators, schema as RJSFSchema),
  };
}

/**
 * The learner-facing definition of a form under the rules in force (clients/rules-version.ts): while
 * the base is, its bundled schema and the validators compiled from it at build time; under a
 * published version, that version's validators as the services compiled them.
 */
export function loadProductionDefinition(form: FormName, hash: string | null = rulesVersion()): Promise<FormDefinition> {
  const key = keyOf(form, hash);
  let promise = loading.get(key);
  if (!promise) {
    promise = (hash ? loadVersion(form, hash) : load(form)).then(
      (definition) => {
        loaded.set(key, definition);
        return definition;
      },
      (error: unknown) => {
        // A failed load is tried again by the next caller.
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/** The definition if its chunk has already loaded, so a form shown again renders at once. */
export function loadedProductionDefinition(form: FormName, hash: string | null = rulesVersion()): FormDefinition | undefined {
  return loaded.get(keyOf(form, hash));
}
