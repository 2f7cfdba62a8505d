import { useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDefinitionsContext, type FormDefinition, type FormDefinitions, type FormName } from './definitions';
import { FormLoading } from './form-loading';
import { loadedProductionDefinition, loadProductionDefinition } from './production-definitions';
import { SchemaFormCore, type SchemaFormProps } from './schema-form-core';
import { countryNamesReady, loadCountryNames } from './widgets/country-names';

export type { SchemaFormProps } from './schema-form-core';

// Loaded with state rather than Suspense, so a feature needs no boundary and its tests need no
// awaited act around render. The country names of the UI language come with it (English ones ship
// with the form code; others are a chunk of their own).
function usePrecompiledDefinition(form: FormName): FormDefinition | undefined {
  const [failure, setFailure] = useState<unknown>();
  const [, setLoads] = useState(0);
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const loadedDefinition = loadedProductionDefinition(form);
  const definition = loadedDefinition && countryNamesReady(lang) ? loadedDefinition : undefined;
  useEffect(() => {
    if (definition) return;
    let current = true;
    Promise.all([loadProductionDefinition(form), loadCountryNames(lang)]).then(
      () => current && setLoads((n) => n + 1),
      (error: unknown) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [form, lang, definition]);
  // A chunk that fails to load is an app error: the app's error boundary shows it.
  if (failure) throw failure;
  return definition;
}

function PrecompiledForm<T>(props: SchemaFormProps<T>) {
  const definition = usePrecompiledDefinition(props.form);
  const definitions = useMemo<FormDefinitions | undefined>(() => definition && (() => definition), [definition]);
  if (!definitions) return <FormLoading />;
  return (
    <FormDefinitionsContext.Provider value={definitions}>
      <SchemaFormCore<T> {...props} />
    </FormDefinitionsContext.Provider>
  );
}

/**
 * The one form renderer of the portal: a form name and data in; the theme, the precompiled validator
 * (loaded with the form's own chunk) and the message catalogue inside.
 */
export function SchemaForm<T = Record<string, unknown>>(props: SchemaFormProps<T>) {
  const provided = useContext(FormDefinitionsContext);
  if (provided) return <SchemaFormCore<T> {...props} />;
  return <PrecompiledForm<T> {...props} />;
}
