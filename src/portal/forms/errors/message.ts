import type { MessageParams } from '../../../shared/schemas/message-params';

/*
 * RJSF carries each field error as one string; a message here is the key with what the text may say
 * about the failed rule (src/shared/schemas/message-params.ts) after a `?`, as a query string:
 * `Validation.InvalidCity?rule=maxLength&limit=32`. Message keys never hold a `?`.
 *
 * Use:
 *   encodeMessage('Validation.InvalidCity', { rule: 'maxLength', limit: 32 })
 *   const { key, params } = decodeMessage(message);   // params: { rule: 'maxLength', limit: 32 }
 */

export function encodeMessage(key: string, params?: MessageParams): string {
  if (!params) return key;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  return `${key}?${query.toString()}`;
}

export function decodeMessage(message: string): { key: string; params?: Record<string, string | number> } {
  const at = message.indexOf('?');
  if (at < 0) return { key: message };
  const params: Record<string, string | number> = Object.fromEntries(new URLSearchParams(message.slice(at + 1)));
  // A limit is a number, written as the page's language writes numbers (src/portal/app/i18n.ts).
  if (typeof params.limit === 'string' && /^\d+$/.test(params.limit)) params.limit = Number(params.limit);
  return { key: message.slice(0, at), params };
}
