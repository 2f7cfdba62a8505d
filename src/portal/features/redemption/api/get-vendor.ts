import { request } from '../../../clients/client';
import { isApiError } from '../../../clients/errors';

/** GET /api/vendors/getvendor/{accessKey}: the key's vendor, or null on 404 (the CertMaster Practice path). */
export async function fetchVendorOf(accessKey: string): Promise<string | null> {
  try {
    return (await request('entitlements', 'GET', '/api/vendors/getvendor/{accessKey}', { path: { accessKey } })).vendor;
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return null;
    throw error;
  }
}
