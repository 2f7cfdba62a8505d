import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { dismissErrorToast, notifyError, notifySuccess, type SuccessToastKey } from '../ui/toast/toast';
import { SessionEndedError } from '../clients/errors';
import { useOptionalSession } from '../clients/session';
import { clearDraft, saveDraft, takeDraft } from '../auth/drafts';
import { serverFieldErrors, type ServerFieldErrors } from './errors/server-errors';
import { rebase } from './rebase';
import type { EditToggle } from './use-edit-toggle';

interface Options<T> {
  /** The data the form opens with (for the profile, the stored profile's view). */
  initial: T | undefined;
  send: (data: T) => Promise<unknown>;
  successToast: SuccessToastKey;
  toggle?: EditToggle;
  /**
   * Answers of the service this form understands beyond field errors (a known status), as messages
   * at its fields (path -> key; the path '' is the form as a whole); undefined for anything else.
   */
  understood?: (error: unknown) => ServerFieldErrors | undefined;
  /**
   * A name under which what is being sent is kept in session storage (auth/drafts.ts, no passwords
   * or codes) while it is sent: if the session ends under it (SessionEndedError) and the portal signs
   * in again, the form opens here again, in edit mode, with it. Any answer drops it.
   */
  draft?: string;
}

/**
 * Submit wiring of a schema form, returned as SchemaForm props (`<SchemaForm form="x" {...submission} />`):
 * success toast; an answer the form understands (a 400 with field errors, or what `understood` reads)
 * at its fields only; the generic toast for anything else, which goes again when an attempt succeeds.
 * The submitted data is handed back as the form's data, so that new server errors re-rendering the
 * form never put back the data it was opened with; Cancel drops it. When the stored data changes
 * under kept input (a refetch after 412), the learner's edits are carried over onto it.
 */
export function useFormSubmission<T>({ initial, send, successToast, toggle, understood, draft }: Options<T>) {
  // A draft is the signed-in account's own (outside a session, as in the form gallery, there is none).
  const owner = useOptionalSession()?.accountId;
  const [restored] = useState(() => (draft && owner ? takeDraft<T>(draft, owner) : undefined));
  const [kept, setKept] = useState<T | undefined>(restored);
  const edit = toggle?.edit;
  useEffect(() => {
    if (restored !== undefined) edit?.();
  }, [restored, edit]);
  const [serverErrors, setServerErrors] = useState<ServerFieldErrors>();
  const opened = useRef(initial);
  useEffect(() => {
    const before = opened.current;
    opened.current = initial;
    if (before === undefined || initial === undefined || before === initial) return;
    setKept((edited) => (edited === undefined ? edited : rebase(edited, before, initial)));
  }, [initial]);

  const onSubmit = useCallback(
    async (data: T) => {
      setKept(data);
      setServerErrors(undefined);
      if (draft && owner) saveDraft(draft, owner, data);
      try {
        await send(data);
      } catch (error) {
        // Kept only for the sign-in that follows a session's end; any answer means the session was fine.
        if (draft && !(error instanceof SessionEndedError)) clearDraft(draft);
        const atFields = serverFieldErrors(error) ?? understood?.(error);
        setServerErrors(atFields);
        if (!atFields) notifyError(error);
        throw error;
      }
      setKept(undefined);
      if (draft) clearDraft(draft);
      dismissErrorToast();
      notifySuccess(successToast);
    },
    [send, successToast, understood, draft, owner],
  );

  const editToggle = useMemo<EditToggle | undefined>(
    () =>
      toggle && {
        ...toggle,
        cancel: () => {
          setKept(undefined);
          setServerErrors(undefined);
          if (draft) clearDraft(draft);
          toggle.cancel();
        },
      },
    [toggle, draft],
  );

  return { formData: kept ?? initial, serverErrors, onSubmit, editToggle };
}
