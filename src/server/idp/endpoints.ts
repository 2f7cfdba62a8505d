/**
 * The provider's endpoint paths, set in its configuration, and the discovery fields the portal's
 * sign-in library needs, built from them. The portal receives these with its configuration, so its
 * start does not wait for a discovery request to the provider's origin.
 */
export const IDP_ROUTES = { authorization: '/auth', token: '/token', jwks: '/jwks', end_session: '/session/end' } as const;

export function authorityMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}${IDP_ROUTES.authorization}`,
    token_endpoint: `${issuer}${IDP_ROUTES.token}`,
    jwks_uri: `${issuer}${IDP_ROUTES.jwks}`,
    end_session_endpoint: `${issuer}${IDP_ROUTES.end_session}`,
  };
}
