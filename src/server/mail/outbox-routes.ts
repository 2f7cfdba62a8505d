import type { FastifyInstance } from 'fastify';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Development only: the local outbox that stands in for SMTP, as a page and as JSON. */
export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services;
  const read = (to?: string) => {
    let query = db.selectFrom('outbox').select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'created_at']).orderBy('id', 'desc').limit(100);
    if (to) query = query.where('to_address', '=', to.trim().toLowerCase());
    return query.execute();
  };

  app.get<{ Querystring: { to?: string } }>('/dev/outbox.json', { schema: { hide: true } }, async (request) => {
    const rows = await read(request.query.to);
    return rows.map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      text: r.text_body,
      html: r.html_body,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  });

  app.get<{ Querystring: { to?: string } }>('/dev/outbox', { schema: { hide: true } }, async (request, reply) => {
    const rows = await read(request.query.to);
    const items = rows
      .map(
        (r) =>
          `<article><h2 dir="auto">${escape(r.subject)}</h2><p><strong>To:</strong> ${escape(r.to_address)} · <time>${new Date(r.created_at).toISOString()}</time></p><pre dir="auto">${escape(r.text_body)}</pre></article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ccc;padding:.5rem 0}pre{white-space:pre-wrap}</style></head>
<body><main><h1>Outbox (development)</h1><form method="get"><label for="to">Recipient</label> <input id="to" name="to" type="email" value="${escape(request.query.to ?? '')}"> <button type="submit">Filter</button></form>
${items || '<p>No messages.</p>'}</main></body></html>`;
  });
}
