import { request } from '../../../clients/client';
import type { ApiAddressRequest } from '../../../../generated/api-types';
import type { FulfilmentSource } from '../../../clients/config';

/** POST /api/vendors/{certmetrics|sierra}/releasefulfillments: pending items go out to the address. */
export const releaseFulfilments = (body: ApiAddressRequest, source: FulfilmentSource) =>
  request('vendors', 'POST', `/api/vendors/${source}/releasefulfillments`, { body });
