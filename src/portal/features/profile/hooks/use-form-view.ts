import { useMemo } from 'react';
import type { Profile } from '../../../clients/profile';
import { pickFields, toProfileView, type ProfileView } from '../../../../shared/profile/view';

/**
 * The stored profile as a form sees it: the shared view mapping, cut to the form's fields (the
 * generated `fields` of the form, conditional ones included).
 */
export function useFormView(fields: readonly string[], profile: Profile | undefined): ProfileView | undefined {
  return useMemo(() => (profile ? pickFields(toProfileView(profile), fields) : undefined), [profile, fields]);
}
