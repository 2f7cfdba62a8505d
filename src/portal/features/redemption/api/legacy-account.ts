import { request } from '../../../clients/client';
import type { ApiDoesExistResponse, ApiLinkCertmasterRequest, ApiLinkStatusResponse } from '../../../../generated/api-types';

/** GET /api/accounts/certmaster-platform/email/{emailAddress}: whether a legacy account has this email. */
export const fetchLegacyAccountExists = async (email: string): Promise<boolean> =>
  (await request<ApiDoesExistResponse>('identity', `/api/accounts/certmaster-platform/email/${encodeURIComponent(email)}`)).doesExist;

/** POST /api/accounts/{ssoId}/link-certmaster: answers Success, AlreadyLinked, NotFound or LoginFailed. */
export const linkLegacyAccount = (ssoId: string, body: ApiLinkCertmasterRequest) =>
  request<ApiLinkStatusResponse>('identity', `/api/accounts/${encodeURIComponent(ssoId)}/link-certmaster`, { method: 'POST', body });
