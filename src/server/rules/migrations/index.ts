import type { Migration } from 'kysely';
import * as m0010 from './0010-rules-tables';

/** This service's migrations, by globally ordered name (Kysely runs all services' in name order). */
export const migrations: Record<string, Migration> = {
  '0010-rules-tables': m0010,
};
