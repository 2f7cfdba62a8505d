import type { Kysely } from 'kysely';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { ServerConfig } from '../config';
import type { DB } from '../db/types';
import { accountClaims, findAccountById, rolesClaim } from './accounts';
import { databaseAdapter } from './adapter';
import { pickLanguage } from './i18n';
import type { ProviderSecrets } from './key-ring';
import { errorPage, logoutDonePage, logoutPage } from './pages';
import { withIdpTables } from './tables';
import { IDP_ROUTES } from './endpoints';

/** Lifetimes in seconds. The access token never outlives the ID token (see docs/authentication.md). */
export const TOKEN_TTL = {
  AccessToken: 30 * 60,
  IdToken: 60 * 60,
  AuthorizationCode: 60,
  RefreshToken: 12 * 60 * 60,
  Session: 12 * 60 * 60,
  Grant: 12 * 60 * 60,
  Interaction: 60 * 60,
} as const;

/** The scope that names the portal API as a resource; asking for it is optional. */
export const API_SCOPE = 'api';

const FIRST_PARTY_SCOPES = ['openid', 'profile', 'email', 'offline_access'];
const CLAIMS = ['sub', 'id', 'email', 'roles', 'name', 'given_name', 'family_name', 'locale'];

export interface ProviderOptions {
  issuer: string;
  config: Pick<ServerConfig, 'clientId' | 'publicOrigin' | 'apiAudience' | 'corsOrigins'>;
  db: Kysely<DB>;
  secrets: ProviderSecrets;
  /** Content-Security-Policy for the pages the provider renders itself. */
  pageSecurityPolicy: string;
}

const portalHome = (publicOrigin: string) => `${publicOrigin}/`;

function pageLanguage(ctx: KoaContextWithOIDC) {
  const params = (ctx.oidc?.params ?? {}) as { ui_locales?: unknown };
  return pickLanguage(params.ui_locales, ctx.get('accept-language'));
}

export function createProvider({ issuer, config, db, secrets, pageSecurityPolicy }: ProviderOptions): Provider {
  const portalOrigin = new URL(config.publicOrigin).origin;
  // The portal's own origin, plus the origins allowed to call the API (the Vite dev server by
  // default), so `npm run dev` signs in through the same provider.
  const portalOrigins = [...new Set([portalOrigin, ...config.corsOrigins.map((o) => new URL(o).origin)])];
  const isFirstParty = (clientId: string | undefined) => clientId === config.clientId;

  const configuration: Configuration = {
    routes: { ...IDP_ROUTES },
    adapter: databaseAdapter(withIdpTables(db)),
    clients: [
      {
        client_id: config.clientId,
        client_name: 'Certification Portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: portalOrigins.flatMap((o) => [portalHome(o), `${o}/auth/redirect`, `${o}/auth/bridge.html`]),
        post_logout_redirect_uris: portalOrigins.flatMap((o) => [portalHome(o), `${o}/logout/done`]),
      },
    ],
    jwks: secrets.jwks as Configuration['jwks'],
    cookies: { keys: secrets.cookieKeys },
    claims: {
      // roles: the admin roles (docs/admin-area.md), in the ID token too; absent for a learner.
      openid: ['sub', 'id', 'email', 'roles'],
      email: ['email'],
      profile: ['name', 'given_name', 'family_name', 'locale'],
    },
    // Without this the ID token carries only sub when an access token is issued alongside it.
    conformIdTokenClaims: false,
    async findAccount(_ctx, id) {
      const account = await findAccountById(db, id);
      if (!account) return undefined;
      return { accountId: account.id, claims: () => accountClaims(account) };
    },
    async extraTokenClaims(_ctx, token) {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      if (!accountId) return undefined;
      const account = await findAccountById(db, accountId);
      return account ? { id: account.id, email: account.email, ...rolesClaim(account) } : undefined;
    },
    // The portal is the provider's own client: it never sees a consent screen.
    async loadExistingGrant(ctx) {
      const clientId = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      const grantId = ctx.oidc.result?.consent?.grantId ?? (clientId ? ctx.oidc.session?.grantIdFor(clientId) : undefined);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (!isFirstParty(clientId) || !accountId) return existing;
      const grant = existing ?? new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope(FIRST_PARTY_SCOPES);
      grant.addOIDCClaims(CLAIMS);
      grant.addResourceScope(config.apiAudience, API_SCOPE);
      await grant.save();
      return grant;
    },
    // The default issues refresh tokens only for offline_access, which MSAL's OIDC mode does not ask for.
    async issueRefreshToken(_ctx, client, code) {
      return client.grantTypeAllowed('refresh_token') && code.scopes.has('openid');
    },
    clientBasedCORS(_ctx, origin, client) {
      return isFirstParty(client.clientId) && portalOrigins.includes(origin);
    },
    pkce: { required: () => true },
    // Why the portal sends the learner to sign in again (`email_changed` after an e-mail change): the
    // sign-in page says so (interactions.ts); any other value is ignored.
    extraParams: ['signin_notice'],
    ttl: { ...TOKEN_TTL },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? config.apiAudience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (resource !== config.apiAudience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience: config.apiAudience,
            accessTokenTTL: TOKEN_TTL.AccessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          const params = ctx.oidc.params as { client_id?: unknown; id_token_hint?: unknown };
          // Only a request carrying the portal's ID token (which the provider has verified) is the
          // portal's own sign-out and confirms itself; anything else, a cross-site link naming the
          // client_id included, asks the learner first.
          const fromPortal = isFirstParty(ctx.oidc.client?.clientId) && typeof params.id_token_hint === 'string' && params.id_token_hint !== '';
          ctx.set('Content-Security-Policy', pageSecurityPolicy);
          ctx.type = 'html';
          ctx.body = logoutPage(pageLanguage(ctx), form, portalHome(config.publicOrigin), fromPortal);
        },
        async postLogoutSuccessSource(ctx) {
          ctx.set('Content-Security-Policy', pageSecurityPolicy);
          ctx.type = 'html';
          ctx.body = logoutDonePage(pageLanguage(ctx), portalHome(config.publicOrigin));
        },
      },
    },
    async renderError(ctx, out) {
      ctx.set('Content-Security-Policy', pageSecurityPolicy);
      ctx.type = 'html';
      ctx.body = errorPage(pageLanguage(ctx), out.error, portalHome(config.publicOrigin));
    },
  };

  return new Provider(issuer, configuration);
}
