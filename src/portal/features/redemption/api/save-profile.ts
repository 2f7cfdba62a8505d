import { requestWithHeaders } from '../../../clients/client';
import type { Profile, SavedProfile } from '../../../clients/profile';
import type { ProfilePatch } from '../../../../shared/profile/patch';

/**
 * PATCH /api/profiles/{id} (company and country, with the profile form's rules) or
 * /api/profiles/{id}/populi (the demographics form's rules), with If-Match when the ETag is known.
 */
export async function patchProfile(profileId: string, patch: ProfilePatch, etag: string | null, suffix: '' | '/populi'): Promise<SavedProfile> {
  const { data, headers } = await requestWithHeaders('identity', 'PATCH', `/api/profiles/{id}${suffix}`, {
    path: { id: profileId },
    body: patch,
    headers: etag ? { 'if-match': etag } : {},
  });
  return { profile: data as Profile, etag: headers.get('etag') };
}
