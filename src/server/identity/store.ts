import { sql, type Kysely } from 'kysely';
import type { StoredProfile } from '../../shared/profile/view';
import type { DB } from '../db/types';

// The identity service's tables: accounts, profiles and their audit, e-mail verification codes,
// legacy CertMaster accounts, certification-platform roles and announcements. Kysely only.

export interface ProfileRow {
  id: string;
  account_id: string;
  document: StoredProfile;
  version: number;
}

export interface ProfileAudit {
  actorId: string;
  action: string;
  paths: string[];
}

export type Db = Kysely<DB>;

const PROFILE_COLUMNS = ['id', 'account_id', 'document', 'version'] as const;

export const findAccount = (db: Db, id: string) => db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();

export async function emailTaken(db: Db, email: string, exceptAccountId: string): Promise<boolean> {
  const other = await db.selectFrom('accounts').select('id').where('email', '=', email).where('id', '!=', exceptAccountId).executeTakeFirst();
  return !!other;
}

export const setAccountEmail = (db: Db, id: string, email: string) => db.updateTable('accounts').set({ email }).where('id', '=', id).execute();

export const setAccountLocale = (db: Db, id: string, locale: string | null) => db.updateTable('accounts').set({ locale }).where('id', '=', id).execute();

export const setAccountPassword = (db: Db, id: string, passwordHash: string) =>
  db.updateTable('accounts').set({ password_hash: passwordHash, password_changed_at: new Date() }).where('id', '=', id).execute();

export async function findProfileByAccount(db: Db, accountId: string): Promise<ProfileRow | undefined> {
  return (await db.selectFrom('profiles').select(PROFILE_COLUMNS).where('account_id', '=', accountId).executeTakeFirst()) as ProfileRow | undefined;
}

/** The profile named by its own id or by its account's id. */
export async function findProfileByIdOrAccount(db: Db, id: string): Promise<ProfileRow | undefined> {
  return (await db
    .selectFrom('profiles')
    .select(PROFILE_COLUMNS)
    .where((eb) => eb.or([eb('id', '=', id), eb('account_id', '=', id)]))
    .executeTakeFirst()) as ProfileRow | undefined;
}

/**
 * Writes a new document if the stored version is still the one read, and records who changed
 * which paths, in one statement. Undefined when someone else wrote in between. The document is not
 * read back: the row answered is the one written (its new version from the database).
 */
export async function writeProfile(db: Db, row: ProfileRow, document: StoredProfile, audit: ProfileAudit): Promise<ProfileRow | undefined> {
  const updated = await db
    .with('updated', (qb) =>
      qb
        .updateTable('profiles')
        .set({ document: JSON.stringify(document), version: row.version + 1, updated_at: new Date() })
        .where('id', '=', row.id)
        .where('version', '=', row.version)
        .returning(['id', 'account_id', 'version']),
    )
    .with('audit', (qb) =>
      qb
        .insertInto('profile_audit')
        .columns(['profile_id', 'actor_id', 'action', 'paths'])
        .expression((eb) =>
          eb
            .selectFrom('updated')
            .select((s) => [
              'updated.id',
              s.val(audit.actorId).as('actor_id'),
              s.val(audit.action).as('action'),
              sql<string>`${JSON.stringify(audit.paths)}::jsonb`.as('paths'),
            ]),
        )
        .returning('profile_id'),
    )
    .selectFrom('updated')
    .selectAll()
    .executeTakeFirst();
  return updated && { id: updated.id, account_id: updated.account_id, version: updated.version, document };
}

/**
 * Creates the profile of an account and records its creation, in one statement; undefined when the
 * account has a profile already (one profile per account).
 */
export async function createProfile(db: Db, id: string, accountId: string, document: StoredProfile, audit: ProfileAudit): Promise<ProfileRow | undefined> {
  const created = await db
    .with('created', (qb) =>
      qb
        .insertInto('profiles')
        .values({ id, account_id: accountId, document: JSON.stringify(document) })
        .onConflict((oc) => oc.column('account_id').doNothing())
        .returning(['id', 'account_id', 'version']),
    )
    .with('audit', (qb) =>
      qb
        .insertInto('profile_audit')
        .columns(['profile_id', 'actor_id', 'action', 'paths'])
        .expression((eb) =>
          eb
            .selectFrom('created')
            .select((s) => [
              'created.id',
              s.val(audit.actorId).as('actor_id'),
              s.val(audit.action).as('action'),
              sql<string>`${JSON.stringify(audit.paths)}::jsonb`.as('paths'),
            ]),
        )
        .returning('profile_id'),
    )
    .selectFrom('created')
    .selectAll()
    .executeTakeFirst();
  return created && { id: created.id, account_id: created.account_id, version: created.version, document };
}

