import type { Migration } from 'kysely';
import * as m0004 from './0004-vendors-tables';
import * as m0009 from './0009-fulfillment-kinds';

/** This service's migrations, by globally ordered name (Kysely runs all services' in name order). */
export const migrations: Record<string, Migration> = {
  '0004-vendors-tables': m0004,
  '0009-fulfillment-kinds': m0009,
};
