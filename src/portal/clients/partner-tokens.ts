import { request } from './client';
import type { ApiPearsonTokenResponse, ApiTokenResponse, ApiUrlResponse } from '../../generated/api-types';

// The services' token routes (docs/behaviour.md#calls), called at the moment of a launch and never cached:
// each token is short-lived and single-use at the partner.

/** GET /api/vendors/pearson/tokens/{profileId} */
export const fetchPearsonToken = (profileId: string) =>
  request<ApiPearsonTokenResponse>('vendors', `/api/vendors/pearson/tokens/${encodeURIComponent(profileId)}`, { cache: 'no-store' });

/** GET /api/vendors/zendesk/tokens/{profileId} */
export const fetchZendeskToken = async (profileId: string) =>
  (await request<ApiTokenResponse>('vendors', `/api/vendors/zendesk/tokens/${encodeURIComponent(profileId)}`, { cache: 'no-store' })).token;

/** GET /api/vendors/certmetrics/tokens/{ssoId} */
export const fetchCertMetricsToken = async (ssoId: string) =>
  (await request<ApiTokenResponse>('vendors', `/api/vendors/certmetrics/tokens/${encodeURIComponent(ssoId)}`, { cache: 'no-store' })).token;

/** GET /api/vendors/skillable/ssosurl/{id} */
export const fetchSkillableUrl = async (profileId: string) =>
  (await request<ApiUrlResponse>('vendors', `/api/vendors/skillable/ssosurl/${encodeURIComponent(profileId)}`, { cache: 'no-store' })).url;
