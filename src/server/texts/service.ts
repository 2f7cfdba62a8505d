import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { DB } from '../db/types';
import { conflict, DomainError, forbidden, invalid, notFound } from '../errors';
import type { Caller } from '../http/auth';
import { followPublished, type Follower } from '../publish/follow';
import type { ListedForm } from '../rules/listing';
import { projectRoot } from '../runtime-files';
import { checkTexts, fileRefusal, warningsOf, type TextRefusal } from './checks';
import { exportTexts, type ExchangeFormat } from './exchange';
import { languageService } from './language-service';
import { fallbackChain } from './languages';
import { glossary as readGlossary, listLanguages, setGlossaryTerm, type LanguageRow } from './language-store';
import { suggestions } from './memory';
import { glossaryWarnings, type GlossaryEntry } from '../../shared/text-checks';
import { importReader } from './import-thread';
import { fieldUses, filterRows, listRows, type TextRow } from './listing';
import { serveTextsFrom } from './server-texts';
import * as store from './store';
import {
  applyTexts,
  englishOf,
  keysToTranslate,
  mergeChanges,
  namespaceObject,
  namespacesIn,
  readSources,
  readTexts,
  SOURCE_LANGUAGE,
  sourceHash,
  textsHash,
  type Lang,
  type TextChange,
  type TextEdit,
  type Texts,
} from './texts-files';
import { auditEntry, draftFields, iso, people as lookUpPeople, versionFields } from '../publish/views';
import { refresher } from '../publish/refresh';
import { draftGuard, draftOfWork, prepareEnd, schedulableDraft, versionOfDraft, type ScheduleExecutor } from '../publish/schedule';

// The texts service (docs/admin-area.md, "Texts"): localisation staff draft text changes, which are
// checked, approved, published as numbered versions and rolled back, through the publish mechanism
// the rules service uses (publish/store.ts, publish/follow.ts). Every instance serves the published
// version: to the browser by hash (/texts/<hash>/<lang>/<ns>.json) and to the services' own pages and
// e-mails (server-texts.ts).

export interface TextsDeps {
  db: Kysely<DB>;
  dialect: 'pglite' | 'postgres';
  config: Pick<ServerConfig, 'databaseUrl' | 'textsApproval'>;
  /** The forms, fields and rules in force (the rules service's listing): where each message is used. */
  forms: () => ListedForm[];
  accountEmails: (ids: readonly string[]) => Promise<Map<string, string>>;
  localesDir?: string;
  log?: { info(fields: object, message: string): void; warn(fields: object, message: string): void; error(fields: object, message: string): void };
}

interface Resolved {
  hash: string;
  texts: Texts;
  /** The changes against the base. */
  changes: TextChange[];
}

export interface PublishedTexts extends Resolved {
  version: number;
  base: boolean;
  publishedAt: Date | null;
}

/** A draft's refusals, answered 400 with each at its change. */
export class TextsRefused extends DomainError {
  constructor(readonly refusals: TextRefusal[]) {
    super('invalid', 'The draft has texts that may not be saved.', refusals);
  }
}

const REASON_MAX = 1000;
const KEPT = 16;

