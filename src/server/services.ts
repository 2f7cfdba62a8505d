import type { Kysely } from 'kysely';
import { createFormActivityService, type FormActivityService } from './activity/service';
import type { FormActivitySink } from './activity/sink';
import { createWatch, type Watch } from './activity/watch';
import { createScheduler, type Scheduler } from './publish/schedule';
import type { ServerConfig } from './config';
import type { DB } from './db/types';
import { createEntitlementsService, type EntitlementsService } from './entitlements/service';
import type { Caller } from './http/auth';
import type { SchemaRegistry } from './http/schema-registry';
import { createIdentityService, PROFILE_FORMS, type IdentityService } from './identity/service';
import type { Mailer } from './mail/mailer';
import { createRulesService, type PublishedRules, type RulesDeps, type RulesService } from './rules/service';
import { createTextsService, type TextsService } from './texts/service';
import { createVendorsService, type VendorsService } from './vendors/service';

/** What the routes reach: the configuration and each service's use cases (never a store). */
export interface Services {
  config: ServerConfig;
  db: Kysely<DB>;
  schemas: SchemaRegistry;
  mailer: Mailer;
  identity: IdentityService;
  entitlements: EntitlementsService;
  vendors: VendorsService;
  formActivity: FormActivityService;
  watch: Watch;
  scheduler: Scheduler;
  rules: RulesService;
  texts: TextsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    /** The authenticated account; set by the authenticated scope's hook (http/auth.ts). */
    caller: Caller;
    /** The field rules this request is judged by: the published version when it arrived (app.ts); its answer names them. */
    rulesInForce: PublishedRules;
  }
}

export function createServices({
  formActivitySink,
  ...deps
}: {
  config: ServerConfig;
  db: Kysely<DB>;
  dialect: RulesDeps['dialect'];
  schemas: SchemaRegistry;
  mailer: Mailer;
  log?: RulesDeps['log'];
  /** Where form activity goes instead of the database. */
  formActivitySink?: FormActivitySink;
}): Services {
  const { dialect, log, ...shared } = deps;
  // The rules service reaches stored profiles and e-mail addresses through the identity service (which
  // validates with the rules a request is judged by, handed it per call): it is handed what it needs.
  const later: { identity?: IdentityService; texts?: TextsService } = {};
  const rules = createRulesService({
    db: deps.db,
    dialect,
    config: deps.config,
    schemas: deps.schemas,
    log,
    profiles: { forms: PROFILE_FORMS, batch: (afterId, limit, fields) => (later.identity as IdentityService).storedProfileBatch(afterId, limit, fields) },
    accountEmails: (ids) => (later.identity as IdentityService).accountEmails(ids),
  });
  // A learner's chosen language must be one the texts service has live.
  const identity = createIdentityService({ ...deps, isLiveLanguage: (tag) => later.texts?.languages.isLive(tag) ?? false });
  later.identity = identity;
  // Texts: the same publish mechanism as the rules; where a message is used comes from the rules in force.
  const texts = createTextsService({
    db: deps.db,
    dialect,
    config: deps.config,
    log,
    forms: () => rules.forms().forms,
    accountEmails: (ids) => identity.accountEmails(ids),
  });
  later.texts = texts;
  return {
    ...shared,
    identity,
    rules,
    texts,
    entitlements: createEntitlementsService({ db: deps.db, identity, config: deps.config }),
    vendors: createVendorsService({ db: deps.db, identity, config: deps.config }),
    // Form activity takes only the message keys of the validation texts in force.
    formActivity: createFormActivityService({
      db: deps.db,
      schemas: deps.schemas,
      config: deps.config,
      sink: formActivitySink,
      isMessageKey: (key) => texts.hasText(`validation:${key}`),
      // A version's effect is read where its changes reach (the rules service knows where).
      rules: { versionScope: (n) => rules.versionScope(n), draftReach: (id) => rules.draftReach(id) },
    }),
    // Publish on a date: one mechanism for the rules and the texts (publish/schedule.ts).
    scheduler: createScheduler({ db: deps.db, executors: { rules: rules.scheduleExecutor, texts: texts.scheduleExecutor }, log }),
    // The watch over published versions: a job of the activity service, beside the rules service.
    watch: createWatch({
      db: deps.db,
      mailer: deps.mailer,
      publicOrigin: deps.config.publicOrigin,
      rules: {
        versionScope: (n) => rules.versionScope(n),
        versionsSince: (d) => rules.versionsSince(d),
        publishedVersion: () => rules.published().version,
        fieldLabelKeys: (n, form, path) => rules.fieldLabelKeys(n, form, path),
      },
      owners: () => identity.accountsWithRole('product-owner'),
      accountEmails: (ids) => identity.accountEmails(ids),
      log,
    }),
  };
}
