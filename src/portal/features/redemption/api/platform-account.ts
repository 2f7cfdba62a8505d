import { request } from '../../../clients/client';
import type { ApiCmpProfileResponse } from '../../../../generated/api-types';

/** POST /api/profiles/{id}/cmp/profile: makes sure the profile has a CertMaster platform account (the upgrade). */
export const createPlatformAccount = (profileId: string) =>
  request<ApiCmpProfileResponse>('identity', `/api/profiles/${encodeURIComponent(profileId)}/cmp/profile`, { method: 'POST', body: {} });
