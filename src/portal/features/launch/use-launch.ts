import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../../clients/config';
import { type Profile, useProfile } from '../../clients/profile';
import { useAccountId } from '../../clients/session';
import { notifyError } from '../../ui/toast/toast';
import { fetchCertMetricsToken, fetchPearsonToken, fetchSkillableUrl, fetchZendeskToken } from '../../clients/partner-tokens';
import {
  type Credential,
  credentialNeeded,
  type LaunchContext,
  type LaunchVendor,
  LaunchUnavailable,
  type Navigation,
  planLaunch,
  type SsoOptions,
} from './launch-plan';
import { navigate } from './navigate';

async function fetchCredential(vendor: LaunchVendor, profile: Profile | undefined, accountId: string): Promise<Credential> {
  const needed = credentialNeeded(vendor);
  if (!needed) return { kind: 'none' };
  const profileId = profile?.id ?? accountId;
  switch (needed) {
    case 'pearson': {
      const candidateId = profile?.externalIds?.pearsonVue;
      if (!candidateId) throw new LaunchUnavailable(vendor);
      return { kind: 'pearson', value: await fetchPearsonToken(profileId), candidateId };
    }
    case 'zendesk':
      return { kind: 'jwt', value: await fetchZendeskToken(profileId) };
    case 'certMetrics':
      return { kind: 'jwt', value: await fetchCertMetricsToken(profile?.ssoId ?? accountId) };
    case 'skillable':
      return { kind: 'url', value: await fetchSkillableUrl(profileId) };
  }
}

export interface LaunchSettings {
  /** Which button is busy (pending) while the token is fetched. */
  id?: string;
  /** Replace the page instead of opening a tab. */
  sameWindow?: boolean;
}

/**
 * Launches a vendor for the signed-in learner: the token is fetched at the moment of launch, then
 * the browser posts, is redirected or opens a tab. A launch needing no token runs within the click,
 * so the browser allows its new tab. A failure shows the generic toast and leaves the page as it was.
 */
export function useLaunch() {
  const config = usePortalConfig();
  const { profile } = useProfile();
  const accountId = useAccountId();
  const { i18n } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);

  const launch = useCallback(
    async (vendor: LaunchVendor, options: SsoOptions = {}, { id = vendor, sameWindow = false }: LaunchSettings = {}): Promise<boolean> => {
      const context: LaunchContext = { partners: config.partners ?? {}, portalOrigin: window.location.origin, language: i18n.language };
      // Outside a click (the /login route) a new tab would be blocked: the page itself goes.
      const go = (navigation: Navigation) => navigate(sameWindow && navigation.kind === 'open' ? { kind: 'redirect', url: navigation.url } : navigation);
      try {
        if (!credentialNeeded(vendor)) {
          go(planLaunch(vendor, options, { kind: 'none' }, context));
          return true;
        }
        setPending(id);
        const credential = await fetchCredential(vendor, profile, accountId);
        go(planLaunch(vendor, options, credential, context));
        return true;
      } catch (error) {
        notifyError(error);
        return false;
      } finally {
        setPending(null);
      }
    },
    [config.partners, i18n.language, profile, accountId],
  );
  return { launch, pending };
}
