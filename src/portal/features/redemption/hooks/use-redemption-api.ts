import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { entitlementKeys } from '../../../clients/entitlements';
import { type SavedProfile, profileKeys, useProfile } from '../../../clients/profile';
import { useAccountId } from '../../../clients/session';
import { fields as demographicsFields } from '../../../../generated/fields/demographics';
import { fields as profileFields } from '../../../../generated/fields/profile';
import { buildProfilePatch } from '../../../../shared/profile/patch';
import { pickFields, toProfileView, type ProfileView } from '../../../../shared/profile/view';
import { fetchCmpProducts, redeemCmpProduct } from '../api/cmp-products';
import { fetchVendorOf } from '../api/get-vendor';
import { fetchIsValid } from '../api/is-valid';
import { fetchLegacyAccountExists, linkLegacyAccount } from '../api/legacy-account';
import { createPlatformAccount } from '../api/platform-account';
import { redeemOnPlatform, redeemWithVendor } from '../api/redeem';
import { patchProfile } from '../api/save-profile';
import type { FormValues, RedemptionApi } from '../flow/redemption-flow';

/**
 * The flow's calls for the signed-in learner: ids come from the profile (or the account when no
 * profile could be read), saved profiles go into the profile query, and the profile is read again
 * after a link or an upgrade so its new platform id shows.
 */
export function useRedemptionApi(): RedemptionApi {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  const { profile, etag } = useProfile();
  // Read at call time: a save in the middle of the flow brings a new profile and ETag.
  const current = useRef({ profile, etag });
  current.current = { profile, etag };

  return useMemo<RedemptionApi>(() => {
    const profileId = () => current.current.profile?.id ?? accountId;
    const store = (data: SavedProfile) => queryClient.setQueryData(profileKeys.account(accountId), data);
    const refreshProfile = () => queryClient.invalidateQueries({ queryKey: profileKeys.all });
    const save = async (form: 'profile' | 'demographics', values: FormValues) => {
      const { profile: stored, etag: tag } = current.current;
      if (!stored) throw new Error('The profile is not loaded');
      const before = pickFields(toProfileView(stored), form === 'profile' ? profileFields : demographicsFields);
      const after = form === 'profile' ? companyAndCountryView(before, values) : ({ ...before, ...values } as ProfileView);
      const saved = await patchProfile(stored.id, buildProfilePatch(stored, before, after), tag, form === 'profile' ? '' : '/populi');
      store(saved);
      current.current = saved;
    };
    const redeemed = async <T>(result: Promise<T>): Promise<T> => {
      const answer = await result;
      await queryClient.invalidateQueries({ queryKey: entitlementKeys.all });
      return answer;
    };
    return {
      isValid: (accessKey) => fetchIsValid(accessKey),
      legacyAccountExists: () => fetchLegacyAccountExists(current.current.profile?.email ?? ''),
      linkLegacyAccount: async (login, phash) => {
        const email = current.current.profile?.email;
        const status = await linkLegacyAccount(current.current.profile?.ssoId ?? accountId, { login, phash, ...(email ? { email } : {}) });
        if (status === 'Success') await refreshProfile();
        return status;
      },
      createPlatformAccount: async () => {
        await createPlatformAccount(profileId());
        await refreshProfile();
      },
      redeemOnPlatform: (accessKey) => redeemed(redeemOnPlatform({ accessKey, userId: profileId() })),
      redeem: (accessKey) => redeemed(redeemWithVendor({ accessKey, userId: profileId() })),
      vendorOf: (accessKey) => fetchVendorOf(accessKey),
      cmpProducts: (accessKey) => fetchCmpProducts(accessKey, profileId()),
      redeemCmp: (accessKey, productId) => redeemed(redeemCmpProduct({ accessKey, certMasterProductId: productId, profileId: profileId() })),
      savePopuliProfile: (values) => save('demographics', values),
      saveCompanyAndCountry: (values) => save('profile', values),
    };
  }, [accountId, queryClient]);
}

/** The profile form's view with the company-and-country form's answers; a new country clears the state. */
function companyAndCountryView(before: ProfileView, values: FormValues): ProfileView {
  const company = typeof values.company === 'string' ? values.company : '';
  const country = typeof values.country === 'string' ? values.country : undefined;
  const address = before.primaryAddress ?? {};
  const changed = country !== undefined && country !== address.country;
  return {
    ...before,
    company,
    primaryAddress: changed ? { ...address, country, state: '' } : address,
  };
}
