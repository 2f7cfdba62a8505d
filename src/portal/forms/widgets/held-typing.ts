import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { SchemaFormContext } from '../behaviours/form-context';

/**
 * What a text box shows and how it reports a change. Where the form holds typing (see
 * SchemaFormContext.holdsTyping), a keystroke is the browser's alone: the box keeps the text itself
 * (it is not a controlled input), React renders nothing, and the text reaches the form when the
 * learner leaves the field or submits. Otherwise every change goes straight to the form. Either way
 * the box shows the form's value whenever that changes while nothing is held (a reset, a cleared
 * field, fresh data).
 */
export function useHeldTyping(
  box: RefObject<HTMLInputElement | null>,
  id: string,
  value: string,
  commit: (text: string) => void,
  form: Partial<SchemaFormContext> | undefined,
) {
  const pending = useRef<string | null>(null);
  const release = useRef<(() => void) | null>(null);
  const commitRef = useRef(commit);
  // A layout effect runs within the commit that brought the new function; a passive one would queue a task.
  useLayoutEffect(() => {
    commitRef.current = commit;
  }, [commit]);

  // The form's value, into the box, unless the learner's text is held there.
  useLayoutEffect(() => {
    const element = box.current;
    if (element && pending.current === null && element.value !== value) element.value = value;
  }, [box, value]);

  const handOver = useCallback(() => {
    release.current?.();
    release.current = null;
    const text = pending.current;
    if (text === null) return;
    pending.current = null;
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
    if (pending.current === null) form.markEdited?.();
    pending.current = text;
    release.current ??= form.holdTyping(handOver);
  };

  return { change, handOver };
}
