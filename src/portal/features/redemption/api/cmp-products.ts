import { request } from '../../../clients/client';
import { isApiError } from '../../../clients/errors';
import type { ApiCmpProductsResponse, ApiCmpRedeemRequest } from '../../../../generated/api-types';
import type { RedemptionResult } from '../../../../shared/redemption';

/** GET /api/vendors/cmp/{accessKey}?cmpId={id}: the CertMaster Practice products a key still grants; null on 404. */
export async function fetchCmpProducts(accessKey: string, cmpId: string): Promise<ApiCmpProductsResponse | null> {
  try {
    return await request('entitlements', 'GET', '/api/vendors/cmp/{accessKey}', { path: { accessKey }, query: { cmpId } });
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return null;
    throw error;
  }
}

/** POST /api/redemptions/cmp/redeem, its answer read as src/shared/redemption.ts's RedemptionResult (as redeem.ts) */
export const redeemCmpProduct = (body: ApiCmpRedeemRequest) =>
  request('entitlements', 'POST', '/api/redemptions/cmp/redeem', { body }) as Promise<RedemptionResult>;
