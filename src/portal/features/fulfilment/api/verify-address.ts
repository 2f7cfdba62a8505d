import { request } from '../../../clients/client';
import type { ApiAddressRequest } from '../../../../generated/api-types';

export type Address = Record<string, string | undefined>;

/** POST /api/vendors/certmetrics/verifyaddress: the address checked and answered normalised. */
export const verifyAddress = (body: ApiAddressRequest & { address: Address }) => request('vendors', 'POST', '/api/vendors/certmetrics/verifyaddress', { body });
