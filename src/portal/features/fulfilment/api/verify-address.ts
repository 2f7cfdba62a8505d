import { request } from '../../../clients/client';
import type { ApiAddressRequest, ApiVerifyAddressResponse } from '../../../../generated/api-types';

export type Address = Record<string, string | undefined>;

/** POST /api/vendors/certmetrics/verifyaddress: the address checked and answered normalised. */
export const verifyAddress = (body: ApiAddressRequest & { address: Address }) =>
  request<ApiVerifyAddressResponse & { address: Address }>('vendors', '/api/vendors/certmetrics/verifyaddress', { method: 'POST', body });
