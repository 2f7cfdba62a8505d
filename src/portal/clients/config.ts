/*
 * Runtime configuration of the portal, read before the first render (embedded in the page by the
 * services, or fetched from /portal-config.json).
 *
 * Use:
 *   const config = usePortalConfig();           // inside React
 *   if (config.flags.pearson) { ... }            // feature flags gate routes and views
 *   configLink(config, 'certification.home')    // absolute links of the provider's sites
 *
 * The server owns the file (src/server); this type is the portal's reading of it.
 */
import { createContext, useContext } from 'react';
import type { LanguageNotLive, PortalLanguage } from '../../shared/texts/portal-languages';

export type { LanguageNotLive, PortalLanguage };

export interface PortalFlags {
  certmetrics: boolean;
  learningSystems: boolean;
  odp: boolean;
  pearson: boolean;
  privo: boolean;
}

export type FulfilmentSource = 'certmetrics' | 'sierra';

export type ServiceName = 'identity' | 'entitlements' | 'vendors';

export interface PortalConfig {
  authority: string;
  /** The provider's discovery fields (issuer and endpoints), when the services know them. */
  authorityMetadata?: Record<string, string>;
  clientId: string;
  scopes: string[];
  apiScopes: string[];
  /** Which token is the bearer: the API access token (default) or the ID token. */
  bearerToken: 'access' | 'id';
  functionKeyHeader: string;
  functionKey: string;
  services: Record<ServiceName, string>;
  sierraUrl?: string;
  /** Which fulfilment routes to call: the services decide it from their sierra URL. */
  fulfilmentSource?: FulfilmentSource;
  flags: PortalFlags;
  redirectWhitelist: string[];
  links: PortalLinks;
  /** Single sign-on targets of the partners (the partner sandbox unless configured otherwise). */
  partners?: Record<string, string>;
  /** The certification partner's embedded page, and the only origins whose messages the portal reads. */
  certificationFrame?: { url: string; allowedOrigins: string[] };
  /** Whether the portal records form activity (FORM_ACTIVITY on the services); absent: it does not. */
  formActivity?: boolean;
  /**
   * The published texts version's hash, null (or absent) while the texts of the files are in force:
   * the portal then shows the texts it was built with (docs/texts.md#live-texts).
   */
  textsHash?: string | null;
  /** The languages whose texts that version changed (the others keep the texts the portal was built with). */
  textsChanged?: string[];
  /** The live languages (docs/texts.md#languages), the texts service's list: the language menu, `?ui_locales=`, each one's direction and fallback. */
  languages?: PortalLanguage[];
  /**
   * The languages of the texts service that are not live (taken down, or drafts) whose learners are
   * shown another live language than English: the first live one of their fallbacks (as the sign-in
   * pages and e-mails do).
   */
  languagesNotLive?: LanguageNotLive[];
  /** The rules version in force (docs/admin-area.md): null while the base is, and the base's own hash. */
  rulesHash?: string | null;
  rulesBaseHash?: string | null;
}

/** Links to the provider's own sites (absolute; they open in a new tab). */
export interface PortalLinks {
  store?: string;
  helpCenter?: string;
  contactSupport?: string;
  community?: string;
  legal?: string;
  certification?: { home?: string; continuingEducation?: string; verify?: string };
  exams?: string;
  examsSupport?: string;
}

/**
 * The configuration: from the JSON data block the services put into the page (no request), or, where
 * the page comes without it (static hosting, the development server), from /portal-config.json.
 */
export async function loadPortalConfig(
  fetchImpl: typeof fetch = fetch,
  page: Pick<Document, 'getElementById'> | undefined = globalThis.document,
): Promise<PortalConfig> {
  const embedded = page?.getElementById('portal-config')?.textContent;
  if (embedded) return JSON.parse(embedded) as PortalConfig;
  const response = await fetchImpl('/portal-config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`portal-config.json: HTTP ${response.status}`);
  return (await response.json()) as PortalConfig;
}

export const PortalConfigContext = createContext<PortalConfig | null>(null);

export function usePortalConfig(): PortalConfig {
  const config = useContext(PortalConfigContext);
  if (!config) throw new Error('usePortalConfig needs a PortalConfigContext provider');
  return config;
}

/** A link of config.links by dotted path (e.g. 'certification.home'), or undefined when absent. */
export function configLink(config: Pick<PortalConfig, 'links'>, path: string): string | undefined {
  let value: unknown = config.links;
  for (const key of path.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value ? value : undefined;
}
