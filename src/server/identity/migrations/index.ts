import type { Migration } from 'kysely';
import * as m0002 from './0002-identity-tables';

/** This service's migrations, by globally ordered name (Kysely runs all services' in name order). */
export const migrations: Record<string, Migration> = {
  '0002-identity-tables': m0002,
};
