/*
 * The draft being edited: a reason and a list of changes, the working copy of this browser tab
 * (sessionStorage), and the services' draft it was saved as (id, revision, hash), if any. Saving,
 * checking and publishing go through the services (rules/components/draft-actions.tsx); their
 * refusals show at the controls beside the browser's own.
 *
 * Use (under <DraftProvider published={files} base={files} info={published}>):
 *   const { draft, draftFiles, apply, setReason, undo, clear, saved, setSaved } = useDraft();
 *   apply(setRule(ruleSet, 'maxLength', 20));
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { RulesDraft, RulesImpact } from '../api/rules-api';
import type { SchemaFiles } from '../schema/files';
import { applicableChanges, applyChanges, type Draft, EMPTY_DRAFT, type RuleChange, setValues } from './changes';
import type { Edit } from './edits';
import { localChecks, type Refusal } from './local-checks';

export const DRAFT_STORAGE_KEY = 'certportal:admin:rules-draft:v2';

/** The version in force, as the services say (GET /api/admin/rules/forms). */
export interface PublishedRulesInfo {
  version: number;
  hash: string;
  baseHash: string;
  approvalRequired: boolean;
}

const BASE_INFO: PublishedRulesInfo = { version: 0, hash: '', baseHash: '', approvalRequired: false };

export interface DraftApi {
  draft: Draft;
  /** The published files the draft is based on, and the base (what a draft may not undo). */
  published: SchemaFiles;
  base: SchemaFiles;
  info: PublishedRulesInfo;
  /** The published files with the draft's changes applied. */
  draftFiles: SchemaFiles;
  /** What is refused: the browser's own checks and the services' answer to the last save or check. */
  refusals: Refusal[];
  /** The services' draft this working copy was saved as (null: not saved yet). */
  saved: RulesDraft | null;
  /** The working copy differs from what was saved. */
  dirty: boolean;
  apply: (edits: readonly Edit[]) => void;
  setReason: (reason: string) => void;
  /** Takes back one change. */
  undo: (change: RuleChange) => void;
  clear: () => void;
  /** After a save: the services' draft (the working copy is what was saved); null after a delete or publish. */
  setSaved: (saved: RulesDraft | null) => void;
  /** Opens a saved draft as the working copy. */
  open: (saved: RulesDraft) => void;
  setServerRefusals: (refusals: Refusal[]) => void;
  /** The services' impact report of the saved draft (null: not checked since it was saved). */
  impact: RulesImpact | null;
  setImpact: (impact: RulesImpact | null) => void;
}

const DraftContext = createContext<DraftApi | null>(null);

interface Stored {
  draft: Draft;
  saved: RulesDraft | null;
}

function readStored(published: SchemaFiles): Stored {
  try {
    const stored = JSON.parse(sessionStorage.getItem(DRAFT_STORAGE_KEY) ?? 'null') as Partial<Stored> | null;
    const draft = stored?.draft;
    if (!draft || !Array.isArray(draft.changes)) return { draft: EMPTY_DRAFT, saved: null };
    // A change whose place no longer exists (the files changed since) is dropped.
    return {
      draft: { reason: typeof draft.reason === 'string' ? draft.reason : '', changes: applicableChanges(published, draft.changes as RuleChange[]) },
      saved: stored.saved && typeof stored.saved.id === 'string' ? stored.saved : null,
    };
  } catch {
    return { draft: EMPTY_DRAFT, saved: null };
  }
}

const sameDraft = (a: Draft, b: Pick<RulesDraft, 'reason' | 'changes'>) => a.reason === b.reason && JSON.stringify(a.changes) === JSON.stringify(b.changes);

export function DraftProvider({
  published,
  base,
  info = BASE_INFO,
  children,
}: {
  published: SchemaFiles;
  base: SchemaFiles;
  info?: PublishedRulesInfo;
  children: ReactNode;
}) {
  const [state, setState] = useState<Stored>(() => readStored(published));
  const [serverRefusals, setServerRefusals] = useState<Refusal[]>([]);
  const [impact, setImpact] = useState<RulesImpact | null>(null);
  const { draft, saved } = state;
  useEffect(() => {
    try {
      sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Storage refused: the working copy lives until the page is left.
    }
  }, [state]);
  const edit = useCallback((next: (d: Draft) => Draft) => {
    setState((s) => ({ ...s, draft: next(s.draft) }));
    setServerRefusals([]);
    setImpact(null);
  }, []);
  const apply = useCallback((edits: readonly Edit[]) => edit((d) => ({ ...d, changes: setValues(d.changes, published, edits) })), [edit, published]);
  const setReason = useCallback((reason: string) => setState((s) => ({ ...s, draft: { ...s.draft, reason } })), []);
  const undo = useCallback((change: RuleChange) => edit((d) => ({ ...d, changes: d.changes.filter((c) => c !== change) })), [edit]);
  const clear = useCallback(() => {
    setState({ draft: EMPTY_DRAFT, saved: null });
    setServerRefusals([]);
    setImpact(null);
  }, []);
  const setSaved = useCallback((next: RulesDraft | null) => {
    setState(() => (next ? { draft: { reason: next.reason, changes: next.changes as RuleChange[] }, saved: next } : { draft: EMPTY_DRAFT, saved: null }));
    setServerRefusals([]);
    setImpact(null);
  }, []);
  const open = setSaved;
  const value = useMemo<DraftApi>(() => {
    let draftFiles = published;
    let applicable = draft.changes;
    try {
      draftFiles = applyChanges(published, draft.changes);
    } catch {
      applicable = applicableChanges(published, draft.changes);
      draftFiles = applyChanges(published, applicable);
    }
    return {
      draft,
      published,
      base,
      info,
      draftFiles,
      refusals: [...localChecks(applicable, draftFiles), ...serverRefusals],
      saved,
      dirty: saved ? !sameDraft(draft, saved) : draft.changes.length > 0 || draft.reason !== '',
      apply,
      setReason,
      undo,
      clear,
      setSaved,
      open,
      setServerRefusals,
      impact,
      setImpact,
    };
  }, [draft, saved, published, base, info, serverRefusals, impact, apply, setReason, undo, clear, setSaved, open]);
  return <DraftContext.Provider value={value}>{children}</DraftContext.Provider>;
}

export function useDraft(): DraftApi {
  const api = useContext(DraftContext);
  if (!api) throw new Error('useDraft needs a DraftProvider');
  return api;
}
