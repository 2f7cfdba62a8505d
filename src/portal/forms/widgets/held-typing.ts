import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SchemaFormContext } from '../behaviours/form-context';

/**
 * What a text input shows and how it reports a change. Where the form holds typing (see
 * SchemaFormContext.holdsTyping), each keystroke re-renders this input alone and the text reaches the
 * form when the learner leaves the field or submits; otherwise every change goes straight to the form.
 */
export function useHeldTyping(id: string, value: unknown, commit: (text: string) => void, form: Partial<SchemaFormContext> | undefined) {
  const [draft, setDraft] = useState<string | null>(null);
  const pending = useRef<string | null>(null);
  const release = useRef<(() => void) | null>(null);
  const commitRef = useRef(commit);
  // A layout effect runs within the keystroke's own commit; a passive one would queue a task per keystroke.
  useLayoutEffect(() => {
    commitRef.current = commit;
  }, [commit]);

  const handOver = useCallback(() => {
    release.current?.();
    release.current = null;
    const text = pending.current;
    if (text === null) return;
    pending.current = null;
    setDraft(null);
    commitRef.current(text);
  }, []);

  useEffect(
    () => () => {
      release.current?.();
      release.current = null;
    },
    [],
  );

  const change = (text: string) => {
    if (!form?.holdsTyping?.(id) || !form.holdTyping) {
      commit(text);
      return;
    }
    pending.current = text;
    setDraft(text);
    form.markEdited?.();
    release.current ??= form.holdTyping(handOver);
  };

  return { shown: draft ?? value, change, handOver };
}
