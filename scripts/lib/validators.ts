import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import type { RJSFSchema } from '@rjsf/utils';
import type Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import ajvErrors from 'ajv-errors';
import type { JsonSchema } from './schema-files';

/** Options shared by the build-time compilation and any runtime-compiled comparison. */
export const validatorOptions = {
  AjvClass: Ajv2020 as unknown as typeof Ajv,
  ajvOptionsOverrides: { $data: true },
  extenderFn: (ajv: Ajv) => ajvErrors(ajv) as Ajv,
};

/**
 * CommonJS source of RJSF's precompiled validator functions for one bundled form schema (ESM output
 * has failed on generated export names). It needs no Ajv compiler at run time.
 */
export function precompiledValidatorCode(schema: JsonSchema): string {
  return compileSchemaValidatorsCode(schema as RJSFSchema, validatorOptions);
}
