import { conflict, forbidden, notFound } from '../errors';
import type { Caller } from '../http/auth';
import { iso, type Who } from '../publish/views';
import type { TextRefusal } from './checks';
import * as languageStore from './language-store';
import { asLanguage, type LanguageRow } from './language-store';
import { canonicalTag, completenessOf, directionOf, type Language } from './languages';
import type { Db } from './store';
import type { Lang, Texts } from './texts-files';

// The languages of the texts service (docs/admin-area.md, "Languages"): added by a localisation
// account as drafts, given a fallback, approved (with TEXTS_APPROVAL=on) by another one, published,
// taken down. The texts service (service.ts) composes it: it holds the list in force and the texts
// a language's completeness is counted in.

/** A refusal of a language call: answered 400 with it at the field it names. */
const refusal = (path: string, keyword: string, key: string, params: Record<string, string | number>): TextRefusal => ({
  path,
  change: -1,
  keyword,
  key,
  params,
});

export interface LanguageDeps {
  db: Db;
  notify: boolean;
  approvalRequired: boolean;
  /** The languages in force (read again by `refresh` after each change). */
  list: () => LanguageRow[];
  refresh: () => Promise<void>;
  /** The files' texts and the published texts, which completeness is counted in. */
  base: Texts;
  texts: () => Texts;
  people: (ids: Array<string | null>) => Promise<Who>;
  refused: (refusals: TextRefusal[]) => Error;
}

