import { publishStore, type DraftRow as AnyDraftRow, type VersionRow as AnyVersionRow } from '../publish/store';
import type { RuleChange } from './rule-files';

// The rules service's tables (migrations/0010-rules-tables.ts), through the publish mechanism it
// shares with the texts service (../publish/store.ts). Kysely only; no other service's table.

export type { Db, PublishRefusal } from '../publish/store';
export type VersionRow = AnyVersionRow<RuleChange>;
export type DraftRow = AnyDraftRow<RuleChange>;

export const {
  published,
  findVersion,
  findVersionByHash,
  listVersions,
  findDraft,
  findDraftByHash,
  listDrafts,
  audit,
  listAudit,
  insertDraft,
  updateDraft,
  deleteDraft,
  approveDraft,
  publishVersion,
} = publishStore<RuleChange>('rules');
