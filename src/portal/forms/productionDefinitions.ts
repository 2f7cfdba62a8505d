import type { UiSchema } from '@rjsf/utils';
// The precompiled-validator factory alone: the package index would also pull in the Ajv compiler.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { formSchemas, precompiledValidators } from '../../generated/validators/index';
import type { FormDefinition, FormDefinitions, FormName } from './definitions';
import { withoutRootId } from './validation/rootSchema';

const uiFiles = import.meta.glob<UiSchema>('../../../schemas/ui/*.ui.json', { eager: true, import: 'default' });
const cache = new Map<FormName, FormDefinition>();

/** The learner-facing forms: the schemas bundled at build time and the validators compiled from them. */
export const productionDefinitions: FormDefinitions = (form) => {
  let definition = cache.get(form);
  if (!definition) {
    const { schema, id, key } = withoutRootId(formSchemas[form]);
    const functions = precompiledValidators[form];
    const root = id ? functions[id] : undefined;
    definition = {
      schema,
      uiSchema: uiFiles[`../../../schemas/ui/${form}.ui.json`] ?? {},
      validator: createPrecompiledValidator(root ? { ...functions, [key]: root } : functions, schema),
    };
    cache.set(form, definition);
  }
  return definition;
};
