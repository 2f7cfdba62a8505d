import type { Migration } from 'kysely';
import * as m0006 from './0006-idp-payloads';
import * as m0007 from './0007-idp-demo-social';
import * as m0008 from './0008-idp-secrets';
import * as m0009 from './0009-idp-account-roles';

/** This service's migrations, by globally ordered name (Kysely runs all services' in name order). */
export const migrations: Record<string, Migration> = {
  '0006-idp-payloads': m0006,
  '0007-idp-demo-social': m0007,
  '0008-idp-secrets': m0008,
  '0009-idp-account-roles': m0009,
};
