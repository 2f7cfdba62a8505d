/**
 * Which fulfilment routes serve pending fulfilments and their release (docs/behaviour.md#calls): the sierra
 * variant when a sierra URL is configured (an http(s) URL with a host, the documented '://'), the
 * certmetrics routes otherwise. The services register the routes by it and tell the portal
 * (/portal-config.json `fulfilmentSource`), so the choice is made once.
 */
export type FulfilmentSource = 'certmetrics' | 'sierra';

export function fulfilmentSource(sierraUrl: string | null | undefined): FulfilmentSource {
  if (!sierraUrl || !URL.canParse(sierraUrl)) return 'certmetrics';
  const { protocol, host } = new URL(sierraUrl);
  return (protocol === 'https:' || protocol === 'http:') && host ? 'sierra' : 'certmetrics';
}
