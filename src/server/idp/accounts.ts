import type { Kysely } from 'kysely';
import { rolesOf } from '../../shared/admin/roles';
import type { DB } from '../db/types';

export const SOCIAL_SOURCE = 'socialIdpAuthentication';

export interface AccountRecord {
  id: string;
  email: string;
  password_hash: string | null;
  authentication_source: string;
  given_name: string | null;
  family_name: string | null;
  locale: string | null;
  /** Admin roles (docs/admin-area.md); empty for a learner. */
  roles: string[];
}

const COLUMNS = ['id', 'email', 'password_hash', 'authentication_source', 'given_name', 'family_name', 'locale', 'roles'] as const;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

// Always read from the table: a password or email changed through the identity service counts at once.
export function findAccountById(db: Kysely<DB>, id: string): Promise<AccountRecord | undefined> {
  return db.selectFrom('accounts').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findAccountByEmail(db: Kysely<DB>, email: string): Promise<AccountRecord | undefined> {
  return db.selectFrom('accounts').select(COLUMNS).where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

/** Only an account whose authentication source is social: a password account never is, with or without a hash. */
export const isSocialAccount = (account: AccountRecord): boolean => account.authentication_source === SOCIAL_SOURCE && !account.password_hash;

/** The demo social provider's own record of a social account (its credential, not the portal's). */
export const findDemoSocialIdentity = (db: Kysely<DB>, email: string) =>
  db.selectFrom('demo_social_identities').select(['email', 'password_hash']).where('email', '=', normalizeEmail(email)).executeTakeFirst();

/** The claim `roles`: the account's admin roles, absent when it has none (a learner's tokens carry nothing new). */
export function rolesClaim(account: Pick<AccountRecord, 'roles'>): { roles?: string[] } {
  const roles = rolesOf(account.roles);
  return roles.length > 0 ? { roles } : {};
}

/** The claims every token carries: the services key their records by `id`. */
export function accountClaims(account: AccountRecord): { sub: string } & Record<string, string | string[]> {
  const name = [account.given_name, account.family_name].filter(Boolean).join(' ');
  return {
    sub: account.id,
    id: account.id,
    email: account.email,
    ...(name ? { name } : {}),
    ...(account.given_name ? { given_name: account.given_name } : {}),
    ...(account.family_name ? { family_name: account.family_name } : {}),
    ...(account.locale ? { locale: account.locale } : {}),
    ...rolesClaim(account),
  };
}
