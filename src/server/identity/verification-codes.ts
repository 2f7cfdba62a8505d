import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { invalid } from '../errors';
import type { Mailer } from '../mail/mailer';
import { directionOfServed, servedLanguage, serverTranslator } from '../texts/server-texts';
import { plainTextMail } from '../mail/html-body';
import * as store from './store';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

const hashCode = (accountId: string, code: string) => createHash('sha256').update(`${accountId}:${code}`).digest('hex');

/** Makes a new single-use code for `newEmail` (replacing any earlier one) and mails it there. */
export async function issueCode(db: store.Db, mailer: Mailer, accountId: string, newEmail: string, languages: readonly string[]): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await store.saveVerificationCode(db, accountId, {
    newEmail,
    codeHash: hashCode(accountId, code),
    attempts: 0,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  // The e-mail's texts (locales/<lng>/mail.json) in the published texts version, in the first of the
  // learner's languages that is live (or its fallback), with its reading direction.
  const lng = servedLanguage(languages);
  const t = serverTranslator('mail', lng);
  const text = t('Verification.Text', { code, minutes: CODE_TTL_MS / 60000 });
  await mailer.send({ to: newEmail, subject: t('Verification.Subject'), text, html: plainTextMail(text, lng, directionOfServed(lng)) });
}

/**
 * Checks a code: it must exist, be unexpired and within the attempt limit. Every attempt is counted
 * atomically before the code is compared, and a right code is taken by one delete, so concurrent
 * requests (on one instance or several) get no more guesses than one after another would, and a
 * code changes the address once. The last allowed wrong attempt, expiry and success delete the code.
 */
export async function consumeCode(db: store.Db, accountId: string, code: string): Promise<string> {
  const fail = (key: string) => invalid([{ path: '/verificationCode', key }]);
  const row = await store.countVerificationAttempt(db, accountId);
  if (!row) throw fail('Validation.InvalidVerificationCode');
  // Drops this code only: a new one sent meanwhile stays.
  const drop = () => store.claimVerificationCode(db, accountId, row.codeHash);
  if (row.expiresAt.getTime() <= Date.now()) {
    await drop();
    throw fail('Validation.VerificationCodeExpired');
  }
  if (row.attempts > MAX_CODE_ATTEMPTS) {
    await drop();
    throw fail('Validation.VerificationCodeAttempts');
  }
  const given = Buffer.from(hashCode(accountId, code.trim()));
  const expected = Buffer.from(row.codeHash);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    if (row.attempts >= MAX_CODE_ATTEMPTS) {
      await drop();
      throw fail('Validation.VerificationCodeAttempts');
    }
    throw fail('Validation.InvalidVerificationCode');
  }
  if (!(await store.claimVerificationCode(db, accountId, row.codeHash))) throw fail('Validation.InvalidVerificationCode');
  return row.newEmail;
}