export function createTextsService(deps: TextsDeps) {
  const { db, config } = deps;
  const localesDir = deps.localesDir ?? join(projectRoot, 'locales');
  const base = readTexts(localesDir);
  const sources = readSources(localesDir);
  const namespaces = namespacesIn(localesDir);
  const baseResolved: Resolved = { hash: textsHash(base), texts: base, changes: [] };
  let current: PublishedTexts = { ...baseResolved, version: 0, base: true, publishedAt: null };
  let follower: Follower | undefined;
  // The languages in force (language-store.ts), read with the published version on every look.
  let languageRows: LanguageRow[] = [];
  let languagesSeen = '';
  // The glossary (product terms and their agreed translations), read with them.
  let glossary: GlossaryEntry[] = [];
  const tags = () => languageRows.map((row) => row.tag);
  let unserve: (() => void) | undefined;
  const importThread = importReader();
  const byNumber = new Map<number, Resolved>();
  const byHash = new Map<string, Resolved>();
  const keep = <K, V>(map: Map<K, V>, key: K, value: V) => {
    map.delete(key);
    map.set(key, value);
    if (map.size > KEPT) map.delete(map.keys().next().value as K);
    return value;
  };
  const resolve = (changes: TextChange[]): Resolved => {
    if (changes.length === 0) return baseResolved;
    const texts = applyTexts(base, changes);
    const hash = textsHash(texts);
    return byHash.get(hash) ?? keep(byHash, hash, { hash, texts, changes });
  };

  async function ofVersion(number: number): Promise<Resolved> {
    if (number === 0) return baseResolved;
    const kept = byNumber.get(number);
    if (kept) return kept;
    const row = await store.findVersion(db, number);
    if (!row) throw notFound(`No texts version ${number}.`);
    return keep(byNumber, number, resolve(row.changes));
  }

  async function lookOnce(): Promise<void> {
    const [pointer, rows, terms] = await Promise.all([store.published(db), listLanguages(db), readGlossary(db)]);
    glossary = terms.map((t) => ({ term: t.term, lang: t.lang, translation: t.translation }));
    const seen = JSON.stringify(rows.map((r) => [r.tag, r.state, r.fallback, r.revision, r.approved_revision]));
    if (seen !== languagesSeen) {
      if (languagesSeen) deps.log?.info({ languages: rows.filter((r) => r.state === 'live').map((r) => r.tag) }, 'texts: languages applied');
      languageRows = rows;
      languagesSeen = seen;
    }
    if (pointer.version === current.version) return;
    const resolved = await ofVersion(pointer.version);
    const previous = current.version;
    current = { ...resolved, version: pointer.version, base: resolved.hash === baseResolved.hash, publishedAt: new Date(pointer.published_at) };
    deps.log?.info({ version: current.version, hash: current.hash, previous }, 'texts: published version applied');
  }
  const looks = refresher(lookOnce);
  const refresh = () => looks.refresh();

  const people = (ids: Array<string | null>) => lookUpPeople(deps.accountEmails, ids);

  const languages = languageService({
    db,
    notify: deps.dialect === 'postgres',
    approvalRequired: config.textsApproval,
    list: () => languageRows,
    refresh,
    base,
    texts: () => current.texts,
    people,
    refused: (refusals) => new TextsRefused(refusals),
  });

  /**
   * Edits checked on the changes of a version; refused ones throw. The stored changes carry their
   * English's hash. Edits already checked on that very version (an import, in its thread) are not
   * checked again.
   */
  async function checked(
    edits: TextEdit[],
    basedOn: number,
    checkedOn?: number,
  ): Promise<{ changes: TextChange[]; resolved: Resolved; warnings: TextRefusal[] }> {
    const on = await ofVersion(basedOn);
    const { refusals, warnings } = checkedOn === basedOn ? { refusals: [], warnings: warningsOf(on.texts, edits) } : checkTexts(base, on.texts, edits, tags());
    if (refusals.length > 0) throw new TextsRefused(refusals);
    const english = applyTexts(
      on.texts,
      edits.filter((e) => e.lang === SOURCE_LANGUAGE),
    ).get(SOURCE_LANGUAGE) as Map<string, string>;
    const at = new Date().toISOString();
    const changes = edits.map((e) => ({ key: e.key, lang: e.lang, text: e.text, source: sourceHash(englishOf(english, e.key)), at }));
    return { changes, resolved: resolve(mergeChanges(on.changes, changes)), warnings };
  }

  // A saved draft's texts passed every check when saved (and are checked again at publish): its view needs only their warnings.
  const draftWarnings = async (row: store.DraftRow) => warningsOf((await ofVersion(row.based_on)).texts, row.changes);

  async function draftView(row: store.DraftRow) {
    const who = await people([row.author_id, row.approved_by]);
    return {
      ...draftFields(row, who, current.version, config.textsApproval),
      warnings: await draftWarnings(row).catch(() => []),
      origin: row.reason.startsWith(IMPORT_PREFIX) ? ('import' as const) : ('edit' as const),
    };
  }

  async function versionViews(rows: store.VersionRow[]) {
    const who = await people(rows.flatMap((r) => [r.author_id, r.approved_by, r.published_by]));
    const views = [];
    for (const row of rows) {
      const after = await ofVersion(row.number).catch(() => undefined);
      const before = row.number > 1 ? await ofVersion(row.number - 1).catch(() => undefined) : baseResolved;
      const diff: Array<{ key: string; lang: Lang; text: string | null; previous: string | null }> = [];
      if (after && before) {
        for (const lang of new Set([...after.texts.keys(), ...before.texts.keys()])) {
          const a = after.texts.get(lang) ?? new Map<string, string>();
          const b = before.texts.get(lang) ?? new Map<string, string>();
          for (const [key, text] of a) if (b.get(key) !== text) diff.push({ key, lang, text, previous: b.get(key) ?? null });
          for (const [key, text] of b) if (!a.has(key)) diff.push({ key, lang, text: null, previous: text });
        }
      }
      views.push(versionFields(row, who, current.version, diff));
    }
    return views;
  }

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

  async function createDraft(caller: Caller, body: { reason: string; changes: TextEdit[] }, checkedOn?: number) {
    const basedOn = current.version;
    const reason = reasonOf(body.reason);
    const { changes, resolved } = await checked(body.changes, basedOn, checkedOn);
    const row = await store.insertDraft(db, { authorId: caller.accountId, reason, changes, basedOn, hash: resolved.hash });
    return draftView(row);
  }

  // Publish on a date (publish/schedule.ts): the scheduler's side of the texts, as the rules have it.
  /** A draft's publish, checked with the published pointer locked (publish/schedule.ts). */
  const guardOf = (row: store.DraftRow) => draftGuard(store, row, config.textsApproval);
  /** The version a draft's publish makes: its texts merged on its base, its approval if of this revision. */
  const draftVersion = (row: store.DraftRow, changes: TextChange[], hash: string, publishedBy: string) => versionOfDraft(row, { changes, hash, publishedBy });
  const scheduleExecutor: ScheduleExecutor = {
    publishedVersion: () => current.version,
    refresh: () => refresh(),
    async schedulable(draftId) {
      const row = await schedulableDraft(store, db, draftId, {
        publishedVersion: () => current.version,
        refresh,
        approval: config.textsApproval,
        notApproved: 'The draft needs the approval of another localisation account before it is published.',
      });
      return { revision: row.revision };
    },
    async prepare(work) {
      const notify = deps.dialect === 'postgres';
      if (work.action === 'publish') {
        const found = await draftOfWork(store, db, work);
        if ('refused' in found) return found;
        const { row } = found;
        const on = await ofVersion(row.based_on);
        if (checkTexts(base, on.texts, row.changes, tags()).refusals.length > 0) return { refused: 'refused' };
        const changes = mergeChanges(on.changes, row.changes);
        const resolved = resolve(changes);
        return {
          async commit(trx) {
            const result = await store.publishVersion(trx, {
              draftId: row.id,
              action: 'publish',
              notify,
              scheduled: work.id,
              guard: guardOf(row),
              version: () => draftVersion(row, changes, resolved.hash, work.createdBy),
            });
            return 'refused' in result ? { refused: result.refused } : { version: result.row.number };
          },
        };
      }
      // The end of a temporary version: the one before it comes back.
      return prepareEnd(store, db, work, { notify, restore: ofVersion });
    },
  };

  const service = {
    async start(): Promise<void> {
      await refresh();
      unserve = serveTextsFrom(() => ({ ...current, languages: languages.languages() }));
      if (deps.dialect === 'postgres' && config.databaseUrl) {
        follower = followPublished({
          databaseUrl: config.databaseUrl,
          channel: 'texts_published',
          onSignal: () => void refresh().catch(() => undefined),
          log: deps.log,
        });
      }
    },

    async stop(): Promise<void> {
      unserve?.();
      await importThread.close();
      await follower?.stop();
      follower = undefined;
      await looks.inFlight()?.catch(() => undefined);
    },

    /** The version in force in this instance. */
    published: (): PublishedTexts => current,
    /** What the scheduler needs of the texts (publish/schedule.ts). */
    scheduleExecutor,

    /** What the portal's configuration tells of the texts: the version, the languages it changed, the live languages. */
    forPortal() {
      const list = languages.languages();
      const changed = new Set(current.changes.filter((c) => base.get(c.lang)?.get(c.key) !== c.text).map((c) => c.lang));
      return {
        base: current.base,
        hash: current.hash,
        changed: [...changed].sort(),
        languages: list.filter((l) => l.state === 'live').map((l) => ({ tag: l.tag, dir: l.direction, fallback: l.fallback })),
        // A language not live sends its learners along its fallbacks to the first live one
        // (fallbackChain); only those sent elsewhere than English are named.
        notLive: list
          .filter((l) => l.state !== 'live')
          .map((l) => ({ tag: l.tag, shownIn: fallbackChain(list, l.tag)[0]! }))
          .filter((l) => l.shownIn !== SOURCE_LANGUAGE),
      };
    },

    /** Whether `key` (`ns:dotted.key`) is a text of the version in force, or the stem of its plural forms (i18next reads `key_other`). */
    hasText(key: string): boolean {
      const english = current.texts.get('en') as Map<string, string>;
      return english.has(key) || english.has(`${key}_other`);
    },
    refresh,

    keys(query: Parameters<typeof filterRows>[1] = {}) {
      const dotted = new Map<string, string>();
      for (const key of (current.texts.get('en') as Map<string, string>).keys()) {
        const short = key.slice(key.indexOf(':') + 1);
        if (!dotted.has(short)) dotted.set(short, key);
      }
      const rows: TextRow[] = listRows({
        base,
        texts: current.texts,
        overrides: current.changes,
        sources,
        uses: fieldUses(deps.forms(), (d) => dotted.get(d)),
        languages: tags(),
      });
      return {
        published: { version: current.version, hash: current.hash, publishedAt: iso(current.publishedAt), base: current.base },
        baseHash: baseResolved.hash,
        approvalRequired: config.textsApproval,
        languages: tags(),
        namespaces,
        keys: filterRows(rows, query),
      };
    },

    async check(edits: TextEdit[]) {
      const checkedTexts = checkTexts(base, current.texts, edits, tags());
      const { refusals } = checkedTexts;
      // And a glossary term whose agreed translation a text leaves out (a warning).
      const english = current.texts.get(SOURCE_LANGUAGE) as Map<string, string>;
      const warnings = [
        ...checkedTexts.warnings,
        ...edits.flatMap((edit, index) =>
          glossaryWarnings({ text: edit.text, english: englishOf(english, edit.key) ?? '', lang: edit.lang, glossary }).map((warning) => ({
            path: `/changes/${index}/text`,
            change: index,
            keyword: warning.keyword,
            key: warning.key,
            params: { textKey: edit.key, lang: edit.lang, ...warning.params },
          })),
        ),
      ];
      if (refusals.length > 0) return { refusals, warnings, hash: null, basedOn: current.version };
      const { resolved } = await checked(edits, current.version);
      return { refusals, warnings, hash: resolved.hash, basedOn: current.version };
    },

    drafts: async () => Promise.all((await store.listDrafts(db)).map(draftView)),

    async draft(id: string) {
      const row = await store.findDraft(db, id);
      if (!row) throw notFound('No such draft.');
      return draftView(row);
    },

    createDraft,

    async updateDraft(caller: Caller, id: string, body: { reason: string; changes: TextEdit[] }) {
      const row = await ownDraft(caller, id);
      const reason = reasonOf(body.reason);
      const { changes, resolved } = await checked(body.changes, row.based_on);
      const updated = await store.updateDraft(db, row, { actorId: caller.accountId, reason, changes, hash: resolved.hash });
      if (!updated) throw conflict('The draft changed while it was being saved; load it again.');
      return draftView(updated);
    },

    async deleteDraft(caller: Caller, id: string): Promise<void> {
      await ownDraft(caller, id);
      if (!(await store.deleteDraft(db, id, caller.accountId))) throw notFound('No such draft.');
    },

    async approveDraft(caller: Caller, id: string) {
      const row = await store.findDraft(db, id);
      if (!row) throw notFound('No such draft.');
      if (row.author_id === caller.accountId) throw forbidden('A draft is approved by another localisation account than its author.');
      await checked(row.changes, row.based_on);
      const approved = await store.approveDraft(db, row, caller.accountId);
      if (!approved) throw conflict('The draft changed while it was being approved; look at it again.');
      return draftView(approved);
    },

    async publishDraft(caller: Caller, id: string) {
      const row = await store.findDraft(db, id);
      if (!row) throw notFound('No such draft.');
      if (row.based_on !== current.version) await refresh();
      if (row.based_on !== current.version)
        throw conflict('The draft is based on a version that is no longer published; start it again from the published version.');
      const on = await ofVersion(row.based_on);
      const { refusals } = checkTexts(base, on.texts, row.changes, tags());
      if (refusals.length > 0) throw new TextsRefused(refusals);
      const changes = mergeChanges(on.changes, row.changes);
      const resolved = resolve(changes);
      const result = await store.publishVersion(db, {
        draftId: row.id,
        action: 'publish',
        notify: deps.dialect === 'postgres',
        guard: guardOf(row),
        version: () => draftVersion(row, changes, resolved.hash, caller.accountId),
      });
      if ('refused' in result) throw publishRefused(result.refused);
      await refresh();
      return (await versionViews([result.row]))[0];
    },

    async republish(caller: Caller, number: number, reason: string) {
      const why = reasonOf(reason);
      const target = number === 0 ? undefined : await store.findVersion(db, number);
      if (number !== 0 && !target) throw notFound(`No texts version ${number}.`);
      const resolved = await ofVersion(number);
      const result = await store.publishVersion(db, {
        action: 'republish',
        notify: deps.dialect === 'postgres',
        guard: async (_trx, publishedVersion) => (publishedVersion === number ? 'already-published' : undefined),
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
      return (await versionViews([result.row]))[0];
    },

    async versions(options: { limit?: number; before?: number } = {}) {
      const rows = await store.listVersions(db, Math.min(options.limit ?? 50, 200), options.before);
      return { published: { version: current.version, hash: current.hash }, baseHash: baseResolved.hash, versions: await versionViews(rows) };
    },

    async version(number: number) {
      const row = await store.findVersion(db, number);
      if (!row) throw notFound(`No texts version ${number}.`);
      return (await versionViews([row]))[0];
    },

    async audit(options: { limit?: number; before?: number } = {}) {
      const rows = await store.listAudit(db, Math.min(options.limit ?? 100, 500), options.before);
      const who = await people(rows.map((r) => r.actor_id));
      return {
        entries: rows.map((row) => auditEntry(row, who)),
      };
    },

    /** One language's published texts for a translation tool: every key, or only the missing and stale ones (`todo`). */
    async exportLanguage(options: { lang: Lang; only: 'all' | 'todo'; format: ExchangeFormat }) {
      if (!languages.has(options.lang)) throw notFound(`No language ${options.lang}.`);
      const texts = current.texts.get(options.lang) ?? new Map<string, string>();
      const english = current.texts.get(SOURCE_LANGUAGE) as Map<string, string>;
      const stale = new Set(
        service
          .keys()
          .keys.filter((row) => row.staleIn.includes(options.lang))
          .map((row) => row.key),
      );
      // A language's keys are the English ones, with the plural forms the language has (Intl.PluralRules).
      const all = options.lang === SOURCE_LANGUAGE ? [...english.keys()] : keysToTranslate(base, options.lang);
      const keys = all.filter((key) => options.only === 'all' || !texts.get(key) || stale.has(key)).sort();
      const body = await exportTexts({ format: options.format, lang: options.lang, english, texts, keys });
      return { body, count: keys.length, version: current.version };
    },

    /** An exchange file as a draft (never published): checked like any edit; texts equal to the published ones are left out. */
    async importLanguage(caller: Caller, body: { lang: Lang; format: ExchangeFormat; content: string; reason: string }) {
      // Read and checked in a thread of its own, within bounds of depth and size (exchange.ts,
      // import-thread.ts), against the version in force now; every unit is checked (an unknown key
      // anywhere refuses the file), and only the texts that differ from the published ones are kept.
      const on = current;
      const { edits, refusals } = await importThread.read({
        format: body.format,
        lang: body.lang,
        content: body.content,
        localesDir,
        published: on.changes,
        languages: tags(),
      });
      if (refusals.length > 0) throw new TextsRefused(refusals);
      const published = on.texts.get(body.lang) ?? new Map<string, string>();
      const changed = edits.filter((e) => published.get(e.key) !== e.text);
      if (changed.length === 0) throw new TextsRefused([fileRefusal('nothing', 'Texts.Refusal.NothingToImport')]);
      // Checked again only if another version was published while the file was read.
      return createDraft(caller, { reason: `${IMPORT_PREFIX}${reasonOf(body.reason)}`, changes: changed }, on.version);
    },

    /** The texts with this hash (the base's, a version's or a draft's); undefined when unknown. */
    async textsByHash(hash: string): Promise<Texts | undefined> {
      if (!/^[0-9a-f]{64}$/.test(hash)) return undefined;
      if (hash === current.hash) return current.texts;
      const kept = byHash.get(hash) ?? (hash === baseResolved.hash ? baseResolved : undefined);
      if (kept) return kept.texts;
      const version = await store.findVersionByHash(db, hash);
      if (version) {
        const resolved = await ofVersion(version.number);
        return resolved.hash === hash ? resolved.texts : undefined;
      }
      const draft = await store.findDraftByHash(db, hash);
      if (!draft) return undefined;
      const resolved = resolve(mergeChanges((await ofVersion(draft.based_on)).changes, draft.changes));
      return resolved.hash === hash ? resolved.texts : undefined;
    },

    /** One namespace of one language, nested as the files; undefined when there is no such namespace. */
    namespaceFile(texts: Texts, lang: Lang, ns: string): Record<string, unknown> | undefined {
      if (!namespaces.includes(ns) || !languages.has(lang)) return undefined;
      return namespaceObject(texts.get(lang) ?? new Map<string, string>(), ns);
    },

    /** The languages: the console's calls (language-service.ts) and the list in force. */
    languages,

    /** Translation memory: what other keys with the same or a close English have in the language (memory.ts). */
    memory(key: string, lang: Lang) {
      if (!languages.has(lang)) throw notFound(`No language ${lang}.`);
      return { key, lang, suggestions: suggestions(current.texts, key, lang) };
    },

    /** The glossary: each product term with its agreed translation per language. */
    glossary() {
      const terms = new Map<string, Record<string, string>>();
      for (const entry of glossary) terms.set(entry.term, { ...terms.get(entry.term), [entry.lang]: entry.translation });
      return { terms: [...terms].map(([term, translations]) => ({ term, translations })) };
    },

    /** Sets (or with null removes) a term's agreed translation in a language of the list other than English. */
    async setGlossary(caller: Caller, body: { term: string; lang: Lang; translation: string | null }) {
      const term = body.term.trim().toLowerCase();
      const translation = body.translation?.trim() ?? null;
      if (!term) throw invalid([{ path: '/term', key: 'Validation.Required' }]);
      if (!languages.has(body.lang) || body.lang === SOURCE_LANGUAGE) throw invalid([{ path: '/lang', key: 'Validation.InvalidValue' }]);
      if (translation === '') throw invalid([{ path: '/translation', key: 'Validation.Required' }]);
      await setGlossaryTerm(db, { term, lang: body.lang, translation, actorId: caller.accountId });
      await refresh();
      return service.glossary();
    },

    /** The published texts, nested per language and namespace (npm run texts:export). */
    files: () => current,
  };
  return service;
}

/** An import's draft says so in its reason (`Import: ...`), so the console can show where it came from. */
const IMPORT_PREFIX = 'Import: ';

function publishRefused(reason: store.PublishRefusal): DomainError {
  switch (reason) {
    case 'no-draft':
      return notFound('No such draft (it may have been published or deleted).');
    case 'stale':
      return conflict('The draft is based on a version that is no longer published; start it again from the published version.');
    case 'changed':
      return conflict('The draft changed while it was being published; look at it again.');
    case 'not-approved':
      return conflict('The draft needs the approval of another localisation account before it is published.');
    case 'already-published':
      return conflict('That version is the one published.');
    default:
      return conflict('The version cannot be published.');
  }
}

export type TextsService = ReturnType<typeof createTextsService>;