export interface VerificationCode {
  newEmail: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
}

export async function saveVerificationCode(db: Db, accountId: string, code: VerificationCode): Promise<void> {
  const values = { account_id: accountId, new_email: code.newEmail, code_hash: code.codeHash, attempts: code.attempts, expires_at: code.expiresAt };
  await db
    .insertInto('email_verifications')
    .values(values)
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...values, created_at: new Date() } as never))
    .execute();
}

export async function findVerificationCode(db: Db, accountId: string): Promise<VerificationCode | undefined> {
  const row = await db.selectFrom('email_verifications').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  return row && { newEmail: row.new_email, codeHash: row.code_hash, attempts: row.attempts, expiresAt: new Date(row.expires_at) };
}

/**
 * Counts one attempt at the pending code and returns it as counted (attempts includes this one).
 * One UPDATE … RETURNING: concurrent attempts, on any instance, each get their own number, so no
 * more than the allowed number of guesses is ever compared.
 */
export async function countVerificationAttempt(db: Db, accountId: string): Promise<VerificationCode | undefined> {
  const row = await db
    .updateTable('email_verifications')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('account_id', '=', accountId)
    .returning(['new_email', 'code_hash', 'attempts', 'expires_at'])
    .executeTakeFirst();
  return row && { newEmail: row.new_email, codeHash: row.code_hash, attempts: row.attempts, expiresAt: new Date(row.expires_at) };
}

/** Takes the code if it is still the one that was checked: true for exactly one caller. */
export async function claimVerificationCode(db: Db, accountId: string, codeHash: string): Promise<boolean> {
  const result = await db.deleteFrom('email_verifications').where('account_id', '=', accountId).where('code_hash', '=', codeHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export const findUnlinkedLegacyByEmail = (db: Db, email: string) =>
  db.selectFrom('legacy_accounts').select('login').where('email', '=', email).where('linked_account_id', 'is', null).executeTakeFirst();

export const findLegacyByLogin = (db: Db, login: string) => db.selectFrom('legacy_accounts').selectAll().where('login', '=', login).executeTakeFirst();

/** Links a legacy account unless someone linked it first; true when this call linked it. */
export async function linkLegacy(db: Db, login: string, accountId: string): Promise<boolean> {
  const result = await db
    .updateTable('legacy_accounts')
    .set({ linked_account_id: accountId })
    .where('login', '=', login)
    .where('linked_account_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const findCmpRole = (db: Db, accountId: string) =>
  db.selectFrom('cmp_roles').select(['role', 'campus_id']).where('account_id', '=', accountId).executeTakeFirst();

export const listAnnouncements = (db: Db, language: string) =>
  db.selectFrom('announcements').select(['id', 'heading', 'message']).where('language', '=', language).orderBy('published_at', 'desc').execute();

/** The e-mail addresses of some accounts, by id (for the names the rules console shows). */
export async function accountEmails(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'email'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** The accounts that hold an admin role (its e-mail and language), for the services' own notices to them. */
export async function accountsWithRole(db: Db, role: string): Promise<Array<{ email: string; locale: string | null }>> {
  return db
    .selectFrom('accounts')
    .select(['email', 'locale'])
    .where(sql<boolean>`roles @> ${JSON.stringify([role])}::jsonb`)
    .where('is_blocked', '=', false)
    .orderBy('email')
    .execute();
}

/**
 * One batch of stored profiles in id order after `afterId` (keyset: each batch is one indexed range
 * read, however far in). Documents come as JSON text: the caller parses them where it checks them.
 * With `fields`, only those top-level fields are read (the database converts far less to text).
 */
export async function profileBatch(db: Db, afterId: string, limit: number, fields?: readonly string[]): Promise<Array<{ id: string; document: string }>> {
  const document =
    fields === undefined
      ? sql<string>`document::text`
      : fields.length === 0
        ? sql<string>`'{}'`
        : sql<string>`jsonb_build_object(${sql.join(fields.map((field) => sql`${field}::text, document -> ${field}::text`))})::text`;
  return db
    .selectFrom('profiles')
    .select(['id', document.as('document')])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}
