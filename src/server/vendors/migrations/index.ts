import type { Migration } from 'kysely';
import * as m0004 from './0004-vendors-tables';

/** This service's migrations, by globally ordered name (Kysely runs all services' in name order). */
export const migrations: Record<string, Migration> = {
  '0004-vendors-tables': m0004,
};
