import type { Migration } from 'kysely';
import * as m0010 from './0010-form-activity';

/** This part's migrations, by globally ordered name (Kysely runs all services' in name order). */
export const migrations: Record<string, Migration> = {
  '0010-form-activity': m0010,
};
