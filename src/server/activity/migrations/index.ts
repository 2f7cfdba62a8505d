import type { Migration } from 'kysely';
import * as m0011 from './0011-form-activity';

/** This part's migrations, by globally ordered name (Kysely runs all services' in name order). */
export const migrations: Record<string, Migration> = {
  '0011-form-activity': m0011,
};
