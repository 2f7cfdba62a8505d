import type { Migration } from 'kysely';
import * as m0003 from './0003-entitlements-tables';

/** This service's migrations, by globally ordered name (Kysely runs all services' in name order). */
export const migrations: Record<string, Migration> = {
  '0003-entitlements-tables': m0003,
};
