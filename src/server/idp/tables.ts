import type { ColumnType, JSONColumnType, Kysely } from 'kysely';
import type { DB } from '../db/types';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Table of migration 0002_oidc. */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

export type IdpDB = DB & { oidc_payloads: OidcPayloadsTable };

export const withIdpTables = (db: Kysely<DB>): Kysely<IdpDB> => db.withTables<{ oidc_payloads: OidcPayloadsTable }>();
