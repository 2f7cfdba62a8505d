import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise the local outbox table, readable on /dev/outbox. */
export function createMailer(options: { smtpUrl?: string; from: string; db: Kysely<DB> }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await options.db
        .insertInto('outbox')
        .values({ to_address: mail.to.toLowerCase(), subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null })
        .execute();
    },
  };
}
