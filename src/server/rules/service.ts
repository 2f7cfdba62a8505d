import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { FormName } from '../../shared/schemas/form-names';
import type { ServerConfig } from '../config';
import type { DB } from '../db/types';
import { conflict, DomainError, forbidden, invalid, notFound } from '../errors';
import { loadCatalogues } from '../forms/locale-catalogue';
import type { Caller } from '../http/auth';
import type { FormRules, SchemaRegistry } from '../http/schema-registry';
import { projectRoot } from '../runtime-files';
import { checkDraft, type CheckContext, type PatternCheck, type Refusal } from './draft-checks';
import { followPublished, type Follower } from '../publish/follow';
import { FormMap } from './form-map';
import { affectedPaths, checkImpact, type ImpactReport, type ProfileSource } from './impact';
import { listForms } from './listing';
import { trustedPatterns } from '../http/linear-regexp';
import { patternChecker } from './pattern-check';
import { ChangeNotApplicable, changedFiles, changesBetween, pointerSegments, valueAt, type RuleChange, type RuleFiles } from './rule-files';
import * as store from './store';
import type { VersionValidators } from './version-validators';
import { resolveUiIncludes } from '../../shared/schemas/ui-include';
import { VersionCache, type ResolvedRules, type RulesVersion } from './versions';
import { auditEntry, draftFields, iso, people as lookUpPeople, versionFields, type Person } from '../publish/views';
import { refresher } from '../publish/refresh';
import { draftGuard, draftOfWork, prepareEnd, schedulableDraft, versionOfDraft, type ScheduleExecutor } from '../publish/schedule';

// The rules service (docs/admin-area.md): product owners draft changes to the field rules, check
// them, have them approved, publish them as numbered versions and roll back; every instance validates
// with the published version and serves the browser the same version's validators. Its own tables
// (store.ts); the identity service reaches the published rules only through `published()`.

export interface RulesDeps {
  db: Kysely<DB>;
  /** The store: PostgreSQL instances follow each other's publishes; the embedded one has no other. */
  dialect: 'pglite' | 'postgres';
  config: Pick<ServerConfig, 'databaseUrl' | 'rulesApproval' | 'production'>;
  /** The base: the schema files as the build ships them (the same registry the routes validate with). */
  schemas: SchemaRegistry;
  /** Stored profiles, in batches, for the impact check (the identity service's). */
  profiles: ProfileSource;
  /** E-mail addresses by account id (the identity service's). */
  accountEmails: (ids: readonly string[]) => Promise<Map<string, string>>;
  /** Where the texts are (message keys of a draft must exist in every language). */
  localesDir?: string;
  patterns?: PatternCheck;
  /** Builds versions' validators and browser modules off the event loop (a rules thread of its own by default). */
  validators?: VersionValidators;
  log?: { info(fields: object, message: string): void; warn(fields: object, message: string): void; error(fields: object, message: string): void };
}

/** The version in force in this instance. */
export interface PublishedRules {
  /** 0: the base. */
  version: number;
  hash: string;
  /** The rules in force are the base's (version 0, or a roll back to it). */
  base: boolean;
  publishedAt: Date | null;
  rules: RulesVersion;
  /** Its validators, built before the version came into force (never compiled while a request waits). */
  validators: FormRules;
}

/**
 * The rules one request is judged by: taken once when it arrives (the published version then), so
 * the write is validated with them and the answer's `x-rules-version` names them, even when a publish
 * lands in between.
 */
export type RulesInForce = Pick<PublishedRules, 'hash' | 'validators'>;

export type { Person } from '../publish/views';

export interface DraftView {
  id: string;
  reason: string;
  changes: RuleChange[];
  basedOn: number;
  hash: string;
  revision: number;
  author: Person;
  createdAt: string;
  updatedAt: string;
  approval: { by: Person; at: string; current: boolean } | null;
  /** Based on a version that is no longer the published one: publishing it is refused. */
  stale: boolean;
  approvalRequired: boolean;
  files: string[];
  reaches: FormName[];
}

