import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type Form from '@rjsf/core';
import type { GlobalFormOptions } from '@rjsf/utils';
import { createClearEngine } from './behaviours/clear-engine';
import type { readBehaviours } from './behaviours/declarations';
import type { SchemaFormContext } from './behaviours/form-context';
import type { FormStatusStore } from './behaviours/form-status';

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
