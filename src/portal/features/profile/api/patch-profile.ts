import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestWithHeaders } from '../../../clients/client';
import { isApiError } from '../../../clients/errors';
import { type Profile, type SavedProfile, profileKeys } from '../../../clients/profile';
import { useAccountId } from '../../../clients/session';
import type { ProfilePatch } from '../../../../shared/profile/patch';
import { profileMutationKeys } from './mutation-keys';

export interface PatchProfileInput {
  profileId: string;
  /** ETag of the profile the learner edited: the service answers 412 when it changed since. */
  etag: string | null;
  patch: ProfilePatch;
}

export async function patchProfile({ profileId, etag, patch }: PatchProfileInput): Promise<SavedProfile> {
  const { data, headers } = await requestWithHeaders('identity', 'PATCH', '/api/profiles/{id}', {
    path: { id: profileId },
    body: patch,
    headers: etag ? { 'if-match': etag } : {},
  });
  return { profile: data as Profile, etag: headers.get('etag') };
}

/** Sends the docs/behaviour.md#calls patch and puts the answer in the profile query. */
export function usePatchProfile() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationKey: profileMutationKeys.patch(accountId),
    mutationFn: patchProfile,
    onSuccess: async (data) => {
      queryClient.setQueryData(profileKeys.account(accountId), data);
      // Without a new ETag the next save would be refused as stale: read the profile again.
      if (!data.etag) await queryClient.invalidateQueries({ queryKey: profileKeys.account(accountId) });
    },
    onError: async (error) => {
      // 412: the profile changed elsewhere. Read it again so the learner's next save, which keeps what
      // they typed, is built on the current profile and ETag.
      if (isApiError(error) && error.statusCode === 412) {
        await queryClient.invalidateQueries({ queryKey: profileKeys.account(accountId) });
      }
    },
  });
}