export interface VersionView {
  number: number;
  reason: string;
  author: Person;
  createdAt: string;
  approvedBy: Person | null;
  approvedAt: string | null;
  publishedBy: Person;
  publishedAt: string;
  basedOn: number;
  republishedFrom: number | null;
  hash: string;
  published: boolean;
  /** The version's changes against the base. */
  changes: RuleChange[];
  /** What changed from the version before it (number - 1; the base before version 1). */
  diff: Array<RuleChange & { previous?: unknown }>;
}

/** A draft's refusals, answered 400 with each at its change. */
export class DraftRefused extends DomainError {
  constructor(readonly refusals: Refusal[]) {
    super('invalid', 'The draft has changes that may not be made.', refusals);
  }
}

const REASON_MAX = 1000;

export function createRulesService(deps: RulesDeps) {
  const { db, config } = deps;
  // The base's validators are compiled here, at start-up; every other version's in the rules thread.
  const cache = new VersionCache(deps.schemas, deps.validators);
  const baseFiles = cache.base.files;
  const map = new FormMap(baseFiles);
  const ctx: CheckContext = {
    base: baseFiles,
    map,
    catalogues: loadCatalogues(deps.localesDir ?? join(projectRoot, 'locales')),
    patterns: deps.patterns ?? patternChecker(),
  };
  let current: PublishedRules = { version: 0, hash: cache.base.hash, base: true, publishedAt: null, rules: cache.base, validators: cache.base.validators! };
  let follower: Follower | undefined;
  const resolvedVersions = new Map<number, ResolvedRules>();

  /** A published version's files (the base for 0). */
  async function filesOfVersion(number: number): Promise<ResolvedRules> {
    if (number === 0) return cache.base;
    const kept = resolvedVersions.get(number);
    if (kept) return kept;
    const row = await store.findVersion(db, number);
    if (!row) throw notFound(`No rules version ${number}.`);
    const resolved = cache.resolve(row.changes);
    resolvedVersions.set(number, resolved);
    if (resolvedVersions.size > 32) resolvedVersions.delete(resolvedVersions.keys().next().value as number);
    return resolved;
  }

  // Looking at the published pointer: one look at a time; a signal during a look asks for another.
  // A new version comes into force only once its validators are built (in the rules thread): until
  // then every request is judged by the version in force, and says so.
  async function lookOnce(): Promise<void> {
    const pointer = await store.published(db);
    if (pointer.version === current.version) return;
    let rules: RulesVersion;
    try {
      rules = cache.version(await filesOfVersion(pointer.version));
    } catch (error) {
      if (!(error instanceof ChangeNotApplicable)) throw error;
      // A version made against an earlier build's base that this build's files no longer take.
      deps.log?.error({ version: pointer.version }, 'rules: the published version does not apply to these schema files; serving the previous rules');
      return;
    }
    let validators: FormRules | undefined;
    try {
      validators = await rules.prepare(cache.builder, (figures) =>
        deps.log?.info({ version: pointer.version, hash: rules.hash, ...figures }, 'rules: validators built'),
      );
    } catch (error) {
      deps.log?.error(
        { version: pointer.version, err: error instanceof Error ? error.message : String(error) },
        'rules: the published version’s validators could not be built; serving the previous rules',
      );
      return;
    }
    // A build that failed a moment ago is not tried again at every look.
    if (!validators) return;
    const previous = current;
    current = {
      version: pointer.version,
      hash: rules.hash,
      base: rules.hash === cache.base.hash,
      publishedAt: new Date(pointer.published_at),
      rules,
      validators,
    };
    deps.log?.info({ version: current.version, hash: current.hash, previous: previous.version }, 'rules: published version applied');
  }
  const looks = refresher(lookOnce);
  const refresh = () => looks.refresh();
  const signal = () => {
    refresh().catch(() => undefined);
  };

  /** Per form a set of changes reaches, the fields they change ('' — a whole form — is not a field). */
  const reachWithFields = (changes: readonly RuleChange[], versions: readonly RuleFiles[]): Map<string, string[]> => {
    const reach = new Map<string, string[]>(reachOf(changes).map((form) => [form, []]));
    for (const [form, paths] of affectedPaths(map, changes, versions)) reach.set(form, paths.filter(Boolean).sort());
    return reach;
  };

  /** A draft's publish, checked with the published pointer locked (publish/schedule.ts). */
  const guardOf = (row: store.DraftRow) => draftGuard(store, row, config.rulesApproval);
  const draftVersion = (row: store.DraftRow, resolved: ResolvedRules, publishedBy: string) =>
    versionOfDraft(row, { changes: changesBetween(baseFiles, resolved.files), hash: resolved.hash, publishedBy });

  /**
   * What the scheduler needs of the rules (publish/schedule.ts): whether a draft may be scheduled, a
   * piece of work read, checked and its validators built ahead (outside any transaction), then
   * published inside the transaction that holds its schedule row.
   */
  const scheduleExecutor: ScheduleExecutor = {
    publishedVersion: () => current.version,
    refresh: () => refresh(),
    async schedulable(draftId) {
      const row = await schedulableDraft(store, db, draftId, {
        publishedVersion: () => current.version,
        refresh,
        approval: config.rulesApproval,
        notApproved: 'The draft needs the approval of a second product owner before it is published.',
      });
      await checked(row.changes, row.based_on);
      return { revision: row.revision };
    },
    async prepare(work) {
      const notify = deps.dialect === 'postgres';
      if (work.action === 'publish') {
        const found = await draftOfWork(store, db, work);
        if ('refused' in found) return found;
        const { row } = found;
        let resolved: ResolvedRules;
        try {
          resolved = await checked(row.changes, row.based_on);
        } catch (error) {
          if (error instanceof DraftRefused) return { refused: 'refused' };
          throw error;
        }
        // Built before its time on every instance, so each switches within milliseconds of the commit.
        await cache.version(resolved).prepare(cache.builder);
        return {
          async commit(trx) {
            const result = await store.publishVersion(trx, {
              draftId: row.id,
              action: 'publish',
              notify,
              scheduled: work.id,
              guard: guardOf(row),
              version: () => draftVersion(row, resolved, work.createdBy),
            });
            return 'refused' in result ? { refused: result.refused } : { version: result.row.number };
          },
        };
      }
      // The end of a temporary version: the one before it comes back, its validators built before its time.
      return prepareEnd(store, db, work, {
        notify,
        async restore(number) {
          const resolved = await filesOfVersion(number);
          await cache.version(resolved).prepare(cache.builder);
          return resolved;
        },
      });
    },
  };

  const people = (ids: Array<string | null>) => lookUpPeople(deps.accountEmails, ids);

  const reachOf = (changes: readonly RuleChange[]): FormName[] => [...new Set(changedFiles(changes).flatMap((file) => map.formsReached(file)))];

  async function draftView(row: store.DraftRow): Promise<DraftView> {
    const who = await people([row.author_id, row.approved_by]);
    return {
      ...draftFields(row, who, current.version, config.rulesApproval),
      files: changedFiles(row.changes),
      reaches: reachOf(row.changes),
    };
  }

  async function versionViews(rows: store.VersionRow[]): Promise<VersionView[]> {
    const who = await people(rows.flatMap((r) => [r.author_id, r.approved_by, r.published_by]));
    const views: VersionView[] = [];
    for (const row of rows) {
      const files = (await filesOfVersion(row.number).catch(() => undefined))?.files;
      const before = row.number > 1 ? (await filesOfVersion(row.number - 1).catch(() => undefined))?.files : baseFiles;
      const diff = files && before ? changesBetween(before, files).map((c) => ({ ...c, ...previousValue(before, c) })) : [];
      views.push(versionFields(row, who, current.version, diff));
    }
    return views;
  }

  /** A draft's changes checked on the version it is based on; refused drafts throw DraftRefused. */
  async function checked(changes: RuleChange[], basedOn: number) {
    const on = await filesOfVersion(basedOn);
    const result = await checkDraft(ctx, on.files, changes);
    if (result.refusals.length > 0) throw new DraftRefused(result.refusals);
    return cache.resolve([], result.files);
  }

  /** A reason is said in words: one of blanks only is missing. */
  const reasonOf = (reason: string, path = '/reason') => {
    const trimmed = reason.trim().slice(0, REASON_MAX);
    if (!trimmed) throw invalid([{ path, key: 'Validation.Required' }]);
    return trimmed;
  };

  async function ownDraft(caller: Caller, id: string) {
    const row = await store.findDraft(db, id);
    if (!row) throw notFound('No such draft.');
    if (row.author_id !== caller.accountId) throw forbidden('Only the author of a draft may change or delete it.');
    return row;
  }

  return {
    /** The base's hash (the schema files as the build ships them): the portal's precompiled validators are these rules. */
    baseHash: cache.base.hash,

    /**
     * Reads the published version and, with PostgreSQL, follows every publish (LISTEN plus a 1 s poll).
     * In production the rules thread is started now, in the background, so the first publish does not
     * wait for it; elsewhere it starts on first use.
     */
    async start(): Promise<void> {
      await refresh();
      if (config.production)
        cache.builder
          .warm(baseFiles)
          .catch((error: unknown) =>
            deps.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'rules: the rules thread did not warm up'),
          );
      if (deps.dialect === 'postgres' && config.databaseUrl)
        follower = followPublished({ databaseUrl: config.databaseUrl, channel: 'rules_published', onSignal: signal, log: deps.log });
    },

    async stop(): Promise<void> {
      await follower?.stop();
      follower = undefined;
      await looks.inFlight()?.catch(() => undefined);
      await cache.builder.close();
    },

    /** What the scheduler needs of the rules (publish/schedule.ts). */
    scheduleExecutor,

    /** The version in force in this instance: what the services validate every write with. */
    published: (): PublishedRules => current,

    /** Look at the published pointer now (a signal, or a test). */
    refresh,

    /** Every form and field with its rules in the published version, and where each rule lives. */
    forms() {
      return {
        published: { version: current.version, hash: current.hash, publishedAt: iso(current.publishedAt), base: current.base },
        baseHash: cache.base.hash,
        approvalRequired: config.rulesApproval,
        forms: listForms(map, current.rules.files),
      };
    },

    /** Checks changes against the published version without saving anything. */
    async check(changes: RuleChange[]) {
      const result = await checkDraft(ctx, current.rules.files, changes);
      const resolved = result.refusals.length === 0 ? cache.resolve([], result.files) : undefined;
      if (resolved) cache.version(resolved);
      return { refusals: result.refusals, hash: resolved?.hash ?? null, basedOn: current.version, files: changedFiles(changes), reaches: reachOf(changes) };
    },

    async drafts(): Promise<DraftView[]> {
      return Promise.all((await store.listDrafts(db)).map(draftView));
    },

    async draft(id: string): Promise<DraftView> {
      const row = await store.findDraft(db, id);
      if (!row) throw notFound('No such draft.');
      return draftView(row);
    },

    async createDraft(caller: Caller, body: { reason: string; changes: RuleChange[] }): Promise<DraftView> {
      const basedOn = current.version;
      const resolved = await checked(body.changes, basedOn);
      const row = await store.insertDraft(db, {
        authorId: caller.accountId,
        reason: reasonOf(body.reason),
        changes: body.changes,
        basedOn,
        hash: resolved.hash,
      });
      return draftView(row);
    },

    async updateDraft(caller: Caller, id: string, body: { reason: string; changes: RuleChange[] }): Promise<DraftView> {
      const row = await ownDraft(caller, id);
      const resolved = await checked(body.changes, row.based_on);
      const updated = await store.updateDraft(db, row, {
        actorId: caller.accountId,
        reason: reasonOf(body.reason),
        changes: body.changes,
        hash: resolved.hash,
      });
      if (!updated) throw conflict('The draft changed while it was being saved; load it again.');
      return draftView(updated);
    },

    async deleteDraft(caller: Caller, id: string): Promise<void> {
      await ownDraft(caller, id);
      if (!(await store.deleteDraft(db, id, caller.accountId))) throw notFound('No such draft.');
    },

    /** A stored draft checked again on the version it is based on. */
    async checkDraft(id: string) {
      const row = await store.findDraft(db, id);
      if (!row) throw notFound('No such draft.');
      const on = await filesOfVersion(row.based_on);
      const result = await checkDraft(ctx, on.files, row.changes);
      return {
        refusals: result.refusals,
        hash: row.hash,
        basedOn: row.based_on,
        stale: row.based_on !== current.version,
        files: changedFiles(row.changes),
        reaches: reachOf(row.changes),
      };
    },

    async approveDraft(caller: Caller, id: string): Promise<DraftView> {
      const row = await store.findDraft(db, id);
      if (!row) throw notFound('No such draft.');
      if (row.author_id === caller.accountId) throw forbidden('A draft is approved by another product owner than its author.');
      await checked(row.changes, row.based_on);
      const approved = await store.approveDraft(db, row, caller.accountId);
      if (!approved) throw conflict('The draft changed while it was being approved; look at it again.');
      return draftView(approved);
    },

    /**
     * Publishes a draft as the next version, in one transaction: refused when the draft is stale
     * (another version was published since it was started: 409), not approved while approval is
     * required (409), or changed since it was checked (409). Of two publishes at once exactly one wins.
     */
    async publishDraft(caller: Caller, id: string): Promise<VersionView> {
      const row = await store.findDraft(db, id);
      if (!row) throw notFound('No such draft.');
      if (row.based_on !== current.version) await refresh();
      if (row.based_on !== current.version)
        throw conflict('The draft is based on a version that is no longer published; start it again from the published version.');
      const resolved = await checked(row.changes, row.based_on);
      const result = await store.publishVersion(db, {
        draftId: row.id,
        action: 'publish',
        notify: deps.dialect === 'postgres',
        guard: guardOf(row),
        version: () => draftVersion(row, resolved, caller.accountId),
      });
      if ('refused' in result) throw publishRefused(result.refused);
      await refresh();
      return (await versionViews([result.row]))[0] as VersionView;
    },

    /** Publishes an earlier version again (a roll back; 0 is the base) as the next version. */
    async republish(caller: Caller, number: number, reason: string): Promise<VersionView> {
      const why = reasonOf(reason);
      const target = number === 0 ? undefined : await store.findVersion(db, number);
      if (number !== 0 && !target) throw notFound(`No rules version ${number}.`);
      const resolved = await filesOfVersion(number);
      const result = await store.publishVersion(db, {
        action: 'republish',
        notify: deps.dialect === 'postgres',
        async guard(_trx, publishedVersion) {
          if (publishedVersion === number) return 'already-published';
          return undefined;
        },
        version: () => ({
          changes: target?.changes ?? [],
          reason: why,
          authorId: caller.accountId,
          createdAt: new Date(),
          approvedBy: null,
          approvedAt: null,
          publishedBy: caller.accountId,
          republishedFrom: number,
          hash: resolved.hash,
        }),
      });
      if ('refused' in result) throw publishRefused(result.refused);
      await refresh();
      return (await versionViews([result.row]))[0] as VersionView;
    },

    async versions(options: { limit?: number; before?: number } = {}) {
      const rows = await store.listVersions(db, Math.min(options.limit ?? 50, 200), options.before);
      return { published: { version: current.version, hash: current.hash }, baseHash: cache.base.hash, versions: await versionViews(rows) };
    },

    async version(number: number): Promise<VersionView> {
      const row = await store.findVersion(db, number);
      if (!row) throw notFound(`No rules version ${number}.`);
      return (await versionViews([row]))[0] as VersionView;
    },

    async audit(options: { limit?: number; before?: number } = {}) {
      const rows = await store.listAudit(db, Math.min(options.limit ?? 100, 500), options.before);
      const who = await people(rows.map((r) => r.actor_id));
      return {
        entries: rows.map((row) => auditEntry(row, who)),
      };
    },

    /** How many stored profiles the draft's rules would newly reject, per form, field and key. */
    async impact(id: string): Promise<ImpactReport> {
      const row = await store.findDraft(db, id);
      if (!row) throw notFound('No such draft.');
      const draft = await checked(row.changes, row.based_on);
      const published = current.rules;
      return checkImpact({
        draft,
        published,
        affected: affectedPaths(map, row.changes, [draft.files, published.files]),
        profiles: deps.profiles,
        draftId: row.id,
        trusted: trustedPatterns(),
      });
    },

    /**
     * The forms a version's changes reach and the data paths of the fields they change, with when it
     * was published and when the next one was: where the activity service reads its effect.
     */
    async versionScope(number: number) {
      const row = number > 0 ? await store.findVersion(db, number) : undefined;
      if (!row) throw notFound(`No rules version ${number}.`);
      const next = await store.findVersion(db, number + 1);
      const before = (await filesOfVersion(number - 1)).files;
      const after = (await filesOfVersion(number)).files;
      return {
        number,
        publishedAt: new Date(row.published_at),
        endedAt: next ? new Date(next.published_at) : null,
        reach: reachWithFields(changesBetween(before, after), [before, after]),
      };
    },

    /**
     * The label keys a version's ui file gives each part of a field's data path (`Fields.….label`;
     * undefined where a part has none): the watch's e-mail names fields as the forms do.
     */
    async fieldLabelKeys(number: number, form: string, path: string): Promise<Array<string | undefined>> {
      const { files } = await filesOfVersion(number);
      const ui = resolveUiIncludes(files.get(`ui/${form}.ui.json`) ?? {}, (id) => files.get(id));
      const parts = path.split('/');
      return parts.map((_, i) => {
        let node: unknown = ui;
        for (const key of parts.slice(0, i + 1)) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
        const options = node && typeof node === 'object' ? (node as Record<string, unknown>)['ui:options'] : undefined;
        const labelKey = options && typeof options === 'object' ? (options as Record<string, unknown>).labelKey : undefined;
        return typeof labelKey === 'string' ? labelKey : undefined;
      });
    },

    /** The numbers of the versions published since a moment, newest first (the watch compares them). */
    async versionsSince(since: Date): Promise<number[]> {
      const rows = await store.listVersions(db, 200);
      return rows.filter((row) => new Date(row.published_at).getTime() >= since.getTime()).map((row) => row.number);
    },

    /** The forms a draft's changes reach and the fields they change (its evidence is read there). */
    async draftReach(id: string) {
      const row = await store.findDraft(db, id);
      if (!row) throw notFound('No such draft.');
      const on = (await filesOfVersion(row.based_on)).files;
      return reachWithFields(row.changes, [on, cache.resolve(row.changes, on).files]);
    },

    /** The rules with this hash (the base, a version or a draft), for the browser modules; undefined when unknown. */
    async rulesByHash(hash: string): Promise<ResolvedRules | undefined> {
      if (!/^[0-9a-f]{64}$/.test(hash)) return undefined;
      const kept = cache.kept(hash);
      if (kept) return kept;
      const version = await store.findVersionByHash(db, hash);
      const draft = version ? undefined : await store.findDraftByHash(db, hash);
      let resolved: ResolvedRules | undefined;
      try {
        if (version) resolved = await filesOfVersion(version.number);
        else if (draft) resolved = cache.resolve(draft.changes, (await filesOfVersion(draft.based_on)).files);
      } catch {
        return undefined;
      }
      // Only the very rules named: after a new build, an old hash may no longer resolve to itself.
      return resolved && resolved.hash === hash ? cache.version(resolved) : undefined;
    },

    /** A form's browser module of these rules, compiled in the rules thread (kept; concurrent requests share one compilation). */
    formModule: (rules: ResolvedRules, form: FormName) => cache.formModule(rules, form),
    /** Whether the rules with this hash are in memory (their ui schemas are answered from there). */
    versionKept: (hash: string) => cache.kept(hash) !== undefined,
    /** Whether that module is built already: serving it costs nothing, so load shedding lets it through. */
    formModuleBuilt: (hash: string, form: FormName) => cache.formModuleBuilt(hash, form),
    uiSchema: (rules: ResolvedRules, form: FormName) => cache.uiSchema(rules, form),
  };
}

function publishRefused(reason: store.PublishRefusal): DomainError {
  switch (reason) {
    case 'no-draft':
      return notFound('No such draft (it may have been published or deleted).');
    case 'stale':
      return conflict('The draft is based on a version that is no longer published; start it again from the published version.');
    case 'changed':
      return conflict('The draft changed while it was being published; look at it again.');
    case 'not-approved':
      return conflict('The draft needs the approval of a second product owner before it is published.');
    case 'already-published':
      return conflict('That version is the one published.');
    default:
      return conflict('The version cannot be published.');
  }
}

function previousValue(before: RuleFiles, change: RuleChange): { previous?: unknown } {
  if (change.op === 'add') return {};
  const node = valueAt(before.get(change.file), pointerSegments(change.path) ?? []);
  return node === undefined ? {} : { previous: node };
}

export type RulesService = ReturnType<typeof createRulesService>;
