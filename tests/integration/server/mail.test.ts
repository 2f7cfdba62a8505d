import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { openDatabase, type Database } from '../../../src/server/db';
import { createMailer } from '../../../src/server/mail/mailer';

/** A minimal SMTP listener that keeps each message it is given (no TLS, no auth). */
function smtpSink(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (data) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('EHLO')) socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (line.startsWith('DATA')) {
          data = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, messages })));
}

describe('mail transport', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: undefined, dataDir: '/tmp/unused' }, { inMemory: true });
  });
  afterAll(async () => database.close());

  it('sends over SMTP when SMTP_URL is set, and writes nothing to the outbox', async () => {
    const sink = await smtpSink();
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, from: 'no-reply@portal.localhost', db: database.db });
      expect(mailer.kind).toBe('smtp');
      await mailer.send({ to: 'someone@example.com', subject: 'Your verification code', text: 'Code 123456' });
      expect(sink.messages).toHaveLength(1);
      expect(sink.messages[0]).toContain('To: someone@example.com');
      expect(sink.messages[0]).toContain('Code 123456');
      expect(await database.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
    } finally {
      sink.server.close();
    }
  });

  it('keeps the message in the outbox without SMTP_URL', async () => {
    const mailer = createMailer({ from: 'no-reply@portal.localhost', db: database.db });
    await mailer.send({ to: 'Someone@Example.com', subject: 'S', text: 'T' });
    const rows = await database.db.selectFrom('outbox').select(['to_address', 'subject', 'text_body']).execute();
    expect(rows).toEqual([{ to_address: 'someone@example.com', subject: 'S', text_body: 'T' }]);
  });
});
