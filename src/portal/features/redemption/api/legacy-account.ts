import { request } from '../../../clients/client';
import type { ApiLinkCertmasterRequest } from '../../../../generated/api-types';

/** GET /api/accounts/certmaster-platform/email/{emailAddress}: whether a legacy account has this email. */
export const fetchLegacyAccountExists = async (email: string): Promise<boolean> =>
  (await request('identity', 'GET', '/api/accounts/certmaster-platform/email/{email}', { path: { email } })).doesExist;

/** POST /api/accounts/{ssoId}/link-certmaster: answers Success, AlreadyLinked, NotFound or LoginFailed. */
export const linkLegacyAccount = (ssoId: string, body: ApiLinkCertmasterRequest) =>
  request('identity', 'POST', '/api/accounts/{id}/link-certmaster', { path: { id: ssoId }, body });
