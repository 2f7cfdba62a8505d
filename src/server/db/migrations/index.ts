import type { Migration } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_oidc';
import * as m0003 from './0003_demo_social';

// Kysely runs these in name order; both stores use the same list.
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_oidc': m0002,
  '0003_demo_social': m0003,
};
