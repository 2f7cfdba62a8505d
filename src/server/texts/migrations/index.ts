import type { Migration } from 'kysely';
import * as m0012 from './0012-texts-tables';

/** This service's migrations, by globally ordered name (Kysely runs all services' in name order). */
export const migrations: Record<string, Migration> = {
  '0012-texts-tables': m0012,
};
