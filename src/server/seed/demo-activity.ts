import type { Kysely } from 'kysely';
import type { Watch } from '../activity/watch';
import type { DB } from '../db/types';
import type { RulesService } from '../rules/service';
import { OWNER_ID } from './demo-data';

// The demo's form activity (docs/demo.md): 90 days of synthetic daily counts (counts only, nothing
// that names a learner) and one past rules version, published 30 days ago through the rules
// service, that turned the city's rejection rate from about 3 % to about 8 %: so a fresh start shows
// a version the watch flags, its figures and its roll back. Made once, on an empty history (no
// version published and no counts), after the services are up (DEMO_ACTIVITY, docs/configuration.md).

const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS = 90;
/** The demo version came into force this many days ago. */
const VERSION_DAYS_AGO = 30;
const CITY = 'primaryAddress/city';

/** A small deterministic generator, so the demo's figures are the same at every fresh start. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Around `mean`, within ±20 %. */
const around = (next: () => number, mean: number) => Math.max(0, Math.round(mean * (0.8 + 0.4 * next())));

export async function seedDemoActivity(
  db: Kysely<DB>,
  services: { rules: RulesService; watch: Watch },
  now = new Date(),
): Promise<{ version: number; days: number } | undefined> {
  const versions = await db.selectFrom('rules_versions').select('number').limit(1).execute();
  const counts = await db.selectFrom('form_activity_daily').select('day').limit(1).execute();
  if (versions.length > 0 || counts.length > 0) return undefined;

  const owner = { accountId: OWNER_ID, claims: {}, roles: ['product-owner' as const] };
  const draft = await services.rules.createDraft(owner, {
    reason: 'Cities written out in full (demo: a stricter limit that turned more learners back)',
    changes: [{ file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength', value: 12 }],
  });
  const version = await services.rules.publishDraft(owner, draft.id);
  const publishedAt = new Date(now.getTime() - VERSION_DAYS_AGO * DAY_MS);
  await db.updateTable('rules_versions').set({ published_at: publishedAt, created_at: publishedAt }).where('number', '=', version.number).execute();
  await db.updateTable('rules_published').set({ published_at: publishedAt }).where('id', '=', 1).execute();

  const next = random(20_261_128);
  const publishDay = publishedAt.toISOString().slice(0, 10);
  const rows: Array<{ day: string; event: string; form: string; field: string; message_key: string; modal: string; count: number }> = [];
  const add = (day: string, event: string, form: string, count: number, field = '', key = '') => {
    if (count > 0) rows.push({ day, event, form, field, message_key: key, modal: '', count });
  };
  for (let i = DAYS - 1; i >= 0; i--) {
    const day = new Date(now.getTime() - i * DAY_MS).toISOString().slice(0, 10);
    const after = day > publishDay;
    // The profile form: opened, submitted, left unsaved; the city turned back more under the version.
    const attempts = around(next, 120);
    add(day, 'form-opened', 'profile', around(next, 150));
    add(day, 'submit-attempted', 'profile', attempts);
    add(day, 'form-abandoned', 'profile', around(next, after ? 17 : 15));
    add(day, 'form-saved', 'profile', Math.round(attempts * (after ? 0.84 : 0.9)));
    add(day, 'field-rejected', 'profile', Math.round(attempts * (0.025 + 0.01 * next())), CITY, 'Validation.InvalidCity');
    if (after) add(day, 'field-rejected', 'profile', Math.round(attempts * (0.04 + 0.02 * next())), CITY, 'Validation.MaxLength');
    add(day, 'field-rejected', 'profile', around(next, 4), 'company', 'Validation.InvalidCompany');
    add(day, 'field-rejected', 'profile', around(next, 3), 'primaryAddress/postalCode', 'Validation.InvalidPostalCode');
    // The exam form and the others the city reaches, quieter.
    const exam = around(next, 25);
    add(day, 'form-opened', 'exam', around(next, 30));
    add(day, 'submit-attempted', 'exam', exam);
    add(day, 'form-abandoned', 'exam', around(next, 3));
    add(day, 'form-saved', 'exam', Math.round(exam * 0.9));
    add(day, 'field-rejected', 'exam', Math.round(exam * (after ? 0.07 : 0.03)), CITY, after ? 'Validation.MaxLength' : 'Validation.InvalidCity');
    add(day, 'form-opened', 'address', around(next, 12));
    add(day, 'submit-attempted', 'address', around(next, 10));
    add(day, 'form-opened', 'email', around(next, 20));
    add(day, 'submit-attempted', 'email', around(next, 18));
    add(day, 'field-rejected', 'email', around(next, 2), 'email', 'Validation.InvalidEmail');
    add(day, 'form-opened', 'redeem', around(next, 40));
    add(day, 'submit-attempted', 'redeem', around(next, 38));
    rows.push({ day, event: 'modal-viewed', form: '', field: '', message_key: '', modal: 'redeem', count: around(next, 35) });
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('form_activity_daily')
      .values(rows.slice(i, i + 500))
      .execute();
  // The watch compares at once, so the flag (and its one e-mail in the outbox) is there at the first look.
  await services.watch.run(0);
  return { version: version.number, days: DAYS };
}
