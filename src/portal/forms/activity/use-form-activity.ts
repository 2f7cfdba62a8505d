import { decodeMessage } from '../errors/message';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { RJSFValidationError } from '@rjsf/utils';
import { formActivity } from '../../clients/form-activity';
import { fieldPaths } from '../../../shared/schemas/field-paths';
import type { FormStatusStore } from '../behaviours/form-status';
import type { FormName } from '../definitions';
import { toFieldPath, type ServerFieldErrors } from '../errors/server-errors';
import type { FormMode } from '../use-edit-toggle';

/** The message keys the services take (schemas/api/form-activity-request.schema.json, `key`); others are sent without a key. */
export const MESSAGE_KEY = /^Validation\.[A-Za-z]{1,53}$/;

export interface RejectedField {
  field: string;
  key?: string;
}

/**
 * The fields a submit was rejected at, each once with its key: `/`-separated paths of the form's own
 * fields (an error at the form itself or at a path the form does not have is left out), and only
 * keys the services take.
 */
export function rejectedFields(errors: Array<{ path: string; key: string | undefined }>, known: Set<string>): RejectedField[] {
  const seen = new Set<string>();
  const out: RejectedField[] = [];
  for (const { path, key } of errors) {
    const field = toFieldPath(path).join('/');
    // A shown message may carry its rule's parameters after the key (forms/errors/message.ts).
    const bare = key === undefined ? undefined : decodeMessage(key).key;
    const kept = bare !== undefined && MESSAGE_KEY.test(bare) ? bare : undefined;
    const id = `${field}\u0000${kept ?? ''}`;
    if (!known.has(field) || seen.has(id)) continue;
    seen.add(id);
    out.push(kept ? { field, key: kept } : { field });
  }
  return out;
}

interface Options {
  form: FormName;
  mode: FormMode;
  status: FormStatusStore;
  /** The form's (bundled) schema: its field paths. */
  schema: Record<string, unknown>;
  serverErrors: ServerFieldErrors | undefined;
}

/**
 * What SchemaForm records of a form (clients/form-activity.ts), all of it outside rendering: opened
 * (shown in edit mode), each submit attempt, each field a submit was rejected at with its key (the
 * form's own rules and the services' 400 answers), and abandoned (edit mode left, the form gone or
 * the page left, with unsaved changes). Answers the callbacks for the form's submit and invalid submit.
 */
export function useFormActivity({ form, mode, status, schema, serverErrors }: Options) {
  const recorder = formActivity();
  const known = useRef<Set<string> | undefined>(undefined);
  const knownFields = useCallback(() => (known.current ??= fieldPaths(schema)), [schema]);
  useEffect(() => {
    known.current = undefined;
  }, [schema]);

  useEffect(() => {
    if (recorder && mode === 'edit') recorder.record({ type: 'form-opened', form });
  }, [recorder, mode, form]);

  // Edit mode left (Cancel), the form unmounted, or the page left, with changes not saved.
  useEffect(() => {
    if (!recorder || mode !== 'edit') return;
    let recorded = false;
    const abandoned = () => {
      if (recorded || !status.get().edited) return;
      recorded = true;
      recorder.record({ type: 'form-abandoned', form });
    };
    const stop = recorder.whenLeaving(abandoned);
    return () => {
      stop();
      abandoned();
    };
  }, [recorder, mode, form, status]);

  const rejected = useCallback(
    (errors: Array<{ path: string; key: string | undefined }>) => {
      for (const { field, key } of rejectedFields(errors, knownFields())) recorder?.record({ type: 'field-rejected', form, field, ...(key ? { key } : {}) });
    },
    [recorder, form, knownFields],
  );

  // The services' 400 answer: each field it names, once per answer (a new answer is a new object).
  const seenErrors = useRef<ServerFieldErrors | undefined>(undefined);
  useEffect(() => {
    if (!recorder || !serverErrors || seenErrors.current === serverErrors) return;
    seenErrors.current = serverErrors;
    rejected(Object.entries(serverErrors).map(([path, key]) => ({ path, key })));
  }, [recorder, serverErrors, rejected]);

  return useMemo(
    () => ({
      submitted: () => recorder?.record({ type: 'submit-attempted', form }),
      /** The save went through (the services took it): saves per form opened. */
      saved: () => recorder?.record({ type: 'form-saved', form }),
      invalid: (errors: RJSFValidationError[]) => {
        recorder?.record({ type: 'submit-attempted', form });
        rejected(errors.map((e) => ({ path: e.property ?? '', key: e.message })));
      },
    }),
    [recorder, form, rejected],
  );
}
