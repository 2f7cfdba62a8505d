import { request } from '../../../clients/client';

/** GET /api/redemptions/certmaster-platform/access-key/{accessKey}/is-valid */
export const fetchIsValid = async (accessKey: string): Promise<boolean> =>
  (await request('entitlements', 'GET', '/api/redemptions/certmaster-platform/access-key/{accessKey}/is-valid', { path: { accessKey } })).isValid;
