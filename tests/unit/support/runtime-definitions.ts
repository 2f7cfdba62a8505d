import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020';
import ajvErrors from 'ajv-errors';
import type { FormDefinition, FormDefinitions, FormName } from '../../../src/portal/forms/definitions';
import { bundleSchema } from '../../../src/shared/schemas/bundle';

/** The stock Ajv of the forms contract: Ajv2020, allErrors, $data, not strict, formats and ajv-errors. */
export function createRuntimeValidator(): ValidatorType {
  return customizeValidator({
    AjvClass: Ajv2020 as never,
    ajvOptionsOverrides: { $data: true, allErrors: true, strict: false },
    extenderFn: (ajv) => ajvErrors(ajv as never) as never,
  });
}

/**
 * Form definitions compiled in the browser, bundled by the same function the build uses from the raw schema and ui files. Only the gallery and
 * tests use this: it pulls the Ajv compiler, which the learner-facing bundle must not contain.
 */
export function createRuntimeDefinitions(schemaFiles: Record<string, unknown>, uiFiles: Partial<Record<FormName, UiSchema>>): FormDefinitions {
  const cache = new Map<FormName, FormDefinition>();
  return (form) => {
    let definition = cache.get(form);
    if (!definition) {
      definition = {
        schema: bundleSchema(
          `forms/${form}.schema.json`,
          Object.entries(schemaFiles).map(([path, schema]) => ({ path, schema: schema as Record<string, unknown> })),
        ) as RJSFSchema,
        uiSchema: uiFiles[form] ?? {},
        validator: createRuntimeValidator(),
      };
      cache.set(form, definition);
    }
    return definition;
  };
}
