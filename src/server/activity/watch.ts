import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { invalid } from '../errors';
import type { Caller } from '../http/auth';
import type { Mailer } from '../mail/mailer';
import { servedLanguage, serverTranslator, textIn } from '../texts/server-texts';
import { versionEffect, type VersionScope } from './effect';

// The watch (docs/admin-area.md, "A watch"): after a publish, the activity service compares each
// recent version's changed fields' rejection rates and its forms' abandonment with the window
// before (versionEffect, the default window), and flags a version whose figures got clearly worse
// (the two-proportion test) by at least the threshold a product owner sets. A job: it runs every
// WATCH_INTERVAL_MS on one instance of the fleet (the one that moves last_run_at), and when the
// console is opened (at most once a minute); never in a learner's request. Each flag is a row made
// once, so product owners get one e-mail per flagged version, whichever instance made it.

const DAY_MS = 24 * 60 * 60 * 1000;
/** The namespaces a ui file's label keys are in (as the portal's forms look them up). */
const FIELD_NAMESPACES = ['fields', 'validation', 'widgets'] as const;
/** How often the watch runs by itself. */
export const WATCH_INTERVAL_MS = DAY_MS;
/** When the console is opened, the watch runs again if it has not for this long. */
export const WATCH_ON_OPEN_MS = 60 * 1000;
/** Versions published this long ago or later are watched. */
export const WATCHED_DAYS = 90;
/** The threshold's bounds, in percentage points. */
export const THRESHOLD_MIN = 0.1;
export const THRESHOLD_MAX = 100;

export interface WatchedFigure {
  form: string;
  /** null: the form as a whole (abandoned per opened). */
  field: string | null;
  measure: 'rejections' | 'abandoned';
  before: number;
  after: number;
  /** after − before, in percentage points. */
  points: number;
  pValue: number;
}

export interface WatchDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  publicOrigin: string;
  rules: {
    versionScope(number: number): Promise<VersionScope>;
    /** The versions published since a moment, newest first. */
    versionsSince(since: Date): Promise<number[]>;
    /** The version in force on this instance. */
    publishedVersion(): number;
    /** The label key of each part of a field's data path in a version's ui file (undefined where none). */
    fieldLabelKeys(number: number, form: string, path: string): Promise<Array<string | undefined>>;
  };
  /** The product owners to tell (the identity service's). */
  owners(): Promise<Array<{ email: string; locale: string | null }>>;
  accountEmails(ids: readonly string[]): Promise<Map<string, string>>;
  now?: () => Date;
  log?: { warn(fields: object, message: string): void; info(fields: object, message: string): void };
}

/** The comparisons of an effect that got clearly worse by at least `thresholdPoints`. */
export function worseFigures(effect: Awaited<ReturnType<typeof versionEffect>>, thresholdPoints: number): WatchedFigure[] {
  const out: WatchedFigure[] = [];
  const consider = (form: string, field: string | null, measure: WatchedFigure['measure'], c: (typeof effect)['forms'][number]['abandoned']) => {
    if (c.verdict !== 'worse' || c.difference === null || c.pValue === null || c.before.rate === null || c.after.rate === null) return;
    const points = c.difference * 100;
    // A hair of tolerance: 2 points typed is 0.02 as a float difference.
    if (points + 1e-9 < thresholdPoints) return;
    out.push({ form, field, measure, before: c.before.rate, after: c.after.rate, points: Math.round(points * 100) / 100, pValue: c.pValue });
  };
  for (const form of effect.forms) {
    for (const field of form.fields) consider(form.form, field.field, 'rejections', field.rejections);
    consider(form.form, null, 'abandoned', form.abandoned);
  }
  return out;
}

