import { useCallback, useContext, useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { checkVersions } from '../clients/live-versions';
import { rulesVersion, subscribeRulesVersion } from '../clients/rules-version';
import { FormDefinitionsContext, type FormDefinition, type FormDefinitions, type FormName } from './definitions';
import { FormLoading } from './form-loading';
import { loadedProductionDefinition, loadProductionDefinition } from './production-definitions';
import type * as Core from './schema-form-core';
import type { SchemaFormProps } from './schema-form-core';
import { afterNextPaint } from '../ui/scheduling/after-start';
import { countryNamesReady, loadCountryNames } from './widgets/country-names';

export type { SchemaFormProps } from './schema-form-core';

// The form engine (RJSF, the theme, the behaviours) is a chunk of its own that a page asks for when
// it shows, not one it waits for: the page's heading and text paint first, the form follows.
let core: typeof Core | undefined;
let coreLoading: Promise<typeof Core> | undefined;

/** Loads the form engine once; a failed load is tried again by the next caller. */
export function loadSchemaFormCore(): Promise<typeof Core> {
  coreLoading ??= import('./schema-form-core').then(
    (module) => (core = module),
    (error: unknown) => {
      coreLoading = undefined;
      throw error;
    },
  );
  return coreLoading;
}

/**
 * Starts loading what a form needs (the engine, the form's schema, validators and ui schema, the
 * country names of the UI language) before the form is shown, e.g. while its data is fetched, once
 * the page has painted.
 */
export function usePreloadForm(form: FormName): void {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  useEffect(
    () =>
      // After the page's first paint: evaluating the engine as it arrives would hold that paint back.
      afterNextPaint(() => {
        // A failure shows when the form renders, which tries again.
        for (const load of [loadSchemaFormCore(), loadProductionDefinition(form), loadCountryNames(lang)]) load.catch(() => undefined);
      }),
    [form, lang],
  );
}

// Loaded with state rather than Suspense, so a feature needs no boundary and its tests need no
// awaited act around render (they load the engine up front). The country names of the UI language
// come with the precompiled definition (English ones ship with the form code; others are a chunk of
// their own).
function useLoaded(form: FormName, needsDefinition: boolean): { core?: typeof Core; definition?: FormDefinition } {
  const [failure, setFailure] = useState<unknown>();
  const [, setLoads] = useState(0);
  const { i18n } = useTranslation();
  const lang = i18n.language;
  // The rules version in force: a new one (an answer's x-rules-version) loads its validators, and the
  // form re-renders with them, keeping what the learner typed (the data is the feature's).
  const hash = useSyncExternalStore(subscribeRulesVersion, rulesVersion);
  const loadedDefinition = loadedProductionDefinition(form, hash);
  const definition = loadedDefinition && countryNamesReady(lang) ? loadedDefinition : undefined;
  const shown = useRef<{ form: FormName; definition: FormDefinition } | undefined>(undefined);
  if (definition) shown.current = { form, definition };
  const ready = core !== undefined && (!needsDefinition || definition !== undefined);
  useEffect(() => {
    if (ready) return;
    let current = true;
    Promise.all([loadSchemaFormCore(), ...(needsDefinition ? [loadProductionDefinition(form, hash), loadCountryNames(lang)] : [])]).then(
      () => current && setLoads((n) => n + 1),
      (error: unknown) => current && setFailure(error),
    );
    return () => {
      current = false;
    };
  }, [form, lang, needsDefinition, ready, hash]);
  // A chunk that fails to load is an app error: the app's error boundary shows it.
  if (failure) throw failure;
  // While a new version's validators load, the form stays as it was rather than blinking out.
  const previous = shown.current?.form === form ? shown.current.definition : undefined;
  return { core, definition: definition ?? previous };
}

/**
 * Whether to mount the form now. A whole form is the biggest render of the portal; React mounts it in
 * a transition, in slices of a few milliseconds with the main thread free between them (for input,
 * scrolling, paint), rather than in one long task when its data or code arrives.
 */
function useMountInSlices(ready: boolean): boolean {
  return useDeferredValue(ready, false);
}

/**
 * Before a refused save is shown: whether the services enforce other rules than those the form shows
 * (a loosened rule must not be refused by the browser alone), loading them if so.
 */
function useCurrentRules(form: FormName): (shown: FormDefinition) => Promise<boolean> {
  return useCallback(
    async (shown: FormDefinition) => {
      await checkVersions(true);
      return (await loadProductionDefinition(form, rulesVersion())) !== shown;
    },
    [form],
  );
}

function PrecompiledForm<T>(props: SchemaFormProps<T>) {
  const { core: loadedCore, definition } = useLoaded(props.form, true);
  const definitions = useMemo<FormDefinitions | undefined>(() => definition && (() => definition), [definition]);
  const currentRules = useCurrentRules(props.form);
  const mount = useMountInSlices(Boolean(loadedCore && definitions));
  if (!mount || !loadedCore || !definitions) return <FormLoading />;
  const { SchemaFormCore } = loadedCore;
  return (
    <FormDefinitionsContext.Provider value={definitions}>
      <SchemaFormCore<T> {...props} currentRules={currentRules} />
    </FormDefinitionsContext.Provider>
  );
}

function ProvidedForm<T>(props: SchemaFormProps<T>) {
  const { core: loadedCore } = useLoaded(props.form, false);
  const mount = useMountInSlices(Boolean(loadedCore));
  if (!mount || !loadedCore) return <FormLoading />;
  const { SchemaFormCore } = loadedCore;
  return <SchemaFormCore<T> {...props} />;
}

/**
 * The one form renderer of the portal: a form name and data in; the theme, the precompiled validator
 * (loaded with the form's own chunk) and the message catalogue inside.
 */
export function SchemaForm<T = Record<string, unknown>>(props: SchemaFormProps<T>) {
  const provided = useContext(FormDefinitionsContext);
  if (provided) return <ProvidedForm<T> {...props} />;
  return <PrecompiledForm<T> {...props} />;
}
