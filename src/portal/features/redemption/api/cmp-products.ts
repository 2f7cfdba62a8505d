import { request } from '../../../clients/client';
import { isApiError } from '../../../clients/errors';
import type { ApiCmpProductsResponse, ApiCmpRedeemRequest } from '../../../../generated/api-types';
import type { RedemptionResult } from '../../../../shared/redemption';

/** GET /api/vendors/cmp/{accessKey}?cmpId={id}: the CertMaster Practice products a key still grants; null on 404. */
export async function fetchCmpProducts(accessKey: string, cmpId: string): Promise<ApiCmpProductsResponse | null> {
  const query = new URLSearchParams({ cmpId }).toString();
  try {
    return await request<ApiCmpProductsResponse>('entitlements', `/api/vendors/cmp/${encodeURIComponent(accessKey)}?${query}`);
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return null;
    throw error;
  }
}

/** POST /api/redemptions/cmp/redeem */
export const redeemCmpProduct = (body: ApiCmpRedeemRequest) =>
  request<RedemptionResult>('entitlements', '/api/redemptions/cmp/redeem', { method: 'POST', body });
