import { request } from '../../../clients/client';
import type { ApiIsValidResponse } from '../../../../generated/api-types';

/** GET /api/redemptions/certmaster-platform/access-key/{accessKey}/is-valid */
export const fetchIsValid = async (accessKey: string): Promise<boolean> =>
  (await request<ApiIsValidResponse>('entitlements', `/api/redemptions/certmaster-platform/access-key/${encodeURIComponent(accessKey)}/is-valid`)).isValid;
