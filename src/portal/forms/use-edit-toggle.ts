import { useCallback, useMemo, useState } from 'react';

export type FormMode = 'edit' | 'readonly';

export interface EditToggle {
  mode: FormMode;
  edit: () => void;
  /** Leaves edit mode; SchemaForm resets the form to its initial data. */
  cancel: () => void;
  /** Leaves edit mode after a successful save, keeping what was saved. */
  done: () => void;
  /** Counts cancels, so SchemaForm knows to reset. */
  cancels: number;
}

/** The Edit/Cancel toggle of the profile, email and password forms (docs/behaviour.md#states-and-transitions). */
export function useEditToggle(initial: FormMode = 'readonly'): EditToggle {
  const [mode, setMode] = useState<FormMode>(initial);
  const [cancels, setCancels] = useState(0);
  const edit = useCallback(() => setMode('edit'), []);
  const done = useCallback(() => setMode('readonly'), []);
  const cancel = useCallback(() => {
    setMode('readonly');
    setCancels((n) => n + 1);
  }, []);
  return useMemo(() => ({ mode, edit, cancel, done, cancels }), [mode, edit, cancel, done, cancels]);
}
