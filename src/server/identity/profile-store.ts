import { randomUUID } from 'node:crypto';
import jsonPatch, { type Operation } from 'fast-json-patch';
import { sql, type Kysely } from 'kysely';
import { renumber, withDerivedFields, type StoredProfile } from '../../shared/profile-view';
import type { DB } from '../db/types';
import { badRequest, forbidden, notFound, preconditionFailed, type FieldError } from '../lib/errors';

export interface ProfileRow {
  id: string;
  account_id: string;
  document: StoredProfile;
  version: number;
}

/** Fields only the services themselves set: a patch that touches one is refused. */
export const PROTECTED_FIELDS = [
  'id',
  'ssoId',
  'email',
  'externalIds',
  'isBlocked',
  'isMinor',
  'consentApprovedDate',
  'authenticationSource',
  'iframeWebToken',
];

export async function findProfileByAccount(db: Kysely<DB>, accountId: string): Promise<ProfileRow | undefined> {
  const row = await db.selectFrom('profiles').select(['id', 'account_id', 'document', 'version']).where('account_id', '=', accountId).executeTakeFirst();
  return row as ProfileRow | undefined;
}

export async function findProfile(db: Kysely<DB>, id: string): Promise<ProfileRow | undefined> {
  const row = await db.selectFrom('profiles').select(['id', 'account_id', 'document', 'version']).where('id', '=', id).executeTakeFirst();
  return row as ProfileRow | undefined;
}

export const etagOf = (row: Pick<ProfileRow, 'id' | 'version'>): string => `"${row.id}.${row.version}"`;

/** A stale If-Match means someone else saved in between: 412, nothing written. */
export function checkIfMatch(row: ProfileRow, ifMatch: string | string[] | undefined): void {
  if (ifMatch === undefined) return;
  const tags = (Array.isArray(ifMatch) ? ifMatch.join(',') : ifMatch).split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (!tags.includes('*') && !tags.includes(etagOf(row))) throw preconditionFailed();
}

/** The profile as the services answer it: the document with its ids and derived items. */
export function profileResponse(row: ProfileRow): StoredProfile {
  return withDerivedFields({ ...row.document, id: row.id, ssoId: row.account_id });
}

const firstSegment = (path: string): string => (path.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * Applies a section 7 patch to a copy of the stored document. A replace at a key the document does
 * not have yet reads as add (the portal replaces top-level fields whether or not they were set).
 */
export function applyProfilePatch(document: StoredProfile, patch: unknown, allowedFields: Set<string>): StoredProfile {
  if (!Array.isArray(patch)) throw badRequest([{ path: '', key: 'Validation.InvalidPatch' }]);
  const errors: FieldError[] = [];
  patch.forEach((op, i) => {
    const path = typeof op?.path === 'string' ? op.path : '';
    const field = firstSegment(path);
    if (!['add', 'remove', 'replace'].includes(op?.op) || !path.startsWith('/')) {
      errors.push({ path: `/${i}`, key: 'Validation.InvalidPatch' });
    } else if (PROTECTED_FIELDS.includes(field)) {
      errors.push({ path, key: 'Validation.ReadOnly' });
    } else if (!allowedFields.has(field)) {
      errors.push({ path, key: 'Validation.UnknownField' });
    }
  });
  if (errors.length) throw badRequest(errors);
  let next = jsonPatch.deepClone(document) as StoredProfile;
  for (const [i, raw] of (patch as Operation[]).entries()) {
    let op = raw;
    if (op.op === 'replace') {
      const parentPath = op.path.slice(0, op.path.lastIndexOf('/'));
      const key = op.path.slice(op.path.lastIndexOf('/') + 1);
      const parent = parentPath ? safeGet(next, parentPath) : next;
      if (parent && typeof parent === 'object' && !Array.isArray(parent) && !(decode(key) in parent)) {
        op = { op: 'add', path: op.path, value: op.value };
      }
    }
    try {
      next = jsonPatch.applyOperation(next, op, true, true, false, i).newDocument as StoredProfile;
    } catch {
      throw badRequest([{ path: op.path, key: 'Validation.InvalidPatch' }]);
    }
  }
  return renumber(next);
}

const decode = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

function safeGet(document: unknown, pointer: string): unknown {
  try {
    return jsonPatch.getValueByPointer(document, pointer);
  } catch {
    return undefined;
  }
}

/** Paths a patch touched, for the audit record. */
export const patchPaths = (patch: Operation[]): string[] => [...new Set(patch.map((op) => op.path))];

type Audit = { actorId: string; action: string; paths: string[] };

/**
 * Writes a new document if the stored version is still the one read (else 412), and records who
 * changed which paths, in one statement (no round trips for a transaction).
 */
export async function saveProfile(db: Kysely<DB>, row: ProfileRow, document: StoredProfile, audit: Audit): Promise<ProfileRow> {
  const updated = await tryWrite(db, row, document, audit);
  if (!updated) throw preconditionFailed();
  return updated;
}

async function tryWrite(db: Kysely<DB>, row: ProfileRow, document: StoredProfile, audit: Audit): Promise<ProfileRow | undefined> {
  const updated = await db
    .with('updated', (qb) =>
      qb
        .updateTable('profiles')
        .set({ document: JSON.stringify(document), version: row.version + 1, updated_at: new Date() })
        .where('id', '=', row.id)
        .where('version', '=', row.version)
        .returning(['id', 'account_id', 'document', 'version']),
    )
    .with('audit', (qb) =>
      qb
        .insertInto('profile_audit')
        .columns(['profile_id', 'actor_id', 'action', 'paths'])
        .expression((eb) =>
          eb
            .selectFrom('updated')
            .select((s) => ['updated.id', s.val(audit.actorId).as('actor_id'), s.val(audit.action).as('action'), sql<string>`${JSON.stringify(audit.paths)}::jsonb`.as('paths')]),
        )
        .returning('profile_id'),
    )
    .selectFrom('updated')
    .selectAll()
    .executeTakeFirst();
  return updated as ProfileRow | undefined;
}

const MAX_WRITE_ATTEMPTS = 5;

/**
 * Reads the profile, lets `change` compute the new document from it (it may throw to refuse:
 * nothing is written), then writes it if nobody wrote in between; otherwise it starts over with the
 * newer copy. A client that wants to hear about the other write sends If-Match (checked in
 * `change`), and gets 412 on the second round.
 */
export async function updateProfile(
  db: Kysely<DB>,
  id: string,
  ownerId: string,
  change: (row: ProfileRow) => { document: StoredProfile } & Audit,
): Promise<ProfileRow> {
  for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
    // The id in the path may be the profile's or its account's; either way it must be the caller's.
    const row = (await db
      .selectFrom('profiles')
      .select(['id', 'account_id', 'document', 'version'])
      .where((eb) => eb.or([eb('id', '=', id), eb('account_id', '=', id)]))
      .executeTakeFirst()) as ProfileRow | undefined;
    if (!row || row.account_id !== ownerId) throw forbidden();
    const { document, ...audit } = change(row);
    const written = await tryWrite(db, row, document, audit);
    if (written) return written;
  }
  throw preconditionFailed('The profile is changing too often; try again.');
}

export async function createProfile(db: Kysely<DB>, accountId: string, document: StoredProfile): Promise<ProfileRow> {
  const id = randomUUID();
  await db.insertInto('profiles').values({ id, account_id: accountId, document: JSON.stringify({ ...document, ssoId: accountId }) }).execute();
  const row = await findProfile(db, id);
  if (!row) throw notFound('Profile not found.');
  return row;
}
