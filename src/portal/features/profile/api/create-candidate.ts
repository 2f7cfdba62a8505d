import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../clients/client';
import { type Profile, profileKeys } from '../../../clients/profile';
import { useAccountId } from '../../../clients/session';
import type { PhoneView, ProfileView } from '../../../../shared/profile/view';
import { profileMutationKeys } from './mutation-keys';

const INDEX_FIELDS = ['index', 'isPrimary'];

function withoutIndex<T extends object>(item: T | undefined): T | undefined {
  if (!item) return undefined;
  return Object.fromEntries(Object.entries(item).filter(([key]) => !INDEX_FIELDS.includes(key))) as T;
}

/**
 * The docs/behaviour.md#calls creation body: the exam form minus the primary address, primary phone and secondary
 * phone indexes, plus the profile id; the primary phone travels as phoneNumber and the mobile phone as
 * mobilephoneNumber, and the secondary phone only when it has a number.
 */
export function toCandidateBody(form: ProfileView, profileId: string): { id: string; [field: string]: unknown } {
  const { primaryAddress, primaryPhoneNumber, mobilePhoneNumber, secondaryPhoneNumber, ...rest } = form;
  const secondary = secondaryPhoneNumber as PhoneView | undefined;
  return {
    ...rest,
    id: profileId,
    ...(primaryAddress ? { primaryAddress: withoutIndex(primaryAddress) } : {}),
    ...(primaryPhoneNumber ? { phoneNumber: withoutIndex(primaryPhoneNumber) } : {}),
    ...(mobilePhoneNumber ? { mobilephoneNumber: mobilePhoneNumber } : {}),
    ...(secondary?.phone ? { secondaryPhoneNumber: withoutIndex(secondary) } : {}),
  };
}

export const createCandidate = (body: { id: string; [field: string]: unknown }) =>
  request('vendors', 'POST', '/api/vendors/pearson/candidates', { body }) as Promise<Profile>;

/** Creates the Pearson VUE candidate; the answer replaces the stored profile. */
export function useCreateCandidate() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationKey: profileMutationKeys.candidate(accountId),
    mutationFn: ({ form, profileId }: { form: ProfileView; profileId: string }) => createCandidate(toCandidateBody(form, profileId)),
    onSuccess: async (profile) => {
      const key = profileKeys.account(accountId);
      queryClient.setQueryData(key, (previous: { etag: string | null } | undefined) => ({ profile, etag: previous?.etag ?? null }));
      // The stored profile changed on the server: fetch it again for a current ETag.
      await queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
