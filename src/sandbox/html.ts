// Every page of the sandbox: received values are escaped, nothing is inline (the page's own policy
// allows its stylesheet and scripts from its own origin only).
import { escapeHtml } from '../shared/html';

export interface PageOptions {
  partner: string;
  title: string;
  valid: boolean;
  reason?: string;
  fields?: Record<string, string | undefined>;
  /** Extra markup, already escaped by the caller. */
  body?: string;
  /** Scripts of the sandbox's own origin (paths), loaded at the end of the body. */
  scripts?: string[];
}

export function page({ partner, title, valid, reason, fields = {}, body = '', scripts = [] }: PageOptions): string {
  const rows = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd data-field="${escapeHtml(name)}">${escapeHtml(value)}</dd>`)
    .join('');
  const verdict = valid ? 'Launch valid' : `Launch refused: ${escapeHtml(reason ?? 'invalid')}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Partner sandbox</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/sandbox.css">
</head>
<body>
<main data-partner="${escapeHtml(partner)}" data-valid="${valid}">
<p class="sandbox">Partner sandbox</p>
<h1>${escapeHtml(title)}</h1>
<p class="verdict verdict--${valid ? 'valid' : 'refused'}" role="status">${verdict}</p>
${rows ? `<h2>Received</h2><dl>${rows}</dl>` : ''}
${body}
</main>
${scripts.map((src) => `<script src="${escapeHtml(src)}"></script>`).join('\n')}
</body>
</html>`;
}
