import type { Migration } from 'kysely';
import * as m0022 from './0022-publish-schedule';

/** The shared publish mechanism's own table (scheduled and temporary publishes of rules and texts). */
export const migrations: Record<string, Migration> = {
  '0022-publish-schedule': m0022,
};
