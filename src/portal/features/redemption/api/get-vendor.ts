import { request } from '../../../clients/client';
import { isApiError } from '../../../clients/errors';
import type { ApiVendorResponse } from '../../../../generated/api-types';

/** GET /api/vendors/getvendor/{accessKey}: the key's vendor, or null on 404 (the CertMaster Practice path). */
export async function fetchVendorOf(accessKey: string): Promise<string | null> {
  try {
    return (await request<ApiVendorResponse>('entitlements', `/api/vendors/getvendor/${encodeURIComponent(accessKey)}`)).vendor;
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return null;
    throw error;
  }
}
