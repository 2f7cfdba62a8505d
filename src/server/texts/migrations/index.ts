import type { Migration } from 'kysely';
import * as m0012 from './0012-texts-tables';
import * as m0013 from './0013-texts-languages';

/** This service's migrations, by globally ordered name (Kysely runs all services' in name order). */
export const migrations: Record<string, Migration> = {
  '0012-texts-tables': m0012,
  '0013-texts-languages': m0013,
};
