import { request } from './client';

// The services' token routes (docs/behaviour.md#calls), called at the moment of a launch and never cached:
// each token is short-lived and single-use at the partner.

/** GET /api/vendors/pearson/tokens/{profileId} */
export const fetchPearsonToken = (profileId: string) =>
  request('vendors', 'GET', '/api/vendors/pearson/tokens/{profileId}', { path: { profileId }, cache: 'no-store' });

/** GET /api/vendors/zendesk/tokens/{profileId} */
export const fetchZendeskToken = async (profileId: string) =>
  (await request('vendors', 'GET', '/api/vendors/zendesk/tokens/{profileId}', { path: { profileId }, cache: 'no-store' })).token;

/** GET /api/vendors/certmetrics/tokens/{ssoId} */
export const fetchCertMetricsToken = async (ssoId: string) =>
  (await request('vendors', 'GET', '/api/vendors/certmetrics/tokens/{ssoId}', { path: { ssoId }, cache: 'no-store' })).token;

/** GET /api/vendors/skillable/ssosurl/{id} */
export const fetchSkillableUrl = async (profileId: string) =>
  (await request('vendors', 'GET', '/api/vendors/skillable/ssosurl/{id}', { path: { id: profileId }, cache: 'no-store' })).url;
