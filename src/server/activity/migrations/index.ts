import type { Migration } from 'kysely';
import * as m0011 from './0011-form-activity';
import * as m0021 from './0021-activity-watch';

/** This part's migrations, by globally ordered name (Kysely runs all services' in name order). */
export const migrations: Record<string, Migration> = {
  '0011-form-activity': m0011,
  '0021-activity-watch': m0021,
};
