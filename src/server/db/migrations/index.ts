import type { Migration } from 'kysely';
import { migrations as activity } from '../../activity/migrations';
import { migrations as entitlements } from '../../entitlements/migrations';
import { migrations as identity } from '../../identity/migrations';
import { migrations as idp } from '../../idp/migrations';
import { migrations as mail } from '../../mail/migrations';
import { migrations as publish } from '../../publish/migrations';
import { migrations as rules } from '../../rules/migrations';
import { migrations as texts } from '../../texts/migrations';
import { migrations as vendors } from '../../vendors/migrations';
import * as m0001 from './0001-shared-rate-limits';

// Each service owns its tables and migrations (in its own migrations/ folder); names carry one
// global sequence so Kysely, which runs them in name order, creates what a later one refers to
// first. Both stores use the same list.
export const migrations: Record<string, Migration> = {
  '0001-shared-rate-limits': m0001,
  ...identity,
  ...entitlements,
  ...vendors,
  ...mail,
  ...idp,
  ...rules,
  ...activity,
  ...texts,
  ...publish,
};

/** Names of an earlier layout, recorded in databases made before the split, and what they became. */
export const RENAMED_MIGRATIONS: Record<string, string[]> = {
  '0001_initial': ['0001-shared-rate-limits', '0002-identity-tables', '0003-entitlements-tables', '0004-vendors-tables', '0005-mail-outbox'],
  '0002_oidc': ['0006-idp-payloads'],
  '0003_demo_social': ['0007-idp-demo-social'],
};
