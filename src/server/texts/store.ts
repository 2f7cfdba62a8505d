import { publishStore, type DraftRow as AnyDraftRow, type VersionRow as AnyVersionRow } from '../publish/store';
import type { TextChange } from './texts-files';

// The texts service's tables (migrations/0012-texts-tables.ts) through the publish mechanism it
// shares with the rules service (../publish/store.ts); publishes notify `texts_published`.

export type { Db, PublishRefusal } from '../publish/store';
export type VersionRow = AnyVersionRow<TextChange>;
export type DraftRow = AnyDraftRow<TextChange>;

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
} = publishStore<TextChange>('texts');
