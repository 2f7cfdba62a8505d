import { request } from '../../../clients/client';

/** POST /api/profiles/{id}/cmp/profile: makes sure the profile has a CertMaster platform account (the upgrade). */
export const createPlatformAccount = (profileId: string) => request('identity', 'POST', '/api/profiles/{id}/cmp/profile', { path: { id: profileId } });
