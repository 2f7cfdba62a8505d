/*
 * The draft being edited: a reason and a list of changes, kept in this browser tab (sessionStorage)
 * until the services store drafts.
 *
 * Use (under <DraftProvider published={files} base={files}>):
 *   const { draft, draftFiles, apply, setReason, undo, clear } = useDraft();
 *   apply(setRule(ruleSet, 'maxLength', 20));
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { SchemaFiles } from '../schema/files';
import { applicableChanges, applyChanges, type Draft, EMPTY_DRAFT, type RuleChange, setValues } from './changes';
import type { Edit } from './edits';
import { localChecks, type Refusal } from './local-checks';

export const DRAFT_STORAGE_KEY = 'certportal:admin:rules-draft:v1';

export interface DraftApi {
  draft: Draft;
  /** The published files the draft is based on, and the base (what a draft may not undo). */
  published: SchemaFiles;
  base: SchemaFiles;
  /** The published files with the draft's changes applied. */
  draftFiles: SchemaFiles;
  /** What is refused so far (the browser's own checks; the services' once they check drafts). */
  refusals: Refusal[];
  apply: (edits: readonly Edit[]) => void;
  setReason: (reason: string) => void;
  /** Takes back one change. */
  undo: (change: RuleChange) => void;
  clear: () => void;
}

const DraftContext = createContext<DraftApi | null>(null);

function readStored(published: SchemaFiles): Draft {
  try {
    const stored = JSON.parse(sessionStorage.getItem(DRAFT_STORAGE_KEY) ?? 'null') as Partial<Draft> | null;
    if (!stored || !Array.isArray(stored.changes)) return EMPTY_DRAFT;
    // A change whose place no longer exists (the files changed since) is dropped.
    return { reason: typeof stored.reason === 'string' ? stored.reason : '', changes: applicableChanges(published, stored.changes as RuleChange[]) };
  } catch {
    return EMPTY_DRAFT;
  }
}

export function DraftProvider({ published, base, children }: { published: SchemaFiles; base: SchemaFiles; children: ReactNode }) {
  const [draft, setDraft] = useState<Draft>(() => readStored(published));
  useEffect(() => {
    try {
      sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
    } catch {
      // Storage refused: the draft lives until the page is left.
    }
  }, [draft]);
  const apply = useCallback((edits: readonly Edit[]) => setDraft((d) => ({ ...d, changes: setValues(d.changes, published, edits) })), [published]);
  const setReason = useCallback((reason: string) => setDraft((d) => ({ ...d, reason })), []);
  const undo = useCallback((change: RuleChange) => setDraft((d) => ({ ...d, changes: d.changes.filter((c) => c !== change) })), []);
  const clear = useCallback(() => setDraft(EMPTY_DRAFT), []);
  const value = useMemo<DraftApi>(() => {
    const draftFiles = applyChanges(published, draft.changes);
    return { draft, published, base, draftFiles, refusals: localChecks(draft.changes, draftFiles), apply, setReason, undo, clear };
  }, [draft, published, base, apply, setReason, undo, clear]);
  return <DraftContext.Provider value={value}>{children}</DraftContext.Provider>;
}

export function useDraft(): DraftApi {
  const api = useContext(DraftContext);
  if (!api) throw new Error('useDraft needs a DraftProvider');
  return api;
}