/** A language's own name for itself (Intl.DisplayNames), or its tag. */
export function autonym(tag: Lang): string {
  try {
    return new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** Follows fallbacks from `from`: whether `tag` is met (a loop), among `rows`. */
function reaches(rows: readonly LanguageRow[], from: string | null, tag: string): boolean {
  const seen = new Set<string>();
  let at = from;
  while (at && !seen.has(at)) {
    if (at === tag) return true;
    seen.add(at);
    at = rows.find((r) => r.tag === at)?.fallback ?? null;
  }
  return false;
}

export function languageService(deps: LanguageDeps) {
  const { db } = deps;

  async function views(rows: LanguageRow[]) {
    const who = await deps.people(rows.flatMap((r) => [r.created_by, r.updated_by, r.approved_by]));
    const texts = deps.texts();
    return rows.map((row) => {
      const { areas, fallingBack } = completenessOf(deps.base, texts, row.tag);
      const approver = who(row.approved_by);
      return {
        tag: row.tag,
        name: autonym(row.tag),
        state: row.state,
        fallback: row.fallback,
        direction: row.direction,
        builtIn: row.built_in,
        revision: row.revision,
        approval: approver ? { by: approver, at: iso(row.approved_at) as string, current: row.approved_revision === row.revision } : null,
        approvalRequired: deps.approvalRequired,
        // The built-in languages were made with the files, by no account.
        createdBy: row.built_in ? null : who(row.created_by),
        createdAt: iso(row.created_at) as string,
        updatedBy: row.built_in && row.updated_by === 'files' ? null : who(row.updated_by),
        updatedAt: iso(row.updated_at) as string,
        completeness: areas,
        fallingBack,
      };
    });
  }

  const oneView = async (row: LanguageRow) => (await views([row]))[0] as Awaited<ReturnType<typeof views>>[number];

  function failed(outcome: { refused: string }, tag: string): Error {
    switch (outcome.refused) {
      case 'no-language':
        return notFound(`No language ${tag}.`);
      case 'live':
        return conflict('The language is live already.');
      case 'draft':
        return conflict('The language is not live.');
      case 'own':
        return forbidden('A language is approved by another localisation account than the one who last changed it.');
      case 'not-approved':
        return conflict('The language needs the approval of another localisation account before it is published.');
      case 'changed':
        return conflict('The language changed while it was being approved; look at it again.');
      default:
        return conflict('The language cannot be changed so.');
    }
  }

  /** Refusals are answered 400 at their field; anything else by its status. */
  const settle = async (outcome: { refused: string | TextRefusal } | { row: LanguageRow }, tag: string) => {
    if ('refused' in outcome) {
      if (typeof outcome.refused === 'object') throw deps.refused([outcome.refused]);
      throw failed({ refused: outcome.refused }, tag);
    }
    await deps.refresh();
    return oneView(outcome.row);
  };

  const known = (tag: string) => deps.list().find((row) => row.tag === tag);

  return {
    /** Every language with its completeness in the published texts and its count of keys falling back. */
    list: async () => ({ languages: await views(deps.list()) }),

    /** The languages in force, as the services use them (fallbacks, direction). */
    languages: (): Language[] => deps.list().map(asLanguage),

    async add(caller: Caller, input: string) {
      const canonical = canonicalTag(input);
      if ('refused' in canonical) {
        const key = canonical.refused === 'language-tag' ? 'Texts.Refusal.LanguageTag' : 'Texts.Refusal.LanguageUnsupported';
        throw deps.refused([refusal('/tag', canonical.refused, key, { tag: input.slice(0, 40) })]);
      }
      const { tag } = canonical;
      const row = await languageStore.addLanguage(db, { tag, direction: directionOf(tag), actorId: caller.accountId, notify: deps.notify });
      if (!row) throw deps.refused([refusal('/tag', 'language-exists', 'Texts.Refusal.LanguageExists', { tag })]);
      await deps.refresh();
      return oneView(row);
    },

    /**
     * A language's fallback (a language of the list, not itself, no loop; a live language's fallback
     * is live, and a live language incomplete keeps one). A new revision: its approval no longer holds.
     */
    async setFallback(caller: Caller, tag: string, fallback: string | null) {
      const texts = deps.texts();
      const outcome = await languageStore.changeLanguage<string | TextRefusal>(db, {
        tag,
        actorId: caller.accountId,
        action: 'language-fallback',
        notify: deps.notify,
        change: (row, all) => {
          const at = (keyword: string, key: string, params: Record<string, string | number>) => ({ refused: refusal('/fallback', keyword, key, params) });
          if (row.built_in) return at('language-built-in', 'Texts.Refusal.LanguageBuiltIn', { tag });
          if (fallback !== null) {
            const target = all.find((r) => r.tag === fallback);
            if (!target || fallback === tag) return at('fallback-unknown', 'Texts.Refusal.FallbackUnknown', { fallback });
            if (reaches(all, fallback, tag)) return at('fallback-loop', 'Texts.Refusal.FallbackLoop', { fallback });
            if (row.state === 'live' && target.state !== 'live') return at('fallback-not-live', 'Texts.Refusal.FallbackNotLive', { fallback });
          } else if (row.state === 'live') {
            const { fallingBack } = completenessOf(deps.base, texts, tag);
            if (fallingBack > 0) return at('language-incomplete', 'Texts.Refusal.LanguageIncomplete', { missing: fallingBack });
          }
          return { set: { fallback, revision: row.revision + 1, updated_by: caller.accountId }, detail: { fallback, previous: row.fallback } };
        },
      });
      return settle(outcome, tag);
    },

    /** Approves the language's current revision for publishing (another account than the one who last changed it). */
    async approve(caller: Caller, tag: string) {
      const outcome = await languageStore.changeLanguage<string>(db, {
        tag,
        actorId: caller.accountId,
        action: 'language-approve',
        notify: false,
        change: (row) => {
          if (row.state === 'live') return { refused: 'live' };
          if (row.updated_by === caller.accountId) return { refused: 'own' };
          return {
            set: { approved_by: caller.accountId, approved_at: new Date(), approved_revision: row.revision },
            detail: { revision: row.revision },
          };
        },
      });
      return settle(outcome, tag);
    },

    /**
     * Makes a draft language a choice for learners: complete, or with a live fallback its missing
     * texts are shown in; with approval on, approved in its current revision by another account.
     */
    async publish(caller: Caller, tag: string) {
      const texts = deps.texts();
      const outcome = await languageStore.changeLanguage<string | TextRefusal>(db, {
        tag,
        actorId: caller.accountId,
        action: 'language-publish',
        notify: deps.notify,
        change: (row, all) => {
          if (row.state === 'live') return { refused: 'live' };
          const { fallingBack } = completenessOf(deps.base, texts, tag);
          if (fallingBack > 0 && row.fallback === null)
            return { refused: refusal('/fallback', 'language-incomplete', 'Texts.Refusal.LanguageIncomplete', { missing: fallingBack }) };
          const target = all.find((r) => r.tag === row.fallback);
          if (row.fallback !== null && target?.state !== 'live')
            return { refused: refusal('/fallback', 'fallback-not-live', 'Texts.Refusal.FallbackNotLive', { fallback: row.fallback }) };
          const approved = row.approved_by !== null && row.approved_by !== row.updated_by && row.approved_revision === row.revision;
          if (deps.approvalRequired && !approved) return { refused: 'not-approved' };
          return { set: { state: 'live', updated_by: caller.accountId }, detail: { fallback: row.fallback, fallingBack, revision: row.revision } };
        },
      });
      return settle(outcome, tag);
    },

    /**
     * Takes a live language down: its learners see its fallback from their next page (their
     * preference is kept). A built-in language, and one a live language falls back to, stay.
     */
    async takeDown(caller: Caller, tag: string, reason: string) {
      const outcome = await languageStore.changeLanguage<string | TextRefusal>(db, {
        tag,
        actorId: caller.accountId,
        action: 'language-take-down',
        notify: deps.notify,
        change: (row, all) => {
          if (row.built_in) return { refused: refusal('/tag', 'language-built-in', 'Texts.Refusal.LanguageBuiltIn', { tag }) };
          if (row.state !== 'live') return { refused: 'draft' };
          const dependent = all.find((r) => r.state === 'live' && r.fallback === tag);
          if (dependent) return { refused: refusal('/tag', 'fallback-of', 'Texts.Refusal.FallbackOf', { tag, of: dependent.tag }) };
          // A new revision: publishing it again needs a new approval.
          return { set: { state: 'draft', revision: row.revision + 1, updated_by: caller.accountId }, detail: { reason } };
        },
      });
      return settle(outcome, tag);
    },

    /** Whether a tag is a language of the list (draft or live). */
    has: (tag: string) => known(tag) !== undefined,
    /** Whether a language's texts are public: live ones. */
    isLive: (tag: string) => known(tag)?.state === 'live',
  };
}
