import type { Migration } from 'kysely';
import * as m0005 from './0005-mail-outbox';

/** This service's migrations, by globally ordered name (Kysely runs all services' in name order). */
export const migrations: Record<string, Migration> = {
  '0005-mail-outbox': m0005,
};
