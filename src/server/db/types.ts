import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
// jsonb columns: read as parsed values, written as JSON text.
type Json<T extends object | null> = JSONColumnType<T, string, string>;

export interface AccountsTable {
  id: string;
  email: string;
  password_hash: string | null;
  authentication_source: ColumnType<string, string | undefined, string>;
  is_blocked: ColumnType<boolean, boolean | undefined, boolean>;
  given_name: string | null;
  family_name: string | null;
  locale: string | null;
  password_changed_at: Timestamp | null;
  created_at: CreatedAt;
  /** Admin roles (docs/admin-area.md), a JSON array of strings; empty for a learner. */
  roles: ColumnType<string[], string | undefined, string>;
}

export interface TextsLanguagesTable {
  tag: string;
  state: 'draft' | 'live';
  fallback: string | null;
  direction: 'ltr' | 'rtl';
  built_in: ColumnType<boolean, boolean | undefined, boolean>;
  revision: ColumnType<number, number | undefined, number>;
  approved_by: string | null;
  approved_at: Timestamp | null;
  approved_revision: number | null;
  created_by: string;
  created_at: CreatedAt;
  updated_by: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface TextsGlossaryTable {
  term: string;
  lang: string;
  translation: string;
  updated_by: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DemoSocialIdentitiesTable {
  email: string;
  password_hash: string;
}

export interface ProfilesTable {
  id: string;
  account_id: string;
  document: Json<Record<string, unknown>>;
  version: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ProfileAuditTable {
  id: Generated<number>;
  profile_id: string;
  actor_id: string;
  action: string;
  paths: Json<string[]>;
  at: CreatedAt;
}

export interface EmailVerificationsTable {
  account_id: string;
  new_email: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: CreatedAt;
}

export interface LegacyAccountsTable {
  login: string;
  email: string;
  phash: string;
  certmaster_user_id: string;
  linked_account_id: string | null;
}

export interface ProductsTable {
  id: number;
  vendor: string;
  vendor_product_code: string;
  title: string;
  classroom: string | null;
  product_version: string | null;
}

export interface AccessKeysTable {
  access_key: string;
  vendor: string | null;
  product_ids: Json<number[]>;
  is_reservation: ColumnType<boolean, boolean | undefined, boolean>;
  max_uses: number | null;
  uses: ColumnType<number, number | undefined, number>;
  activates_at: Timestamp | null;
  expires_at: Timestamp | null;
  access_days: number | null;
  access_expires_at: Timestamp | null;
  temporary_access: ColumnType<boolean, boolean | undefined, boolean>;
  for_schools: ColumnType<boolean, boolean | undefined, boolean>;
  for_trials: ColumnType<boolean, boolean | undefined, boolean>;
  single_product_link: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface KeyRedemptionsTable {
  id: Generated<number>;
  access_key: string;
  account_id: string;
  status: number;
  at: CreatedAt;
}

export interface EntitlementsTable {
  id: string;
  account_id: string;
  vendor: string;
  product_id: number | null;
  product: Json<Record<string, unknown>>;
  consent_status: string;
  preferred_product_version: string | null;
  redemption_date: Timestamp | null;
  expiration_date: Timestamp | null;
  migrated_to_product_title: string | null;
  account_type: string;
  access_key: string | null;
  temporary_access: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface CmpProductsTable {
  id: Generated<number>;
  access_key: string;
  cmp_product_id: number;
  name: string;
  remaining: number;
}

export interface AnnouncementsTable {
  id: string;
  language: string;
  heading: string;
  message: string;
  published_at: CreatedAt;
}

export interface CmpRolesTable {
  account_id: string;
  role: string;
  campus_id: string | null;
}

export interface FulfillmentsTable {
  id: string;
  account_id: string;
  item: string;
  /** printedCertificate, examVoucherCard, ...; null for rows from before kinds (migration 0009). */
  kind: string | null;
  status: string;
  address: Json<Record<string, unknown>> | null;
  released_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface PearsonCandidatesTable {
  account_id: string;
  candidate_id: string;
  document: Json<Record<string, unknown>>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_start: Timestamp;
}

/** The identity provider's models (migration 0002_oidc). */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

/** The identity provider's keys when instances share PostgreSQL (migration 0008-idp-secrets). */
export interface IdpSecretsTable {
  name: string;
  value: Json<object>;
  created_at: CreatedAt;
}

/** The rules service (migration 0010-rules-tables; docs/admin-area.md). */
export interface RulesVersionsTable {
  number: number;
  changes: Json<unknown[]>;
  reason: string;
  author_id: string;
  created_at: Timestamp;
  approved_by: string | null;
  approved_at: Timestamp | null;
  published_by: string;
  published_at: ColumnType<Date, Date | string | undefined, Date | string>;
  based_on: number;
  republished_from: number | null;
  hash: string;
}

export interface RulesDraftsTable {
  id: string;
  author_id: string;
  reason: string;
  changes: Json<unknown[]>;
  based_on: number;
  hash: string;
  revision: ColumnType<number, number | undefined, number>;
  approved_by: string | null;
  approved_at: Timestamp | null;
  approved_revision: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface RulesPublishedTable {
  id: number;
  version: number;
  published_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface RulesAuditTable {
  id: Generated<number>;
  at: CreatedAt;
  actor_id: string;
  action: string;
  draft_id: string | null;
  version: number | null;
  detail: Json<Record<string, unknown>>;
}

/** Form activity per day (migration 0011-form-activity): '' where an event has no form, field, key or modal. */
export interface FormActivityDailyTable {
  day: ColumnType<string, string, never>;
  event: string;
  form: string;
  field: string;
  message_key: string;
  modal: string;
  count: number;
}

/** Raw form activity, kept 30 days (the sweep in activity/sink.ts). */
export interface FormActivityEventsTable {
  id: Generated<string>;
  received_at: CreatedAt;
  at: Timestamp;
  event: string;
  form: string | null;
  field: string | null;
  message_key: string | null;
  modal: string | null;
}

/** The watch over published rules versions (migration 0021-activity-watch). */
export interface ActivityWatchSettingsTable {
  id: number;
  threshold_points: ColumnType<number, number | undefined, number>;
  updated_by: string | null;
  updated_at: Timestamp | null;
  last_run_at: Timestamp | null;
}

export interface ActivityWatchAuditTable {
  id: Generated<number>;
  at: CreatedAt;
  actor_id: string;
  action: string;
  detail: Json<Record<string, unknown>>;
}

export interface ActivityWatchFlagsTable {
  version: number;
  flagged_at: CreatedAt;
  checked_at: ColumnType<Date, Date | string | undefined, Date | string>;
  figures: Json<unknown[]>;
  mailed_at: Timestamp | null;
}

/** Scheduled and temporary publishes of rules and texts (migration 0022-publish-schedule). */
export interface PublishScheduleTable {
  id: string;
  kind: string;
  action: string;
  draft_id: string | null;
  draft_revision: number | null;
  version: number | null;
  run_at: Timestamp;
  local_time: string;
  time_zone: string;
  until_at: Timestamp | null;
  until_local: string | null;
  until_zone: string | null;
  reason: string;
  created_by: string;
  created_at: CreatedAt;
  status: ColumnType<string, string | undefined, string>;
  done_at: Timestamp | null;
  result_version: number | null;
  outcome: string | null;
}

export interface DB {
  demo_social_identities: DemoSocialIdentitiesTable;
  accounts: AccountsTable;
  profiles: ProfilesTable;
  profile_audit: ProfileAuditTable;
  email_verifications: EmailVerificationsTable;
  outbox: OutboxTable;
  legacy_accounts: LegacyAccountsTable;
  products: ProductsTable;
  access_keys: AccessKeysTable;
  key_redemptions: KeyRedemptionsTable;
  entitlements: EntitlementsTable;
  cmp_products: CmpProductsTable;
  announcements: AnnouncementsTable;
  cmp_roles: CmpRolesTable;
  fulfillments: FulfillmentsTable;
  pearson_candidates: PearsonCandidatesTable;
  rate_limits: RateLimitsTable;
  oidc_payloads: OidcPayloadsTable;
  idp_secrets: IdpSecretsTable;
  rules_versions: RulesVersionsTable;
  rules_drafts: RulesDraftsTable;
  rules_published: RulesPublishedTable;
  rules_audit: RulesAuditTable;
  /** The texts service (migration 0012-texts-tables): the same columns as the rules' (publish/store.ts). */
  texts_versions: RulesVersionsTable;
  texts_drafts: RulesDraftsTable;
  texts_published: RulesPublishedTable;
  texts_audit: RulesAuditTable;
  /** The texts service's languages and glossary (migration 0013-texts-languages). */
  texts_languages: TextsLanguagesTable;
  texts_glossary: TextsGlossaryTable;
  form_activity_daily: FormActivityDailyTable;
  form_activity_events: FormActivityEventsTable;
  activity_watch_settings: ActivityWatchSettingsTable;
  activity_watch_audit: ActivityWatchAuditTable;
  activity_watch_flags: ActivityWatchFlagsTable;
  publish_schedule: PublishScheduleTable;
}
