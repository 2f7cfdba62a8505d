import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type Form from '@rjsf/core';
import type { GlobalFormOptions } from '@rjsf/utils';
import { createClearEngine } from './behaviours/clear-engine';
import type { readBehaviours } from './behaviours/declarations';
import type { SchemaFormContext } from './behaviours/form-context';
import type { FormStatusStore } from './behaviours/form-status';
import type { FormDefinition, FormDefinitions, FormName } from './definitions';

// The state SchemaFormCore keeps beside RJSF's own, each part a hook with one job: which data the
// form was started with, the text fields' held typing, the context its widgets read, and the
// moments the form starts afresh.

/** Counts new objects, ignoring the form's own data handed back by a feature that stores what onChange gave it. */
export function useObjectVersion(value: unknown, own: { current: unknown }): number {
  const [seen] = useState(() => ({ value, version: 0 }));
  if (seen.value !== value && value !== own.current) {
    seen.value = value;
    seen.version += 1;
  }
  return seen.version;
}

type FormRef<T> = RefObject<Form<T> | null>;

/**
 * Text fields hold what is typed until the learner leaves them (one commit per field, not per
 * keystroke); the set holds their hand-over functions. Held text reaches the form's data before
 * RJSF's submit handler reads it (Enter in a field submits without leaving it): a listener on the
 * form element runs before React's, which sits at the root.
 */
export function useHeldTyping<T>(formRef: FormRef<T>, dataVersion: number): Set<() => void> {
  const [heldTyping] = useState(() => new Set<() => void>());
  useEffect(() => {
    const element = (formRef.current?.formElement as { current?: HTMLFormElement | null } | undefined)?.current;
    if (!element) return;
    const handOverAll = () => {
      if (heldTyping.size === 0) return;
      flushSync(() => {
        for (const handOver of [...heldTyping]) handOver();
      });
    };
    element.addEventListener('submit', handOverAll);
    return () => element.removeEventListener('submit', handOverAll);
  }, [formRef, dataVersion, heldTyping]);
  return heldTyping;
}

/**
 * A save the browser's validators refuse is judged by the rules the services enforce at that moment:
 * a product owner may have loosened them since the form loaded its validators (a roll back), and no
 * answer of the services has said so yet. So a refused submit is held (RJSF, whose handler is React's
 * at the root, never sees it: nothing is shown or recorded), `currentRules` asks which version is in
 * force and loads it if it moved, and the submit goes again once the form has re-rendered with the
 * new validators (or at once, with the same ones), keeping everything typed. Registered after
 * useHeldTyping's listener, with the same data version, so held text has reached the data it reads.
 */
/** How long a refused save waits for the form to show a newly loaded rules version before it goes again regardless. */
const SWITCH_WAIT_MS = 2000;

export function useCurrentRulesOnRefusal<T>(
  formRef: FormRef<T>,
  dataVersion: number,
  definitions: FormDefinitions,
  form: FormName,
  currentRules: ((shown: FormDefinition) => Promise<boolean>) | undefined,
): void {
  const [waitingFor, setWaitingFor] = useState<{ outdated: FormDefinitions }>();
  const state = useRef({ passing: false, checking: false });
  const resubmit = useCallback(() => {
    state.current = { passing: true, checking: false };
    formElementOf(formRef)?.requestSubmit();
  }, [formRef]);
  // The listener holds the definitions it was registered with (registered again when they change): the
  // rules asked about are compared with what the form shows at the moment of the submit, not with a
  // copy kept aside, which a render that React did not commit in full could leave behind.
  useEffect(() => {
    const element = formElementOf(formRef);
    if (!element || !currentRules) return;
    const onSubmit = (event: Event) => {
      if (state.current.passing) {
        state.current.passing = false;
        return;
      }
      const rjsf = formRef.current;
      if (!state.current.checking && (!rjsf || rjsf.validate(rjsf.state.formData).errors.length === 0)) return;
      event.preventDefault();
      event.stopPropagation();
      if (state.current.checking) return;
      state.current.checking = true;
      currentRules(definitions(form)).then(
        (moved) => (moved ? setWaitingFor({ outdated: definitions }) : resubmit()),
        () => resubmit(),
      );
    };
    element.addEventListener('submit', onSubmit);
    return () => element.removeEventListener('submit', onSubmit);
  }, [formRef, dataVersion, definitions, form, currentRules, resubmit]);
  useEffect(() => {
    if (!waitingFor) return;
    if (definitions !== waitingFor.outdated) {
      setWaitingFor(undefined);
      resubmit();
      return;
    }
    // The new version's definition is loaded, so the form re-renders with it at once; should it not,
    // the save goes again with the rules shown rather than leave the learner's Save without an answer.
    const fallback = setTimeout(() => {
      setWaitingFor(undefined);
      resubmit();
    }, SWITCH_WAIT_MS);
    return () => clearTimeout(fallback);
  }, [definitions, waitingFor, resubmit]);
}

const formElementOf = <T>(formRef: FormRef<T>) => (formRef.current?.formElement as { current?: HTMLFormElement | null } | undefined)?.current ?? undefined;

interface FormContextInputs<T> {
  formRef: FormRef<T>;
  behaviours: ReturnType<typeof readBehaviours>;
  globalOptions: GlobalFormOptions;
  context: Record<string, unknown>;
  status: FormStatusStore;
  heldTyping: Set<() => void>;
  liveValidate: boolean;
}

/** What the widgets read from the form: the feature's facts, the status store, clearing rules, held typing. */
export function useSchemaFormContext<T>({
  formRef,
  behaviours,
  globalOptions,
  context,
  status,
  heldTyping,
  liveValidate,
}: FormContextInputs<T>): SchemaFormContext {
  // Read through a ref: RJSF's fields compare the registry in depth with every function counted equal,
  // so a new formContext function would not reach widgets that are already rendered.
  const liveValidateRef = useRef(liveValidate);
  useLayoutEffect(() => {
    liveValidateRef.current = liveValidate;
  }, [liveValidate]);
  return useMemo<SchemaFormContext>(() => {
    const clear = createClearEngine(behaviours.clears, globalOptions, () =>
      formRef.current ? { setFieldValue: (path, value) => formRef.current?.setFieldValue(path, value as T) } : null,
    );
    return {
      context,
      status,
      fieldChanged: (fieldId, value) => {
        status.set({ edited: true });
        clear.apply(fieldId, value);
      },
      holdsTyping: (fieldId) => !liveValidateRef.current && !clear.isSource(fieldId),
      holdTyping: (handOver) => {
        heldTyping.add(handOver);
        return () => heldTyping.delete(handOver);
      },
      markEdited: () => status.set({ edited: true }),
    };
  }, [formRef, behaviours, globalOptions, context, status, heldTyping]);
}

/** Fresh data starts a fresh form (not edited, no failed submit); Cancel puts back the data the form was opened with. */
export function useFreshStarts<T>(formRef: FormRef<T>, dataVersion: number, cancels: number, status: FormStatusStore, clearSubmitted: () => void): void {
  const seenVersion = useRef(dataVersion);
  useEffect(() => {
    if (dataVersion === seenVersion.current) return;
    seenVersion.current = dataVersion;
    status.reset();
    clearSubmitted();
  }, [dataVersion, status, clearSubmitted]);

  const seenCancels = useRef(cancels);
  useEffect(() => {
    if (cancels === seenCancels.current) return;
    seenCancels.current = cancels;
    formRef.current?.reset();
    status.reset();
    clearSubmitted();
  }, [formRef, cancels, status, clearSubmitted]);
}
