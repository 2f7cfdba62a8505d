import { createContext } from 'react';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';

import { FORM_NAMES, type FormName } from '../../shared/schemas/form-names';

export { FORM_NAMES, type FormName };

/** What a form is rendered from: its schema, its ui schema and a validator compiled from that same schema. */
export interface FormDefinition {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType;
}

export type FormDefinitions = (form: FormName) => FormDefinition;

/**
 * Where SchemaForm finds its forms. The app provides the precompiled definitions; the gallery and
 * tests provide runtime-compiled ones.
 */
export const FormDefinitionsContext = createContext<FormDefinitions | undefined>(undefined);