export function createWatch(deps: WatchDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  let running: Promise<number> | undefined;

  /** Takes the run if none ran for `gapMs` (one instance of a fleet wins): the threshold, or undefined. */
  async function claim(gapMs: number): Promise<number | undefined> {
    const at = now();
    const row = await db
      .updateTable('activity_watch_settings')
      .set({ last_run_at: at })
      .where('id', '=', 1)
      .where((eb) => eb.or([eb('last_run_at', 'is', null), eb('last_run_at', '<=', new Date(at.getTime() - gapMs))]))
      .returning('threshold_points')
      .executeTakeFirst();
    return row?.threshold_points;
  }

  async function tell(version: number, figures: WatchedFigure[]): Promise<void> {
    const owners = await deps.owners();
    const link = new URL(`/admin/rules/versions/${version}`, deps.publicOrigin).href;
    for (const owner of owners) {
      // The owner's language when it is live (or its fallback), as every e-mail of the services.
      const lang = servedLanguage(owner.locale ? [owner.locale] : []);
      const t = serverTranslator('mail', lang);
      const percent = new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
      // Forms and fields by the names the portal gives them ("Profile", "Address › City"), in the
      // owner's language; a part without a label by its data path.
      const formName = (form: string) => textIn(lang, `gallery:Forms.${form}`) ?? form;
      const fieldName = async (form: string, path: string) => {
        const keys = await deps.rules.fieldLabelKeys(version, form, path);
        const parts = path.split('/');
        return parts.map((part, i) => FIELD_NAMESPACES.map((ns) => keys[i] && textIn(lang, `${ns}:${keys[i]}`)).find(Boolean) ?? part).join(' › ');
      };
      const lines = await Promise.all(
        figures.map(async (f) =>
          f.field === null
            ? t('Watch.AbandonedLine', { form: formName(f.form), before: percent.format(f.before), after: percent.format(f.after) })
            : t('Watch.RejectionsLine', {
                form: formName(f.form),
                field: await fieldName(f.form, f.field),
                before: percent.format(f.before),
                after: percent.format(f.after),
              }),
        ),
      );
      await deps.mailer.send({
        to: owner.email,
        subject: t('Watch.Subject', { version: String(version) }),
        text: t('Watch.Text', { version: String(version), figures: lines.join('\n'), link }),
      });
    }
  }

  /** Compares every recent version and flags the clearly worse ones; answers how many were newly flagged. */
  async function check(thresholdPoints: number): Promise<number> {
    const at = now();
    const versions = await deps.rules.versionsSince(new Date(at.getTime() - WATCHED_DAYS * DAY_MS));
    let flagged = 0;
    for (const version of versions) {
      const effect = await versionEffect(db, await deps.rules.versionScope(version), { now: at });
      const figures = worseFigures(effect, thresholdPoints);
      if (figures.length === 0) continue;
      // One row per version, made once: whichever instance makes it sends the one e-mail.
      const made = await db
        .insertInto('activity_watch_flags')
        .values({ version, figures: JSON.stringify(figures), flagged_at: at, checked_at: at })
        .onConflict((oc) => oc.column('version').doNothing())
        .returning('version')
        .executeTakeFirst();
      if (!made) {
        await db
          .updateTable('activity_watch_flags')
          .set({ figures: JSON.stringify(figures), checked_at: at })
          .where('version', '=', version)
          .execute();
        continue;
      }
      flagged += 1;
      await tell(version, figures);
      await db.updateTable('activity_watch_flags').set({ mailed_at: now() }).where('version', '=', version).execute();
      deps.log?.info({ version, figures: figures.length }, 'watch: version flagged');
    }
    return flagged;
  }

  /** Runs the watch unless it ran within `gapMs` here or on another instance; answers how many versions it newly flagged. */
  async function run(gapMs: number): Promise<number> {
    if (running) return running;
    running = (async () => {
      try {
        const threshold = await claim(gapMs);
        return threshold === undefined ? 0 : await check(threshold);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  async function settings() {
    const row = await db.selectFrom('activity_watch_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    const audit = await db.selectFrom('activity_watch_audit').selectAll().orderBy('id', 'desc').limit(20).execute();
    const emails = await deps.accountEmails([...new Set([row.updated_by, ...audit.map((a) => a.actor_id)].filter((id): id is string => !!id))]);
    const person = (id: string | null) => (id ? { id, email: emails.get(id) ?? null } : null);
    return {
      thresholdPoints: row.threshold_points,
      updatedBy: person(row.updated_by),
      updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
      lastRunAt: row.last_run_at ? new Date(row.last_run_at).toISOString() : null,
      audit: audit.map((a) => ({ id: a.id, at: new Date(a.at).toISOString(), actor: person(a.actor_id)!, action: a.action, detail: a.detail })),
    };
  }

  return {
    run,

    /**
     * The flags and the setting, as the console shows them. Opening the console also starts the
     * watch in the background when it has not run for a minute (the answer does not wait for it).
     */
    async view() {
      run(WATCH_ON_OPEN_MS).catch((error: unknown) => deps.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'watch failed'));
      const flags = await db.selectFrom('activity_watch_flags').selectAll().orderBy('version', 'desc').limit(50).execute();
      const inForce = deps.rules.publishedVersion();
      return {
        ...(await settings()),
        flags: flags.map((f) => ({
          version: f.version,
          flaggedAt: new Date(f.flagged_at).toISOString(),
          checkedAt: new Date(f.checked_at).toISOString(),
          mailed: f.mailed_at !== null,
          inForce: f.version === inForce,
          figures: f.figures as WatchedFigure[],
        })),
      };
    },

    /** A product owner's threshold, in percentage points; an audit row says who set it, from what. */
    async setThreshold(caller: Caller, thresholdPoints: number) {
      if (!(thresholdPoints >= THRESHOLD_MIN && thresholdPoints <= THRESHOLD_MAX))
        throw invalid([{ path: '/thresholdPoints', key: 'Validation.InvalidValue' }]);
      await db.transaction().execute(async (trx) => {
        const previous = await trx.selectFrom('activity_watch_settings').select('threshold_points').where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
        await trx
          .updateTable('activity_watch_settings')
          // The next opening of the console compares again under the new threshold.
          .set({ threshold_points: thresholdPoints, updated_by: caller.accountId, updated_at: now(), last_run_at: null })
          .where('id', '=', 1)
          .execute();
        await trx
          .insertInto('activity_watch_audit')
          .values({
            actor_id: caller.accountId,
            action: 'threshold',
            detail: JSON.stringify({ thresholdPoints, previous: previous.threshold_points }),
          })
          .execute();
      });
      return settings();
    },
  };
}

export type Watch = ReturnType<typeof createWatch>;

/** Runs the watch every interval (the instance whose turn it is does the work); answers the function that stops it. */
export function startWatch(watch: Watch, log: { warn(fields: object, message: string): void }, intervalMs = WATCH_INTERVAL_MS): () => void {
  const tick = () =>
    void watch.run(intervalMs).catch((error: unknown) => log.warn({ err: error instanceof Error ? error.message : String(error) }, 'watch failed'));
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, Math.min(intervalMs, 60 * 60 * 1000));
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
