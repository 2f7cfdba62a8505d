import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestWithHeaders } from '../../../clients/client';
import { type Profile, type SavedProfile, profileKeys } from '../../../clients/profile';
import { useAccountId } from '../../../clients/session';
import type { ProfilePatch } from '../../../../shared/profile/patch';
import { profileMutationKeys } from './mutation-keys';

/** POST /api/profiles/account/{accountId}: the profile of an account that has none, from the profile form's patch. */
export async function createProfile(accountId: string, patch: ProfilePatch): Promise<SavedProfile> {
  const { data, headers } = await requestWithHeaders('identity', 'POST', '/api/profiles/account/{accountId}', { path: { accountId }, body: patch });
  return { profile: data as Profile, etag: headers.get('etag') };
}

/** Creates the profile and puts it in the profile query: every page that waited for it shows. */
export function useCreateProfile() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationKey: profileMutationKeys.create(accountId),
    mutationFn: (patch: ProfilePatch) => createProfile(accountId, patch),
    onSuccess: (data) => queryClient.setQueryData(profileKeys.account(accountId), data),
    onError: async (error) => {
      // 409: another tab created it first; read it.
      if ((error as { statusCode?: number }).statusCode === 409) await queryClient.invalidateQueries({ queryKey: profileKeys.account(accountId) });
    },
  });
}
