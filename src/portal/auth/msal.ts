import { PublicClientApplication, type Configuration } from '@azure/msal-browser';
import type { PortalConfig } from '../clients/config';

/** MSAL against a standard OpenID Connect provider; see docs/authentication.md for why each option is here. */
export function msalConfiguration(config: PortalConfig, origin: string): Configuration {
  const authority = new URL(config.authority);
  return {
    auth: {
      clientId: config.clientId,
      authority: config.authority,
      knownAuthorities: [authority.host],
      // Handed over with the configuration: no discovery request before sign-in settles.
      ...(config.authorityMetadata ? { authorityMetadata: JSON.stringify(config.authorityMetadata) } : {}),
      redirectUri: `${origin}/`,
      postLogoutRedirectUri: `${origin}/`,
      // MSAL's default adds offline_access, which the provider drops without a consent prompt.
      OIDCOptions: { defaultScopes: ['openid', 'profile'] },
    },
    cache: { cacheLocation: 'sessionStorage' },
    // Under `auth` this option is silently ignored in v5.
    system: { protocolMode: 'OIDC' },
  };
}

export function createMsal(config: PortalConfig, origin = window.location.origin): PublicClientApplication {
  return new PublicClientApplication(msalConfiguration(config, origin));
}

/** Scopes asked at sign-in: the OpenID ones and the API's, so one consent covers both. */
export function loginScopes(config: PortalConfig): string[] {
  return [...new Set([...config.scopes, ...config.apiScopes])];
}

/** Scopes of the token the services take. */
export function apiScopes(config: PortalConfig): string[] {
  return config.apiScopes.length > 0 ? config.apiScopes : config.scopes;
}
