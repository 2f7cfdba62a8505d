import type { AuditAction, AuditRow, DraftRow, VersionRow } from './store';

// What the rules and the texts consoles answer of a draft and a version: the same fields for both
// (each service adds its own: the files and forms a rules draft reaches, a texts draft's warnings,
// each version's diff), so the two consoles read drafts and versions alike.

export interface Person {
  id: string;
  email: string | null;
}

/** Who an id is (null for none), from the accounts' e-mails. */
export type Who = (id: string | null) => Person | null;

export const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

/** The people a list of ids names, looked up once. */
export async function people(accountEmails: (ids: string[]) => Promise<Map<string, string>>, ids: Array<string | null>): Promise<Who> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  const emails = await accountEmails(wanted);
  return (id) => (id ? { id, email: emails.get(id) ?? null } : null);
}

/** A draft as both consoles see it; `publishedVersion` tells a stale draft. */
export function draftFields<C>(row: DraftRow<C>, who: Who, publishedVersion: number, approvalRequired: boolean) {
  const approver = who(row.approved_by);
  return {
    id: row.id,
    reason: row.reason,
    changes: row.changes,
    basedOn: row.based_on,
    hash: row.hash,
    revision: row.revision,
    author: who(row.author_id) as Person,
    createdAt: iso(row.created_at) as string,
    updatedAt: iso(row.updated_at) as string,
    approval: approver ? { by: approver, at: iso(row.approved_at) as string, current: row.approved_revision === row.revision } : null,
    stale: row.based_on !== publishedVersion,
    approvalRequired,
  };
}

/** A version as both consoles see it, with its diff against the version before. */
export function versionFields<C, D>(row: VersionRow<C>, who: Who, publishedVersion: number, diff: D[]) {
  return {
    number: row.number,
    reason: row.reason,
    author: who(row.author_id) as Person,
    createdAt: iso(row.created_at) as string,
    approvedBy: who(row.approved_by),
    approvedAt: iso(row.approved_at),
    publishedBy: who(row.published_by) as Person,
    publishedAt: iso(row.published_at) as string,
    basedOn: row.based_on,
    republishedFrom: row.republished_from,
    hash: row.hash,
    published: row.number === publishedVersion,
    changes: row.changes,
    diff,
  };
}

/** One audit row as both consoles' audit pages show it. */
export function auditEntry<A extends string = AuditAction>(row: AuditRow, who: Who) {
  return {
    id: row.id,
    at: iso(row.at) as string,
    actor: who(row.actor_id) as Person,
    action: row.action as A,
    draftId: row.draft_id,
    version: row.version,
    detail: row.detail,
  };
}
