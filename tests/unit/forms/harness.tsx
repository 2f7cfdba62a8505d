import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import type { UiSchema } from '@rjsf/utils';
import { FormDefinitionsContext, type FormDefinitions, type FormName } from '../../../src/portal/forms/definitions';
import { createFormsI18n } from '../../../src/portal/forms/i18n/create-forms-i18n';
import { createRuntimeDefinitions } from '../support/runtime-definitions';
import { loadCountryNames } from '../../../src/portal/forms/widgets/country-names';
import { loadSchemaFormCore } from '../../../src/portal/forms/schema-form';

// The portal registers the Japanese country names before it shows a form in Japanese (SchemaForm
// waits for them); forms rendered here with definitions of their own get them up front.
await loadCountryNames('ja');
// The form engine is a chunk the portal loads when a form shows; here it is loaded up front.
await loadSchemaFormCore();

export const schemaFiles = import.meta.glob<unknown>('../../../schemas/{forms,defs}/*.json', { eager: true, import: 'default' });
const uiModules = import.meta.glob<UiSchema>('../../../src/generated/ui/*.ts', { eager: true, import: 'default' });

export const uiFiles: Partial<Record<FormName, UiSchema>> = Object.fromEntries(
  Object.entries(uiModules).map(([path, ui]) => [/([^/]+)\.ts$/.exec(path)![1], ui]),
);

/** Runtime-compiled definitions from the files in schemas/, as the gallery builds them. */
export function testDefinitions(files: Record<string, unknown> = schemaFiles, ui = uiFiles): FormDefinitions {
  return createRuntimeDefinitions(files, ui);
}

export function Harness({ children, i18n, definitions }: { children: ReactNode; i18n: i18n; definitions: FormDefinitions }) {
  return (
    <I18nextProvider i18n={i18n}>
      <FormDefinitionsContext.Provider value={definitions}>{children}</FormDefinitionsContext.Provider>
    </I18nextProvider>
  );
}

export function setup(lang: 'en' | 'ja' = 'en', definitions: FormDefinitions = testDefinitions()) {
  const i18n = createFormsI18n(lang);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Harness i18n={i18n} definitions={definitions}>
      {children}
    </Harness>
  );
  return { i18n, wrapper, definitions };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches a field label with or without the required marker. */
export const labelled = (text: string) => new RegExp(`^${escape(text)}( \\*)?$`);
