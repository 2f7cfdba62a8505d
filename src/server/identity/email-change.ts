import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { badRequest } from '../lib/errors';
import type { Mailer } from '../mail/mailer';
import messages from '../mail/messages.json';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

const hashCode = (accountId: string, code: string) => createHash('sha256').update(`${accountId}:${code}`).digest('hex');

function render(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

/** Makes a new single-use code for `newEmail` (replacing any earlier one) and mails it there. */
export async function issueCode(
  db: Kysely<DB>,
  mailer: Mailer,
  accountId: string,
  newEmail: string,
  language: string | null | undefined,
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const values = {
    account_id: accountId,
    new_email: newEmail,
    code_hash: hashCode(accountId, code),
    attempts: 0,
    expires_at: new Date(Date.now() + CODE_TTL_MS),
  };
  await db
    .insertInto('email_verifications')
    .values(values)
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...values, created_at: new Date() } as never))
    .execute();
  const text = language?.startsWith('ja') ? messages.ja : messages.en;
  await mailer.send({
    to: newEmail,
    subject: text.verificationSubject,
    text: render(text.verificationText, { code, minutes: CODE_TTL_MS / 60000 }),
  });
}

/**
 * Checks a code: it must exist, be unexpired and within the attempt limit. A wrong code counts an
 * attempt; the last allowed wrong attempt, expiry and success all delete the code.
 */
export async function consumeCode(db: Kysely<DB>, accountId: string, code: string): Promise<string> {
  const row = await db.selectFrom('email_verifications').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  const fail = (key: string) => badRequest([{ path: '/verificationCode', key }]);
  if (!row) throw fail('Validation.InvalidVerificationCode');
  const drop = () => db.deleteFrom('email_verifications').where('account_id', '=', accountId).execute();
  if (new Date(row.expires_at).getTime() <= Date.now()) {
    await drop();
    throw fail('Validation.VerificationCodeExpired');
  }
  if (row.attempts >= MAX_CODE_ATTEMPTS) {
    await drop();
    throw fail('Validation.VerificationCodeAttempts');
  }
  const given = Buffer.from(hashCode(accountId, code.trim()));
  const expected = Buffer.from(row.code_hash);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    const attempts = row.attempts + 1;
    if (attempts >= MAX_CODE_ATTEMPTS) {
      await drop();
      throw fail('Validation.VerificationCodeAttempts');
    }
    await db.updateTable('email_verifications').set({ attempts }).where('account_id', '=', accountId).execute();
    throw fail('Validation.InvalidVerificationCode');
  }
  await drop();
  return row.new_email;
}
