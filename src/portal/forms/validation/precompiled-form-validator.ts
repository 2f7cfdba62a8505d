import { deepEquals, type RJSFSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
// The validator class alone: the package index would also pull in the Ajv compiler.
import AJV8PrecompiledValidator from '@rjsf/validator-ajv8/lib/precompiledValidator.js';

/**
 * RJSF's precompiled validator, remembering which root schemas it has already found equal to its own.
 * RJSF hands it a rewritten copy of a draft 2020-12 root schema (its `$ref`s made absolute), and the
 * stock check compares that copy in depth on every `if` it resolves, on every keystroke.
 */
export class PrecompiledFormValidator extends AJV8PrecompiledValidator<unknown, RJSFSchema> {
  private readonly sameAsRoot = new WeakSet<object>();

  override ensureSameRootSchema(schema: RJSFSchema, formData?: unknown): boolean {
    if (schema === this.rootSchema || this.sameAsRoot.has(schema)) return true;
    // Only a match that does not depend on the data is remembered; the rest goes through the stock check.
    if (deepEquals(schema, this.rootSchema)) {
      this.sameAsRoot.add(schema);
      return true;
    }
    return super.ensureSameRootSchema(schema, formData);
  }
}

export function createPrecompiledFormValidator(validators: ValidatorFunctions, schema: RJSFSchema) {
  return new PrecompiledFormValidator(validators, schema);
}
