import { createContext } from 'react';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';

export const FORM_NAMES = ['profile', 'exam', 'demographics', 'company-country', 'email', 'password', 'redeem', 'course-picker'] as const;
export type FormName = (typeof FORM_NAMES)[number];

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
