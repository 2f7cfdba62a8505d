import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
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
const loading = new Map<FormName, Promise<FormDefinition>>();
const loaded = new Map<FormName, FormDefinition>();

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

/** The learner-facing definition of a form: its bundled schema and the validators compiled from it at build time. */
export function loadProductionDefinition(form: FormName): Promise<FormDefinition> {
  let promise = loading.get(form);
  if (!promise) {
    promise = load(form).then((definition) => {
      loaded.set(form, definition);
      return definition;
    });
    loading.set(form, promise);
  }
  return promise;
}

/** The definition if its chunk has already loaded, so a form shown again renders at once. */
export function loadedProductionDefinition(form: FormName): FormDefinition | undefined {
  return loaded.get(form);
}
