/*
 * Runtime configuration of the portal, fetched from /portal-config.json before the first render.
 *
 * Use:
 *   const config = usePortalConfig();           // inside React
 *   if (config.flags.pearson) { ... }            // feature flags gate routes and views
 *   config.links.store                          // absolute links of the provider's sites
 *
 * The server owns the file (src/server); this type is the portal's reading of it.
 */
import { createContext, useContext } from 'react';

export interface PortalFlags {
  certmetrics: boolean;
  learningSystems: boolean;
  odp: boolean;
  pearson: boolean;
  privo: boolean;
}

export type ServiceName = 'identity' | 'entitlements' | 'vendors';

export interface PortalConfig {
  authority: string;
  clientId: string;
  scopes: string[];
  apiScopes: string[];
  /** Which token is the bearer: the API access token (default) or the ID token. */
  bearerToken: 'access' | 'id';
  functionKeyHeader: string;
  functionKey: string;
  services: Record<ServiceName, string>;
  sierraUrl?: string;
  flags: PortalFlags;
  redirectWhitelist: string[];
  links: Record<string, string>;
}

export async function loadPortalConfig(fetchImpl: typeof fetch = fetch): Promise<PortalConfig> {
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

/** A named link of config.links, or undefined when the deployment has none. */
export function configLink(config: Pick<PortalConfig, 'links'>, name: string): string | undefined {
  const value = config.links?.[name];
  return typeof value === 'string' && value ? value : undefined;
}
